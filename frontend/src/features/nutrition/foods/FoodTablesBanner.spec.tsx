/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FoodTableImportView, SessionUser } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { FoodTablesBanner } from './FoodTablesBanner';

const f = t.foods;
const admin: SessionUser = { id: 'a1', role: 'admin', name: 'Anna Bianchi' };
const file = { name: 'tabella.xlsx', sha256: 'a'.repeat(64) };

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Giulia Rossi' };
const both: FoodTableImportView[] = [
  { source: 'svizzera', version: '6.4', importedAt: '2030-03-05T10:00:00.000Z', files: [file], foods: 1133 },
  { source: 'ciqual', version: '2025-11-03', importedAt: '2030-03-04T10:00:00.000Z', files: [file], foods: 3484 },
];

async function show(log: FoodTableImportView[], user = admin, extra: Parameters<typeof mockFetch>[0] = []) {
  fetchMock = mockFetch([
    ...extra,
    { method: 'GET', path: '/api/food-tables', body: log },
    { method: 'GET', path: '/api/food-tables/preference', body: { source: null } },
  ]);
  renderRoutes(await storeWithSession(user), [{ path: '/alimenti', element: <FoodTablesBanner /> }], '/alimenti');
}

describe('the food tables banner of the foods page', () => {
  it('says how to import the tables when none is imported', async () => {
    await show([]);
    expect(await screen.findByRole('heading', { name: f.tablesMissingTitle })).toBeTruthy();
    expect(screen.getByText('npm run alimenti:importa')).toBeTruthy();
  });

  it('names the latest version of each imported table and its foods', async () => {
    await show([...both, { source: 'ciqual', version: '2020-07-07', importedAt: '2030-03-01T10:00:00.000Z', files: [file], foods: 3185 }]);
    const line = await screen.findByText(new RegExp(f.tablesImported));
    expect(line.textContent).toContain(`Banca dati svizzera 6.4 (${f.count(1133)})`);
    expect(line.textContent).toContain(`CIQUAL 2025-11-03 (${f.count(3484)})`);
    expect(line.textContent).not.toContain('2020-07-07');
    expect(screen.queryByText(f.tablesMissingTitle)).toBeNull();
  });

  it('lets the administrator choose the preferred table', async () => {
    await show(both, admin, [{ method: 'PUT', path: '/api/food-tables/preference', body: { source: 'svizzera' } }]);
    const select = await screen.findByLabelText(f.preferredSource);
    fireEvent.change(select, { target: { value: 'svizzera' } });
    await waitFor(() => expect(fetchMock!.calls.find((c) => c.method === 'PUT')?.body).toEqual({ source: 'svizzera' }));
  });

  it('shows a doctor the preferred table without a choice', async () => {
    await show(both, doctor);
    expect(await screen.findByText(`${f.preferredSource}: ${f.noPreference}`)).toBeTruthy();
    expect(screen.queryByLabelText(f.preferredSource)).toBeNull();
  });
});
