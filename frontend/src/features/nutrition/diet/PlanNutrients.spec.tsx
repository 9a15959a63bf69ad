/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import type { DietDay, FoodView } from '@studio/contracts';
import { PlanNutrients } from './PlanNutrients';

// a lunch of 150 g of sardines (a catalogue food with iron and vitamin D, made-up values) and 80 g of a practice's
// pasta (its four values only); breakfast 200 g of a catalogue yogurt whose vitamin D the table does not give
const values = {
  'ciqual-26071': {
    nutrients: { ENERC_KCAL: { value: 200 }, PROCNT: { value: 25 }, FE: { value: 2 }, VITD: { value: 8 }, FAT: { value: 11 } },
  },
  'ciqual-19860': { nutrients: { ENERC_KCAL: { value: 100 }, PROCNT: { value: 9 }, FE: { value: 0.1 }, VITD: { value: null, flag: 'missing' as const } } },
};
const pasta: FoodView = { id: 3, name: 'Pasta', categoryId: 1, categoryName: 'Cereali', kcal100: 350, baseWeight: 80, protein: 12, carbohydrate: 72, fat: 1.5 };
const empty = { colazione: [], spuntino: [], pranzo: [], merenda: [], cena: [] };
const day: DietDay = {
  weekday: 'lunedi',
  meals: {
    ...empty,
    colazione: [{ id: 'r1', item: 'ciqual-19860', grams: 200, alternatives: [] }],
    pranzo: [
      { id: 'r2', item: 'ciqual-26071', grams: 150, alternatives: [{ item: 3, grams: 100 }] },
      { id: 'r3', item: 3, grams: 80, alternatives: [] },
    ],
  },
} as DietDay;

const show = (person: { sex: 'F' | 'M'; ageYears: number } | null) =>
  render(<PlanNutrients day={day} dayLabel="lunedì" mealName={(m) => m} values={values} studioFoods={[pasta]} person={person} />);

describe('the plan nutrients of the day shown', () => {
  it('sums each meal and the day from the values kept with the plan, alternatives left out', () => {
    show({ sex: 'F', ageYears: 30 });
    const mealsTable = screen.getByRole('table', { name: 'Nutrienti per pasto, lunedì' });
    // pranzo: 150 g × 200 kcal + 80 g × 350 kcal = 300 + 280 kcal
    expect(within(within(mealsTable).getByRole('row', { name: /^pranzo/ })).getByText('580 kcal')).toBeTruthy();
    // the day: 200 kcal of yogurt more
    expect(within(within(mealsTable).getByRole('row', { name: /^Totale del giorno/ })).getByText('780 kcal')).toBeTruthy();
  });

  it('sets iron and vitamin D against the LARN reference of the patient, saying where a value is missing', () => {
    show({ sex: 'F', ageYears: 30 });
    const panel = screen.getByRole('table', { name: 'Nutrienti di lunedì e livelli di riferimento LARN' });
    // iron: 0.2 + 3 mg from the catalogue foods; the practice's pasta gives none: missing for it, not zero
    const iron = within(within(panel).getByRole('row', { name: /^Ferro/ }));
    expect(iron.getByText('3,2 mg')).toBeTruthy();
    expect(iron.getByText(/18 mg/)).toBeTruthy();
    expect(iron.getByText('18 %')).toBeTruthy();
    expect(iron.getByText('valore mancante per 1 alimento')).toBeTruthy();
    // vitamin D: 12 µg from the sardines; yogurt and pasta lack it; PRI 15 µg for an adult under 75
    const vitaminD = within(within(panel).getByRole('row', { name: /^Vitamina D/ }));
    expect(vitaminD.getByText('12 µg')).toBeTruthy();
    expect(vitaminD.getByText('80 %')).toBeTruthy();
    expect(vitaminD.getByText('valore mancante per 2 alimenti')).toBeTruthy();
  });

  it('without sex and birth date in the record it says why there is no reference', () => {
    show(null);
    expect(screen.getByText('Per i riferimenti LARN servono sesso e data di nascita nella cartella clinica.')).toBeTruthy();
    expect(screen.queryByText(/18 mg/)).toBeNull();
  });

  it('for a plan of several days shows the week’s daily average too, a missing value counted on every day, never as 0', () => {
    const thursday = { weekday: 'giovedi', meals: { ...empty, colazione: day.meals.colazione } } as DietDay;
    render(
      <PlanNutrients
        day={day}
        days={[day, thursday]}
        dayLabel="lunedì"
        mealName={(m) => m}
        values={values}
        studioFoods={[pasta]}
        person={{ sex: 'F', ageYears: 30 }}
      />,
    );
    // Monday–Wednesday 780 kcal, Thursday–Sunday 200 kcal: (3 × 780 + 4 × 200) / 7 = 448.6
    const mealsTable = screen.getByRole('table', { name: 'Nutrienti per pasto, lunedì' });
    expect(within(within(mealsTable).getByRole('row', { name: /^Media giornaliera della settimana/ })).getByText('449 kcal')).toBeTruthy();
    const week = screen.getByRole('table', { name: /^Media giornaliera della settimana/ });
    // iron: (3 × 3.2 + 4 × 0.2) / 7 = 1.49 mg; the pasta lacks it on three days
    const iron = within(within(week).getByRole('row', { name: /^Ferro/ }));
    expect(iron.getByText('1,5 mg')).toBeTruthy();
    expect(iron.getByText('valore mancante per 3 alimenti')).toBeTruthy();
    // the day's own panel is still there
    expect(screen.getByRole('table', { name: 'Nutrienti di lunedì e livelli di riferimento LARN' })).toBeTruthy();
  });

  it('a one-day plan has no weekly average', () => {
    render(<PlanNutrients day={day} days={[day]} dayLabel="lunedì" mealName={(m) => m} values={values} studioFoods={[pasta]} person={null} />);
    expect(screen.queryByText('Media giornaliera della settimana')).toBeNull();
  });
});
