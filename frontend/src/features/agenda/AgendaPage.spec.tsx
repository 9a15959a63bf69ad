/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AGENDA_CHANGED, AGENDA_WATCH, type AgendaItem } from '@studio/contracts';
import { it as t } from '../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../test/renderWithStore';
import { FakeSocket } from '../../test/fakeSocket';
import { AgendaPage } from './AgendaPage';

const mockSocket = new FakeSocket();
jest.mock('../../lib/socket', () => ({
  getSharedSocket: () => mockSocket,
  disconnectSharedSocket: () => undefined,
}));

const routes = [
  { path: '/agenda', element: <AgendaPage /> },
  { path: '/prenotazioni/:id', element: <p>dettaglio</p> },
];
const item = (id: string, status: AgendaItem['status'], start = '2099-03-06T09:00:00Z', extra: Partial<AgendaItem> = {}): AgendaItem => ({
  id,
  start,
  end: start.replace(':00:00Z', ':30:00Z'),
  status,
  patient: { id: 'p1', name: 'Mario', surname: 'Rossi', phone: '+39 333 1234567', email: 'mario@example.it' },
  order: { id: 'O1', amountCents: 8000, status: 'placed' },
  questionnaireAnswered: true,
  noShows: 0,
  ...extra,
});

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(items: AgendaItem[], extra: Route[] = [], path = '/agenda?day=2099-03-06&view=week') {
  fetchMock = mockFetch([...extra, { method: 'GET', path: '/api/doctors/d1/agenda', body: items }]);
  const store = await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' });
  return renderRoutes(store, routes, path);
}

