/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen } from '@testing-library/react';
import { DEFAULT_MEAL_NAMES, EMPTY_DIET, type DietView, type SessionUser } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { MyDiet } from './MyDiet';

const patient: SessionUser = { id: 'p1', role: 'patient', name: 'Luca Verdi' };
const diet: DietView = {
  patientId: 'p1',
  patientName: 'Luca Verdi',
  revision: 2,
  doctorId: 'd1',
  doctorName: 'Giulia Rossi',
  savedAt: '2030-03-05T10:00:00.000Z',
  content: {
    ...EMPTY_DIET,
    meals: { ...EMPTY_DIET.meals, pranzo: [{ id: 'r1', item: 1, grams: 80, alternatives: [{ item: 2, grams: 160 }] }] },
    notes: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bere acqua', marks: [{ type: 'bold' }] }] }] },
  },
  summary: { kcal: 282, protein: 10.4, carbohydrate: 59.2, fat: 1, split: { protein: 14, carbohydrate: 82, fat: 3 }, meals: [], portionsTotal: 0 },
  meals: [
    {
      meal: 'pranzo',
      rows: [{ id: 'r1', item: 1, name: 'Pasta di semola', grams: 80, kcal: 282, protein: 10.4, carbohydrate: 59.2, fat: 1 }],
      kcal: 282,
      protein: 10.4,
      carbohydrate: 59.2,
      fat: 1,
    },
  ],
  blocks: [],
  itemNames: { '1': 'Pasta di semola', '2': 'Riso integrale' },
  days: [],
  week: [],
  mealNames: DEFAULT_MEAL_NAMES,
  valueUpdates: [],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

describe("the patient's diet on /home", () => {
  it("shows the meals with their alternatives, the day's figures and the notes, and prints", async () => {
    fetchMock = mockFetch([{ method: 'GET', path: '/api/me/diet', body: { diet } }]);
    const print = jest.fn();
    window.print = print;
    renderWithStore(await storeWithSession(patient), <MyDiet />);
    expect(await screen.findByText('Pasta di semola')).toBeTruthy();
    expect(screen.getByText(`${t.myDiet.or}: Riso integrale 160 g`)).toBeTruthy();
    expect(screen.getByText(/282 kcal al giorno/)).toBeTruthy();
    // the unit once, with the value: "Proteine 10,4 g", never "Proteine (g) 10,4 g"
    const figures = screen.getByText(/282 kcal al giorno/).textContent ?? '';
    expect(figures).toMatch(/Proteine 10,4\s?g/);
    expect(figures).not.toMatch(/\(g\)/);
    expect(screen.getByText('Bere acqua').tagName).toBe('STRONG');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.myDiet.print })));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says so when there is no diet yet', async () => {
    fetchMock = mockFetch([{ method: 'GET', path: '/api/me/diet', body: { diet: null } }]);
    renderWithStore(await storeWithSession(patient), <MyDiet />);
    expect(await screen.findByText(t.myDiet.none)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.myDiet.print })).toBeNull();
  });
});
