/** @jest-environment jsdom */
import { mockFetch } from '../../test/setupDom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { OrderView } from '@studio/contracts';
import { it as t } from '../../i18n/it';
import { renderRoutes, storeWithSession } from '../../test/renderWithStore';
import { HomePage } from './HomePage';
import { ReceiptPage } from './ReceiptPage';
import { FakeSocket } from '../../test/fakeSocket';

const mockSocket = new FakeSocket();
jest.mock('../../lib/socket', () => ({
  getSharedSocket: () => mockSocket,
  disconnectSharedSocket: () => undefined,
}));

const routes = [
  { path: '/home', element: <HomePage /> },
  { path: '/ricevute/:orderId', element: <ReceiptPage /> },
];
const order: OrderView = {
  id: 'o1',
  productName: 'Prima visita',
  amountCents: 7200,
  coupon: 'SCONTO10',
  transaction: 'PP-9',
  createdAt: '2030-01-07T09:00:00Z',
  bookingId: 'b1',
};
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(orders: OrderView[], receipts: unknown[] = []) {
  fetchMock = mockFetch([
    { method: 'GET', path: '/api/me/bookings', body: [] },
    { method: 'GET', path: '/api/me/orders', body: orders },
    { method: 'GET', path: '/api/me/receipts', body: receipts },
  ]);
  const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
  return renderRoutes(store, routes, '/home');
}

describe('/home: the patient’s orders', () => {
  test('product, amount in euro, coupon and transaction; "Stampa ricevuta" opens the printable receipt', async () => {
    const { router } = await open([order, { ...order, id: 'o2', coupon: null, amountCents: 5000, transaction: 'PP-3' }]);
    const row = (await screen.findByText('PP-9')).closest('tr')!;
    expect(plain(row.textContent)).toContain('Prima visita');
    expect(plain(row.textContent)).toContain('72,00 €');
    expect(row.textContent).toContain('SCONTO10');
    const other = screen.getByText('PP-3').closest('tr')!;
    expect(other.textContent).toContain(t.orders.noCoupon);

    await act(async () => void fireEvent.click(within(row).getByRole('button', { name: t.orders.printReceipt })));
    expect(router.state.location.pathname).toBe('/ricevute/o1');
    await screen.findByText(t.orders.receiptTitle);
    const print = jest.fn();
    window.print = print;
    fireEvent.click(screen.getByRole('button', { name: t.orders.print }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(plain(document.body.textContent)).toContain('72,00 €');
  });

  test('an order with its fiscal receipt links to the PDF; one still being numbered says so', async () => {
    await open([order, { ...order, id: 'o2', transaction: 'PP-3' }], [{ orderId: 'o1', label: '1/2030', creditNote: null }]);
    const link = await screen.findByRole('link', { name: t.orders.fiscalReceipt('1/2030') });
    expect(link.getAttribute('href')).toBe('/api/orders/o1/receipt.pdf');
    expect(link.closest('tr')!.textContent).toContain('PP-9');
    const other = screen.getByText('PP-3').closest('tr')!;
    expect(other.textContent).toContain(t.orders.fiscalReceiptPending);
  });

  test('a refunded order says so; a placed one does not', async () => {
    await open([
      { ...order, status: 'refunded' },
      { ...order, id: 'o2', transaction: 'PP-3', status: 'placed' },
    ]);
    expect((await screen.findByText('PP-9')).closest('tr')!.textContent).toContain(t.orders.refunded);
    expect(screen.getByText('PP-3').closest('tr')!.textContent).not.toContain(t.orders.refunded);
  });

  test('a payment PayPal declined after its review: the patient reads why, that nothing was charged, and gets no receipt', async () => {
    await open([
      { ...order, status: 'failed', failureReason: 'cattura DECLINED' },
      { ...order, id: 'o2', transaction: 'PP-3', status: 'placed' },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(t.orders.failedNotice('Prima visita'));
    expect(alert.textContent).toMatch(/^Il pagamento non è andato a buon fine/);
    expect(alert.textContent).toContain('Non ti è stato addebitato nulla');
    const row = screen.getByText('PP-9').closest('tr')!;
    expect(row.textContent).toContain(t.orders.failed);
    expect(row.textContent).not.toContain(t.orders.fiscalReceiptPending);
    expect(within(row).queryByRole('button', { name: t.orders.printReceipt })).toBeNull();
  });

  test('no orders yet', async () => {
    await open([]);
    expect(await screen.findByText(t.orders.empty)).toBeTruthy();
  });
});
