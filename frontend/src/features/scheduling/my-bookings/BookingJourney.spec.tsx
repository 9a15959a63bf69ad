/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { MyBooking } from '../../../lib/bookingsApi';
import { isoDay, localDateTime } from '../../../lib/dates';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { HomeRoute } from '../../../app/HomeRoute';
import { FakeSocket } from '../../../test/fakeSocket';

/** the patient's /home after paying, an online visit's room, the policy and a practice's cancellation in words */
const mockSocket = new FakeSocket();
jest.mock('../../../lib/socket', () => ({
  getSharedSocket: () => mockSocket,
  disconnectSharedSocket: () => undefined,
}));

const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const HOUR = 3_600_000;
const PRACTICE = {
  name: 'Studio Nutrizione Rossi',
  address: 'Via Roma 1, 20100 Milano',
  phone: '',
  email: 'studio@example.it',
  logoUrl: null,
  specialty: '',
  dataController: '',
  visitMinutes: 30,
  timeZone: 'Europe/Rome',
};

const base = (over: Partial<MyBooking> = {}): MyBooking => ({
  id: 'b1',
  doctorId: 'd1',
  doctorName: 'Giulia Rossi',
  start: '2030-01-08T09:00:00Z',
  end: '2030-01-08T10:00:00Z',
  status: 'confirmed',
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  ...over,
});
const FIRST_VISIT = { visitTypeId: 'vt1', name: 'Prima visita', minutes: 60, mode: 'studio' as const, productId: 'p1', priceCents: 9000 };

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => {
  fetchMock?.restore();
  jest.useRealTimers();
});

async function open(bookings: MyBooking[], extra: Route[] = [], state?: unknown) {
  fetchMock = mockFetch([
    ...extra,
    { method: 'GET', path: '/api/me/bookings', body: bookings },
    { method: 'GET', path: '/api/me/orders', body: [] },
    { method: 'GET', path: '/api/practice', body: PRACTICE },
  ]);
  const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
  const view = renderRoutes(store, [{ path: '/home', element: <HomeRoute /> }], '/home');
  if (state) await act(async () => void (await view.router.navigate('/home', { state })));
  return view;
}

describe('/home right after paying: the confirmation', () => {
  const policy = { cutoffAt: '2030-01-07T08:00:00.000Z', cutoffHours: 24, canCancel: true, canReschedule: true, refundIfCancelled: true };

  test('what, when, duration, where (the practice address), .ics download, the email, how to cancel; the heading takes the focus', async () => {
    const booking = { ...base({ visit: FIRST_VISIT, policy }), patientId: 'p1', slotId: 's', orderId: 'o1' };
    await open([base({ visit: FIRST_VISIT, policy })], [{ method: 'GET', path: '/prenotazioni/b1', body: booking }], { confirmedBooking: 'b1' });
    const heading = await screen.findByRole('heading', { name: t.journey.confirmedTitle });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const card = heading.closest('section')!;
    const text = plain(card.textContent);
    expect(text).toContain('Prima visita');
    expect(text).toContain(t.myBookings.when('martedì 8 gennaio 2030', '09:00', '10:00'));
    expect(text).toContain(t.journey.minutes(60));
    expect(text).toContain('Studio Nutrizione Rossi, Via Roma 1, 20100 Milano');
    expect(text).toContain(t.journey.emailSent);
    expect(text).toContain(t.myBookings.policy(24, localDateTime(policy.cutoffAt)));
    const ics = within(card).getByRole('link', { name: t.journey.addToCalendar });
    expect(ics.getAttribute('href')).toBe('/api/me/bookings/b1/calendar.ics');
    expect(ics.hasAttribute('download')).toBe(true);
  });

  test('an online visit shows the room instead of an address', async () => {
    const video = { url: 'https://video.example.it/studio-b1', opensAt: new Date(Date.now() + 2 * HOUR).toISOString() };
    const booking = { ...base({ visit: { ...FIRST_VISIT, mode: 'online' }, video }), patientId: 'p1', slotId: 's' };
    await open([], [{ method: 'GET', path: '/prenotazioni/b1', body: booking }], { confirmedBooking: 'b1' });
    const heading = await screen.findByRole('heading', { name: t.journey.confirmedTitle });
    const card = heading.closest('section')!;
    expect(card.textContent).toContain(t.journey.online);
    expect(card.textContent).not.toContain('Via Roma 1');
  });

  test('no confirmation on an ordinary visit to /home', async () => {
    await open([base()]);
    await screen.findByText(t.myBookings.status.confirmed);
    expect(screen.queryByRole('heading', { name: t.journey.confirmedTitle })).toBeNull();
  });
});

