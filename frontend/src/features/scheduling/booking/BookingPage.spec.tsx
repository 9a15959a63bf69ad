/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AVAILABILITY_CHANGED, SLOT_COLORS, type SessionUser, type SlotStatus } from '@studio/contracts';
import { api } from '../../../lib/api';
import { dayLong, nextDays } from '../../../lib/dates';
import { PENDING_BOOKING_KEY } from '../../../lib/pendingBooking';
import type { AppStore } from '../../../app/store';
import { it as t } from '../../../i18n/it';
import { FakeSocket } from '../../../test/fakeSocket';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { BookingPage } from './BookingPage';

const mockSocket = new FakeSocket();
jest.mock('../../../lib/socket', () => ({
  getSharedSocket: () => mockSocket,
  disconnectSharedSocket: () => {},
}));

const patient: SessionUser = { id: 'p1', role: 'patient', name: 'Luca Verdi' };
const [today, day1, day2, day3] = nextDays(new Date(), 4);
const id = (date: string, hour: string) => `d1~${date.replace(/-/g, '')}${hour.replace(':', '')}`;
const slot = (date: string, hour: string) => ({ id: id(date, hour), hour });

const routes = [
  { path: '/prenota', element: <BookingPage /> },
  { path: '/registrazione', element: <p>pagina di registrazione</p> },
  { path: '/prenota/questionario', element: <p>pagina del questionario</p> },
];

function baseRoutes(): Route[] {
  return [
    { method: 'GET', path: '/api/doctors', body: [{ id: 'd1', name: 'Giulia Rossi', startHour: 8, endHour: 19 }] },
    { method: 'GET', path: '/api/doctors/d1/visit-types', body: [] },
    {
      method: 'GET',
      path: /^\/api\/doctors\/d1\/days\?/,
      body: [
        { date: day1, free: 2 },
        { date: day2, free: 1 },
      ],
    },
    { method: 'GET', path: `/disponibilita/query?for=d1&date=${day1}`, body: [slot(day1, '09:00'), slot(day1, '10:00')] },
    { method: 'GET', path: `/disponibilita/query?for=d1&date=${day2}`, body: [slot(day2, '11:30')] },
  ];
}

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

let fetchMock: ReturnType<typeof mockFetch>;
let current: AppStore | undefined;
beforeEach(() => {
  mockSocket.emitted = [];
  mockSocket.connected = true;
  sessionStorage.clear();
});
afterEach(async () => {
  current?.dispatch(api.util.resetApiState());
  current = undefined;
  await flush();
  fetchMock?.restore();
});

async function open(user: SessionUser | null = patient, extra: Route[] = [], path = '/prenota') {
  fetchMock = mockFetch([...extra, ...baseRoutes()]);
  const store = await storeWithSession(user);
  current = store;
  const view = renderRoutes(store, routes, path);
  return { store, ...view };
}

const form = () => document.getElementById('doing_booking') as HTMLFormElement;
const hidden = (name: string) => (form().querySelector(`input[type=hidden][name=${name}]`) as HTMLInputElement).value;
const submitButton = () => form().querySelector('button[type=submit]') as HTMLButtonElement;
const dayButton = (date: string) => form().querySelector(`[data-date="${date}"]`) as HTMLButtonElement;
const hourButton = (hour: string) => form().querySelector(`[data-hour="${hour}"]`) as HTMLButtonElement | null;
const pressed = (selector: string) => [...form().querySelectorAll(`${selector}[aria-pressed=true]`)];

/** the doctor's field once the doctors have come (until then it is there, disabled: DoctorSelectLoading) */
const doctorField = () =>
  waitFor(() => {
    const field = screen.getByLabelText(t.booking.doctor) as HTMLSelectElement;
    expect(field.disabled).toBe(false);
    return field;
  });

