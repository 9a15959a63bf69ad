import { isValidPartitaIva, partitaIvaCheckDigit } from './partita-iva';

describe('partita IVA (D.P.R. 633/1972 art. 35; check digit by Luhn, as the Agenzia delle Entrate computes it)', () => {
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
