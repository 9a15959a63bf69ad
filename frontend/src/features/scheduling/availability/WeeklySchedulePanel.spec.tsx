/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DoctorSummary } from '@studio/contracts';
import { MemoryRouter } from 'react-router-dom';
import { it as t } from '../../../i18n/it';
import { CSRF, renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { WeeklySchedulePanel } from './WeeklySchedulePanel';

const a = t.availability;
const doctor: DoctorSummary = { id: 'd1', name: 'Giulia Rossi', slug: 'giulia-rossi', startHour: 8, endHour: 19 };
const SCHEDULE = '/api/doctors/d1/weekly-schedule';
const monday = [{ from: '09:00', to: '13:00' }];
const saved = { days: [monday, [], [], [], [], [], []] };
let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(routes: Route[]) {
  fetchMock = mockFetch(routes);
  renderWithStore(
    await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' }),
    <MemoryRouter>
      <WeeklySchedulePanel doctor={doctor} today="2030-03-06" />
    </MemoryRouter>,
  );
}
const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const calls = (method: string, path: string) => fetchMock!.calls.filter((c) => c.method === method && c.url === path);

describe('WeeklySchedulePanel ("Orario settimanale")', () => {
  test('shows the saved week; ranges are added, Monday is copied onto the weekdays, and the whole week is saved', async () => {
    await open([
      { method: 'GET', path: SCHEDULE, body: saved },
      { method: 'PUT', path: SCHEDULE, body: saved },
    ]);
    await waitFor(() => expect(select(a.weeklyFrom('Lunedì', 1)).value).toBe('09:00'));
    expect(select(a.weeklyTo('Lunedì', 1)).value).toBe('13:00');
    // a second range on Monday afternoon: several ranges a day
    await click(screen.getByRole('button', { name: a.weeklyAddRange('Lunedì') }));
    expect(select(a.weeklyFrom('Lunedì', 2)).value).toBe('14:00');
    fireEvent.change(select(a.weeklyTo('Lunedì', 2)), { target: { value: '19:00' } });
    await click(screen.getByRole('button', { name: a.weeklyCopyMonday }));
    expect(select(a.weeklyTo('Venerdì', 2)).value).toBe('19:00');
    expect(screen.queryByLabelText(a.weeklyFrom('Sabato', 1))).toBeNull();
    await click(screen.getByRole('button', { name: a.weeklySave }));
    expect(await screen.findByText(a.weeklySaved)).toBeTruthy();
    const [put] = calls('PUT', SCHEDULE);
    expect(put.headers['x-csrf-token']).toBe(CSRF);
    const day = [
      { from: '09:00', to: '13:00' },
      { from: '14:00', to: '19:00' },
    ];
    expect(put.body).toEqual({ days: [day, day, day, day, day, [], []] });
  });

  test('overlapping ranges are refused in Italian before sending', async () => {
    await open([{ method: 'GET', path: SCHEDULE, body: saved }]);
    await waitFor(() => expect(select(a.weeklyFrom('Lunedì', 1)).value).toBe('09:00'));
    await click(screen.getByRole('button', { name: a.weeklyAddRange('Lunedì') }));
    fireEvent.change(select(a.weeklyFrom('Lunedì', 2)), { target: { value: '12:00' } });
    await click(screen.getByRole('button', { name: a.weeklySave }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le fasce orarie di uno stesso giorno non devono sovrapporsi');
    expect(calls('PUT', SCHEDULE)).toHaveLength(0);
  });

  test('with no schedule saved yet, applying waits for one; once saved, it applies to the coming N weeks from today', async () => {
    await open([
      { method: 'GET', path: SCHEDULE, body: { days: null } },
      { method: 'PUT', path: SCHEDULE, body: saved },
      { method: 'POST', path: `${SCHEDULE}/apply`, body: { opened: 32, closed: 4, days: 20 } },
    ]);
    expect(await screen.findByText(a.weeklyNone)).toBeTruthy();
    expect((screen.getByRole('button', { name: a.applyButton }) as HTMLButtonElement).disabled).toBe(true);
    await click(screen.getByRole('button', { name: a.weeklyAddRange('Lunedì') }));
    await click(screen.getByRole('button', { name: a.weeklySave }));
    await waitFor(() => expect((screen.getByRole('button', { name: a.applyButton }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText(a.applyWeeks), { target: { value: '4' } });
    await click(screen.getByRole('button', { name: a.applyButton }));
    expect(await screen.findByText(a.applyDone(32, 4, 20))).toBeTruthy();
    // Wednesday 6 March + 4 weeks − 1 day
    expect(calls('POST', `${SCHEDULE}/apply`)[0].body).toEqual({ from: '2030-03-06', to: '2030-04-02' });
  });

  test("copies this week's Monday onto the next N weeks; the server's refusal is shown", async () => {
    await open([
      { method: 'GET', path: SCHEDULE, body: saved },
      { method: 'POST', path: '/api/doctors/d1/availability/copy-week', body: { opened: 16, closed: 0, days: 10 } },
    ]);
    expect((screen.getByLabelText(a.copyFrom) as HTMLInputElement).value).toBe('2030-03-04');
    fireEvent.change(screen.getByLabelText(a.copyWeeks), { target: { value: '2' } });
    await click(screen.getByRole('button', { name: a.copyButton }));
    expect(await screen.findByText(a.copyDone(16, 0, 10))).toBeTruthy();
    expect(calls('POST', '/api/doctors/d1/availability/copy-week')[0].body).toEqual({ from: '2030-03-04', weeks: 2 });

    fetchMock!.restore();
    fetchMock = mockFetch([
      {
        method: 'POST',
        path: '/api/doctors/d1/availability/copy-week',
        status: 400,
        body: { error: { code: 'dati_non_validi', message: 'La settimana da copiare deve iniziare di lunedì.' } },
      },
    ]);
    fireEvent.change(screen.getByLabelText(a.copyFrom), { target: { value: '2030-03-05' } });
    await click(screen.getByRole('button', { name: a.copyButton }));
    expect((await screen.findByRole('alert')).textContent).toBe('La settimana da copiare deve iniziare di lunedì.');
  });

  test('a closure lists the bookings it touches (not cancelled) with a link to each', async () => {
    await open([
      { method: 'GET', path: SCHEDULE, body: saved },
      {
        method: 'POST',
        path: '/api/doctors/d1/closures',
        status: 201,
        body: {
          closureId: 'c1',
          opened: 0,
          closed: 14,
          days: 2,
          bookings: [{ id: 'b1', start: '2030-03-12T10:00:00Z', end: '2030-03-12T11:00:00Z', status: 'confirmed' }],
        },
      },
    ]);
    fireEvent.change(screen.getByLabelText(a.closureFrom), { target: { value: '2030-03-12' } });
    fireEvent.change(screen.getByLabelText(a.closureTo), { target: { value: '2030-03-13' } });
    fireEvent.change(screen.getByLabelText(a.closureReason), { target: { value: 'Congresso' } });
    await click(screen.getByRole('button', { name: a.closureButton }));
    const status = await screen.findByText(a.closureDone(14, 2));
    const box = within(status.closest('[role="status"]') as HTMLElement);
    expect(box.getByText(a.closureBookings(1))).toBeTruthy();
    expect(box.getByText(/10:00–11:00 \(confermata\)/)).toBeTruthy();
    expect(box.getByRole('link', { name: a.closureOpenBooking }).getAttribute('href')).toBe('/prenotazioni/b1');
    expect(calls('POST', '/api/doctors/d1/closures')[0].body).toEqual({ from: '2030-03-12', to: '2030-03-13', reason: 'Congresso' });
  });
});
