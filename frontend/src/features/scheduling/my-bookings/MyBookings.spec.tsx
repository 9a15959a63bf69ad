/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyBooking } from '../../../lib/bookingsApi';
import { isoDay, localClock, localDateTime } from '../../../lib/dates';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { HomeRoute } from '../../../app/HomeRoute';
import { sortBookings } from './MyBookings';
import { FakeSocket } from '../../../test/fakeSocket';
import { MY_BOOKINGS_CHANGED, MY_BOOKINGS_WATCH } from '@studio/contracts';

const mockSocket = new FakeSocket();
jest.mock('../../../lib/socket', () => ({
  getSharedSocket: () => mockSocket,
  disconnectSharedSocket: () => undefined,
}));

const routes = [
  { path: '/home', element: <HomeRoute /> },
  { path: '/prenota', element: <p>prenotazione</p> },
];
const future = new Date(Date.now() + 12 * 60_000).toISOString();
const booking = (id: string, status: MyBooking['status'], start: string): MyBooking => ({
  id,
  doctorId: 'd1',
  doctorName: 'Giulia Rossi',
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  status,
  expiresAt: future,
});

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(bookings: MyBooking[], extra: Route[] = [], role: 'patient' | 'doctor' = 'patient') {
  fetchMock = mockFetch([...extra, { method: 'GET', path: '/api/me/bookings', body: bookings }, { method: 'GET', path: '/api/me/orders', body: [] }]);
  const store = await storeWithSession({ id: 'p1', role, name: 'Luca Verdi' });
  return renderRoutes(store, routes, '/home');
}

describe('/home: the patient’s bookings', () => {
  test('held (with its countdown), confirmed and expired, with the UTC wall-clock day and time and the doctor', async () => {
    await open([
      booking('b2', 'expired', '2030-01-06T10:00:00Z'),
      booking('b1', 'held', '2030-01-07T23:30:00Z'),
      booking('b3', 'confirmed', '2030-01-08T09:00:00Z'),
    ]);
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-status'))).toEqual(['held', 'confirmed', 'expired']);
    // 23:30 UTC stays 23:30 on 7 January whatever the browser zone
    expect(items[0].textContent).toContain(t.myBookings.when('lunedì 7 gennaio 2030', '23:30', '00:00'));
    expect(items[0].textContent).toContain(t.myBookings.with('Giulia Rossi'));
    expect(items[0].textContent).toContain(t.myBookings.status.held);
    expect(items[0].textContent).toContain(t.hold.reservedUntil(localClock(future)));
    expect(items[1].textContent).toContain(t.myBookings.status.confirmed);
    expect(items[2].textContent).toContain(t.myBookings.status.expired);
    expect(within(items[1]).queryByRole('button')).toBeNull();
  });

  test('empty: a link to the booking page', async () => {
    await open([]);
    const link = await screen.findByRole('link', { name: t.myBookings.bookNow });
    expect(link.getAttribute('href')).toBe('/prenota');
    expect(screen.getByText(t.myBookings.empty)).toBeTruthy();
  });

  test('a held booking can be released (DELETE with CSRF), then the list reloads', async () => {
    await open([booking('b1', 'held', '2030-01-07T09:00:00Z')], [{ method: 'DELETE', path: '/prenotazioni/b1', status: 204 }]);
    const button = await screen.findByRole('button', { name: t.myBookings.release });
    expect(button.classList.contains('lockable')).toBe(true);
    await act(async () => void fireEvent.click(button));
    await screen.findByText(t.myBookings.released);
    const del = fetchMock!.calls.find((c) => c.method === 'DELETE')!;
    expect(del.url).toBe('/prenotazioni/b1');
    expect(del.headers['x-csrf-token']).toBe(CSRF);
    await waitFor(() => expect(fetchMock!.calls.filter((c) => c.url === '/api/me/bookings')).toHaveLength(2));
  });

  test("a refused release shows the server's message", async () => {
    await open(
      [booking('b1', 'held', '2030-01-07T09:00:00Z')],
      [{ method: 'DELETE', path: '/prenotazioni/b1', status: 409, body: { error: { code: 'CONFLICT', message: 'La prenotazione non è più in attesa.' } } }],
    );
    const button = await screen.findByRole('button', { name: t.myBookings.release });
    await act(async () => void fireEvent.click(button));
    expect((await screen.findByRole('alert')).textContent).toContain('La prenotazione non è più in attesa.');
  });

  test('other roles do not see the list', async () => {
    await open([], [], 'doctor');
    await screen.findByText(t.home.title('Luca Verdi'));
    expect(screen.queryByText(t.myBookings.title)).toBeNull();
    expect(fetchMock!.calls.some((c) => c.url === '/api/me/bookings')).toBe(false);
  });

  test('sortBookings: held first, then confirmed, then the rest, each by date', () => {
    const list = [
      booking('a', 'released', '2030-01-01T09:00:00Z'),
      booking('b', 'confirmed', '2030-01-03T09:00:00Z'),
      booking('c', 'held', '2030-01-05T09:00:00Z'),
      booking('d', 'confirmed', '2030-01-02T09:00:00Z'),
    ];
    expect(sortBookings(list).map((b) => b.id)).toEqual(['c', 'd', 'b', 'a']);
  });
});

