import { RegistrationRequest, codiceFiscaleCheckChar, isValidCodiceFiscale, isValidPhone } from './registration';
import { loadCommonPasswords } from './rules/password-policy';

beforeAll(() => loadCommonPasswords());

describe('codice fiscale', () => {
  it('accepts valid codes, in any case and with spaces around', () => {
    expect(isValidCodiceFiscale('RSSMRA75C22H501I')).toBe(true);
    expect(isValidCodiceFiscale('MRTMTT25D09F205Z')).toBe(true);
    expect(isValidCodiceFiscale(' rssmra80a01h501u ')).toBe(true);
  });

  it('accepts omocodic codes (letters LMNPQRSTUV for digits in positions 7, 8, 10, 11, 13, 14, 15)', () => {
    expect(isValidCodiceFiscale('RSSMRA75C22H50MA')).toBe(true);
    // every substitutable digit of RSSMRA80A01H501U replaced: 8→U 0→L 0→L 1→M 5→R 0→L 1→M
    const all = 'RSSMRAULALMHRLM';
    expect(isValidCodiceFiscale(all + codiceFiscaleCheckChar(all))).toBe(true);
  });

  it('refuses a wrong check character', () => {
    expect(isValidCodiceFiscale('RSSMRA75C22H501A')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA75C22H50MB')).toBe(false);
  });

  it('refuses a wrong length or shape', () => {
    for (const code of [
      '',
      'RSSMRA75C22H501',
      'RSSMRA75C22H501IX',
      '1SSMRA75C22H501I',
      'RSSMRA75Z22H501I',
      'RSSMRA75C22H5A1I',
      'RSSMRAA5C22H501I',
      'RSSMRA75C22H501-',
    ]) {
      expect(isValidCodiceFiscale(code)).toBe(false);
    }
  });

  it('refuses an impossible day of birth (1–31 men, 41–71 women)', () => {
    for (const first15 of ['RSSMRA75C00H501', 'RSSMRA75C32H501', 'RSSMRA75C72H501'])
      expect(isValidCodiceFiscale(first15 + codiceFiscaleCheckChar(first15))).toBe(false);
    const woman = 'BNCGLI90A41F205';
    expect(isValidCodiceFiscale(woman + codiceFiscaleCheckChar(woman))).toBe(true);
  });
});

describe('phone', () => {
  it('accepts Italian and international numbers with spaces', () => {
    for (const p of ['3331234567', '333 123 4567', '+39 333 1234567', '+41791234567', '06 1234567']) expect(isValidPhone(p)).toBe(true);
  });
  it('refuses letters, symbols, too few or too many digits', () => {
    for (const p of ['', 'tre', '333-1234567', '(06) 123456', '+ 39 333', '12345', '+1234567890123456', '39+3331234567']) expect(isValidPhone(p)).toBe(false);
  });
});

describe('registration request', () => {
  const valid = {
    name: 'Sara',
    surname: 'Neri',
    email: 'sara.neri@example.it',
    password: 'segreta123',
    phone: '+39 333 1234567',
    taxcode: 'rssmra75c22h501i',
    consent: true,
  };
  const firstMessage = (input: object) => RegistrationRequest.safeParse(input).error?.issues[0].message;

  it('accepts a valid form, trims and upper-cases the tax code, takes a checkbox "on" as consent', () => {
    expect(RegistrationRequest.parse({ ...valid, name: ' Sara ' })).toEqual({ ...valid, taxcode: 'RSSMRA75C22H501I' });
    expect(RegistrationRequest.parse({ ...valid, consent: 'on' }).consent).toBe(true);
  });

  it('says in Italian what is wrong', () => {
    expect(firstMessage({ ...valid, name: undefined })).toBe('Inserisci il nome');
    expect(firstMessage({ ...valid, surname: ' ' })).toBe('Inserisci il cognome');
    expect(firstMessage({ ...valid, email: 'sara' })).toBe('Email non valida');
    expect(firstMessage({ ...valid, password: undefined })).toBe('Inserisci la password');
    expect(firstMessage({ ...valid, password: '1234567' })).toBe('La password deve avere almeno 10 caratteri');
    expect(firstMessage({ ...valid, password: '1234567890' })).toBe('Questa password è tra le più usate: scegline una meno prevedibile');
    expect(firstMessage({ ...valid, phone: 'numero' })).toMatch(/^Numero di telefono non valido/);
    expect(firstMessage({ ...valid, taxcode: 'RSSMRA75C22H501A' })).toMatch(/^Codice fiscale non valido/);
    expect(firstMessage({ ...valid, consent: undefined })).toBe('Devi accettare l’informativa sulla privacy');
    expect(firstMessage({ ...valid, consent: false })).toBe('Devi accettare l’informativa sulla privacy');
  });
});