describe("/home: an online visit's room", () => {
  test('before 15 minutes to the start the button is disabled and says when it opens; from then on it opens the room', async () => {
    const opensAt = new Date(Date.now() + 60_000).toISOString();
    const video = { url: 'https://video.example.it/studio-b1', opensAt };
    await open([base({ video })]);
    const button = await screen.findByRole('button', { name: t.journey.joinVideo });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(t.journey.videoOpensAt(`il ${localDateTime(opensAt)}`))).toBeTruthy();
    expect(screen.queryByRole('link', { name: t.journey.joinVideo })).toBeNull();
  });

  test('once open: a link to the room, in a new tab', async () => {
    const video = { url: 'https://video.example.it/studio-b1', opensAt: new Date(Date.now() - 60_000).toISOString() };
    await open([base({ video })]);
    const link = await screen.findByRole('link', { name: t.journey.joinVideo });
    expect(link.getAttribute('href')).toBe('https://video.example.it/studio-b1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText(t.journey.videoOpen)).toBeTruthy();
  });

  test('the button opens by itself when the time comes', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const video = { url: 'https://video.example.it/studio-b1', opensAt: new Date(Date.now() + 10_000).toISOString() };
    await open([base({ video })]);
    await screen.findByRole('button', { name: t.journey.joinVideo });
    act(() => void jest.advanceTimersByTime(16_000));
    expect(await screen.findByRole('link', { name: t.journey.joinVideo })).toBeTruthy();
  });
});

describe('/home: the policy and a cancellation in words', () => {
  test('a cut-off already past is worded as passed, not as still open', async () => {
    const cutoffAt = new Date(Date.now() - HOUR).toISOString();
    const policy = { cutoffAt, cutoffHours: 24, canCancel: true, canReschedule: false, refundIfCancelled: false };
    await open([base({ start: new Date(Date.now() + 23 * HOUR).toISOString(), end: new Date(Date.now() + 24 * HOUR).toISOString(), policy })]);
    const line = await waitFor(() => {
      const el = document.querySelector('.app-policy');
      if (!el) throw new Error('nessuna politica');
      return el;
    });
    expect(line.textContent).toBe(t.journey.policyPassed(localDateTime(cutoffAt)));
    expect(line.textContent).toMatch(/^Il termine per disdire con rimborso è scaduto il /);
  });

  test("the doctor's cancellation: who, the reason given and the amount refunded", async () => {
    await open([
      base({ status: 'cancelled', refunded: true, cancellation: { by: 'doctor', reason: 'Malattia del medico', refund: 'full', refundCents: 9000 } }),
    ]);
    const details = await screen.findByTestId('cancellation');
    expect(plain(details.textContent)).toContain(t.journey.cancelledBy.doctor);
    expect(plain(details.textContent)).toContain(t.journey.cancelReason('Malattia del medico'));
    expect(plain(details.textContent)).toContain('Rimborso: 90,00 €');
  });
});

describe('/home: moving a visit on the day grid of /prenota', () => {
  const policy = { cutoffAt: '2030-01-07T08:00:00.000Z', cutoffHours: 24, canCancel: true, canReschedule: true, refundIfCancelled: true };
  const day = (offset: number) => isoDay(new Date(Date.now() + offset * 86_400_000));

  test('28 days, those with room marked and the others disabled; only the starts where the whole visit fits (asked by its type)', async () => {
    const b = base({ visit: FIRST_VISIT, policy, start: '2030-01-08T09:00:00Z', end: '2030-01-08T10:00:00Z' });
    await open(
      [b],
      [
        { method: 'GET', path: /^\/api\/doctors\/d1\/days/, body: [{ date: day(3), free: 2 }] },
        {
          method: 'GET',
          path: /^\/disponibilita\/query/,
          body: [
            { id: 'd1~a', hour: '09:00' },
            { id: 'd1~b', hour: '11:00' },
          ],
        },
      ],
    );
    const move = await screen.findByRole('button', { name: t.myBookings.reschedule });
    await act(async () => void move.click());
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.querySelectorAll('[data-date]')).toHaveLength(28));
    const free = dialog.querySelector<HTMLButtonElement>(`[data-date="${day(3)}"]`)!;
    expect(free.disabled).toBe(false);
    expect(free.getAttribute('data-free')).toBe('true');
    expect(dialog.querySelector<HTMLButtonElement>(`[data-date="${day(4)}"]`)!.disabled).toBe(true);
    const daysCall = fetchMock!.calls.find((c) => c.url.startsWith('/api/doctors/d1/days'))!;
    expect(daysCall.url).toContain('type=vt1');
    await act(async () => void free.click());
    expect(free.getAttribute('aria-pressed')).toBe('true');
    await within(dialog).findByRole('button', { name: '11:00' });
    expect(fetchMock!.calls.find((c) => c.url.startsWith('/disponibilita/query'))!.url).toBe(`/disponibilita/query?for=d1&date=${day(3)}&type=vt1`);
    expect((within(dialog).getByRole('button', { name: t.myBookings.rescheduleConfirm }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => void within(dialog).getByRole('button', { name: '11:00' }).click());
    expect((within(dialog).getByRole('button', { name: t.myBookings.rescheduleConfirm }) as HTMLButtonElement).disabled).toBe(false);
  });
});

test('/home: each confirmed visit offers its .ics ("Aggiungi al calendario"); a cancelled one does not', async () => {
  await open([base(), base({ id: 'b2', status: 'cancelled', start: '2030-01-09T09:00:00Z', end: '2030-01-09T09:30:00Z' })]);
  const links = await screen.findAllByRole('link', { name: t.journey.addToCalendar });
  expect(links.map((l) => l.getAttribute('href'))).toEqual(['/api/me/bookings/b1/calendar.ics']);
});
