/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, screen, waitFor, within } from '@testing-library/react';
import { AGENDA_CHANGED, type AgendaItem } from '@studio/contracts';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { FakeSocket } from '../../../test/fakeSocket';
import { TodayAtPractice } from './TodayAtPractice';

const mockSocket = new FakeSocket();
jest.mock('../../../lib/socket', () => ({
  getSharedSocket: () => mockSocket,
  disconnectSharedSocket: () => undefined,
}));

const DAY = '2099-03-06';
const item = (id: string, status: AgendaItem['status'], hour: string, name: string): AgendaItem => ({
  id,
  start: `${DAY}T${hour}:00Z`,
  end: `${DAY}T${hour.replace(':00', ':30')}:00Z`,
  status,
  patient: { id: `p-${id}`, name, surname: 'Rossi', phone: '+39 333 1234567', email: 'p@example.it' },
  order: null,
  questionnaireAnswered: true,
  noShows: 0,
});
const doctors = [
  { id: 'd1', name: 'Giulia Rossi', startHour: 9, endHour: 13 },
  { id: 'd2', name: 'Marco Bianchi', startHour: 9, endHour: 13 },
];

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

describe("the front desk's day (/home of the administrator)", () => {
  test('every doctor has a card with today’s appointments in time order, shortcuts to agenda and calendar, and a desk payment for what is still to pay', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/doctors', body: doctors },
      {
        method: 'GET',
        path: `/api/doctors/d1/agenda?from=${DAY}&to=${DAY}`,
        body: [item('b2', 'confirmed', '10:00', 'Anna'), item('b1', 'held', '09:00', 'Luca')],
      },
      { method: 'GET', path: `/api/doctors/d2/agenda?from=${DAY}&to=${DAY}`, body: [] },
    ]);
    const store = await storeWithSession({ id: 'a', role: 'admin', name: 'Segreteria' });
    renderRoutes(store, [{ path: '/home', element: <TodayAtPractice today={DAY} /> }], '/home');
    const cards = await screen.findAllByTestId('today-doctor');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    await waitFor(() => expect(first.getAllByTestId('today-appointment')).toHaveLength(2));
    const rows = first.getAllByTestId('today-appointment');
    expect(rows[0].textContent).toContain('09:00–09:30');
    expect(rows[0].textContent).toContain('Luca Rossi');
    expect(within(rows[0]).getByRole('link', { name: 'Pagamento allo studio' }).getAttribute('href')).toBe(`/agenda?for=d1&view=day&day=${DAY}`);
    expect(within(rows[1]).queryByRole('link', { name: 'Pagamento allo studio' })).toBeNull();
    expect(first.getByRole('link', { name: 'Calendario' }).getAttribute('href')).toBe('/disponibilita?for=d1');
    expect(await within(cards[1]).findByText('Nessun appuntamento oggi.')).toBeTruthy();
  });

  test('live: a change to a doctor’s appointments reads that doctor’s day again', async () => {
    mockSocket.connect();
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/doctors', body: [doctors[0]] },
      { method: 'GET', path: `/api/doctors/d1/agenda?from=${DAY}&to=${DAY}`, body: [] },
    ]);
    const store = await storeWithSession({ id: 'a', role: 'admin', name: 'Segreteria' });
    renderRoutes(store, [{ path: '/home', element: <TodayAtPractice today={DAY} /> }], '/home');
    await screen.findByText('Nessun appuntamento oggi.');
    fetchMock.restore();
    fetchMock = mockFetch([{ method: 'GET', path: `/api/doctors/d1/agenda?from=${DAY}&to=${DAY}`, body: [item('b9', 'confirmed', '11:00', 'Sara')] }]);
    act(() => mockSocket.receive(AGENDA_CHANGED, { doctorId: 'd1', bookingId: 'b9', position: 3 }));
    expect(await screen.findByText('Sara Rossi')).toBeTruthy();
  });
});
