/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_MEAL_NAMES,
  EMPTY_DIET,
  larnDefaultTargets,
  type DietSummary,
  type DietView,
  type FoodCategoryView,
  type FoodView,
  type SessionUser,
} from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { DietEditorPage } from './DietEditorPage';

const d = t.diet;
const PATIENT = '22222222-2222-4222-8222-222222222222';
const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Giulia Rossi' };
const categories: FoodCategoryView[] = [{ id: 3, name: 'Verdure', kcal100: 22, baseWeight: 200 }];
const foods: FoodView[] = [
  { id: 1, name: 'Pasta di semola', categoryId: 9, categoryName: 'Cereali e tuberi', kcal100: 353, baseWeight: 80, protein: 13, carbohydrate: 74, fat: 1.2 },
  { id: 2, name: 'Mela', categoryId: 10, categoryName: 'Frutta', kcal100: 53, baseWeight: 150, protein: 0.2, carbohydrate: 13.7, fat: 0.1 },
];
const emptySummary: DietSummary = { kcal: 0, protein: 0, carbohydrate: 0, fat: 0, split: { protein: 0, carbohydrate: 0, fat: 0 }, meals: [], portionsTotal: 0 };
const diet: DietView = {
  patientId: PATIENT,
  patientName: 'Luca Verdi',
  revision: null,
  doctorId: null,
  doctorName: null,
  savedAt: null,
  content: EMPTY_DIET,
  summary: emptySummary,
  meals: [],
  blocks: [],
  itemNames: {},
  days: [],
  week: [],
  mealNames: DEFAULT_MEAL_NAMES,
  valueUpdates: [],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(extra: Parameters<typeof mockFetch>[0] = [], user: SessionUser = doctor) {
  fetchMock = mockFetch([
    ...extra,
    { method: 'GET', path: `/api/patients/${PATIENT}/diet`, body: diet },
    { method: 'GET', path: '/api/studio-foods', body: foods },
    { method: 'GET', path: '/api/food-categories', body: categories },
    {
      method: 'POST',
      path: '/api/diet-tools/calculate',
      body: { ...emptySummary, kcal: 282, protein: 10.4, carbohydrate: 59.2, fat: 1, split: { protein: 14, carbohydrate: 82, fat: 3 } },
    },
    { method: 'POST', path: /\/api\/diet-tools\/calculate\/\w+/, body: { meal: 'pranzo', rows: [], kcal: 0, protein: 0, carbohydrate: 0, fat: 0 } },
    { method: 'POST', path: '/api/diet-tools/categories', body: [{ id: 3, kcal: 22, base_weight: 200 }] },
  ]);
  const store = await storeWithSession(user);
  const view = renderRoutes(
    store,
    [
      { path: '/diete/:patientId', element: <DietEditorPage /> },
      { path: '/diete', element: <p>elenco dei pazienti</p> },
    ],
    `/diete/${PATIENT}`,
  );
  await screen.findByRole('heading', { name: d.title('Luca Verdi') });
  return view;
}

const change = (el: HTMLElement, value: string) => act(async () => void fireEvent.change(el, { target: { value } }));
const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));

