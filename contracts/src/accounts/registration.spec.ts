import { RegistrationRequest, isValidPhone } from './registration';
import { loadCommonPasswords } from './rules/password-policy';

beforeAll(() => loadCommonPasswords());

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
    expect(RegistrationRequest.parse({ ...valid, name: ' Sara ' })).toEqual({
      ...valid,
      taxcode: 'RSSMRA75C22H501I',
      smsConsent: false,
      whatsappConsent: false,
    });
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
