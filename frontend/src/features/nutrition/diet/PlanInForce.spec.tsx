/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { DEFAULT_MEAL_NAMES, EMPTY_DIET, WEEKDAYS, type DietSummary, type DietView } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { PlanInForce } from './PlanInForce';

const f = t.dietLibrary.inForce;
const summary: DietSummary = { kcal: 282, protein: 0, carbohydrate: 0, fat: 0, split: { protein: 0, carbohydrate: 0, fat: 0 }, meals: [], portionsTotal: 0 };
const meal = {
  meal: 'pranzo' as const,
  rows: [{ id: 'r1', item: 1, name: 'Pasta di semola', grams: 80, kcal: 282, protein: null, carbohydrate: null, fat: null }],
  kcal: 282,
  protein: 0,
  carbohydrate: 0,
  fat: 0,
};
// the plan saved on 2030-03-05, the second one of the patient
const diet: DietView = {
  patientId: 'p1',
  patientName: 'Luca Verdi',
  revision: 1,
  doctorId: 'd1',
  doctorName: 'Giulia Rossi',
  savedAt: '2030-03-05T10:00:00.000Z',
  content: { ...EMPTY_DIET, days: [{ weekday: 'lunedi', meals: { ...EMPTY_DIET.meals, pranzo: [{ id: 'r1', item: 1, grams: 80, alternatives: [] }] } }] },
  summary,
  meals: [meal],
  blocks: [],
  itemNames: {},
  days: [{ weekday: 'lunedi', summary, meals: [meal] }],
  week: WEEKDAYS.map((weekday) => ({ weekday, follows: 'lunedi' as const })),
  mealNames: DEFAULT_MEAL_NAMES,
  valueUpdates: [],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());
const act$ = (fn: () => void) => act(async () => void fn());

describe('the plan in force on a date', () => {
  it('asks the server for that day and shows its plan read only, with which plan it was', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/patients/p1/diet?at=2030-03-10', body: diet },
      {
        method: 'GET',
        path: '/api/patients/p1/diet?at=2030-03-01',
        status: 404,
        body: { error: { code: 'piano_non_in_vigore', message: 'Nessun piano era in vigore il 2030-03-01.' } },
      },
    ]);
    renderWithStore(await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' }), <PlanInForce patientId="p1" />);
    await act$(() => fireEvent.change(screen.getByLabelText(f.date), { target: { value: '2030-03-10' } }));
    await act$(() => fireEvent.click(screen.getByRole('button', { name: f.show })));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Pasta di semola')).toBeTruthy();
    expect(within(dialog).getByText(/Piano n\. 2 del .* \(Giulia Rossi\)/)).toBeTruthy();
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(dialog).queryAllByRole('spinbutton')).toHaveLength(0);
    await act$(() => fireEvent.click(within(dialog).getByRole('button', { name: t.dietPlan.lists.close })));

    await act$(() => fireEvent.change(screen.getByLabelText(f.date), { target: { value: '2030-03-01' } }));
    await act$(() => fireEvent.click(screen.getByRole('button', { name: f.show })));
    expect(await within(await screen.findByRole('dialog')).findByText('Nessun piano era in vigore il 2030-03-01.')).toBeTruthy();
    expect(fetchMock.calls.map((c) => c.url)).toEqual(['/api/patients/p1/diet?at=2030-03-10', '/api/patients/p1/diet?at=2030-03-01']);
  });
});