describe('diet editor', () => {
  it("renders the spec's page: edit-diet, editform with calculate_url, categories_url, a calculate_meal_url per meal, the csrf-token meta", async () => {
    const { container } = await open();
    expect(container.querySelector('#edit-diet')).not.toBeNull();
    const form = container.querySelector('form#editform')!;
    expect((form.querySelector('input[name=calculate_url]') as HTMLInputElement).value).toBe('/api/diet-tools/calculate');
    expect((form.querySelector('input[name=categories_url]') as HTMLInputElement).value).toBe('/api/diet-tools/categories');
    expect([...form.querySelectorAll<HTMLInputElement>('input[name=calculate_meal_url]')].map((i) => i.value)).toEqual(
      ['colazione', 'spuntino', 'pranzo', 'merenda', 'cena'].map((m) => `/api/diet-tools/calculate/${m}`),
    );
    expect(document.querySelector('meta[name="csrf-token"]')?.getAttribute('content')).toBe(CSRF);
    expect(container.querySelector('#reload-diet')).not.toBeNull();
    expect(container.querySelector('a.save-before[data-save-form="editform"]')).not.toBeNull();
  });

  it('offers foods and categories in a searchable picker with data-kcal-100 and data-base-weight; grams round to the base weight on leaving; kcal follow', async () => {
    const { container } = await open();
    const pranzo = container.querySelector('.diet-meal[data-meal="pranzo"]') as HTMLElement;
    await click(pranzo.querySelector('button.btn-outline-primary') as HTMLElement);
    const picker = within(pranzo).getByRole('combobox', { name: `${d.food} 1` });
    const key = (k: string) => act(async () => void fireEvent.keyDown(picker, { key: k }));
    await key('ArrowDown');
    const category = within(pranzo).getByRole('option', { name: /Verdure/ });
    expect([category.getAttribute('data-value'), category.getAttribute('data-kcal-100'), category.getAttribute('data-base-weight')]).toEqual([
      '100003',
      '22',
      '200',
    ]);
    const pasta = within(pranzo).getByRole('option', { name: /Pasta di semola/ });
    expect([pasta.getAttribute('data-kcal-100'), pasta.getAttribute('data-base-weight')]).toEqual(['353', '80']);
    await key('Escape');

    // typing filters (accents ignored), Enter chooses
    await change(picker, 'SEMOLA');
    expect(
      within(pranzo)
        .getAllByRole('option')
        .map((o) => o.getAttribute('data-value')),
    ).toEqual(['1']);
    await key('Enter');
    expect((pranzo.querySelector('input[type=hidden][name="meals[pranzo][0][item]"]') as HTMLInputElement).value).toBe('1');
    const grams = pranzo.querySelector('input[type=number]') as HTMLInputElement;
    expect(grams.value).toBe('80'); // one base weight to start with
    await change(grams, '130');
    await act(async () => void fireEvent.blur(grams));
    expect(grams.value).toBe('160');
    expect(pranzo.querySelector('.diet-kcal')!.textContent).toBe('565');

    // a category asks the categories endpoint for {id, kcal, base_weight}
    await change(picker, 'verdure');
    await key('Enter');
    await waitFor(() =>
      expect(fetchMock!.calls.some((c) => c.url.endsWith('/api/diet-tools/categories') && JSON.stringify(c.body) === '{"ids":[3]}')).toBe(true),
    );
    // the server's summary is shown, numbers and chart
    await waitFor(() => expect(screen.getByTestId('daily-kcal').textContent).toBe(d.summaryKcal(282)));
  });

  it("flags an allergy on the row that contains it: an icon and the allergen's name in words, the picker described by it", async () => {
    const withPeanuts = [
      ...foods,
      { id: 5, name: 'Burro di arachidi', categoryId: 11, categoryName: 'Grassi', kcal100: 588, baseWeight: 10, protein: 25, carbohydrate: 20, fat: 50 },
    ];
    const { container } = await open([
      { method: 'GET', path: '/api/studio-foods', body: withPeanuts },
      {
        method: 'GET',
        path: `/api/patients/${PATIENT}/diet-targets`,
        body: { targets: larnDefaultTargets(2000, 40), isDefault: true, weightKg: 70, allergies: [{ allergen: 'arachidi' }, { allergen: 'lattosio' }] },
      },
    ]);
    const cena = container.querySelector('.diet-meal[data-meal="cena"]') as HTMLElement;
    await click(cena.querySelector('button.btn-outline-primary') as HTMLElement);
    await click(cena.querySelector('button.btn-outline-primary') as HTMLElement);
    const [first, second] = within(cena).getAllByRole('combobox');
    await change(first, 'mela');
    await act(async () => void fireEvent.keyDown(first, { key: 'Enter' }));
    await change(second, 'arachidi');
    await act(async () => void fireEvent.keyDown(second, { key: 'Enter' }));
    const rows = cena.querySelectorAll('tr.diet-row');
    expect(rows[0].querySelector('.diet-row-allergy')).toBeNull();
    const flag = await waitFor(() => rows[1].querySelector('.diet-row-allergy') as HTMLElement);
    expect(flag.textContent).toBe(`⚠${d.targets.rowAllergy('arachidi')}`);
    expect(flag.getAttribute('aria-label')).toBe(d.rowAllergyLabel('Burro di arachidi', 'arachidi'));
    expect(second.getAttribute('aria-describedby')).toBe(flag.id);
    expect(first.hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows portions-alert until the portions add up to 14, and a diet block per chosen category', async () => {
    const { container } = await open();
    expect(screen.getByText(d.portionsExplain)).toBeTruthy();
    expect(container.querySelector('#portions-alert')!.textContent).toBe(d.portionsAlert(0));
    await click(screen.getByRole('button', { name: `${d.addPortion} (pranzo)` }));
    await click(screen.getByRole('button', { name: `${d.addPortion} (cena)` }));
    const selects = container.querySelectorAll<HTMLSelectElement>('select.portions-select');
    const inputs = container.querySelectorAll<HTMLInputElement>('input.portion-input');
    await change(selects[0], '3');
    await change(inputs[0], '7');
    expect(container.querySelector('#portions-alert')!.textContent).toBe(d.portionsAlert(7));
    expect(container.querySelectorAll('.diet-block[data-category-id="3"]')).toHaveLength(1);
    await change(inputs[1], '7');
    expect(container.querySelector('#portions-alert')).toBeNull();
    expect(screen.getByText(d.portionsOk)).toBeTruthy();
    await change(inputs[1], '8');
    expect(container.querySelector('#portions-alert')!.textContent).toBe(d.portionsAlert(15));
  });

  it('save-before saves the form named in data-save-form first, then follows its href', async () => {
    const saved: DietView = { ...diet, revision: 0, savedAt: '2030-03-05T10:00:00.000Z', doctorId: 'd1', doctorName: 'Giulia Rossi' };
    const { container } = await open([{ method: 'PUT', path: `/api/patients/${PATIENT}/diet`, body: saved }]);
    await click(container.querySelector('a.save-before') as HTMLElement);
    expect(await screen.findByText('elenco dei pazienti')).toBeTruthy();
    const put = fetchMock!.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ ...EMPTY_DIET, revision: null });
    expect(put.headers['x-csrf-token']).toBe(CSRF);
  });

  it("stays on the page with the server's Italian error when the save is refused", async () => {
    const { container } = await open([
      {
        method: 'PUT',
        path: `/api/patients/${PATIENT}/diet`,
        status: 400,
        body: {
          error: { code: 'porzioni_non_valide', message: 'Le porzioni settimanali devono essere in tutto 14 (pranzi e cene della settimana): ora sono 7.' },
        },
      },
    ]);
    await click(container.querySelector('a.save-before') as HTMLElement);
    expect(await screen.findByText(/ora sono 7/)).toBeTruthy();
    expect(screen.queryByText('elenco dei pazienti')).toBeNull();
  });

  it('a row without a food is caught before saving: the meal and row named, nothing sent', async () => {
    const { container } = await open([{ method: 'PUT', path: `/api/patients/${PATIENT}/diet`, body: { ...diet, revision: 0 } }]);
    const cena = container.querySelector('.diet-meal[data-meal="cena"]') as HTMLElement;
    await click(cena.querySelector('button.btn-outline-primary') as HTMLElement);
    await act(async () => void fireEvent.submit(container.querySelector('form#editform')!));
    expect(await screen.findByText(d.emptyRow(d.meals.cena, 1))).toBeTruthy();
    expect(fetchMock!.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('asks before leaving with unsaved changes: the browser on closing the tab, a dialog on a link of the app', async () => {
    const { container } = await open();
    const leave = () => click(screen.getByRole('link', { name: d.backToPatients }));
    // nothing changed: the link just goes
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);

    await click(screen.getByRole('button', { name: `${d.addPortion} (pranzo)` }));
    await change(container.querySelectorAll<HTMLInputElement>('input.portion-input')[0], '7');
    const dirtyUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirtyUnload);
    expect(dirtyUnload.defaultPrevented).toBe(true);

    await leave();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(d.leaveText);
    await click(within(dialog).getByRole('button', { name: d.leaveStay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('elenco dei pazienti')).toBeNull();

    await leave();
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: d.leaveDiscard }));
    expect(await screen.findByText('elenco dei pazienti')).toBeTruthy();
  });

  it('prints the saved diet (a print view and window.print), downloads its PDF and sends it to the patient; before saving all three wait', async () => {
    const saved: DietView = {
      ...diet,
      revision: 2,
      savedAt: '2030-03-05T10:00:00.000Z',
      doctorId: 'd1',
      doctorName: 'Giulia Rossi',
      summary: { ...emptySummary, kcal: 282 },
      meals: [
        {
          meal: 'pranzo',
          rows: [{ id: 'p1', item: 1, name: 'Pasta di semola', grams: 80, kcal: 282, protein: 10.4, carbohydrate: 59.2, fat: 1 }],
          kcal: 282,
          protein: 10.4,
          carbohydrate: 59.2,
          fat: 1,
        },
      ],
    } as DietView;
    const { container } = await open([
      { method: 'GET', path: `/api/patients/${PATIENT}/diet`, body: saved },
      { method: 'POST', path: `/api/patients/${PATIENT}/diet/send`, status: 202, body: { sentAt: '2030-03-05T11:00:00.000Z' } },
    ]);
    const sheet = screen.getByTestId('diet-print-sheet');
    expect(sheet.textContent).toContain('Pasta di semola');
    expect(sheet.textContent).toContain(d.summaryKcal(282));
    const print = jest.fn();
    window.print = print;
    await click(screen.getByRole('button', { name: d.print }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: d.pdf }).getAttribute('href')).toBe(`/api/patients/${PATIENT}/diet.pdf`);
    await click(screen.getByRole('button', { name: d.send }));
    expect(await screen.findByText(d.sent)).toBeTruthy();
    expect(fetchMock!.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/diet/send'))).toHaveLength(1);

    // an unsaved change: the actions wait for the save, and say so
    await click(screen.getByRole('button', { name: `${d.addPortion} (pranzo)` }));
    await change(container.querySelectorAll<HTMLInputElement>('input.portion-input')[0], '7');
    expect((screen.getByRole('button', { name: d.send }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: d.print }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: d.send }).getAttribute('aria-describedby')).toBe('diet-needs-save');
    expect(screen.getByText(d.sendNeedsSave)).toBeTruthy();
  });

  it('the front desk may print and download but is not offered "Invia al paziente"', async () => {
    await open([], { id: 'a1', role: 'admin', name: 'Segreteria' });
    expect(screen.queryByRole('button', { name: d.send })).toBeNull();
    expect(screen.getByRole('button', { name: d.print })).toBeTruthy();
  });
});
