/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
import { mockFetch } from '../test/setupDom';
import { it as t } from '../i18n/it';
import { renderRoutes, storeWithSession } from '../test/renderWithStore';
import { FakeSocket } from '../test/fakeSocket';
import { PATIENT_HOME_GETS } from '../lib/earlyFetch';
import { HomeRoute } from './HomeRoute';

const mockSocket = new FakeSocket();
jest.mock('../lib/socket', () => ({
  getSharedSocket: () => mockSocket,
  disconnectSharedSocket: () => undefined,
}));

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

describe('/home of a patient', () => {
  test('the cards are shown together once every card’s first request has answered (nothing pushed down while reading)', async () => {
    let answerDiet!: () => void;
    const diet = new Promise<void>((resolve) => (answerDiet = resolve));
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/bookings', body: [] },
      { method: 'GET', path: '/api/me/orders', body: [] },
      { method: 'GET', path: '/api/me/receipts', body: [] },
      { method: 'GET', path: '/api/me/waiting-list', body: [] },
      { method: 'GET', path: '/api/me/measurements', body: [] },
      { method: 'GET', path: '/api/me/access-log', body: [] },
      // the erasure card's request fails: an error is an answer too
      { method: 'GET', path: '/api/me/erasure', status: 500, body: { error: { code: 'X', message: 'guasto' } } },
      { method: 'GET', path: '/api/me/diet', body: { diet: null }, wait: diet },
    ]);
    const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
    renderRoutes(store, [{ path: '/home', element: <HomeRoute /> }], '/home');
    // every card asked at once, before any is shown
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    // …and exactly those main.tsx asks for early on a patient's /home (earlyFetch.ts)
    expect(fetchMock.calls.map((c) => c.url).sort()).toEqual([...PATIENT_HOME_GETS].sort());
    expect(screen.queryByRole('heading', { name: t.orders.title })).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();

    await act(async () => answerDiet());
    expect(await screen.findByRole('heading', { name: t.orders.title })).toBeTruthy();
    expect(screen.getByRole('heading', { name: t.myDiet.title })).toBeTruthy();
  });

  test('the erasure box reads again when a receipt appears: never "Non ci sono ricevute a tuo nome" beside a listed receipt', async () => {
    const order = {
      id: 'o1',
      productName: 'Prima visita nutrizionale',
      amountCents: 8000,
      coupon: null,
      transaction: 'T1',
      createdAt: '2030-03-04T10:00:00Z',
      bookingId: 'b1',
    };
    const receipts = { method: 'GET', path: '/api/me/receipts', body: [] as unknown[] };
    const erasure = { method: 'GET', path: '/api/me/erasure', body: { statement: ['Cancellazione.'], documents: [] as unknown[], requestedAt: null } };
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/bookings', body: [] },
      { method: 'GET', path: '/api/me/orders', body: [order] },
      receipts,
      { method: 'GET', path: '/api/me/waiting-list', body: [] },
      { method: 'GET', path: '/api/me/measurements', body: [] },
      { method: 'GET', path: '/api/me/access-log', body: [] },
      erasure,
      { method: 'GET', path: '/api/me/diet', body: { diet: null } },
    ]);
    const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
    renderRoutes(store, [{ path: '/home', element: <HomeRoute /> }], '/home');
    expect(await screen.findByText(t.erasure.nothingKept)).toBeTruthy();
    // the receipt is numbered just after the payment: the orders card asks again and finds it; so does the server's erasure answer
    receipts.body = [{ orderId: 'o1', label: '1/2026', creditNote: null }];
    erasure.body = { ...erasure.body, documents: [{ kind: 'receipt', label: '1/2026', doctorName: 'Giulia Rossi', keptUntil: '2040-12-31T00:00:00Z' }] };
    expect(await screen.findByTestId('erasure-kept')).toBeTruthy();
    expect(screen.queryByText(t.erasure.nothingKept)).toBeNull();
  });
});
