import { FiscalProfileInput } from './fiscal';
import { codiceFiscaleCheckChar } from '../accounts/rules/codice-fiscale';

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
