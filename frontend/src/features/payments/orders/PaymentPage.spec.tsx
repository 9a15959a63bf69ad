/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STS_OPPOSITION_WORDING } from '@studio/contracts';
import { localDateTime } from '../../../lib/dates';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { PaymentPage } from './PaymentPage';
import type { PaypalButtonsProps } from './PaypalButtons';

const routes = [
  { path: '/pagamento', element: <PaymentPage /> },
  { path: '/home', element: <p>home</p> },
];
const products = [
  { id: 'p1', name: 'Prima visita', description: 'Visita iniziale', priceCents: 8000 },
  { id: 'p2', name: 'Controllo', description: 'Visita di controllo', priceCents: 5000 },
];
/** a valid codice fiscale (check character included) */
const TAXCODE = 'RSSMRA85T10A562S';

/** text with the non-breaking spaces of Intl turned into plain ones */
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');

let fetchMock: ReturnType<typeof mockFetch> | undefined;
/** what the page handed to @paypal/react-paypal-js's <PayPalButtons>, and how many times it was rendered */
let paypal: { options?: PaypalButtonsProps; rendered: number; sdkOptions?: Record<string, unknown> };

// the library's boundary: the browser test (e2e/payment.e2e.spec.ts) runs the real one against the SDK stand-in
jest.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ options, children }: { options: Record<string, unknown>; children: React.ReactNode }) => {
    paypal.sdkOptions = options;
    return children;
  },
  usePayPalScriptReducer: () => [{ isPending: false, isRejected: false, isResolved: true }],
  PayPalButtons: (props: PaypalButtonsProps) => {
    paypal.options = props;
    paypal.rendered += 1;
    return null;
  },
}));

beforeEach(() => {
  paypal = { rendered: 0 };
});
afterEach(() => {
  fetchMock?.restore();
});

const PAYPAL_CONFIG = { clientId: 'client-1', sdkUrl: 'http://127.0.0.1:9/sdk/js', currency: 'EUR', simulated: true };

async function open(extra: Route[] = [], path = '/pagamento?booking=b1') {
  fetchMock = mockFetch([
    ...extra,
    { method: 'GET', path: '/api/products', body: products },
    { method: 'GET', path: '/api/paypal/config', body: PAYPAL_CONFIG },
  ]);
  const store = await storeWithSession({ id: 'u1', role: 'patient', name: 'Luca Verdi' });
  const view = renderRoutes(store, routes, path);
  await screen.findByText('Prima visita');
  return view;
}

const card = (id: string) => document.querySelector<HTMLElement>(`[data-id="${id}"]`)!;
const radio = (id: string) => card(id).querySelector<HTMLInputElement>('input[type="radio"]')!;
const panel = () => document.getElementById('payment-panel')!;
const payContainer = () => document.getElementById('paypal-button-container')!;

function fillBilling(taxcode = TAXCODE, billing = 'Via Roma 1, Milano') {
  fireEvent.change(screen.getByLabelText(t.payments.taxcode), { target: { value: taxcode } });
  fireEvent.change(screen.getByLabelText(t.payments.billing), { target: { value: billing } });
}

describe('/pagamento: products', () => {
  test('cards carry data-id and data-price (cents); exactly one is selected, in green, keyboard-selectable radios', async () => {
    await open();
    expect(card('p1').getAttribute('data-price')).toBe('8000');
    expect(card('p2').getAttribute('data-price')).toBe('5000');
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(card('p1').classList.contains('border-success')).toBe(false);

    fireEvent.click(card('p1'));
    expect(radio('p1').checked).toBe(true);
    expect(card('p1').classList.contains('border-success')).toBe(true);
    expect(card('p1').classList.contains('bg-success-subtle')).toBe(true);

    // a radio group: the keyboard changes the checked radio, which fires change
    fireEvent.click(radio('p2'));
    expect(radio('p2').checked).toBe(true);
    expect(radio('p1').checked).toBe(false);
    expect(card('p2').classList.contains('bg-success-subtle')).toBe(true);
    expect(card('p1').classList.contains('border-success')).toBe(false);
    expect(document.querySelectorAll('.bg-success-subtle')).toHaveLength(1);
    expect(plain(card('p1').textContent)).toContain('80,00 €');
  });

  test('before paying: the server\'s lines and "Totale" for the chosen product (stamp duty charged to the patient, 82,00 €)', async () => {
    await open([
      {
        method: 'GET',
        path: /^\/api\/paypal\/quote/,
        body: {
          lines: [
            { kind: 'visit', amountCents: 8000 },
            { kind: 'stamp_duty', amountCents: 200 },
          ],
          totalCents: 8200,
          stampDutyCents: 200,
          stampDutyCharged: true,
        },
      },
    ]);
    fireEvent.click(card('p1'));
    const total = await screen.findByTestId('charge-total');
    expect(plain(total.textContent)).toBe('82,00 €');
    const summary = screen.getByTestId('charge-summary');
    expect(plain(summary.textContent)).toContain(t.payments.chargeStampDuty);
    expect(plain(summary.textContent)).toContain('2,00 €');
    expect(fetchMock!.calls.find((c) => c.url.startsWith('/api/paypal/quote'))!.url).toBe('/api/paypal/quote?booking_id=b1&product=p1');
  });

  test('the practitioner bears the duty: the total is the visit, and the page says who bears the duty', async () => {
    await open([
      {
        method: 'GET',
        path: /^\/api\/paypal\/quote/,
        body: { lines: [{ kind: 'visit', amountCents: 8000 }], totalCents: 8000, stampDutyCents: 200, stampDutyCharged: false },
      },
    ]);
    fireEvent.click(card('p1'));
    expect(plain((await screen.findByTestId('charge-total')).textContent)).toBe('80,00 €');
    expect(plain(screen.getByTestId('charge-summary').textContent)).toContain(plain(t.payments.chargeStampDutyByDoctor('2,00 €')));
  });

  test('without ?booking= a message and a link home', async () => {
    fetchMock = mockFetch([{ method: 'GET', path: '/api/products', body: products }]);
    const store = await storeWithSession({ id: 'u1', role: 'patient', name: 'Luca Verdi' });
    renderRoutes(store, routes, '/pagamento');
    expect(await screen.findByText(t.payments.missingBooking)).toBeTruthy();
  });
});

