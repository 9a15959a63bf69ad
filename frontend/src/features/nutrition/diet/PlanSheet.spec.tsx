/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { DEFAULT_MEAL_NAMES, EMPTY_DIET, type DietSummary, type DietView, type ShoppingList } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { MyDiet } from './MyDiet';
import { PlanDays, ShoppingListView } from './PlanSheet';

const p = t.dietPlan;
const summary = (kcal: number): DietSummary => ({
  kcal,
  protein: 0,
  carbohydrate: 0,
  fat: 0,
  split: { protein: 0, carbohydrate: 0, fat: 0 },
  meals: [],
  portionsTotal: 0,
});
const mealOf = (name: string, grams: number, kcal: number) => ({
  meal: 'pranzo' as const,
  rows: [{ id: 'r1', item: 1, name, grams, kcal, protein: null, carbohydrate: null, fat: null }],
  kcal,
  protein: 0,
  carbohydrate: 0,
  fat: 0,
});
const row = (item: number, grams: number) => ({ ...EMPTY_DIET.meals, pranzo: [{ id: 'r1', item, grams, alternatives: [] }] });
const diet: DietView = {
  patientId: 'p1',
  patientName: 'Luca Verdi',
  revision: 0,
  doctorId: 'd1',
  doctorName: 'Giulia Rossi',
  savedAt: '2030-03-05T10:00:00.000Z',
  content: {
    ...EMPTY_DIET,
    days: [
      { weekday: 'lunedi', meals: row(1, 80) },
      { weekday: 'giovedi', meals: row(2, 150) },
    ],
  },
  summary: summary(282),
  meals: [mealOf('Pasta di semola', 80, 282)],
  blocks: [],
  itemNames: {},
  days: [
    { weekday: 'lunedi', summary: summary(282), meals: [mealOf('Pasta di semola', 80, 282)] },
    { weekday: 'giovedi', summary: summary(116), meals: [mealOf('Merluzzo', 150, 116)] },
  ],
  week: (['lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato', 'domenica'] as const).map((weekday, i) => ({
    weekday,
    follows: i < 3 ? ('lunedi' as const) : ('giovedi' as const),
  })),
  mealNames: DEFAULT_MEAL_NAMES,
  valueUpdates: [],
};
const list: ShoppingList = {
  days: 7,
  groups: [
    { group: 'Carne e pesce', items: [{ item: 2, name: 'Merluzzo', grams: 600 }] },
    { group: 'Cereali e tuberi', items: [{ item: 1, name: 'Pasta di semola', grams: 240 }] },
  ],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

describe('the plan for the patient, day by day', () => {
  it('starts from today (a Saturday follows Thursday’s plan) and moves through the week with tabs and arrows', async () => {
    render(<PlanDays diet={diet} today="sabato" />);
    const tabs = within(screen.getByRole('tablist', { name: p.days })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([`Sabato (${p.today})`, 'Domenica', 'Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì']);
    const panel = () => within(screen.getByRole('tabpanel'));
    expect(panel().getByText('Merluzzo')).toBeTruthy();
    expect(panel().getByText(/116 kcal al giorno/)).toBeTruthy();
    await act(async () => void fireEvent.keyDown(tabs[0], { key: 'End' }));
    await act(async () => void fireEvent.keyDown(screen.getByRole('tab', { name: 'Venerdì' }), { key: 'ArrowRight' }));
    expect(screen.getByRole('tab', { name: `Sabato (${p.today})` }).getAttribute('aria-selected')).toBe('true');
    await act(async () => void fireEvent.click(screen.getByRole('tab', { name: 'Martedì' })));
    expect(panel().getByText('Pasta di semola')).toBeTruthy();
    expect(panel().queryByText('Merluzzo')).toBeNull();
  });

  it('prints every day of the plan with the weekdays it stands for (on screen only the tab shown)', () => {
    const { container } = render(<PlanDays diet={diet} today="sabato" />);
    const printed = container.querySelector('.my-diet-print-days')!;
    expect(printed.classList.contains('d-none')).toBe(true);
    expect([...printed.querySelectorAll('p.h5')].map((p) => p.textContent)).toEqual(['Lunedì, Martedì, Mercoledì', 'Giovedì, Venerdì, Sabato, Domenica']);
    expect(within(printed as HTMLElement).getByText('Merluzzo')).toBeTruthy();
  });

  it('a one-day plan is the same every day: no tabs', () => {
    render(<PlanDays diet={{ ...diet, days: [diet.days[0]], week: diet.week.map((w) => ({ ...w, follows: 'lunedi' as const })) }} today="sabato" />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('Pasta di semola')).toBeTruthy();
  });

  it('lists the week’s shopping by food group', () => {
    render(<ShoppingListView list={list} heading="h2" />);
    expect(screen.getByRole('heading', { name: p.shoppingTitle })).toBeTruthy();
    expect(screen.getByText('Merluzzo: 600 g')).toBeTruthy();
    expect(screen.getByText('Cereali e tuberi')).toBeTruthy();
    render(<ShoppingListView list={{ days: 7, groups: [] }} heading="h2" />);
    expect(screen.getByText(p.shoppingEmpty)).toBeTruthy();
  });

  it('shows the patient’s shopping list on /home under the plan', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/diet', body: { diet } },
      { method: 'GET', path: '/api/me/diet/shopping-list', body: { list } },
    ]);
    renderWithStore(await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' }), <MyDiet />);
    expect(await screen.findByText('Pasta di semola: 240 g')).toBeTruthy();
    expect(screen.getByRole('tablist', { name: p.days })).toBeTruthy();
  });
});
