import { ALLERGENS, AllergiesField, allergiesFromText, allergyLabel, readAllergies } from './allergens';

describe('allergies and intolerances', () => {
  it('lists the fourteen allergens of Annex II of Regulation (EU) 1169/2011 and lactose', () => {
    expect(ALLERGENS).toHaveLength(15);
    expect(ALLERGENS.map((a) => a.id)).toContain('lattosio');
  });

  it('reads an older record of plain strings: a named allergen becomes that allergen, the rest stays free text', () => {
    expect(readAllergies(['Lattosio', 'arachidi', 'nichel', { allergen: 'uova' }, 'lattosio'])).toEqual([
      { allergen: 'lattosio' },
      { allergen: 'arachidi' },
      { text: 'nichel' },
      { allergen: 'uova' },
    ]);
    expect(readAllergies(undefined)).toEqual([]);
  });

  it('accepts entries and, from an older client, strings; refuses an unknown allergen in Italian', () => {
    expect(AllergiesField.parse([{ allergen: 'sedano' }, { text: 'Kiwi' }, 'Intolleranza al lattosio'])).toEqual([
      { allergen: 'sedano' },
      { text: 'Kiwi' },
      { allergen: 'lattosio' },
    ]);
    const refused = AllergiesField.safeParse([{ allergen: 'kiwi' }]);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toMatch(/Allergia o intolleranza non valida|Allergene sconosciuto/);
  });

  it('turns what a patient typed into entries ("Nichel e crostacei, lattosio")', () => {
    expect(allergiesFromText('Nichel e crostacei, lattosio')).toEqual([{ text: 'Nichel' }, { allergen: 'crostacei' }, { allergen: 'lattosio' }]);
    expect(allergiesFromText('  ')).toEqual([]);
  });

  it('names each entry in words', () => {
    expect(allergyLabel({ allergen: 'frutta_a_guscio' })).toBe('Frutta a guscio');
    expect(allergyLabel({ text: 'Nichel' })).toBe('Nichel');
  });
});