async function chooseDoctor() {
  fireEvent.change(await doctorField(), { target: { value: 'd1' } });
  await waitFor(() => expect(dayButton(day1).disabled).toBe(false));
}
async function chooseDay(date: string) {
  fireEvent.click(dayButton(date));
  await waitFor(() => expect(form().querySelectorAll('[data-hour]').length).toBeGreaterThan(0));
}
/** a change pushed by the server; RTK batches cache notifications to the next animation frame, then the page updates */
async function liveChange(date: string, hour: string, status: SlotStatus, position: number) {
  act(() =>
    mockSocket.receive(AVAILABILITY_CHANGED, {
      doctorId: 'd1',
      position,
      slot: { id: id(date, hour), start: `${date}T${hour}:00Z`, end: `${date}T${hour}:30Z`, status, ...SLOT_COLORS[status] },
    }),
  );
  await act(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

describe('BookingPage (/prenota, #doing_booking)', () => {
  test('while the doctors load: their field, disabled, and the line under it, so nothing moves when they come', async () => {
    let answerDoctors!: () => void;
    const doctorsAnswered = new Promise<void>((resolve) => (answerDoctors = resolve));
    await open(patient, [{ ...baseRoutes()[0], wait: doctorsAnswered }]);
    const loading = screen.getByLabelText(t.booking.doctor) as HTMLSelectElement;
    expect(loading.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(t.app.loading);
    const under = screen.getByText(t.booking.chooseDoctor);
    await act(async () => answerDoctors());
    expect((await doctorField()).disabled).toBe(false);
    expect(screen.getByText(t.booking.chooseDoctor).className).toBe(under.className);
  });

  test('initially: hidden doctor_id and availability_id 0, the button disabled with the specified text', async () => {
    await open();
    await doctorField();
    expect(form().tagName).toBe('FORM');
    expect(hidden('doctor_id')).toBe('');
    expect(hidden('availability_id')).toBe('0');
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().textContent).toBe("Seleziona prima un giorno e un'ora per procedere");
    expect(submitButton().classList.contains('lockable')).toBe(true);
  });

  test("the doctor's next 4 weeks: days with free hours are buttons, the others disabled", async () => {
    await open();
    await chooseDoctor();
    expect(hidden('doctor_id')).toBe('d1');
    expect(form().querySelectorAll('[data-date]')).toHaveLength(28);
    expect(dayButton(today).disabled).toBe(true);
    expect(dayButton(day1).disabled).toBe(false);
    expect(dayButton(day2).disabled).toBe(false);
    expect(dayButton(day3).disabled).toBe(true);
    const call = fetchMock.calls.find((c) => c.url.startsWith('/api/doctors/d1/days'))!;
    const query = new URL(call.url, 'http://x').searchParams;
    expect(query.get('from')).toBe(today);
    expect(query.get('to')).toBe(nextDays(new Date(), 28)[27]);
    expect(submitButton().disabled).toBe(true);
  });

  test('day → its hours from /disponibilita/query, button still disabled; hour → availability_id, "Salva" enabled; one of each highlighted', async () => {
    await open();
    await chooseDoctor();
    await chooseDay(day1);
    expect(fetchMock.calls.some((c) => c.url === `/disponibilita/query?for=d1&date=${day1}`)).toBe(true);
    expect(hidden('availability_id')).toBe('0');
    expect(submitButton().disabled).toBe(true);
    expect(pressed('[data-date]')).toEqual([dayButton(day1)]);

    fireEvent.click(hourButton('09:00')!);
    expect(hidden('availability_id')).toBe(id(day1, '09:00'));
    expect(submitButton().textContent).toBe('Salva');
    expect(submitButton().disabled).toBe(false);
    expect(pressed('[data-hour]')).toEqual([hourButton('09:00')]);

    fireEvent.click(hourButton('10:00')!);
    expect(hidden('availability_id')).toBe(id(day1, '10:00'));
    expect(pressed('[data-hour]')).toEqual([hourButton('10:00')]);

    // another day: the hours are cleared and reloaded, availability_id back to 0, disabled again
    fireEvent.click(dayButton(day2));
    expect(hidden('availability_id')).toBe('0');
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().textContent).toBe(t.booking.submitChoose);
    expect(hourButton('10:00')).toBeNull();
    await waitFor(() => expect(hourButton('11:30')).not.toBeNull());
    expect(pressed('[data-date]')).toEqual([dayButton(day2)]);
    expect(pressed('[data-hour]')).toEqual([]);
  });

  test('choosing the same day again reloads its hours and unchooses the hour', async () => {
    await open();
    await chooseDoctor();
    await chooseDay(day1);
    fireEvent.click(hourButton('09:00')!);
    const loads = () => fetchMock.calls.filter((c) => c.url === `/disponibilita/query?for=d1&date=${day1}`).length;
    const before = loads();
    fireEvent.click(dayButton(day1));
    expect(hidden('availability_id')).toBe('0');
    await waitFor(() => expect(loads()).toBe(before + 1));
    await waitFor(() => expect(hourButton('09:00')).not.toBeNull());
  });

  test('live: the chosen hour taken elsewhere vanishes, is unchosen, and an alert says so; new slots and days appear', async () => {
    await open();
    await chooseDoctor();
    await chooseDay(day1);
    const watch = mockSocket.watches().find((w) => (w.payload as { doctorId: string }).doctorId === 'd1')!;
    act(() => watch.ack!({ ok: true, position: 10 }));
    await screen.findByText(t.booking.live.online);

    fireEvent.click(hourButton('09:00')!);
    expect(submitButton().disabled).toBe(false);

    await liveChange(day1, '09:00', 'held', 11);
    expect(hourButton('09:00')).toBeNull();
    expect(hidden('availability_id')).toBe('0');
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().textContent).toBe(t.booking.submitChoose);
    expect(screen.getByRole('alert').textContent).toContain(t.booking.hourTaken);

    // an hour that opens appears in the shown day; a day that gets a free hour becomes choosable
    await liveChange(day1, '12:00', 'available', 12);
    expect(hourButton('12:00')).not.toBeNull();
    // the hour chosen next turns 'unavailable', all a patient's socket may say of a closed or taken hour: the alert
    // says it is gone and blames nobody
    fireEvent.click(hourButton('12:00')!);
    await liveChange(day1, '12:00', 'unavailable', 13);
    expect(hourButton('12:00')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(t.booking.hourGone);
    expect(dayButton(day3).disabled).toBe(true);
    await liveChange(day3, '15:00', 'available', 14);
    expect(dayButton(day3).disabled).toBe(false);

    // the last free hour of a day goes: the day is no longer choosable
    await liveChange(day2, '11:30', 'held', 15);
    expect(dayButton(day2).disabled).toBe(true);
  });

  test('live: the chosen day losing its last free hour is unchosen with a notice', async () => {
    await open();
    await chooseDoctor();
    fireEvent.click(dayButton(day2));
    await waitFor(() => expect(hourButton('11:30')).not.toBeNull());
    await liveChange(day2, '11:30', 'booked', 20);
    expect(dayButton(day2).disabled).toBe(true);
    expect(pressed('[data-date]')).toEqual([]);
    expect(screen.getByRole('alert').textContent).toContain(t.booking.dayFull);
  });

  test('a visitor pressing Salva: the choice is kept in this tab and the registration page opens', async () => {
    const { router } = await open(null);
    await chooseDoctor();
    await chooseDay(day1);
    fireEvent.click(hourButton('10:00')!);
    await act(async () => void fireEvent.click(submitButton()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registrazione'));
    expect(JSON.parse(sessionStorage.getItem(PENDING_BOOKING_KEY)!)).toEqual({
      doctorId: 'd1',
      availabilityId: id(day1, '10:00'),
      date: day1,
      hour: '10:00',
    });
    expect(fetchMock.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  test('a patient pressing Salva holds the slot (CSRF) and goes to the questionnaire step', async () => {
    const { router } = await open(patient, [{ method: 'POST', path: '/prenotazioni', status: 201, body: { id: 'b1', expiresAt: '2030-01-01T10:15:00Z' } }]);
    await chooseDoctor();
    await chooseDay(day1);
    fireEvent.click(hourButton('09:00')!);
    await act(async () => void fireEvent.click(submitButton()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prenota/questionario'));
    expect(router.state.location.search).toBe('?booking=b1&doctor=d1');
    expect(router.state.location.state).toEqual({ expiresAt: '2030-01-01T10:15:00Z' });
    const post = fetchMock.calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/prenotazioni');
    expect(post.body).toEqual({ doctor_id: 'd1', availability_id: id(day1, '09:00') });
    expect(post.headers['x-csrf-token']).toBe(CSRF);
  });

  test('a doctor with visit types: the visit type first (length, price), then the days and starts where it fits; Salva holds it', async () => {
    const firstVisit = {
      id: 'vt1',
      doctorId: 'd1',
      productId: 'pr1',
      name: 'Prima visita',
      minutes: 60,
      priceCents: 9000,
      mode: 'studio',
      firstVisitOnly: true,
      bufferMinutes: 0,
      noticeMinutes: 120,
      horizonDays: 60,
      questionnaireIds: [],
      archived: false,
    };
    const { router } = await open(patient, [
      { method: 'GET', path: '/api/doctors/d1/visit-types', body: [firstVisit] },
      { method: 'GET', path: `/disponibilita/query?for=d1&date=${day1}&type=vt1`, body: [slot(day1, '09:00')] },
      { method: 'POST', path: '/prenotazioni', status: 201, body: { id: 'b1', expiresAt: '2030-01-01T10:15:00Z' } },
    ]);
    fireEvent.change(await doctorField(), { target: { value: 'd1' } });
    await waitFor(() => expect(form().querySelector('[data-visit-type-id="vt1"]')).not.toBeNull());
    const typeButton = form().querySelector('[data-visit-type-id="vt1"]') as HTMLButtonElement;
    expect(typeButton.textContent).toContain('Prima visita');
    expect(typeButton.textContent).toContain('60 minuti');
    expect(typeButton.textContent).toContain(t.booking.firstVisitOnly);
    // no days before the visit type is chosen; the button keeps the specified text
    expect(dayButton(day1)).toBeNull();
    expect(submitButton().textContent).toBe(t.booking.submitChoose);
    fireEvent.click(typeButton);
    await waitFor(() => expect(dayButton(day1).disabled).toBe(false));
    expect(fetchMock.calls.some((c) => c.url.startsWith('/api/doctors/d1/days?') && c.url.includes('type=vt1'))).toBe(true);
    expect(screen.getByTestId('visit-price').textContent).toMatch(/90,00/);
    fireEvent.click(dayButton(day1));
    await waitFor(() => expect(hourButton('09:00')).not.toBeNull());
    expect(hourButton('10:00')).toBeNull();
    fireEvent.click(hourButton('09:00')!);
    expect(submitButton().textContent).toBe(t.booking.submit);
    await act(async () => void fireEvent.click(submitButton()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prenota/questionario'));
    const post = fetchMock.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ doctor_id: 'd1', availability_id: id(day1, '09:00'), visit_type: 'vt1' });
  });

  test('/prenota?medico=<slug>&tipo=<id> (a public page’s "Prenota") starts with the doctor and the visit type chosen', async () => {
    const visit = { id: 'vt1', doctorId: 'd1', productId: 'pr1', name: 'Controllo', minutes: 30, priceCents: 5000, mode: 'online', bufferMinutes: 0 };
    const types = [{ ...visit, firstVisitOnly: false, noticeMinutes: 0, horizonDays: 60, questionnaireIds: [], archived: false }];
    const doctors = [{ id: 'd1', name: 'Giulia Rossi', slug: 'giulia-rossi', startHour: 8, endHour: 19 }];
    const routes: Route[] = [
      { method: 'GET', path: '/api/doctors', body: doctors },
      { method: 'GET', path: '/api/doctors/d1/visit-types', body: types },
    ];
    await open(null, routes, '/prenota?medico=giulia-rossi&tipo=vt1');
    await waitFor(() => expect(dayButton(day1)?.disabled).toBe(false));
    expect(hidden('doctor_id')).toBe('d1');
    expect(form().querySelector('[data-visit-type-id="vt1"]')?.getAttribute('aria-pressed')).toBe('true');
    expect(fetchMock.calls.some((c) => c.url.startsWith('/api/doctors/d1/days?') && c.url.includes('type=vt1'))).toBe(true);
  });

  test('?sede=<id>: the hours of that location only, each saying where it is; another location unchooses the hour', async () => {
    const place = (name: string, i: number) => ({ id: `l${i + 1}`, name, address: `Via ${i}`, phone: '', notes: '', mapUrl: '', rooms: [] });
    const hoursAt = (l: string, hour: string): Route => ({
      method: 'GET',
      path: `/disponibilita/query?for=d1&date=${day1}&location=${l}`,
      body: [{ ...slot(day1, hour), locationId: l }],
    });
    const routes: Route[] = [
      { method: 'GET', path: '/api/locations', body: ['Sede centro', 'Sede nord'].map(place) },
      hoursAt('l2', '11:00'),
      hoursAt('l1', '09:00'),
    ];
    await open(null, routes, '/prenota?medico=d1&sede=l2');
    await waitFor(() => expect(dayButton(day1)?.disabled).toBe(false));
    expect(((await screen.findByLabelText(t.booking.location)) as HTMLSelectElement).value).toBe('l2');
    expect(fetchMock.calls.some((c) => c.url.startsWith('/api/doctors/d1/days?') && c.url.includes('location=l2'))).toBe(true);
    await chooseDay(day1);
    expect(hourButton('11:00')!.textContent).toBe('11:00Sede nord');
    fireEvent.click(hourButton('11:00')!);
    expect(hidden('availability_id')).toBe(id(day1, '11:00'));
    fireEvent.change(screen.getByLabelText(t.booking.location), { target: { value: 'l1' } });
    await waitFor(() => expect(hourButton('09:00')?.textContent).toBe('09:00Sede centro'));
    expect(hidden('availability_id')).toBe('0');
  });

  test("409: the server's message, the hour unchosen, the lists reloaded", async () => {
    await open(patient, [
      {
        method: 'POST',
        path: '/prenotazioni',
        status: 409,
        body: { error: { code: 'SLOT_TAKEN', message: 'Questo orario è appena stato prenotato da un altro paziente.' } },
      },
    ]);
    await chooseDoctor();
    await chooseDay(day1);
    fireEvent.click(hourButton('09:00')!);
    const loads = (prefix: string) => fetchMock.calls.filter((c) => c.url.startsWith(prefix)).length;
    const days = loads('/api/doctors/d1/days');
    const hours = loads('/disponibilita/query');
    await act(async () => void fireEvent.click(submitButton()));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Questo orario è appena stato prenotato da un altro paziente.'));
    expect(hidden('availability_id')).toBe('0');
    await waitFor(() => expect(submitButton().textContent).toBe(t.booking.submitChoose));
    expect(submitButton().disabled).toBe(true);
    await waitFor(() => expect(loads('/api/doctors/d1/days')).toBe(days + 1));
    await waitFor(() => expect(loads('/disponibilita/query')).toBe(hours + 1));
  });

  test('a choice kept before logging in comes back chosen', async () => {
    sessionStorage.setItem(PENDING_BOOKING_KEY, JSON.stringify({ doctorId: 'd1', availabilityId: id(day1, '10:00'), date: day1, hour: '10:00' }));
    await open();
    await waitFor(() => expect(hourButton('10:00')?.getAttribute('aria-pressed')).toBe('true'));
    expect(hidden('doctor_id')).toBe('d1');
    expect(hidden('availability_id')).toBe(id(day1, '10:00'));
    expect(submitButton().textContent).toBe('Salva');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(within(form()).getByText(t.booking.chosen('Giulia Rossi', dayLong(day1), '10:00'))).toBeTruthy();
  });

  test('a kept choice taken meanwhile comes back unchosen, with the notice', async () => {
    sessionStorage.setItem(PENDING_BOOKING_KEY, JSON.stringify({ doctorId: 'd1', availabilityId: id(day1, '08:00'), date: day1, hour: '08:00' }));
    await open();
    await waitFor(() => expect(hourButton('09:00')).not.toBeNull());
    expect(hidden('availability_id')).toBe('0');
    expect(screen.getByRole('alert').textContent).toContain(t.booking.hourGone);
  });
});