describe('/pagamento: coupon', () => {
  test('trimmed, the button disabled while verifying; ok → green alert, input disabled, button gone, discounted prices', async () => {
    let answer!: (v?: unknown) => void;
    const wait = new Promise((resolve) => (answer = resolve));
    await open([{ method: 'GET', path: '/pagamenti/coupon?coupon=SCONTO10', body: { status: 'ok', percentage: 10 }, wait }]);
    const input = screen.getByLabelText(t.payments.coupon) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  SCONTO10 ' } });
    const button = screen.getByRole('button', { name: t.payments.checkCoupon });
    await act(async () => void fireEvent.click(button));
    expect((screen.getByRole('button', { name: t.payments.checkingCoupon }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer());

    const alert = await screen.findByText(t.payments.couponOk);
    expect(alert.closest('.alert')!.classList.contains('alert-success')).toBe(true);
    expect(fetchMock!.calls.find((c) => c.url.startsWith('/pagamenti/coupon'))!.url).toBe('/pagamenti/coupon?coupon=SCONTO10');
    expect(input.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: t.payments.checkCoupon })).toBeNull();
    // 8000 cents − 10 % = 72,00 €; 5000 → 45,00 €
    expect(plain(card('p1').querySelector('.app-product-price')!.textContent)).toBe('72,00 €');
    expect(plain(card('p2').querySelector('.app-product-price')!.textContent)).toBe('45,00 €');
    expect(card('p1').getAttribute('data-price')).toBe('8000');
  });

  test('rounds the discount to the nearest cent: 19,95 € at 10 % costs 17,95 € (a 2,00 € discount)', async () => {
    await open([
      { method: 'GET', path: '/api/products', body: [...products, { id: 'p3', name: 'Consulto breve', description: 'Breve', priceCents: 1995 }] },
      { method: 'GET', path: /^\/pagamenti\/coupon/, body: { status: 'ok', percentage: 10 } },
    ]);
    expect(plain(card('p3').querySelector('.app-product-price')!.textContent)).toBe('19,95 €');
    fireEvent.change(screen.getByLabelText(t.payments.coupon), { target: { value: 'SCONTO10' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.payments.checkCoupon })));
    await screen.findByText(t.payments.couponOk);
    expect(plain(card('p3').querySelector('.app-product-price')!.textContent)).toBe('17,95 €');
  });

  test('ko → red alert and the button enabled again', async () => {
    await open([{ method: 'GET', path: /^\/pagamenti\/coupon/, body: { status: 'ko' } }]);
    const input = screen.getByLabelText(t.payments.coupon) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'NONVALE' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.payments.checkCoupon })));
    const alert = await screen.findByText(t.payments.couponKo);
    expect(alert.closest('.alert')!.classList.contains('alert-danger')).toBe(true);
    expect((screen.getByRole('button', { name: t.payments.checkCoupon }) as HTMLButtonElement).disabled).toBe(false);
    expect(input.disabled).toBe(false);
    expect(plain(card('p1').querySelector('.app-product-price')!.textContent)).toBe('80,00 €');
  });

  test('429 → the server message', async () => {
    const message = 'Troppi tentativi: riprova tra qualche minuto.';
    await open([{ method: 'GET', path: /^\/pagamenti\/coupon/, status: 429, body: { error: { code: 'RATE_LIMITED', message } } }]);
    fireEvent.change(screen.getByLabelText(t.payments.coupon), { target: { value: 'X1X' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.payments.checkCoupon })));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

describe('/pagamento: billing and PayPal', () => {
  test('the PayPal area is disabled until product, taxcode and billing; a click with one empty shows the alert', async () => {
    await open();
    await waitFor(() => expect(paypal.rendered).toBeGreaterThan(0));
    expect(paypal.sdkOptions).toMatchObject({ clientId: 'client-1', currency: 'EUR', intent: 'capture', sdkBaseUrl: PAYPAL_CONFIG.sdkUrl });
    expect(screen.getByText(t.payments.simulated)).toBeTruthy();
    expect(payContainer().getAttribute('aria-disabled')).toBe('true');
    expect(payContainer().style.pointerEvents).toBe('none');

    fireEvent.click(card('p1'));
    fireEvent.change(screen.getByLabelText(t.payments.taxcode), { target: { value: TAXCODE } });
    fireEvent.click(payContainer());
    expect(screen.getByText(t.payments.billingRequired)).toBeTruthy();
    expect(t.payments.billingRequired).toBe("Devi specificare sia il codice fiscale che l'indirizzo di fatturazione");

    fillBilling();
    expect(screen.queryByText(t.payments.billingRequired)).toBeNull();
    expect(payContainer().getAttribute('aria-disabled')).toBe('false');
    expect(payContainer().style.pointerEvents).toBe('');
  });

  test('payments switched off on the server: the Italian message instead of the buttons', async () => {
    const message = 'I pagamenti non sono al momento disponibili.';
    await open([{ method: 'GET', path: '/api/paypal/config', status: 503, body: { error: { code: 'pagamenti_non_configurati', message } } }]);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(paypal.rendered).toBe(0);
  });

  test('an invalid codice fiscale keeps the payment disabled', async () => {
    await open();
    fireEvent.click(card('p1'));
    fillBilling('RSSMRA85T10A562X');
    expect(payContainer().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(payContainer());
    expect(screen.getAllByText(t.payments.taxcodeInvalid).length).toBeGreaterThan(0);
  });

  test('createOrder posts the order and makes the panel inert; cancel and error re-enable it with no message', async () => {
    await open([{ method: 'POST', path: '/api/paypal/orders', status: 201, body: { id: 'PP-1' } }]);
    await waitFor(() => expect(paypal.options).toBeDefined());
    fireEvent.click(card('p2'));
    fillBilling();

    let id = '';
    await act(async () => void (id = await paypal.options!.createOrder()));
    expect(id).toBe('PP-1');
    const post = fetchMock!.calls.find((c) => c.url === '/api/paypal/orders')!;
    expect(post.headers['x-csrf-token']).toBe(CSRF);
    expect(post.body).toEqual({ booking_id: 'b1', product: 'p2', coupon: null });
    expect(panel().hasAttribute('inert')).toBe(true);

    act(() => paypal.options!.onCancel());
    expect(panel().hasAttribute('inert')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();

    await act(async () => void (await paypal.options!.createOrder()));
    expect(panel().hasAttribute('inert')).toBe(true);
    act(() => paypal.options!.onError());
    expect(panel().hasAttribute('inert')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('onApprove confirms the payment (with the coupon) and goes to /home', async () => {
    const { router } = await open([
      { method: 'GET', path: /^\/pagamenti\/coupon/, body: { status: 'ok', percentage: 10 } },
      { method: 'POST', path: '/api/paypal/orders', status: 201, body: { id: 'PP-9' } },
      { method: 'POST', path: '/prenotazioni/conferma', body: { redirect: '/home' } },
    ]);
    await waitFor(() => expect(paypal.options).toBeDefined());
    fireEvent.click(card('p1'));
    fireEvent.change(screen.getByLabelText(t.payments.coupon), { target: { value: ' SCONTO10 ' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.payments.checkCoupon })));
    await screen.findByText(t.payments.couponOk);
    fillBilling(TAXCODE.toLowerCase(), '  Via Roma 1, Milano ');

    await act(async () => void (await paypal.options!.createOrder()));
    expect(fetchMock!.calls.find((c) => c.url === '/api/paypal/orders')!.body).toEqual({ booking_id: 'b1', product: 'p1', coupon: 'SCONTO10' });
    await act(async () => paypal.options!.onApprove({ orderID: 'PP-9' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const confirm = fetchMock!.calls.find((c) => c.url === '/prenotazioni/conferma')!;
    expect(confirm.headers['x-csrf-token']).toBe(CSRF);
    expect(confirm.body).toEqual({
      transaction: 'PP-9',
      status: 'COMPLETED',
      amount: '72.00',
      product: 'p1',
      taxcode: TAXCODE,
      billing: 'Via Roma 1, Milano',
      coupon: 'SCONTO10',
      opposizione_sts: false,
    });
  });

  test('the Sistema TS opposition checkbox (legal wording) travels with the confirmation', async () => {
    await open([
      { method: 'POST', path: '/api/paypal/orders', status: 201, body: { id: 'PP-7' } },
      { method: 'POST', path: '/prenotazioni/conferma', body: { redirect: '/home' } },
    ]);
    await waitFor(() => expect(paypal.options).toBeDefined());
    fireEvent.click(card('p1'));
    fillBilling(TAXCODE, 'Via Roma 1, Milano');
    const opposition = screen.getByLabelText(STS_OPPOSITION_WORDING);
    expect((opposition as HTMLInputElement).checked).toBe(false);
    fireEvent.click(opposition);
    await act(async () => void (await paypal.options!.createOrder()));
    await act(async () => paypal.options!.onApprove({ orderID: 'PP-7' }));
    await waitFor(() => expect(fetchMock!.calls.find((c) => c.url === '/prenotazioni/conferma')).toBeDefined());
    expect(fetchMock!.calls.find((c) => c.url === '/prenotazioni/conferma')!.body).toMatchObject({ transaction: 'PP-7', opposizione_sts: true });
  });

  test("a refused confirmation shows the server's Italian message and can be retried", async () => {
    const message = 'Pagamento non trovato presso PayPal.';
    const { router } = await open([
      { method: 'POST', path: '/api/paypal/orders', status: 201, body: { id: 'PP-2' } },
      { method: 'POST', path: '/prenotazioni/conferma', status: 422, body: { error: { code: 'PAYMENT_NOT_COMPLETED', message } } },
    ]);
    await waitFor(() => expect(paypal.options).toBeDefined());
    fireEvent.click(card('p1'));
    fillBilling();
    await act(async () => void (await paypal.options!.createOrder()));
    await act(async () => paypal.options!.onApprove({ orderID: 'PP-2' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pagamento');
    expect(screen.getByRole('button', { name: t.payments.retryConfirm })).toBeTruthy();
  });
});

describe('/pagamento: what is being paid for', () => {
  const held = {
    id: 'b1',
    patientId: 'u1',
    doctorId: 'd1',
    doctorName: 'Giulia Rossi',
    slotId: 'd1~203001080900',
    start: '2030-01-08T09:00:00Z',
    end: '2030-01-08T09:30:00Z',
    status: 'held',
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    orderId: null,
    policy: { cutoffAt: '2030-01-07T08:00:00.000Z', cutoffHours: 24, canCancel: true, canReschedule: false, refundIfCancelled: true },
    taxcode: TAXCODE,
  };

  test('doctor, day, hour, the chosen product, the countdown and the policy; the tax code given at registration is prefilled', async () => {
    await open([{ method: 'GET', path: '/prenotazioni/b1', body: held }]);
    const summary = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.app-payment-summary');
      if (!el) throw new Error('nessun riepilogo');
      return el;
    });
    expect(summary.textContent).toContain('Giulia Rossi');
    expect(summary.textContent).toContain(t.myBookings.when('martedì 8 gennaio 2030', '09:00', '09:30'));
    expect(summary.textContent).toContain(t.payments.summaryNoProduct);
    expect(summary.textContent).toContain(t.hold.reservedUntil(''));
    expect(summary.textContent).toContain(t.myBookings.policy(24, localDateTime('2030-01-07T08:00:00.000Z')));
    await waitFor(() => expect((screen.getByLabelText(t.payments.taxcode) as HTMLInputElement).value).toBe(TAXCODE));
    fireEvent.click(card('p2'));
    expect(summary.textContent).toContain('Controllo');
  });
});

describe('/pagamento: a hold that is over', () => {
  test('the page says so at once, with a link back to choose again, and the panel is inert', async () => {
    const over = {
      id: 'b1',
      patientId: 'u1',
      doctorId: 'd1',
      doctorName: 'Giulia Rossi',
      slotId: 'd1~203001080900',
      start: '2030-01-08T09:00:00Z',
      end: '2030-01-08T09:30:00Z',
      status: 'expired',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
      orderId: null,
      policy: { cutoffAt: '2030-01-07T08:00:00.000Z', cutoffHours: 24, canCancel: false, canReschedule: false, refundIfCancelled: false },
      taxcode: TAXCODE,
    };
    await open([{ method: 'GET', path: '/prenotazioni/b1', body: over }]);
    const alert = await screen.findByTestId('hold-over');
    expect(alert.textContent).toContain(t.hold.expired);
    expect(within(alert).getByRole('link', { name: t.hold.chooseAgain }).getAttribute('href')).toBe('/prenota');
    expect(panel().hasAttribute('inert')).toBe(true);
  });
});
