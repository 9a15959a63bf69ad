/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { recipeComposition, type FoodSearchAnswer, type RecipeSummary, type RecipeView, type SessionUser } from '@studio/contracts';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { RecipeBookPage } from './RecipeBookPage';
import { foundFoods } from './recipesApi';

const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Giulia Rossi' };
const ID = '0b7f3c1e-5d2a-4a51-9a8e-3c2f1d0e9b71';
const summaries: RecipeSummary[] = [
  { id: ID, name: 'Pasta al pomodoro', ingredientCount: 2, updatedAt: '2030-03-04T10:00:00.000Z' },
  { id: 'a2', name: 'Minestrone', ingredientCount: 1, updatedAt: '2030-03-04T10:00:00.000Z' },
];
// 320 g of pasta (353 kcal, iron 1,4 mg per 100 g) and 400 g of tomatoes without an iron value; 1400 g cooked, 4 portions
const composition = recipeComposition(
  [
    { nutrients: { ENERC_KCAL: { value: 353 }, FE: { value: 1.4 } }, grams: 320, per: '100g', density: null },
    { nutrients: { ENERC_KCAL: { value: 20 }, FE: { value: null, flag: 'missing' } }, grams: 400, per: '100g', density: null },
  ],
  { cookedWeight: 1400 },
  { count: 4 },
);
const recipe: RecipeView = {
  id: ID,
  name: 'Pasta al pomodoro',
  ingredients: [
    { foodId: 'ciqual-9811', grams: 320, foodName: 'Pasta secca' },
    { foodId: 'ciqual-20047', grams: 400, foodName: 'Pomodoro crudo' },
  ],
  cooking: { cookedWeight: 1400 },
  portions: { count: 4 },
  note: '',
  archived: false,
  updatedAt: '2030-03-04T10:00:00.000Z',
  composition,
};
const found: FoodSearchAnswer = {
  items: [
    {
      id: 'ciqual-9811',
      name: 'Pasta secca',
      synonyms: [],
      source: 'ciqual',
      code: '9811',
      group: 'Cereali',
      per: '100g',
      density: null,
      version: '2025',
      baseWeight: 80,
      basic: true,
      nutrients: {},
    },
    // a namesake in the practice's own foods: each button says which table it adds from
    {
      id: 'studio-3',
      name: 'Pasta secca',
      synonyms: [],
      source: 'studio',
      code: '3',
      group: 'Cereali',
      per: '100g',
      density: null,
      version: '1',
      baseWeight: 80,
      basic: true,
      nutrients: {},
    },
  ],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(extra: Parameters<typeof mockFetch>[0] = []) {
  fetchMock = mockFetch([
    ...extra,
    { method: 'GET', path: '/api/recipes?q=pasta', body: summaries.slice(0, 1) },
    { method: 'GET', path: '/api/recipes', body: summaries },
    { method: 'GET', path: `/api/recipes/${ID}`, body: recipe },
    { method: 'GET', path: /^\/api\/foods\?q=pasta/, body: found },
  ]);
  const store = await storeWithSession(doctor);
  renderRoutes(store, [{ path: '/ricette', element: <RecipeBookPage /> }], '/ricette');
  await screen.findByText('Minestrone');
}

describe('recipe book page', () => {
  it('lists the recipes and searches them by name on the server', async () => {
    await open();
    expect(screen.getByText('2 ricette')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Cerca una ricetta'), { target: { value: 'pasta' } });
    await waitFor(() => expect(screen.queryByText('Minestrone')).toBeNull());
    expect(fetchMock!.calls.some((c) => c.url === '/api/recipes?q=pasta')).toBe(true);
  });

  it('opens a recipe: values per 100 g of cooked dish and per portion, with the missing values counted', async () => {
    await open();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Apri Pasta al pomodoro' })));
    const per100 = (await screen.findByText('Valori per 100 g di cotto')).closest('table')!;
    const energy = within(per100).getByRole('row', { name: /^Energia \d/ });
    // (3,2 × 353 + 4 × 20) / 1400 × 100 = 86,4 kcal
    expect(within(energy).getByText('86,4 kcal')).toBeTruthy();
    const iron = within(per100).getByRole('row', { name: /^Ferro/ });
    expect(within(iron).getByText('valore mancante per 1 alimento')).toBeTruthy();
    const perPortion = screen.getByText('Valori per porzione (350 g)').closest('table')!;
    expect(within(within(perPortion).getByRole('row', { name: /^Energia \d/ })).getByText('302 kcal')).toBeTruthy();
  });

  it('creates a recipe: food found with GET /api/foods?q=, grams, cooked weight and portions, sent with the CSRF token', async () => {
    await open([{ method: 'POST', path: '/api/recipes', status: 201, body: recipe }]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Nuova ricetta' })));
    const form = screen.getByRole('form', { name: 'Nuova ricetta' });
    expect(document.activeElement?.textContent).toBe('Nuova ricetta');
    fireEvent.change(within(form).getByLabelText('Nome della ricetta'), { target: { value: 'Pasta al pomodoro' } });
    fireEvent.change(within(form).getByLabelText('Cerca un alimento da aggiungere'), { target: { value: 'pasta' } });
    const add = await within(form).findByRole('button', { name: 'Aggiungi Pasta secca (CIQUAL)' });
    expect(within(form).getByRole('button', { name: 'Aggiungi Pasta secca (Alimenti dello studio)' })).toBeTruthy();
    expect(within(form).getByRole('status').textContent).toBe('2 alimenti trovati');
    await act(async () => void fireEvent.click(add));
    expect(fetchMock!.calls.find((c) => c.url.startsWith('/api/foods'))!.url).toBe('/api/foods?q=pasta&limit=20');
    fireEvent.change(within(form).getByLabelText('Grammi di Pasta secca'), { target: { value: '320' } });
    fireEvent.change(within(form).getByLabelText('Peso da cotto in grammi'), { target: { value: '1400' } });
    fireEvent.click(within(form).getByLabelText('Grammi per porzione'));
    fireEvent.change(within(form).getByLabelText('Grammi di una porzione'), { target: { value: '350,5' } });
    await act(async () => void fireEvent.submit(form));
    await screen.findByText('Ricetta salvata.');
    const post = fetchMock!.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Pasta al pomodoro',
      ingredients: [{ foodId: 'ciqual-9811', grams: 320 }],
      cooking: { cookedWeight: 1400 },
      portions: { grams: 350.5 },
      note: '',
    });
    expect(post.headers['x-csrf-token']).toBe(CSRF);
  });

  it("keeps the form open with the server's Italian error", async () => {
    await open([
      { method: 'POST', path: '/api/recipes', status: 400, body: { error: { code: 'dati_non_validi', message: 'Aggiungi almeno un ingrediente' } } },
    ]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Nuova ricetta' })));
    const form = screen.getByRole('form', { name: 'Nuova ricetta' });
    await act(async () => void fireEvent.submit(form));
    expect((await within(form).findByRole('alert')).textContent).toBe('Aggiungi almeno un ingrediente');
  });

  it('copies a recipe and opens the copy to change it', async () => {
    const copy = { ...recipe, id: 'c0', name: 'Pasta al pomodoro (copia)' };
    await open([{ method: 'POST', path: `/api/recipes/${ID}/copy`, status: 201, body: copy }]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Copia Pasta al pomodoro' })));
    expect(await screen.findByText('Copia creata: Pasta al pomodoro (copia).')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Modifica: Pasta al pomodoro (copia)' })).toBeTruthy();
  });

  it('reads the food search of an older server (the practice foods as a list) the same way', () => {
    const list = [
      { id: 7, name: 'Pasta di semola', categoryId: 1, categoryName: 'Cereali', kcal100: 353, baseWeight: 80, protein: 13, carbohydrate: 74, fat: 1.2 },
    ];
    expect(foundFoods(list, 'semola')).toEqual([{ id: 'studio-7', name: 'Pasta di semola', source: 'studio', group: 'Cereali' }]);
    expect(foundFoods(list, 'riso')).toEqual([]);
  });
});
