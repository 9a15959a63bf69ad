// Daily nutrient targets of a diet, with the LARN 2014 reference values as defaults.

/**
 * SINU, LARN – Livelli di assunzione di riferimento di nutrienti ed energia, IV revisione, 2014 (tabelle riassuntive):
 * proteine PRI 0,9 g/kg/die per gli adulti (1,1 g/kg dai 60 anni); carboidrati RI 45–60 %E; zuccheri SDT < 15 %E;
 * lipidi RI 20–35 %E; acidi grassi saturi SDT < 10 %E; fibra RI 12,6–16,7 g/1000 kcal.
 */
export const LARN_2014 = {
  proteinGPerKgAdult: 0.9,
  proteinGPerKgFrom60: 1.1,
  carbohydratePercentE: { min: 45, max: 60 },
  sugarsMaxPercentE: 15,
  fatPercentE: { min: 20, max: 35 },
  saturatedMaxPercentE: 10,
  fibreGPer1000Kcal: { min: 12.6, max: 16.7 },
} as const;

export interface DietTargets {
  energyKcal: number;
  protein: { unit: 'g/kg'; value: number } | { unit: '%E'; value: number };
  carbohydratePercentE: { min: number; max: number };
  sugarsMaxPercentE: number;
  fatPercentE: { min: number; max: number };
  saturatedMaxPercentE: number;
  fibreGPer1000Kcal: { min: number; max: number };
}

export function larnDefaultTargets(energyKcal: number, age: number): DietTargets {
  return {
    energyKcal,
    protein: { unit: 'g/kg', value: age >= 60 ? LARN_2014.proteinGPerKgFrom60 : LARN_2014.proteinGPerKgAdult },
    carbohydratePercentE: { ...LARN_2014.carbohydratePercentE },
    sugarsMaxPercentE: LARN_2014.sugarsMaxPercentE,
    fatPercentE: { ...LARN_2014.fatPercentE },
    saturatedMaxPercentE: LARN_2014.saturatedMaxPercentE,
    fibreGPer1000Kcal: { ...LARN_2014.fibreGPer1000Kcal },
  };
}

/** kcal per gram (Atwater) used to turn %E into grams */
export const KCAL_PER_G = { protein: 4, carbohydrate: 4, fat: 9 } as const;

/** the day's targets in grams: protein, carbohydrate and fat ranges; for g/kg protein, the weight is needed */
export function targetGrams(targets: DietTargets, weightKg: number | null) {
  const e = targets.energyKcal;
  const protein =
    targets.protein.unit === 'g/kg'
      ? weightKg === null
        ? null
        : Math.round(targets.protein.value * weightKg)
      : Math.round((e * targets.protein.value) / 100 / KCAL_PER_G.protein);
  return {
    energyKcal: e,
    proteinG: protein,
    carbohydrateG: {
      min: Math.round((e * targets.carbohydratePercentE.min) / 100 / KCAL_PER_G.carbohydrate),
      max: Math.round((e * targets.carbohydratePercentE.max) / 100 / KCAL_PER_G.carbohydrate),
    },
    fatG: {
      min: Math.round((e * targets.fatPercentE.min) / 100 / KCAL_PER_G.fat),
      max: Math.round((e * targets.fatPercentE.max) / 100 / KCAL_PER_G.fat),
    },
  };
}

/** actual vs target, as a signed whole percentage of the target (0 target → null) */
export function percentDifference(actual: number, target: number): number | null {
  if (target === 0) return null;
  return Math.round(((actual - target) / target) * 100);
}
