import { LARN_FIBRE_SOURCE, LARN_MINERALS_SDT_SOURCE, LARN_MINERALS_SOURCE, LARN_VITAMINS_SOURCE, larnTargets, percentOfTarget } from './larn';

// Expected values read from SINU, LARN IV revisione (2014), tabelle di sintesi: «Vitamine: PRI e AI»,
// «Minerali: PRI e AI», «Minerali: UL e SDT», «Carboidrati e fibra alimentare: SDT, AI e RI».
const values = (targets: ReturnType<typeof larnTargets>) => Object.fromEntries(Object.entries(targets).map(([tag, t]) => [tag, t.value]));

describe('LARN 2014 reference intakes', () => {
  it('a woman of 30 (LARN 2014, femmine 30–59 anni)', () => {
    const t = larnTargets({ sex: 'F', ageYears: 30 });
    expect(values(t)).toMatchObject({
      CA: 1000,
      FE: 18,
      MG: 240,
      K: 3900,
      NA: 1500,
      ZN: 9,
      VITA: 600,
      VITD: 15,
      VITE: 12,
      VITC: 85,
      THIA: 1.1,
      RIBF: 1.3,
      VITB12: 2.4,
      FOL: 400,
      FIBTG: 25,
      NACL: 5,
    });
    expect(t.FE).toMatchObject({ kind: 'PRI', unit: 'mg', source: LARN_MINERALS_SOURCE });
    expect(t.VITE).toMatchObject({ kind: 'AI', source: LARN_VITAMINS_SOURCE });
    expect(t.K?.kind).toBe('AI');
    expect(t.NA).toMatchObject({ kind: 'AI', ceiling: { value: 2000, kind: 'SDT', source: LARN_MINERALS_SDT_SOURCE } });
    expect(t.NACL).toMatchObject({ kind: 'SDT', direction: 'atMost' });
    expect(t.FIBTG).toMatchObject({ kind: 'SDT', direction: 'atLeast', source: LARN_FIBRE_SOURCE });
  });

  it('a pregnant woman and a lactating one (LARN 2014, gravidanza e allattamento)', () => {
    expect(values(larnTargets({ sex: 'F', ageYears: 32, pregnant: true }))).toMatchObject({
      FE: 27,
      CA: 1200,
      ZN: 11,
      FOL: 600,
      VITB12: 2.6,
      VITC: 100,
      VITA: 700,
      THIA: 1.4,
      RIBF: 1.7,
      VITE: 12,
    });
    expect(values(larnTargets({ sex: 'F', ageYears: 32, lactating: true }))).toMatchObject({
      FE: 11,
      CA: 1000,
      ZN: 12,
      FOL: 500,
      VITB12: 2.8,
      VITC: 130,
      VITA: 1000,
      RIBF: 1.8,
      VITE: 15,
    });
  });

  it('a man of 80 (LARN 2014, maschi ≥75 anni)', () => {
    const t = larnTargets({ sex: 'M', ageYears: 80 });
    expect(values(t)).toMatchObject({ CA: 1200, FE: 10, ZN: 12, VITD: 20, VITC: 105, VITA: 700, VITB6: 1.7, THIA: 1.2, RIBF: 1.6, VITE: 13 });
    // sodium AI 1.1 g from 75 years (1.2 g at 60–74), under the same 2.0 g SDT ceiling
    expect(t.NA).toMatchObject({ value: 1100, kind: 'AI', ceiling: { value: 2000, kind: 'SDT' } });
    expect(larnTargets({ sex: 'F', ageYears: 65 }).NA).toMatchObject({ value: 1200, kind: 'AI' });
  });

  it('changes at the band limits and at the menopause (taken at 50)', () => {
    expect(larnTargets({ sex: 'M', ageYears: 59 }).CA?.value).toBe(1000);
    expect(larnTargets({ sex: 'M', ageYears: 60 }).CA?.value).toBe(1200);
    expect(larnTargets({ sex: 'F', ageYears: 49 }).FE?.value).toBe(18);
    expect(larnTargets({ sex: 'F', ageYears: 50 }).FE?.value).toBe(10);
    expect(larnTargets({ sex: 'F', ageYears: 50 }).CA?.value).toBe(1200);
    expect(larnTargets({ sex: 'F', ageYears: 74 }).VITD?.value).toBe(15);
    expect(larnTargets({ sex: 'F', ageYears: 75 }).VITD?.value).toBe(20);
    // the menopause as the caller knows it, before or after 50
    expect(larnTargets({ sex: 'F', ageYears: 47, postMenopausal: true }).FE?.value).toBe(10);
    expect(larnTargets({ sex: 'F', ageYears: 52, postMenopausal: false }).CA?.value).toBe(1000);
    // pregnancy is for women only
    expect(larnTargets({ sex: 'M', ageYears: 30, pregnant: true }).FE?.value).toBe(10);
  });

  it('gives nothing under 18 years, rather than an adult value', () => {
    expect(larnTargets({ sex: 'F', ageYears: 17 })).toEqual({});
  });

  it('says how much of the target an intake reaches', () => {
    const t = larnTargets({ sex: 'F', ageYears: 30 });
    expect(percentOfTarget(9, t.FE)).toBe(50);
    expect(percentOfTarget(9, undefined)).toBeNull();
  });
});