describe('/home: live', () => {
  test('watches the patient’s bookings on the socket and reloads bookings and orders when one changes', async () => {
    mockSocket.connect();
    await open([booking('b1', 'held', '2030-01-07T09:00:00Z')]);
    await screen.findByRole('list');
    await waitFor(() => expect(mockSocket.emitted.some((e) => e.event === MY_BOOKINGS_WATCH)).toBe(true));
    // the server now answers the booking confirmed (paid in another tab)
    fetchMock!.restore();
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/bookings', body: [booking('b1', 'confirmed', '2030-01-07T09:00:00Z')] },
      { method: 'GET', path: '/api/me/orders', body: [] },
    ]);
    act(() => mockSocket.receive(MY_BOOKINGS_CHANGED, { bookingId: 'b1', status: 'confirmed', position: 42 }));
    await waitFor(() => expect(screen.getByRole('listitem').getAttribute('data-status')).toBe('confirmed'));
    expect(fetchMock.calls.map((c) => c.url)).toEqual(expect.arrayContaining(['/api/me/bookings', '/api/me/orders']));
  });

  test('after a reconnection (perhaps to another instance) it watches again and reloads: a change made meanwhile was not heard', async () => {
    mockSocket.connect();
    await open([booking('b1', 'held', '2030-01-07T09:00:00Z')]);
    await screen.findByRole('list');
    act(() => mockSocket.drop());
    fetchMock!.restore();
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/bookings', body: [booking('b1', 'confirmed', '2030-01-07T09:00:00Z')] },
      { method: 'GET', path: '/api/me/orders', body: [] },
    ]);
    const watchesBefore = mockSocket.emitted.filter((e) => e.event === MY_BOOKINGS_WATCH).length;
    act(() => mockSocket.connect());
    await waitFor(() => expect(screen.getByRole('listitem').getAttribute('data-status')).toBe('confirmed'));
    expect(mockSocket.emitted.filter((e) => e.event === MY_BOOKINGS_WATCH).length).toBeGreaterThan(watchesBefore);
  });
});

describe('/home: resuming a held booking, cancelling and moving a paid one', () => {
  const policy = (refundIfCancelled: boolean, canReschedule = refundIfCancelled) => ({
    cutoffAt: '2030-01-07T08:00:00.000Z',
    cutoffHours: 24,
    canCancel: true,
    canReschedule,
    refundIfCancelled,
  });

  test('"Continua" resumes where the patient left: the questionnaire until it is answered, then payment; the policy is shown', async () => {
    await open([
      { ...booking('b1', 'held', '2030-01-08T09:00:00Z'), resume: 'questionnaire', policy: policy(true, false) },
      { ...booking('b2', 'held', '2030-01-09T09:00:00Z'), resume: 'payment', policy: policy(true, false) },
    ]);
    const links = await screen.findAllByRole('link', { name: t.myBookings.continue });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/prenota/questionario?booking=b1&doctor=d1', '/pagamento?booking=b2']);
    expect(screen.getAllByText(t.myBookings.policy(24, localDateTime('2030-01-07T08:00:00.000Z')))).toHaveLength(2);
    expect(screen.getAllByText(t.hold.reservedUntil(localClock(future)), { exact: false })).toHaveLength(2);
  });

  test('cancelling after the cut-off says beforehand that nothing is refunded, then posts with CSRF', async () => {
    const b = { ...booking('b3', 'confirmed', '2030-01-08T09:00:00Z'), policy: policy(false), orderId: 'O1' };
    await open([b], [{ method: 'POST', path: '/api/bookings/b3/cancel', body: { ...b, status: 'cancelled', refunded: false } }]);
    expect(screen.queryByRole('button', { name: t.myBookings.reschedule })).toBeNull();
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.myBookings.cancel })));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(t.myBookings.refundNo(24));
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.myBookings.cancelConfirm })));
    await screen.findByText(t.myBookings.cancelled);
    const post = fetchMock!.calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/bookings/b3/cancel');
    expect(post.headers['x-csrf-token']).toBe(CSRF);
  });

  test('before the cut-off: the refund is promised, and the server’s refusal is shown in the dialog', async () => {
    const b = { ...booking('b4', 'confirmed', '2030-01-08T09:00:00Z'), policy: policy(true) };
    await open(
      [b],
      [
        {
          method: 'POST',
          path: '/api/bookings/b4/cancel',
          status: 409,
          body: { error: { code: 'visita_passata', message: 'L’orario della visita è già passato.' } },
        },
      ],
    );
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.myBookings.cancel })));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(t.myBookings.refundYes(localDateTime('2030-01-07T08:00:00.000Z')));
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.myBookings.cancelConfirm })));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('L’orario della visita è già passato.');
  });

  test('moving: a day of the grid with room, its free hours, then POST reschedule with the slot id', async () => {
    const b = { ...booking('b5', 'confirmed', '2030-01-08T09:00:00Z'), policy: policy(true) };
    const day = isoDay(new Date(Date.now() + 2 * 86_400_000));
    await open(
      [b],
      [
        { method: 'GET', path: /^\/api\/doctors\/d1\/days/, body: [{ date: day, free: 1 }] },
        { method: 'GET', path: /^\/disponibilita\/query/, body: [{ id: 'd1~203001081000', hour: '10:00' }] },
        { method: 'POST', path: '/api/bookings/b5/reschedule', body: { ...b, start: '2030-01-08T10:00:00Z' } },
      ],
    );
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.myBookings.reschedule })));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.querySelector(`[data-date="${day}"]`)).not.toBeNull());
    await act(async () => void fireEvent.click(dialog.querySelector<HTMLElement>(`[data-date="${day}"]`)!));
    await act(async () => void fireEvent.click(await within(dialog).findByRole('button', { name: '10:00' })));
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.myBookings.rescheduleConfirm })));
    await screen.findByText(t.myBookings.rescheduled);
    expect(fetchMock!.calls.find((c) => c.method === 'POST')!.body).toEqual({ availability_id: 'd1~203001081000' });
  });
});
