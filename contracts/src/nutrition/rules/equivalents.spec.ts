import { equivalentGrams } from './equivalents';

// Worked example from the published CIQUAL 2025 table (ANSES, 2025-11-03), values per 100 g: "Bresaola" (28503)
// 172 kcal, 32.8 g protein, so 50 g = 86 kcal and 16.4 g protein; "Cabillaud, cru" (raw cod, 26043) 77.4 kcal, 18.1 g.
const bresaola = { kcal100: 172, protein100: 32.8 };
const cod = { kcal100: 77.4, protein100: 18.1 };

describe('equivalent grams (same energy or same protein as the food replaced)', () => {
  it('50 g of bresaola = 86 kcal: the cod giving 86 kcal is 111 g (86 ÷ 0.774 = 111.1)', () => {
    expect(equivalentGrams(bresaola, 50, cod, 'energia')).toBe(111);
  });

  it('50 g of bresaola = 16.4 g protein: the cod giving them is 91 g (16.4 ÷ 0.181 = 90.6)', () => {
    expect(equivalentGrams(bresaola, 50, cod, 'proteine')).toBe(91);
  });

  it('goes both ways: 111 g of cod back to bresaola on energy is 50 g (85.9 ÷ 1.72 = 49.9)', () => {
    expect(equivalentGrams(cod, 111, bresaola, 'energia')).toBe(50);
  });

  it('answers nothing when a value is missing or the substitute has none of it', () => {
    expect(equivalentGrams({ kcal100: null, protein100: 10 }, 50, cod, 'energia')).toBeNull();
    expect(equivalentGrams(bresaola, 50, { kcal100: 884, protein100: 0 }, 'proteine')).toBeNull();
  });
});
