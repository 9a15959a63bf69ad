/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AGENDA_CHANGED, AGENDA_WATCH, type AgendaItem } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { FakeSocket } from '../../../test/fakeSocket';
import { AgendaPage } from './AgendaPage';

const mockSocket = new FakeSocket();
jest.mock('../../../lib/socket', () => ({
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
  test('a visit confirmed by the patient’s reply, and one whose reminder reached no phone, say so', async () => {
    await open([item('b1', 'confirmed', undefined, { confirmedByPatient: true, reminderUndelivered: true })]);
    const b1 = (await screen.findAllByRole('row')).find((r) => r.getAttribute('data-booking-id') === 'b1')!;
    expect([t.agenda.confirmedByPatient, t.agenda.reminderUndelivered].every((label) => b1.textContent?.includes(label))).toBe(true);
  });
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
    // on a phone each row is a card: every cell names its column (data-label, shown before the value)
    expect(Array.from((b1 as HTMLTableRowElement).cells).map((c) => c.getAttribute('data-label'))).toEqual([
      t.agenda.time,
      t.agenda.patient,
      t.agenda.phone,
      t.agenda.email,
      t.agenda.status,
      t.agenda.paid,
      t.agenda.questionnaire,
      t.agenda.actions,
    ]);
    const b2 = rows.find((r) => r.getAttribute('data-booking-id') === 'b2')!;
    expect(b2.textContent).toContain(t.agenda.refunded);
    expect(b2.textContent).toContain(t.agenda.noShows(2));
    expect(b2.textContent).toContain(t.agenda.notAnswered);
    expect(within(b2).queryByRole('button', { name: t.agenda.cancel })).toBeNull();
    // the week of 6 March 2099 runs Monday 2 to Sunday 8
    expect(fetchMock!.calls.find((c) => c.url.includes('/agenda'))?.url).toBe('/api/doctors/d1/agenda?from=2099-03-02&to=2099-03-08');
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
    // the way back is "Indietro", not "Annulla"
    expect(within(dialog).getByRole('button', { name: 'Indietro' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Annulla' })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(t.agenda.cancelReason), { target: { value: 'Malattia' } });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.cancelConfirm })));
    await waitFor(() => expect(fetchMock!.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = fetchMock!.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ reason: 'Malattia' });
    expect(post.headers['x-csrf-token']).toBe(CSRF);
    expect(fetchMock!.calls.find((c) => c.url.includes('/agenda'))?.url).toBe('/api/doctors/d1/agenda?from=2099-03-06&to=2099-03-06');
  });

  test('a past confirmed visit can be marked no-show; a refusal is shown', async () => {
    await open(
      [item('b1', 'confirmed', '2000-03-06T09:00:00Z')],
      [
        {
          method: 'POST',
          path: '/api/bookings/b1/outcome',
          status: 409,
          body: { error: { code: 'x', message: 'L’esito di questa visita è già stato registrato.' } },
        },
      ],
      '/agenda?day=2000-03-06&view=day',
    );
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.agenda.noShow })));
    const dialog = await screen.findByRole('dialog', { name: t.agenda.outcomeTitle(t.agenda.noShow) });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.outcomeConfirm(t.agenda.noShow) })));
    expect((await screen.findByRole('alert')).textContent).toContain('L’esito di questa visita è già stato registrato.');
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

  test('an amount below the visit’s price goes with the doctor’s discount and its reason', async () => {
    await open([item('b1', 'held')], [{ method: 'POST', path: '/api/bookings/b1/desk-payment', status: 201, body: {} }]);
    await act(async () => void fireEvent.change(await screen.findByRole('textbox', { name: t.agenda.deskAmount }), { target: { value: '40' } }));
    fireEvent.change(screen.getByRole('textbox', { name: t.agenda.deskDiscountReason }), { target: { value: ' Paziente del consultorio ' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.agenda.deskPay })));
    await waitFor(() => expect(fetchMock!.calls.some((c) => c.url === '/api/bookings/b1/desk-payment')).toBe(true));
    expect(fetchMock!.calls.find((c) => c.url === '/api/bookings/b1/desk-payment')!.body).toEqual({
      method: 'card',
      amountCents: 4000,
      discount: { reason: 'Paziente del consultorio' },
    });
  });

  test('a desk payment is refunded only once the desk says whether the visit is cancelled too; a PayPal payment has no desk refund', async () => {
    const desk = item('b1', 'confirmed', '2099-03-06T09:00:00Z', { order: { id: 'desk-b1', amountCents: 8000, status: 'placed' } });
    const paypal = item('b2', 'confirmed', '2099-03-06T10:00:00Z');
    await open([desk, paypal], [{ method: 'POST', path: '/api/desk-payments/desk-b1/refund', status: 201, body: { refundId: 'r', visitCancelled: true } }]);
    const refundButtons = await screen.findAllByRole('button', { name: t.agenda.deskRefund });
    expect(refundButtons).toHaveLength(1);
    expect(within(refundButtons[0].closest('tr')!).getByText(t.agenda.order('desk-b1'))).toBeTruthy();
    await act(async () => void fireEvent.click(refundButtons[0]));
    const dialog = await screen.findByRole('dialog', { name: t.agenda.deskRefundTitle });
    // nothing is chosen beforehand: both the reason and the answer are asked for, nothing is sent
    const question = within(dialog).getByRole('group', { name: t.agenda.deskRefundCancelVisit });
    const yes = within(question).getByRole('radio', { name: t.agenda.deskRefundCancelYes });
    const no = within(question).getByRole('radio', { name: t.agenda.deskRefundCancelNo });
    expect([(yes as HTMLInputElement).checked, (no as HTMLInputElement).checked]).toEqual([false, false]);
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.deskRefundConfirm })));
    expect(within(dialog).getByText(t.agenda.deskRefundReasonRequired)).toBeTruthy();
    expect(within(dialog).getByText(t.agenda.deskRefundChoiceRequired)).toBeTruthy();
    expect(fetchMock!.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(t.agenda.deskRefundReason), { target: { value: 'Il paziente non può venire' } });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.deskRefundConfirm })));
    expect(fetchMock!.calls.some((c) => c.method === 'POST')).toBe(false);
    // the choice is a native radio: reached with Tab, chosen with the keyboard's space (a click event in the DOM)
    yes.focus();
    expect(document.activeElement).toBe(yes);
    await act(async () => void fireEvent.click(yes));
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.deskRefundConfirm })));
    await waitFor(() => expect(fetchMock!.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(fetchMock!.calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Il paziente non può venire', cancelVisit: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('a desk refund that keeps the visit sends cancelVisit false; the server’s refusal stays in the dialog', async () => {
    const desk = item('b1', 'confirmed', '2099-03-06T09:00:00Z', { order: { id: 'desk-b1', amountCents: 8000, status: 'placed' } });
    await open(
      [desk],
      [
        {
          method: 'POST',
          path: '/api/desk-payments/desk-b1/refund',
          status: 409,
          body: { error: { code: 'x', message: 'Il pagamento non è ancora concluso: riprova tra poco.' } },
        },
      ],
    );
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.agenda.deskRefund })));
    const dialog = await screen.findByRole('dialog', { name: t.agenda.deskRefundTitle });
    fireEvent.change(within(dialog).getByLabelText(t.agenda.deskRefundReason), { target: { value: 'Visita offerta' } });
    await act(async () => void fireEvent.click(within(dialog).getByRole('radio', { name: t.agenda.deskRefundCancelNo })));
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.deskRefundConfirm })));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Il pagamento non è ancora concluso');
    expect(fetchMock!.calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Visita offerta', cancelVisit: false });
  });

  describe('outcome after the visit, confirmation and undo', () => {
    /** the slots' way of writing the practice's wall clock: local time as if it were UTC */
    const wall = (msFromNow: number) => {
      const d = new Date(Date.now() + msFromNow);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:00Z`;
    };
    const MIN = 60_000;
    const todayPath = () => `/agenda?day=${wall(0).slice(0, 10)}&view=day`;

    test('a visit under way offers no outcome yet, only when it can be given', async () => {
      const start = wall(-10 * MIN);
      await open([item('b1', 'confirmed', start, { end: wall(50 * MIN) })], [], todayPath());
      expect(await screen.findByText(t.agenda.outcomeAfter(wall(50 * MIN).slice(11, 16)))).toBeTruthy();
      expect(screen.queryByRole('button', { name: t.agenda.completed })).toBeNull();
      expect(screen.queryByRole('button', { name: t.agenda.noShow })).toBeNull();
    });

    test('an ended visit: "Svolta" asks first; "Indietro" sends nothing, the confirmation sends the outcome', async () => {
      await open(
        [item('b1', 'confirmed', wall(-90 * MIN), { end: wall(-30 * MIN) })],
        [{ method: 'POST', path: '/api/bookings/b1/outcome', body: {} }],
        todayPath(),
      );
      await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.agenda.completed })));
      let dialog = await screen.findByRole('dialog', { name: t.agenda.outcomeTitle(t.agenda.completed) });
      expect(within(dialog).getByText(/Mario Rossi, .*Potrai annullarlo entro 24 ore\./)).toBeTruthy();
      await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.outcomeBack })));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(fetchMock!.calls.some((c) => c.method === 'POST')).toBe(false);
      await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.agenda.completed })));
      dialog = await screen.findByRole('dialog');
      await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.outcomeConfirm(t.agenda.completed) })));
      await waitFor(() => expect(fetchMock!.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
      const post = fetchMock!.calls.find((c) => c.method === 'POST')!;
      expect(post.body).toEqual({ outcome: 'completed' });
      expect(post.headers['x-csrf-token']).toBe(CSRF);
    });

    test('"Annulla esito" within 24 hours of the outcome sends the undo; past 24 hours it is not offered', async () => {
      const recent = new Date(Date.now() - 60 * MIN).toISOString();
      const old = new Date(Date.now() - 25 * 60 * MIN).toISOString();
      await open(
        [
          item('b1', 'no_show', wall(-180 * MIN), { end: wall(-150 * MIN), outcomeAt: recent }),
          item('b2', 'completed', wall(-120 * MIN), {
            end: wall(-90 * MIN),
            outcomeAt: old,
            patient: { id: 'p2', name: 'Anna', surname: 'Bianchi', phone: '', email: '' },
          }),
        ],
        [{ method: 'POST', path: '/api/bookings/b1/outcome/undo', body: {} }],
        todayPath(),
      );
      await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.agenda.undoOutcomeFor('Mario Rossi') })));
      await waitFor(() => expect(fetchMock!.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/bookings/b1/outcome/undo']));
      expect(await screen.findByText(t.agenda.undone)).toBeTruthy();
      expect(screen.queryByRole('button', { name: t.agenda.undoOutcomeFor('Anna Bianchi') })).toBeNull();
    });
  });

  test('"Prenota il controllo": weeks 2–4, the free starts of the same visit, the chosen one held for the patient', async () => {
    const offered = (day: string) => ({
      day,
      visitType: { id: 'vt1', name: 'Prima visita', minutes: 60 },
      slots: [
        { id: 'd1~s1', hour: '09:00' },
        { id: 'd1~s2', hour: '10:30' },
      ],
    });
    await open(
      [item('b1', 'confirmed')],
      [
        { method: 'GET', path: '/api/bookings/b1/follow-up?weeks=3', body: offered('2099-03-27') },
        { method: 'GET', path: '/api/bookings/b1/follow-up?weeks=2', body: { ...offered('2099-03-20'), slots: [] } },
        { method: 'POST', path: '/api/bookings/b1/follow-up', status: 201, body: { id: 'b9', expiresAt: '2099-03-06T10:00:00Z' } },
      ],
    );
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.agenda.followUpFor('Mario Rossi') })));
    const dialog = await screen.findByRole('dialog', { name: t.agenda.followUpTitle('Mario Rossi') });
    expect(await within(dialog).findByText(/Prima visita \(60 minuti\)/)).toBeTruthy();
    // two weeks: nothing free that day
    fireEvent.change(within(dialog).getByLabelText(t.agenda.followUpWeeks), { target: { value: '2' } });
    expect(await within(dialog).findByText(t.agenda.followUpNone)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(t.agenda.followUpWeeks), { target: { value: '3' } });
    const time = await within(dialog).findByLabelText(t.agenda.followUpTime);
    expect((within(dialog).getByRole('button', { name: t.agenda.followUpConfirm }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(time, { target: { value: 'd1~s2' } });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.followUpConfirm })));
    expect(await screen.findByText(/Controllo riservato per il paziente .* alle 10:30/)).toBeTruthy();
    const post = fetchMock!.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ availability_id: 'd1~s2' });
    expect(post.headers['x-csrf-token']).toBe(CSRF);
  });

  test('"Prenota il controllo" as a series: N visits every K weeks paid at the desk; booked and skipped visits are listed', async () => {
    await open(
      [item('b1', 'completed')],
      [
        { method: 'GET', path: '/api/bookings/b1/follow-up?weeks=3', body: { day: '2099-03-27', visitType: null, slots: [] } },
        {
          method: 'POST',
          path: '/api/bookings/b1/series',
          status: 201,
          body: {
            seriesId: 's1',
            visits: [
              { index: 0, start: '2099-03-20T09:00:00Z', bookingId: 'b2' },
              { index: 1, start: '2099-04-03T09:00:00Z', skipped: 'L’orario non è disponibile.' },
            ],
          },
        },
      ],
    );
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.agenda.followUpFor('Mario Rossi') })));
    const dialog = await screen.findByRole('dialog');
    await act(async () => void fireEvent.click(within(dialog).getByLabelText(t.agenda.followUpSeries)));
    fireEvent.change(within(dialog).getByLabelText(t.agenda.seriesCount), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(t.agenda.seriesEvery), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(t.agenda.seriesMethod), { target: { value: 'cash' } });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.agenda.seriesConfirm })));
    expect(await within(dialog).findByText(t.agenda.seriesDone(1, 2))).toBeTruthy();
    expect(within(dialog).getByText(/09:00: non prenotata \(L’orario non è disponibile\.\)/)).toBeTruthy();
    const post = fetchMock!.calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/bookings/b1/series');
    expect(post.body).toEqual({ count: 2, everyWeeks: 2, method: 'cash' });
  });

  test('opened from the booking detail (?followUp=<id>), the follow-up dialog of that visit is already open', async () => {
    await open(
      [item('b1', 'confirmed'), item('b2', 'confirmed', '2099-03-06T10:00:00Z')],
      [{ method: 'GET', path: '/api/bookings/b2/follow-up?weeks=3', body: { day: '2099-03-27', visitType: null, slots: [] } }],
      '/agenda?day=2099-03-06&view=day&followUp=b2',
    );
    expect(await screen.findByRole('dialog', { name: t.agenda.followUpTitle('Mario Rossi') })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await waitFor(() => expect(fetchMock!.calls.some((c) => c.url === '/api/bookings/b2/follow-up?weeks=3')).toBe(true));
  });
});

describe('the front desk’s doctor is remembered between pages', () => {
  afterEach(() => window.localStorage.clear());

  test('/agenda without ?for= opens on the doctor last chosen, if that doctor still exists; choosing one remembers it', async () => {
    window.localStorage.setItem('studio-medico.medico-scelto', 'd2');
    fetchMock = mockFetch([
      {
        method: 'GET',
        path: '/api/doctors',
        body: [
          { id: 'd1', name: 'Giulia Rossi', startHour: 9, endHour: 13 },
          { id: 'd2', name: 'Marco Bianchi', startHour: 14, endHour: 18 },
        ],
      },
      { method: 'GET', path: '/api/doctors/d2/agenda', body: [item('b7', 'confirmed')] },
      { method: 'GET', path: '/api/doctors/d1/agenda', body: [] },
    ]);
    const store = await storeWithSession({ id: 'a', role: 'admin', name: 'Segreteria' });
    const { router } = renderRoutes(store, routes, '/agenda?day=2099-03-06&view=week');
    await waitFor(() => expect(router.state.location.search).toContain('for=d2'));
    await screen.findByText('Mario Rossi');
    fireEvent.change(screen.getByLabelText(t.agenda.doctor), { target: { value: 'd1' } });
    await waitFor(() => expect(window.localStorage.getItem('studio-medico.medico-scelto')).toBe('d1'));
  });

  test('a remembered doctor who no longer exists is not chosen', async () => {
    window.localStorage.setItem('studio-medico.medico-scelto', 'gone');
    fetchMock = mockFetch([{ method: 'GET', path: '/api/doctors', body: [{ id: 'd1', name: 'Giulia Rossi', startHour: 9, endHour: 13 }] }]);
    const store = await storeWithSession({ id: 'a', role: 'admin', name: 'Segreteria' });
    const { router } = renderRoutes(store, routes, '/agenda');
    await screen.findByLabelText(t.agenda.doctor);
    expect(router.state.location.search).not.toContain('for=');
  });
});
