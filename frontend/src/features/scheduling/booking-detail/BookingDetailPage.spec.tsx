/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { screen, within } from '@testing-library/react';
import type { BookingView, PatientAnswersResponse, SessionUser } from '@studio/contracts';
import { localClock } from '../../../lib/dates';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { BookingDetailPage } from './BookingDetailPage';

const routes = [{ path: '/prenotazioni/:id', element: <BookingDetailPage /> }];
const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
const booking: BookingView = {
  id: 'b1',
  patientId: 'p1',
  doctorId: 'd1',
  doctorName: 'Giulia Rossi',
  slotId: 'd1~203001072330',
  start: '2030-01-07T23:30:00Z',
  end: '2030-01-08T00:00:00Z',
  status: 'held',
  expiresAt,
};
const answers: PatientAnswersResponse = {
  patientId: 'p1',
  questionnaires: [
    {
      questionnaire: {
        id: 'q1',
        doctorId: 'd1',
        title: 'Anamnesi',
        definedAt: '2029-12-01T10:00:00Z',
        version: 1,
        active: true,
        questions: [
          {
            id: 'allergie',
            text: 'Hai allergie?',
            kind: 'radio',
            options: [
              { value: 'no', label: 'No' },
              { value: 'si', label: 'Sì', enabler: true },
            ],
            textInput: { label: 'Quali?' },
          },
          {
            id: 'sintomi',
            text: 'Quali sintomi hai?',
            kind: 'checkbox',
            options: [
              { value: 'febbre', label: 'Febbre' },
              { value: 'tosse', label: 'Tosse' },
              { value: 'mal_di_testa', label: 'Mal di testa' },
            ],
          },
        ],
      },
      answers: { allergie: { choices: ['si'], text: 'Pollini' }, sintomi: { choices: ['febbre', 'tosse'] } },
      answeredAt: '2030-01-05T08:00:00Z',
    },
  ],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(user: SessionUser, extra: Route[], shown: BookingView = booking) {
  fetchMock = mockFetch([{ method: 'GET', path: '/prenotazioni/b1', body: shown }, ...extra]);
  const store = await storeWithSession(user);
  return renderRoutes(store, routes, '/prenotazioni/b1');
}

const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Giulia Rossi' };

describe('/prenotazioni/:id', () => {
  test('a doctor sees the booking (UTC wall-clock, status, expiry) and the patient’s answers', async () => {
    await open(doctor, [{ method: 'GET', path: '/api/patients/p1/answers', body: answers }]);
    await screen.findByText('Giulia Rossi');
    expect(screen.getByText(t.myBookings.when('lunedì 7 gennaio 2030', '23:30', '00:00'))).toBeTruthy();
    expect(screen.getByText(t.myBookings.status.held)).toBeTruthy();
    expect(screen.getByText(localClock(expiresAt))).toBeTruthy();
    expect(fetchMock!.calls[0].headers.accept).toBe('application/json');

    const card = (await screen.findByRole('heading', { name: 'Anamnesi' })).closest('article')!;
    const allergies = card.querySelector('[data-question-id="allergie"]')!;
    expect(allergies.textContent).toContain('Hai allergie?');
    expect(allergies.textContent).toContain('Sì');
    expect(allergies.textContent).toContain('Quali?: Pollini');
    expect(card.querySelector('[data-question-id="sintomi"]')!.textContent).toContain('Febbre, Tosse');
    expect(within(card).queryByText(/Mal di testa/)).toBeNull();

    expect(screen.getByRole('link', { name: t.bookingDetail.backToCalendar }).getAttribute('href')).toBe('/disponibilita');
  });

  test('a paid booking links its fiscal receipt PDF', async () => {
    await open(
      doctor,
      [
        { method: 'GET', path: '/api/patients/p1/answers', body: { patientId: 'p1', questionnaires: [] } },
        { method: 'GET', path: '/api/fiscal/bookings/b1/receipts', body: [{ orderId: 'PP-1', label: '3/2030', creditNote: null }] },
      ],
      { ...booking, status: 'confirmed' },
    );
    const link = await screen.findByRole('link', { name: t.orders.fiscalReceipt('3/2030') });
    expect(link.getAttribute('href')).toBe('/api/orders/PP-1/receipt.pdf');
  });

  test('staff see who is coming and how to reach them; links back to the calendar and the agenda', async () => {
    const withPatient = {
      ...booking,
      status: 'confirmed',
      patient: { id: 'p1', name: 'Mario', surname: 'Rossi', phone: '3331234567', email: 'mario@example.it', taxcode: 'RSSMRA85T10A562S' },
    };
    fetchMock = mockFetch([
      { method: 'GET', path: '/prenotazioni/b1', body: withPatient },
      { method: 'GET', path: '/api/patients/p1/answers', body: { patientId: 'p1', questionnaires: [] } },
    ]);
    renderRoutes(await storeWithSession(doctor), routes, '/prenotazioni/b1');
    const section = (await screen.findByRole('heading', { name: t.bookingDetail.patientTitle })).closest('section')!;
    expect(section.textContent).toContain('Mario Rossi');
    expect(within(section).getByRole('link', { name: '3331234567' }).getAttribute('href')).toBe('tel:3331234567');
    expect(within(section).getByRole('link', { name: 'mario@example.it' }).getAttribute('href')).toBe('mailto:mario@example.it');
    expect(section.textContent).toContain('RSSMRA85T10A562S');
    expect(screen.getByRole('link', { name: t.bookingDetail.backToAgenda }).getAttribute('href')).toBe('/agenda');
    // "Prenota il controllo" opens that day's agenda with the dialog for this visit
    expect(screen.getByRole('link', { name: t.bookingDetail.followUp }).getAttribute('href')).toBe('/agenda?day=2030-01-07&view=day&followUp=b1');
  });

  test('a held booking offers no follow-up', async () => {
    await open(doctor, [{ method: 'GET', path: '/api/patients/p1/answers', body: { patientId: 'p1', questionnaires: [] } }]);
    await screen.findByText('Giulia Rossi');
    expect(screen.queryByRole('link', { name: t.bookingDetail.followUp })).toBeNull();
  });

  test('the admin: the empty state, and back to that doctor’s calendar', async () => {
    await open({ id: 'a1', role: 'admin', name: 'Segreteria' }, [
      { method: 'GET', path: '/api/patients/p1/answers', body: { patientId: 'p1', questionnaires: [] } },
    ]);
    await screen.findByText(t.bookingDetail.noAnswers);
    expect(screen.getByRole('link', { name: t.bookingDetail.backToCalendar }).getAttribute('href')).toBe('/disponibilita?for=d1');
  });

  test("a 403 on the answers shows the server's message and what to do", async () => {
    await open(doctor, [
      {
        method: 'GET',
        path: '/api/patients/p1/answers',
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'Puoi vedere solo le risposte dei tuoi pazienti.' } },
      },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Puoi vedere solo le risposte dei tuoi pazienti.');
    expect(alert.textContent).toContain(t.bookingDetail.answersForbiddenHint);
    expect(screen.getByText('Giulia Rossi')).toBeTruthy();
  });

  test("a 403 on the booking shows the server's message", async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/prenotazioni/b1', status: 403, body: { error: { code: 'FORBIDDEN', message: 'Non puoi vedere questa prenotazione.' } } },
    ]);
    const store = await storeWithSession({ id: 'p2', role: 'patient', name: 'Anna Bianchi' });
    renderRoutes(store, routes, '/prenotazioni/b1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Non puoi vedere questa prenotazione.');
    expect(alert.textContent).toContain(t.bookingDetail.forbiddenHint);
  });

  test('the patient sees their booking without the answers section, and goes back home', async () => {
    await open({ id: 'p1', role: 'patient', name: 'Luca Verdi' }, []);
    await screen.findByText('Giulia Rossi');
    expect(screen.getByRole('link', { name: t.bookingDetail.backHome }).getAttribute('href')).toBe('/home');
    expect(screen.queryByText(t.bookingDetail.answersTitle)).toBeNull();
    expect(fetchMock!.calls.some((c) => c.url.includes('/answers'))).toBe(false);
  });
});
