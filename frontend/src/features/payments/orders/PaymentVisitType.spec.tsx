/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { PaymentPage } from './PaymentPage';
import type { PaypalButtonsProps } from './PaypalButtons';

/** the payment page takes the price from the booked visit type */
const routes = [
  { path: '/pagamento', element: <PaymentPage /> },
  { path: '/home', element: <p>home</p> },
];
const products = [
  { id: 'p1', name: 'Prima visita', description: 'Visita iniziale, 60 minuti', priceCents: 9000 },
  { id: 'p2', name: 'Controllo', description: 'Visita di controllo', priceCents: 5000 },
];
const TAXCODE = 'RSSMRA85T10A562S';
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');

let fetchMock: ReturnType<typeof mockFetch> | undefined;
let paypal: { options?: PaypalButtonsProps };
jest.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ children }: { children: React.ReactNode }) => children,
  usePayPalScriptReducer: () => [{ isPending: false, isRejected: false, isResolved: true }],
  PayPalButtons: (props: PaypalButtonsProps) => {
    paypal.options = props;
    return null;
  },
}));
beforeEach(() => {
  paypal = {};
});
afterEach(() => fetchMock?.restore());

const booking = (visit?: Record<string, unknown>) => ({
  id: 'b1',
  patientId: 'u1',
  doctorId: 'd1',
  doctorName: 'Giulia Rossi',
  slotId: 'd1~203001080900',
  start: '2030-01-08T09:00:00Z',
  end: visit ? '2030-01-08T10:00:00Z' : '2030-01-08T09:30:00Z',
  status: 'held',
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  orderId: null,
  taxcode: TAXCODE,
  ...(visit ? { visit } : {}),
});
const FIRST_VISIT = { visitTypeId: 'vt1', name: 'Prima visita', minutes: 60, mode: 'studio', productId: 'p1', priceCents: 9000 };
const QUOTE = { lines: [{ kind: 'visit', amountCents: 9000 }], totalCents: 9000, stampDutyCents: 0, stampDutyCharged: false };

async function open(body: unknown, extra: Route[] = []) {
  fetchMock = mockFetch([
    ...extra,
    { method: 'GET', path: '/prenotazioni/b1', body },
    { method: 'GET', path: /^\/api\/paypal\/quote/, body: QUOTE },
    { method: 'GET', path: '/api/products', body: products },
    { method: 'GET', path: '/api/paypal/config', body: { clientId: 'c', sdkUrl: 'http://127.0.0.1:9/sdk/js', currency: 'EUR', simulated: true } },
  ]);
  const store = await storeWithSession({ id: 'u1', role: 'patient', name: 'Luca Verdi' });
  const view = renderRoutes(store, routes, '/pagamento?booking=b1');
  await screen.findByText('Prima visita');
  return view;
}
const card = (id: string) => document.querySelector<HTMLElement>(`[data-id="${id}"]`);

describe('/pagamento of a booking of a visit type', () => {
  test("its product is chosen already and the only one offered; the summary names it; the server's Totale is shown", async () => {
    await open(booking(FIRST_VISIT));
    await waitFor(() => expect(card('p1')?.getAttribute('data-selected')).toBe('true'));
    expect(card('p2')).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByTestId('visit-type-price').textContent).toBe(t.journey.visitTypePrice('Prima visita', 60));
    expect(document.querySelector('.app-payment-summary')!.textContent).toContain('Prima visita');
    expect(plain((await screen.findByTestId('charge-total')).textContent)).toBe('90,00 €');
    expect(fetchMock!.calls.find((c) => c.url.startsWith('/api/paypal/quote'))!.url).toBe('/api/paypal/quote?booking_id=b1&product=p1');
  });

  test('a visit type whose product the catalogue no longer lists is still priced as it was booked', async () => {
    await open(booking({ ...FIRST_VISIT, productId: 'p-gone', name: 'Prima visita', priceCents: 8500 }));
    await waitFor(() => expect(card('p-gone')?.getAttribute('data-selected')).toBe('true'));
    expect(card('p-gone')!.getAttribute('data-price')).toBe('8500');
    expect(card('p1')).toBeNull();
  });

  test('a booking of no visit type keeps the specified choice: every product, none chosen', async () => {
    await open(booking());
    expect(card('p1')!.getAttribute('data-selected')).toBe('false');
    expect(card('p2')).not.toBeNull();
    expect(screen.queryByTestId('visit-type-price')).toBeNull();
  });

  test('a confirmed payment goes to /home carrying the booking whose confirmation it opens on', async () => {
    const { router } = await open(booking(FIRST_VISIT), [
      { method: 'POST', path: '/api/paypal/orders', status: 201, body: { id: 'PP-1' } },
      { method: 'POST', path: '/prenotazioni/conferma', body: { redirect: '/home' } },
    ]);
    await waitFor(() => expect(card('p1')?.getAttribute('data-selected')).toBe('true'));
    fireEvent.change(screen.getByLabelText(t.payments.billing), { target: { value: 'Via Roma 1, Milano' } });
    await waitFor(() => expect(paypal.options).toBeDefined());
    await act(async () => void (await paypal.options!.createOrder()));
    await act(async () => paypal.options!.onApprove({ orderID: 'PP-1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.location.state).toEqual({ confirmedBooking: 'b1' });
    expect(fetchMock!.calls.find((c) => c.url === '/prenotazioni/conferma')!.body).toMatchObject({ product: 'p1', amount: '90.00' });
  });
});
