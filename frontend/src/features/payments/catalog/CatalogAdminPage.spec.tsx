/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { CatalogAdminPage } from './CatalogAdminPage';

const products = [
  { id: 'p1', name: 'Prima visita', description: 'Visita iniziale', priceCents: 8000, active: true },
  { id: 'p2', name: 'Controllo', description: 'Visita di controllo', priceCents: 5000, active: false },
];
const coupons = [{ code: 'BENVENUTO10', percentage: 10, validFrom: '2030-01-01', validTo: '2030-12-31', maxUses: null, uses: 3 }];

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(extra: Parameters<typeof mockFetch>[0] = []) {
  fetchMock = mockFetch([
    ...extra,
    { method: 'GET', path: '/api/admin/products', body: products },
    { method: 'GET', path: '/api/admin/coupons', body: coupons },
  ]);
  const store = await storeWithSession({ id: 'a1', role: 'admin', name: 'Segreteria' });
  renderRoutes(store, [{ path: '/catalogo', element: <CatalogAdminPage /> }], '/catalogo');
  await screen.findByText('Prima visita');
  return fetchMock;
}

describe('/catalogo: products and coupons for the admin', () => {
  test('lists products with Italian prices and state, sortable by price', async () => {
    await open();
    const table = screen.getByTestId('products-table');
    expect(within(table).getByText('Non in vendita')).toBeTruthy();
    fireEvent.click(within(within(table).getByRole('columnheader', { name: /Prezzo/ })).getByRole('button'));
    const firstRow = table.querySelector('tbody tr')!;
    expect(firstRow.getAttribute('data-row-id')).toBe('p2');
    expect(firstRow.textContent?.replace(/\s/g, ' ')).toContain('50,00 €');
  });

  test('a new product is sent in euro cents with the CSRF token; the modal closes on success', async () => {
    const calls = await open([
      { method: 'POST', path: '/api/admin/products', status: 201, body: { id: 'p3', name: 'Dieta', description: '', priceCents: 12050, active: true } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: t.catalogAdmin.newProduct }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(t.catalogAdmin.name), { target: { value: 'Dieta' } });
    fireEvent.change(within(dialog).getByLabelText(t.catalogAdmin.price), { target: { value: '120,50' } });
    fireEvent.click(within(dialog).getByLabelText(t.catalogAdmin.followUpOnlyLabel));
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.catalogAdmin.save })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ name: 'Dieta', description: '', priceCents: 12050, active: true, followUpOnly: true });
    expect(post.headers['x-csrf-token']).toBe(CSRF);
  });

  test("the server's Italian error stays in the modal, which stays open", async () => {
    const message = 'Il prezzo deve essere maggiore di zero';
    await open([{ method: 'PUT', path: '/api/admin/products/p1', status: 400, body: { error: { code: 'VALIDATION', message } } }]);
    fireEvent.click(screen.getByRole('button', { name: t.catalogAdmin.editProduct('Prima visita') }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(t.catalogAdmin.price) as HTMLInputElement).value).toBe('80,00');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.catalogAdmin.save })));
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });

  test('coupons tab: uses and limit, and a new coupon with no limit sends maxUses null', async () => {
    const calls = await open([{ method: 'POST', path: '/api/admin/coupons', status: 201, body: { ...coupons[0], code: 'ESTATE' } }]);
    fireEvent.click(screen.getByRole('tab', { name: t.catalogAdmin.couponsTab }));
    const table = await screen.findByTestId('coupons-table');
    expect(within(table).getByText('3 (senza limite)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.catalogAdmin.newCoupon }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(t.catalogAdmin.code), { target: { value: 'estate' } });
    fireEvent.change(within(dialog).getByLabelText(t.catalogAdmin.percentage), { target: { value: '15' } });
    fireEvent.change(within(dialog).getByLabelText(t.catalogAdmin.validFrom), { target: { value: '2030-06-01' } });
    fireEvent.change(within(dialog).getByLabelText(t.catalogAdmin.validTo), { target: { value: '2030-08-31' } });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.catalogAdmin.save })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.find((c) => c.method === 'POST')!.body).toEqual({
      code: 'ESTATE',
      percentage: 15,
      validFrom: '2030-06-01',
      validTo: '2030-08-31',
      maxUses: null,
    });
  });
});
