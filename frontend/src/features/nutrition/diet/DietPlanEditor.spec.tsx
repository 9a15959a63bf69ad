/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_MEAL_NAMES,
  EMPTY_DIET,
  type CatalogueFood,
  type DietContent,
  type DietSummary,
  type DietView,
  type FoodCategoryView,
  type FoodView,
  type SessionUser,
} from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { DietEditorPage } from './DietEditorPage';

const p = t.dietPlan;
const PATIENT = '22222222-2222-4222-8222-222222222222';
const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Giulia Rossi' };
const categories: FoodCategoryView[] = [{ id: 3, name: 'Verdure', kcal100: 22, baseWeight: 200 }];
const foods: FoodView[] = [
  { id: 1, name: 'Bresaola', categoryId: 9, categoryName: 'Carne', kcal100: 172, baseWeight: 50, protein: 32.8, carbohydrate: 0, fat: 2.6 },
  { id: 2, name: 'Merluzzo', categoryId: 9, categoryName: 'Pesce', kcal100: 77.4, baseWeight: 150, protein: 18.1, carbohydrate: 0, fat: 0.6 },
];
const summary: DietSummary = { kcal: 0, protein: 0, carbohydrate: 0, fat: 0, split: { protein: 0, carbohydrate: 0, fat: 0 }, meals: [], portionsTotal: 0 };
const meals = (pranzo: DietContent['meals']['pranzo']) => ({ ...EMPTY_DIET.meals, pranzo });
const yogurtValues = {
  name: 'Yaourt nature',
  source: 'ciqual' as const,
  version: '2025-11-03',
  group: 'Latte',
  baseWeight: 125,
  nutrients: { ENERC_KCAL: { value: 66 } },
};
const content: DietContent = {
  ...EMPTY_DIET,
  meals: meals([{ id: 'r1', item: 1, grams: 50, alternatives: [{ item: 2, grams: 100 }] }]),
  days: [
    { weekday: 'lunedi', meals: meals([{ id: 'r1', item: 1, grams: 50, alternatives: [{ item: 2, grams: 100 }] }]) },
    { weekday: 'giovedi', meals: meals([{ id: 'r2', item: 'ciqual-19024', grams: 170, alternatives: [] }]) },
  ],
  values: { 'ciqual-19024': yogurtValues },
};
const diet: DietView = {
  patientId: PATIENT,
  patientName: 'Luca Verdi',
  revision: 4,
  doctorId: 'd1',
  doctorName: 'Giulia Rossi',
  savedAt: '2030-03-05T10:00:00.000Z',
  content,
  summary,
  meals: [],
  blocks: [],
  itemNames: {},
  days: [],
  week: [],
  mealNames: DEFAULT_MEAL_NAMES,
  valueUpdates: [
    {
      item: 'ciqual-19024',
      name: 'Yaourt nature',
      savedVersion: '2025-11-03',
      currentVersion: '2026-05-01',
      changes: [{ tag: 'ENERC_KCAL', label: 'Energia', unit: 'kcal', saved: 66, current: 70 }],
    },
  ],
};
const yogurt: CatalogueFood = {
  id: 'ciqual-19025',
  name: 'Yaourt à la grecque',
  synonyms: [],
  source: 'ciqual',
  code: '19025',
  group: 'Latte e derivati',
  per: '100g',
  density: null,
  version: '2025-11-03',
  baseWeight: 125,
  basic: true,
  nutrients: { ENERC_KCAL: { value: 115 }, PROCNT: { value: 5.5 } },
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(extra: Parameters<typeof mockFetch>[0] = []) {
  fetchMock = mockFetch([
    ...extra,
    { method: 'GET', path: `/api/patients/${PATIENT}/diet`, body: diet },
    { method: 'GET', path: '/api/foods?q=yaourt&limit=20', body: { items: [yogurt] } },
    { method: 'GET', path: '/api/foods?q=zzz&limit=20', body: { items: [] } },
    { method: 'GET', path: '/api/foods', body: foods },
    // the practice's own list, once the catalogue's search takes GET /api/foods
    { method: 'GET', path: '/api/studio-foods', body: foods },
    { method: 'GET', path: '/api/food-categories', body: categories },
    { method: 'POST', path: '/api/diet-tools/calculate', body: summary },
    { method: 'POST', path: /\/api\/diet-tools\/calculate\/\w+/, body: { meal: 'pranzo', rows: [], kcal: 0, protein: 0, carbohydrate: 0, fat: 0 } },
    { method: 'PUT', path: `/api/patients/${PATIENT}/diet`, body: diet },
  ]);
  const view = renderRoutes(await storeWithSession(doctor), [{ path: '/diete/:patientId', element: <DietEditorPage /> }], `/diete/${PATIENT}`);
  await screen.findByRole('heading', { name: t.diet.title('Luca Verdi') });
  return view;
}
const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));
const change = (el: HTMLElement, value: string) => act(async () => void fireEvent.change(el, { target: { value } }));
const card = (container: HTMLElement, meal: string) => container.querySelector<HTMLElement>(`.diet-meal[data-meal="${meal}"]`)!;
const savedBody = async () => {
  await click(screen.getByRole('button', { name: t.diet.save }));
  await waitFor(() => expect(fetchMock!.calls.some((c) => c.method === 'PUT')).toBe(true));
  return fetchMock!.calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown> & { days: DietContent['days'] };
};

