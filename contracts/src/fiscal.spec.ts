import { FiscalProfileInput, isValidPartitaIva, partitaIvaCheckDigit, stampDutyCents } from './fiscal';
import { codiceFiscaleCheckChar } from './registration';

describe('partita IVA', () => {
  it('accepts numbers whose last digit is the check digit', () => {
    expect(isValidPartitaIva('12345678903')).toBe(true);
    expect(isValidPartitaIva('01234567897')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length, letters and all zeros', () => {
    expect(isValidPartitaIva('12345678901')).toBe(false);
    expect(isValidPartitaIva('1234567890')).toBe(false);
    expect(isValidPartitaIva('1234567890A')).toBe(false);
    expect(isValidPartitaIva('00000000000')).toBe(false);
  });
  it('doubles the digits in even positions (a doubled digit above 9 loses 9)', () => {
    // 0,9 at odd/even: 9 doubled = 18 → 9; sum 9 → check 1
    expect(partitaIvaCheckDigit('0900000000')).toBe(1);
    expect(partitaIvaCheckDigit('9000000000')).toBe(1);
  });
});

describe('stamp duty', () => {
  it('is not due at 77,47 € exactly', () => expect(stampDutyCents(7747)).toBe(0));
  it('is 2,00 € one cent above', () => expect(stampDutyCents(7748)).toBe(200));
  it('is 2,00 € at 80,00 €', () => expect(stampDutyCents(8000)).toBe(200));
});

describe('FiscalProfileInput', () => {
  const valid = {
    registeredName: 'Dott.ssa Giulia Rossi',
    title: 'Biologa nutrizionista',
    albo: 'Ordine dei Biologi n. 1',
    taxcode: 'rssgli80a41h501' + codiceFiscaleCheckChar('RSSGLI80A41H501').toLowerCase(),
    vatNumber: '12345678903',
    address: 'Via dei Mille 1, Roma',
    regime: 'forfettario',
    stampDutyToPatient: true,
  };
  it('accepts a complete profile and upper-cases the tax code', () => {
    expect(FiscalProfileInput.parse(valid).taxcode).toBe('RSSGLI80A41H501W');
  });
  it('refuses a wrong codice fiscale check character in Italian', () => {
    const r = FiscalProfileInput.safeParse({ ...valid, taxcode: 'RSSGLI80A41H501X' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toMatch(/Codice fiscale non valido/);
  });
  it('refuses a wrong partita IVA and a missing field', () => {
    expect(FiscalProfileInput.safeParse({ ...valid, vatNumber: '12345678900' }).error!.issues[0].message).toMatch(/Partita IVA non valida/);
    expect(FiscalProfileInput.safeParse({ ...valid, address: ' ' }).error!.issues[0].message).toMatch(/Indirizzo dello studio: campo obbligatorio/);
  });
});
