/** @jest-environment jsdom */
import { mockFetch } from '../../test/setupDom';
import { act, fireEvent, screen } from '@testing-library/react';
import { DEFAULT_MEAL_NAMES, EMPTY_DIET, type DietSummary, type DietView, type SessionUser } from '@studio/contracts';
import { it as t } from '../../i18n/it';
import { renderWithStore, storeWithSession } from '../../test/renderWithStore';
import { ticksOf } from '../../lib/mealTicks';
import { TodayMeals } from './TodayMeals';

const patient: SessionUser = { id: 'p1', role: 'patient', name: 'Luca Verdi' };
const summary = (kcal: number): DietSummary => ({
  kcal,
  protein: 0,
  carbohydrate: 0,
  fat: 0,
  split: { protein: 0, carbohydrate: 0, fat: 0 },
  meals: [],
  portionsTotal: 0,
});
const lunch = (name: string, item: number, grams: number) => ({
  meal: 'pranzo' as const,
  rows: [{ id: 'r1', item, name, grams, kcal: 100, protein: null, carbohydrate: null, fat: null }],
  kcal: 100,
  protein: 0,
  carbohydrate: 0,
  fat: 0,
});
const dinner = { ...lunch('Merluzzo', 3, 150), meal: 'cena' as const, rows: [{ ...lunch('Merluzzo', 3, 150).rows[0], id: 'c1' }] };
// a two-day plan: Monday to Wednesday follow Monday (pasta, or rice instead), Thursday to Sunday follow Thursday
const diet: DietView = {
  patientId: 'p1',
  patientName: 'Luca Verdi',
  revision: 0,
  doctorId: 'd1',
  doctorName: 'Giulia Rossi',
  savedAt: '2030-03-01T10:00:00.000Z',
  content: {
    ...EMPTY_DIET,
    days: [
      { weekday: 'lunedi', meals: { ...EMPTY_DIET.meals, pranzo: [{ id: 'r1', item: 1, grams: 80, alternatives: [{ item: 2, grams: 70 }] }] } },
      {
        weekday: 'giovedi',
        meals: {
          ...EMPTY_DIET.meals,
          pranzo: [{ id: 'r1', item: 4, grams: 60, alternatives: [] }],
          cena: [{ id: 'c1', item: 3, grams: 150, alternatives: [] }],
        },
      },
    ],
  },
  summary: summary(282),
  meals: [lunch('Pasta di semola', 1, 80)],
  blocks: [],
  itemNames: { '1': 'Pasta di semola', '2': 'Riso integrale', '3': 'Merluzzo', '4': 'Farro' },
  days: [
    { weekday: 'lunedi', summary: summary(282), meals: [lunch('Pasta di semola', 1, 80)] },
    { weekday: 'giovedi', summary: summary(300), meals: [lunch('Farro', 4, 60), dinner] },
  ],
  week: (['lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato', 'domenica'] as const).map((weekday, i) => ({
    weekday,
    follows: i < 3 ? ('lunedi' as const) : ('giovedi' as const),
  })),
  mealNames: DEFAULT_MEAL_NAMES,
  valueUpdates: [],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
beforeEach(() => {
  fetchMock = mockFetch([
    { method: 'GET', path: '/api/me/diet', body: { diet } },
    { method: 'GET', path: '/api/me/diet/shopping-list', body: { list: { days: 7, groups: [] } } },
  ]);
});
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
});

// 5 March 2030 is a Tuesday, 7 March a Thursday (local noon: no time zone moves the day)
const TUESDAY = new Date(2030, 2, 5, 12);
const THURSDAY = new Date(2030, 2, 7, 12);

describe('"Oggi" on a patient’s /home', () => {
  it('shows the meals of the plan day today’s weekday follows, with the alternatives', async () => {
    renderWithStore(await storeWithSession(patient), <TodayMeals now={TUESDAY} />);
    expect(await screen.findByRole('heading', { name: t.today.title })).toBeTruthy();
    expect(screen.getByText(/^Martedì/)).toBeTruthy();
    expect(screen.getByText('Pasta di semola 80 g')).toBeTruthy();
    expect(screen.getByText(`${t.today.or}: Riso integrale 70 g`)).toBeTruthy();
    expect(screen.queryByText(/Merluzzo/)).toBeNull();
  });

  it('on Thursday, Thursday’s day: lunch and dinner', async () => {
    renderWithStore(await storeWithSession(patient), <TodayMeals now={THURSDAY} />);
    expect(await screen.findByText('Farro 60 g')).toBeTruthy();
    expect(screen.getByText('Merluzzo 150 g')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Pranzo', 'Cena']);
  });

  it('a meal ticked as eaten stays ticked for that day, on this device, and only for that day', async () => {
    const store = await storeWithSession(patient);
    const first = renderWithStore(store, <TodayMeals now={THURSDAY} />);
    const dinnerEaten = await screen.findByRole('button', { name: `${t.today.eaten}: Cena` });
    expect(dinnerEaten.getAttribute('aria-pressed')).toBe('false');
    await act(async () => void fireEvent.click(dinnerEaten));
    expect(screen.getByRole('button', { name: `${t.today.eaten}: Cena` }).getAttribute('aria-pressed')).toBe('true');
    expect(ticksOf('p1', '2030-03-07')).toEqual(['cena']);
    first.unmount();

    renderWithStore(store, <TodayMeals now={THURSDAY} />);
    expect((await screen.findByRole('button', { name: /Cena$/ })).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /Pranzo$/ }).getAttribute('aria-pressed')).toBe('false');
    expect(ticksOf('p1', '2030-03-14')).toEqual([]);
  });

  it('the week and the shopping list are one tap away: links to the diet card’s sections', async () => {
    renderWithStore(await storeWithSession(patient), <TodayMeals now={TUESDAY} />);
    expect((await screen.findByRole('link', { name: t.today.week })).getAttribute('href')).toBe('#my-diet');
    expect((await screen.findByRole('link', { name: t.today.shopping })).getAttribute('href')).toBe('#diet-shopping-title');
  });

  it('shows nothing without a plan', async () => {
    fetchMock?.restore();
    fetchMock = mockFetch([{ method: 'GET', path: '/api/me/diet', body: { diet: null } }]);
    const view = renderWithStore(await storeWithSession(patient), <TodayMeals now={TUESDAY} />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(view.container.innerHTML).toBe('');
  });
});