describe('/agenda', () => {
  test("the doctor's week: time, patient, contact, status, payment, questionnaire, no-shows, link to the detail", async () => {
    await open([
      item('b1', 'confirmed'),
      item('b2', 'cancelled', '2099-03-07T10:00:00Z', { order: { id: 'O2', amountCents: 5000, status: 'refunded' }, questionnaireAnswered: false, noShows: 2 }),
    ]);
    const rows = await screen.findAllByRole('row');
    const b1 = rows.find((r) => r.getAttribute('data-booking-id') === 'b1')!;
    expect(b1.textContent).toContain('09:00–09:30');
    expect(b1.textContent).toContain('Mario Rossi');
    expect(within(b1).getByRole('link', { name: '+39 333 1234567' }).getAttribute('href')).toBe('tel:+39 333 1234567');
    expect(b1.textContent).toContain(t.agenda.status_.confirmed);
    expect(b1.textContent).toContain(t.agenda.answered);
    expect(within(b1).getByRole('link', { name: t.agenda.detail }).getAttribute('href')).toBe('/prenotazioni/b1');
    const b2 = rows.find((r) => r.getAttribute('data-booking-id') === 'b2')!;
    expect(b2.textContent).toContain(t.agenda.refunded);
    expect(b2.textContent).toContain(t.agenda.noShows(2));
    expect(b2.textContent).toContain(t.agenda.notAnswered);
    expect(within(b2).queryByRole('button', { name: t.agenda.cancel })).toBeNull();
    // the week of 6 March 2099 runs Monday 2 to Sunday 8
    expect(fetchMock!.calls[0].url).toBe('/api/doctors/d1/agenda?from=2099-03-02&to=2099-03-08');
  });

  test('live: watches the doctor on the socket and reads the agenda again when it changes', async () => {
    mockSocket.connect();
    await open([item('b1', 'confirmed')]);
    await screen.findByText('Mario Rossi');
    await waitFor(() => expect(mockSocket.emitted.some((e) => e.event === AGENDA_WATCH && (e.payload as { doctorId: string }).doctorId === 'd1')).toBe(true));
    fetchMock!.restore();
    fetchMock = mockFetch([{ method: 'GET', path: '/api/doctors/d1/agenda', body: [item('b1', 'cancelled')] }]);
    act(() => mockSocket.receive(AGENDA_CHANGED, { doctorId: 'd1', bookingId: 'b1', position: 7 }));
    await waitFor(() => expect(document.querySelector('[data-booking-id="b1"]')?.getAttribute('data-status')).toBe('cancelled'));
  });

  test('after a reconnection (perhaps to another instance) it watches again and reads the agenda again: changes made meanwhile were not heard', async () => {
    mockSocket.connect();
    await open([item('b1', 'confirmed')]);
    await screen.findByText('Mario Rossi');
    act(() => mockSocket.drop());
    fetchMock!.restore();
    fetchMock = mockFetch([{ method: 'GET', path: '/api/doctors/d1/agenda', body: [item('b1', 'cancelled')] }]);
    const watchesBefore = mockSocket.emitted.filter((e) => e.event === AGENDA_WATCH).length;
    act(() => mockSocket.connect());
    await waitFor(() => expect(document.querySelector('[data-booking-id="b1"]')?.getAttribute('data-status')).toBe('cancelled'));
    expect(mockSocket.emitted.filter((e) => e.event === AGENDA_WATCH).length).toBeGreaterThan(watchesBefore);
  });

  test('the doctor cancels with a required reason; the day view asks for that day only', async () => {
    await open([item('b1', 'confirmed')], [{ method: 'POST', path: '/api/bookings/b1/cancel', body: {} }], '/agenda?day=2099-03-06&view=day');
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.agenda.cancel })));
    const dialog = await screen.findByRole('dialog');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.cancelConfirm })));
    expect(within(dialog).getByText(t.agenda.cancelReasonRequired)).toBeTruthy();
    expect(fetchMock!.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(t.agenda.cancelReason), { target: { value: 'Malattia' } });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.cancelConfirm })));
    await waitFor(() => expect(fetchMock!.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = fetchMock!.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ reason: 'Malattia' });
    expect(post.headers['x-csrf-token']).toBe(CSRF);
    expect(fetchMock!.calls[0].url).toBe('/api/doctors/d1/agenda?from=2099-03-06&to=2099-03-06');
  });

  test('a past confirmed visit can be marked no-show; a refusal is shown', async () => {
    await open(
      [item('b1', 'confirmed', '2000-03-06T09:00:00Z')],
      [
        {
          method: 'POST',
          path: '/api/bookings/b1/outcome',
          status: 409,
          body: { error: { code: 'x', message: "L'esito di questa visita è già stato registrato." } },
        },
      ],
      '/agenda?day=2000-03-06&view=day',
    );
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.agenda.noShow })));
    expect((await screen.findByRole('alert')).textContent).toContain("L'esito di questa visita è già stato registrato.");
    expect(fetchMock!.calls.find((c) => c.method === 'POST')!.body).toEqual({ outcome: 'no_show' });
  });

  test('a held booking paid at the desk: method and amount in euro are sent in cents; a wrong amount is refused before sending', async () => {
    await open([item('b1', 'held')], [{ method: 'POST', path: '/api/bookings/b1/desk-payment', status: 201, body: {} }]);
    const method = await screen.findByRole('combobox', { name: t.agenda.deskMethod });
    await act(async () => void fireEvent.change(screen.getByRole('textbox', { name: t.agenda.deskAmount }), { target: { value: 'ottanta' } }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.agenda.deskPay })));
    expect(await screen.findByText(t.agenda.deskAmountInvalid)).toBeTruthy();
    await act(async () => void fireEvent.change(method, { target: { value: 'cash' } }));
    await act(async () => void fireEvent.change(screen.getByRole('textbox', { name: t.agenda.deskAmount }), { target: { value: '80,50' } }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.agenda.deskPay })));
    await waitFor(() => expect(fetchMock!.calls.some((c) => c.url === '/api/bookings/b1/desk-payment')).toBe(true));
    const call = fetchMock!.calls.find((c) => c.url === '/api/bookings/b1/desk-payment')!;
    expect(call.body).toEqual({ method: 'cash', amountCents: 8050 });
  });
});