describe('the weekly plan in the diet editor', () => {
  it('shows the plan’s days as tabs the keyboard moves through, each with its own meals and the days it stands for', async () => {
    const { container } = await open();
    const tabs = within(screen.getByRole('tablist', { name: p.days })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Lunedì', 'Giovedì']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(p.follows('Martedì, Mercoledì'))).toBeTruthy();
    expect((card(container, 'pranzo').querySelector('input[type=hidden][name="meals[pranzo][0][item]"]') as HTMLInputElement).value).toBe('1');
    await act(async () => void fireEvent.keyDown(tabs[0], { key: 'ArrowRight' }));
    expect(screen.getByRole('tab', { name: 'Giovedì' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Giovedì' }));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('diet-day-tab-giovedi');
    // a catalogue food: its name and source, its grams as typed (170, not rounded to the 125 g hint)
    expect(within(card(container, 'pranzo')).getByText('Yaourt nature')).toBeTruthy();
    expect(within(card(container, 'pranzo')).getByText('CIQUAL')).toBeTruthy();
    const grams = card(container, 'pranzo').querySelector('input[type=number]') as HTMLInputElement;
    await change(grams, '170');
    await act(async () => void fireEvent.blur(grams));
    expect(grams.value).toBe('170');
    expect(screen.getByText(p.follows('Venerdì, Sabato, Domenica'))).toBeTruthy();
  });

  it('duplicates a day, renames a meal, and saves the plan with its days', async () => {
    await open();
    await change(screen.getByRole('combobox', { name: `${p.duplicateDay} Lunedì` }), 'martedi');
    expect(
      within(screen.getByRole('tablist', { name: p.days }))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Lunedì', 'Martedì', 'Giovedì']);
    expect(screen.getByRole('tab', { name: 'Martedì' }).getAttribute('aria-selected')).toBe('true');
    await change(screen.getByLabelText(p.mealName('Merenda')), 'Spuntino del pomeriggio');
    expect(screen.getByRole('heading', { name: 'Spuntino del pomeriggio' })).toBeTruthy();
    const body = await savedBody();
    expect(body.days.map((d) => d.weekday)).toEqual(['lunedi', 'martedi', 'giovedi']);
    expect(body.days[1].meals.pranzo).toEqual([{ id: 'r3', item: 1, grams: 50, alternatives: [{ item: 2, grams: 100 }] }]);
    expect(body.mealNames).toEqual({ merenda: 'Spuntino del pomeriggio' });
    expect(body.revision).toBe(4);
  });

  it('searches the catalogue as the doctor types (debounced), says when it finds nothing, and adds a food with its source', async () => {
    const { container } = await open();
    const search = within(card(container, 'cena')).getByRole('searchbox');
    await change(search, 'zzz');
    expect(await within(card(container, 'cena')).findByText(p.catalogueEmpty('zzz'))).toBeTruthy();
    // typed letter by letter faster than the pause: one search, for the whole word
    for (const typed of ['ya', 'yaou', 'yaourt']) await change(search, typed);
    expect(within(card(container, 'cena')).getByText(p.catalogueLoading)).toBeTruthy();
    const result = await within(card(container, 'cena')).findByRole('button', { name: /Yaourt à la grecque/ });
    expect(within(result).getByText('CIQUAL')).toBeTruthy();
    // one search per pause in typing, not per letter
    expect(fetchMock!.calls.filter((c) => c.url.startsWith('/api/foods?q=')).map((c) => c.url)).toEqual([
      '/api/foods?q=zzz&limit=20',
      '/api/foods?q=yaourt&limit=20',
    ]);
    await click(result);
    expect((card(container, 'cena').querySelector('input[type=hidden][name="meals[cena][0][item]"]') as HTMLInputElement).value).toBe('ciqual-19025');
    const body = await savedBody();
    expect(body.days[0].meals.cena).toEqual([{ id: 'r3', item: 'ciqual-19025', grams: 125, alternatives: [] }]);
  });

  it('tells the doctor of updated values, with the differences, and sends them when applied', async () => {
    await open();
    const region = screen.getByRole('region', { name: p.valueUpdatesTitle });
    expect(within(region).getByText(p.valueChange('Energia', '66', '70', 'kcal'))).toBeTruthy();
    await click(within(region).getByRole('button', { name: p.applyUpdates }));
    expect(within(region).getByText(p.updatesApplied)).toBeTruthy();
    const body = await savedBody();
    expect(body.refreshValues).toEqual(['ciqual-19024']);
  });

  it('proposes the grams of an alternative giving the same energy or protein (bresaola 50 g → merluzzo 111 g, 91 g)', async () => {
    const { container } = await open();
    const pranzo = card(container, 'pranzo');
    expect(within(pranzo).getByRole('button', { name: /Stessa energia: 111 g/ })).toBeTruthy();
    await click(within(pranzo).getByRole('button', { name: /Stesse proteine: 91 g/ }));
    expect((within(pranzo).getByLabelText(`${t.diet.grams} 1.1`) as HTMLInputElement).value).toBe('91');
  });

  it('starts from a template (unsaved until the doctor saves) and saves the plan as a template without its notes', async () => {
    const template = {
      id: 't1',
      name: 'Mediterranea',
      savedAt: '2030-03-01T10:00:00.000Z',
      days: [{ weekday: 'lunedi', kcal: 1500 }],
      content: { ...EMPTY_DIET },
    };
    const loaded = { ...EMPTY_DIET, days: [{ weekday: 'sabato', meals: meals([{ id: 'r9', item: 2, grams: 150, alternatives: [] }]) }] };
    await open([
      { method: 'GET', path: '/api/diet-templates', body: [template] },
      { method: 'POST', path: `/api/patients/${PATIENT}/diet/from`, body: { content: loaded, from: { kind: 'template', name: 'Mediterranea' } } },
      { method: 'POST', path: '/api/diet-templates', status: 201, body: { ...template, id: 't2', name: 'Nuova' } },
    ]);
    const select = await screen.findByRole('combobox', { name: p.fromTemplate });
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    await change(select, 't1');
    expect(await screen.findByText(p.loadedFrom('Mediterranea'))).toBeTruthy();
    expect(
      within(screen.getByRole('tablist', { name: p.days }))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Sabato']);
    expect(screen.getByText(t.diet.unsaved)).toBeTruthy();
    expect(fetchMock!.calls.find((c) => c.url.endsWith('/diet/from'))!.body).toEqual({ templateId: 't1' });

    await click(screen.getByRole('button', { name: p.saveAsTemplate }));
    const dialog = await screen.findByRole('dialog');
    await change(within(dialog).getByLabelText(p.templateName), 'Nuova');
    await click(within(dialog).getByRole('button', { name: p.confirm }));
    expect(await screen.findByText(p.templateSaved('Nuova'))).toBeTruthy();
    const sent = fetchMock!.calls.find((c) => c.method === 'POST' && c.url === '/api/diet-templates')!.body as { name: string; plan: DietContent };
    expect(sent.name).toBe('Nuova');
    expect(sent.plan.notes).toBeNull();
    expect(sent.plan.days.map((d) => d.weekday)).toEqual(['sabato']);
  });
});
