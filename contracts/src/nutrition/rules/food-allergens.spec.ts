import { allergenTagsOf, allergyConflicts, foodContains, LACTOSE_FREE_MAX_G_PER_100G } from './food-allergens';

// CIQUAL 2025 lactose per 100 g: Yogurt greco al naturale (19860) 2.95, Ricotta vaccina (19585) 3.48,
// Parmigiano Reggiano / Grana (12120) "< 0.1"
const yogurtGreco = { name: 'Yogurt greco al naturale', group: 'Latticini freschi e alternative vegetali', nutrients: { LACS: { value: 2.95 } } };
const ricotta = { name: 'Ricotta vaccina', group: 'Latticini freschi e alternative vegetali', nutrients: { LACS: { value: 3.48 } } };
const parmigiano = { name: 'Parmigiano Reggiano / Grana', group: 'Formaggi e alternative vegetali', nutrients: { LACS: { value: 0.1, flag: 'lt' as const } } };

describe('what a food contains of the patient’s allergies', () => {
  it('flags yogurt greco and ricotta for lactose by composition, not Parmigiano below the "senza lattosio" threshold', () => {
    expect(LACTOSE_FREE_MAX_G_PER_100G).toBe(0.1);
    const lactose = [{ allergen: 'lattosio' as const }];
    expect(allergyConflicts(yogurtGreco, lactose)).toEqual(['lattosio']);
    expect(allergyConflicts(ricotta, lactose)).toEqual(['lattosio']);
    expect(allergyConflicts(parmigiano, lactose)).toEqual([]);
    // milk proteins stay in the cheese: a milk allergy flags it
    expect(allergyConflicts(parmigiano, [{ allergen: 'latte' }])).toEqual(['latte']);
  });

  it('without a lactose figure, milk and its products count as containing lactose', () => {
    expect(foodContains({ name: 'Mozzarella di vacca' }, 'lattosio')).toBe(true);
    expect(foodContains({ name: 'Mela' }, 'lattosio')).toBe(false);
  });

  it('derives tags from name and group, and keeps plant drinks, cocoa butter and coconut out', () => {
    expect(allergenTagsOf({ name: 'Salmone, crudo', group: 'Pesce crudo' })).toEqual(['pesce']);
    expect(allergenTagsOf({ name: 'Burro di arachidi' })).toEqual(['arachidi']);
    expect(allergenTagsOf({ name: 'Bevanda a base di soia', group: 'Latticini freschi e alternative vegetali' })).toEqual(['soia']);
    expect(allergenTagsOf({ name: 'Noce di cocco, polpa' })).toEqual([]);
    expect(allergenTagsOf({ name: 'Pasta di semola, cotta', group: 'Pasta, riso e cereali cotti' })).toEqual(['glutine']);
    expect(allergenTagsOf({ name: 'Riso bianco, cotto', group: 'Pasta, riso e cereali cotti' })).toEqual([]);
    expect(allergenTagsOf({ name: 'Cozze, cotte', group: 'Molluschi e crostacei cotti' })).toEqual(['molluschi']);
  });

  it('takes a practice food’s declared tags as they are', () => {
    const torta = { name: 'Torta della casa', allergens: ['uova', 'frutta_a_guscio'] as const };
    expect(allergyConflicts(torta, [{ allergen: 'glutine' }, { allergen: 'frutta_a_guscio' }])).toEqual(['frutta a guscio']);
  });

  it('matches free text against the name, case and accents aside', () => {
    expect(allergyConflicts({ name: 'Kiwi, crudo' }, [{ text: 'kiwi' }])).toEqual(['kiwi']);
    expect(allergyConflicts({ name: 'Caffè espresso' }, [{ text: 'caffe' }])).toEqual(['caffe']);
    expect(allergyConflicts({ name: 'Mela' }, [{ text: 'kiwi' }])).toEqual([]);
  });
});
