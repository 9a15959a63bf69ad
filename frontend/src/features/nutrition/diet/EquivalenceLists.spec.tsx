/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EquivalenceListView, FoodView } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { EquivalenceLists } from './EquivalenceLists';
import { CatalogueContext } from './FoodSelect';

const l = t.dietPlan.lists;
const d = t.dietLibrary;
const foods: FoodView[] = [
  { id: 1, name: 'Bresaola', categoryId: 9, categoryName: 'Carne', kcal100: 172, baseWeight: 50, protein: 32.8, carbohydrate: 0, fat: 2.6 },
  { id: 2, name: 'Merluzzo', categoryId: 9, categoryName: 'Pesce', kcal100: 77.4, baseWeight: 150, protein: 18.1, carbohydrate: 0, fat: 0.6 },
];
const existing: EquivalenceListView = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Secondi magri',
  group: 'Carne e pesce',
  items: [
    { item: 1, name: 'Bresaola' },
    { item: 'ciqual-26043', name: 'Cabillaud, cru' },
  ],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());
const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));
const change = (el: HTMLElement, value: string) => act(async () => void fireEvent.change(el, { target: { value } }));

async function openLists() {
  fetchMock = mockFetch([
    { method: 'GET', path: '/api/equivalence-lists', body: [existing] },
    { method: 'POST', path: '/api/equivalence-lists', status: 201, body: { ...existing, id: 'n1', name: 'Pesci' } },
    { method: 'PUT', path: `/api/equivalence-lists/${existing.id}`, body: existing },
    { method: 'DELETE', path: `/api/equivalence-lists/${existing.id}`, status: 204 },
  ]);
  renderWithStore(
    await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' }),
    <CatalogueContext.Provider value={{ foods, categories: [] }}>
      <EquivalenceLists />
    </CatalogueContext.Provider>,
  );
  await click(screen.getByRole('button', { name: l.open }));
  return screen.findByRole('dialog');
}

describe('the practice’s equivalence lists', () => {
  it('lists them and makes a new one from the practice’s foods', async () => {
    const dialog = await openLists();
    expect(await within(dialog).findByText('Bresaola, Cabillaud, cru')).toBeTruthy();
    await change(within(dialog).getByLabelText(l.name), 'Pesci');
    await change(within(dialog).getByLabelText(l.group), 'Pesce');
    const picker = within(dialog).getByRole('combobox', { name: l.addPractice });
    for (const name of ['Bresaola', 'Merluzzo']) {
      await act(async () => void fireEvent.keyDown(picker, { key: 'ArrowDown' }));
      await click(within(dialog).getByRole('option', { name: new RegExp(name) }));
    }
    expect(within(dialog).getByRole('button', { name: l.remove('Merluzzo') })).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: l.save }));
    expect(await within(dialog).findByText(l.saved('Pesci'))).toBeTruthy();
    expect(fetchMock!.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Pesci', group: 'Pesce', items: [1, 2] });
  });

  it('changes an existing list whole (PUT): a food taken out, another put in', async () => {
    const dialog = await openLists();
    await click(await within(dialog).findByRole('button', { name: l.edit('Secondi magri') }));
    await click(within(dialog).getByRole('button', { name: l.remove('Bresaola') }));
    const picker = within(dialog).getByRole('combobox', { name: l.addPractice });
    await act(async () => void fireEvent.keyDown(picker, { key: 'ArrowDown' }));
    await click(within(dialog).getByRole('option', { name: /Merluzzo/ }));
    await click(within(dialog).getByRole('button', { name: l.save }));
    await waitFor(() => expect(fetchMock!.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(fetchMock!.calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'Secondi magri', group: 'Carne e pesce', items: ['ciqual-26043', 2] });
  });

  it('deletes a list after asking, and can be told no', async () => {
    const dialog = await openLists();
    await click(await within(dialog).findByRole('button', { name: d.lists.delete('Secondi magri') }));
    expect(within(dialog).getByText(d.lists.deleteBody('Secondi magri'))).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: d.keep }));
    expect(fetchMock!.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await click(within(dialog).getByRole('button', { name: d.lists.delete('Secondi magri') }));
    await click(within(dialog).getByRole('button', { name: d.lists.delete('Secondi magri') }));
    expect(await within(dialog).findByText(d.lists.deleted('Secondi magri'))).toBeTruthy();
    expect(fetchMock!.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/equivalence-lists/${existing.id}`]);
  });
});
