/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FoodCategoryView, FoodView, SessionUser } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { FoodCatalogPage } from './FoodCatalogPage';

const f = t.foods;
const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Giulia Rossi' };
const categories: FoodCategoryView[] = [{ id: 10, name: 'Frutta', kcal100: 45, baseWeight: 150 }];
const foods: FoodView[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  name: `Alimento ${String(i + 1).padStart(2, '0')}`,
  categoryId: 10,
  categoryName: 'Frutta',
  kcal100: 100 - i,
  baseWeight: 150,
  protein: 1,
  carbohydrate: 10,
  fat: 0.5,
}));

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(extra: Parameters<typeof mockFetch>[0] = []) {
  fetchMock = mockFetch([
    ...extra,
    { method: 'GET', path: '/api/studio-foods', body: foods },
    { method: 'GET', path: '/api/food-categories', body: categories },
    { method: 'GET', path: '/api/food-tables', body: [] },
  ]);
  const store = await storeWithSession(doctor);
  renderRoutes(store, [{ path: '/alimenti', element: <FoodCatalogPage /> }], '/alimenti');
  await screen.findByText('Alimento 01');
}

describe('food catalogue page', () => {
  it('lists the foods in the data table, 50 rows a page, sortable by kcal', async () => {
    await open();
    const table = screen.getByTestId('foods-table');
    expect(within(table).getAllByRole('row')).toHaveLength(51); // header + 50
    await act(async () => void fireEvent.click(within(table).getByRole('button', { name: new RegExp(f.kcal100.replace('/', '\\/')) })));
    expect(within(table).getAllByRole('row')[1].textContent).toContain('Alimento 60'); // 41 kcal, the lowest
  });

  it('creates a food through the modal form, by its own method and action, with the CSRF token, and closes on success', async () => {
    const created: FoodView = { ...foods[0], id: 61, name: 'Kiwi' };
    await open([{ method: 'POST', path: '/api/foods', status: 201, body: created }]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: f.newFood })));
    const dialog = screen.getByRole('dialog');
    const form = dialog.querySelector('form')!;
    expect([form.getAttribute('action'), form.classList.contains('needs-validation')]).toEqual(['/api/foods', true]);
    fireEvent.change(within(dialog).getByLabelText(f.name), { target: { value: 'Kiwi' } });
    fireEvent.change(within(dialog).getByLabelText(f.category), { target: { value: '10' } });
    for (const [label, value] of [
      [f.kcal100, '44'],
      [f.baseWeight, '150'],
      [f.protein, '1.2'],
      [f.carbohydrate, '9'],
      [f.fat, '0.6'],
    ]) {
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    }
    // the practice declares what its food contains; the diet editor flags it against the record
    fireEvent.click(within(dialog).getByLabelText('Frutta a guscio'));
    await act(async () => void fireEvent.submit(form));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock!.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Kiwi',
      categoryId: 10,
      kcal100: 44,
      baseWeight: 150,
      protein: 1.2,
      carbohydrate: 9,
      fat: 0.6,
      allergens: ['frutta_a_guscio'],
    });
    expect(post.headers['x-csrf-token']).toBe(CSRF);
    expect(screen.getByText(f.saved)).toBeTruthy();
  });

  it('reads "3,3" as 3.3 and never shows valid what the server refuses: protein, carbohydrate and fat above 100 g together', async () => {
    await open([{ method: 'POST', path: '/api/foods', status: 201, body: { ...foods[0], id: 62, name: 'Legumi' } }]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: f.newFood })));
    const dialog = screen.getByRole('dialog');
    const form = dialog.querySelector('form')!;
    fireEvent.change(within(dialog).getByLabelText(f.name), { target: { value: 'Legumi' } });
    fireEvent.change(within(dialog).getByLabelText(f.category), { target: { value: '10' } });
    const type = (label: string, value: string) => {
      const input = within(dialog).getByLabelText(label) as HTMLInputElement;
      input.value = value;
      fireEvent.input(input);
      return input;
    };
    type(f.kcal100, '300');
    type(f.baseWeight, '80');
    const protein = type(f.protein, '40');
    type(f.carbohydrate, '50');
    const fat = type(f.fat, '20');
    // 110 g in 100 g: each macro is invalid with the server's reason, nothing is sent
    expect([protein.validity.valid, fat.validity.valid]).toEqual([false, false]);
    await act(async () => void fireEvent.submit(form));
    expect(within(dialog).getAllByText(f.macrosOver100).length).toBeGreaterThan(0);
    expect(fetchMock!.calls.filter((c) => c.method === 'POST')).toEqual([]);
    // the comma is the decimal separator whatever the browser's language
    type(f.fat, '3,3');
    expect([protein.validity.valid, fat.validity.valid]).toEqual([true, true]);
    await act(async () => void fireEvent.submit(form));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock!.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ kcal100: 300, baseWeight: 80, protein: 40, carbohydrate: 50, fat: 3.3 });
  });

  it("keeps the modal open with the server's Italian error", async () => {
    await open([
      { method: 'POST', path: '/api/food-categories', status: 400, body: { error: { code: 'dati_non_validi', message: 'Nome della categoria mancante.' } } },
    ]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: f.newCategory })));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(f.name), { target: { value: 'X' } });
    fireEvent.change(within(dialog).getByLabelText(f.kcal100), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText(f.baseWeight), { target: { value: '100' } });
    await act(async () => void fireEvent.submit(dialog.querySelector('form')!));
    expect(await within(dialog).findByText('Nome della categoria mancante.')).toBeTruthy();
  });
});
