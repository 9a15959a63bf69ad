import { codiceFiscaleCheckChar, isValidCodiceFiscale } from './codice-fiscale';

describe('codice fiscale (D.M. 23 dicembre 1976: shape, day of birth, check character; omocodia)', () => {
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
