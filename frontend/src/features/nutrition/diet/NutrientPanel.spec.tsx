/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { larnTargets, mealTotals, type NutrientItem } from '@studio/contracts';
import { NutrientPanel } from './NutrientPanel';

// 100 g of pasta and 10 g of olive oil (made-up values); targets: LARN 2014 for a woman of 30
const pasta: NutrientItem = {
  nutrients: { ENERC_KCAL: { value: 353 }, PROCNT: { value: 13 }, FE: { value: 1.4 }, NA: { value: 3, flag: 'lt' }, FIBTG: { value: 2.7 } },
  grams: 100,
  per: '100g',
  density: null,
};
const oil: NutrientItem = {
  nutrients: { ENERC_KCAL: { value: 899 }, FE: { value: null, flag: 'missing' }, NA: { value: 0, flag: 'traces' } },
  grams: 10,
  per: '100g',
  density: null,
};

const row = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) });

describe('NutrientPanel', () => {
  beforeEach(() => render(<NutrientPanel totals={mealTotals([pasta, oil])} targets={larnTargets({ sex: 'F', ageYears: 30 })} />));

  it('shows value, LARN reference and percentage for each nutrient', () => {
    const iron = within(row('Ferro'));
    expect(iron.getByText('1,4 mg')).toBeTruthy();
    expect(iron.getByText('PRI').getAttribute('title')).toBe('assunzione raccomandata per la popolazione');
    expect(iron.getByText(/18 mg/)).toBeTruthy();
    expect(iron.getByText('8 %')).toBeTruthy();
    expect(within(row('Energia \\d')).getByText('443 kcal')).toBeTruthy();
  });

  it('says for how many foods a value is missing, never counting it as zero', () => {
    expect(within(row('Ferro')).getByText('valore mancante per 1 alimento')).toBeTruthy();
    expect(within(row('Calcio')).getByText('valore mancante per 2 alimenti')).toBeTruthy();
    expect(within(row('Calcio')).getByText('0 mg')).toBeTruthy();
  });

  it('marks sums with "< x" values and ceilings (salt, the SDT of sodium)', () => {
    const sodium = within(row('Sodio'));
    expect(sodium.getByText(/fino a 3 mg/)).toBeTruthy();
    expect(sodium.getByText('SDT: al massimo 2000 mg')).toBeTruthy();
    expect(within(row('Sale')).getByText(/al massimo 5 g/)).toBeTruthy();
    expect(within(row('Fibra alimentare')).getByText('11 %')).toBeTruthy();
  });

  it('lists the minerals and vitamins of the panel in their groups', () => {
    const groups = screen.getAllByRole('rowgroup').slice(1);
    expect(groups.map((g) => within(g).getAllByRole('row').length)).toEqual([9, 7, 9]);
    expect(screen.getByRole('columnheader', { name: 'Riferimento LARN' })).toBeTruthy();
  });
});
