/** @jest-environment jsdom */
import { SLOT_COLORS, type AvailabilityChanged, type AvailabilityEvent } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import {
  PAST_COLORS,
  wallClockNow,
  applyAvailabilityChange,
  applyToggleResult,
  decideEventClick,
  hourToSlotTime,
  inAppPath,
  isRedEvent,
  slotLabel,
  toCalendarEvents,
} from './slots';

const ev = (id: string, start: string, status: AvailabilityEvent['status'] = 'unavailable', url?: string): AvailabilityEvent => ({
  id,
  title: t.availability.status[status],
  ...SLOT_COLORS[status],
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString().replace('.000Z', 'Z'),
  status,
  ...(url ? { url } : {}),
});

const week = { start: '2025-03-10T00:00:00.000Z', end: '2025-03-17T00:00:00.000Z' };
const events = [ev('d1~202503100900', '2025-03-10T09:00:00Z'), ev('d1~202503100930', '2025-03-10T09:30:00Z', 'available')];

const change = (slot: Partial<AvailabilityChanged['slot']> & { id: string; start: string }, position = 7, doctorId = 'd1'): AvailabilityChanged => ({
  doctorId,
  position,
  slot: {
    end: new Date(Date.parse(slot.start) + 30 * 60_000).toISOString(),
    status: 'available',
    ...SLOT_COLORS.available,
    ...slot,
  },
});

describe('applyAvailabilityChange', () => {
  test('patches the event with the same id', () => {
    const next = applyAvailabilityChange(events, change({ id: 'd1~202503100900', start: '2025-03-10T09:00:00Z' }), week, 'd1');
    expect(next).not.toBe(events);
    expect(next[0]).toMatchObject({ id: 'd1~202503100900', status: 'available', color: SLOT_COLORS.available.color, title: 'Disponibile' });
    expect(next[1]).toBe(events[1]);
    expect(events[0].status).toBe('unavailable'); // the input is not mutated
  });

  test('a booked slot takes the url and becomes red', () => {
    const next = applyAvailabilityChange(
      events,
      change({ id: 'd1~202503100930', start: '2025-03-10T09:30:00Z', status: 'booked', ...SLOT_COLORS.booked, url: '/prenotazioni/b1' }),
      week,
    );
    expect(next[1]).toMatchObject({ status: 'booked', url: '/prenotazioni/b1', color: SLOT_COLORS.booked.color });
    expect(isRedEvent(next[1])).toBe(true);
  });

  test('a slot released from a booking loses its url', () => {
    const booked = [ev('s', '2025-03-10T10:00:00Z', 'booked', '/prenotazioni/b1')];
    const next = applyAvailabilityChange(booked, change({ id: 's', start: '2025-03-10T10:00:00Z', status: 'available' }), week);
    expect(next[0].url).toBeUndefined();
  });

  test('finds the event by start when the id differs', () => {
    const next = applyAvailabilityChange(events, change({ id: 'nuovo-id', start: '2025-03-10T09:00:00.000Z' }), week);
    expect(next[0]).toMatchObject({ id: 'nuovo-id', status: 'available' });
    expect(next).toHaveLength(2);
  });

  test('adds a slot inside the cached range, in start order', () => {
    const next = applyAvailabilityChange(events, change({ id: 'd1~202503100830', start: '2025-03-10T08:30:00Z' }), week);
    expect(next.map((e) => e.id)).toEqual(['d1~202503100830', 'd1~202503100900', 'd1~202503100930']);
  });

  test('ignores slots outside the range, of other doctors, and changes that change nothing', () => {
    expect(applyAvailabilityChange(events, change({ id: 'x', start: '2025-03-17T09:00:00Z' }), week)).toBe(events);
    expect(applyAvailabilityChange(events, change({ id: 'x', start: '2025-03-12T09:00:00Z' }))).toBe(events);
    expect(applyAvailabilityChange(events, change({ id: 'd1~202503100900', start: '2025-03-10T09:00:00Z' }, 1, 'd2'), week, 'd1')).toBe(events);
    const same = change({ id: 'd1~202503100930', start: '2025-03-10T09:30:00Z', end: '2025-03-10T10:00:00Z' });
    expect(applyAvailabilityChange(events, same, week)).toBe(events);
  });
});

describe('applyToggleResult', () => {
  test('the clicked event takes the returned id, colours and status', () => {
    const next = applyToggleResult(events, 'd1~202503100900', { id: 'd1~202503100900', ...SLOT_COLORS.available, status: 'available' });
    expect(next[0]).toMatchObject({ status: 'available', color: SLOT_COLORS.available.color, textColor: SLOT_COLORS.available.textColor });
    expect(next[0].start).toBe(events[0].start);
    const back = applyToggleResult(next, 'd1~202503100900', { id: 'altro', ...SLOT_COLORS.unavailable, status: 'unavailable' });
    expect(back[0]).toMatchObject({ id: 'altro', status: 'unavailable' });
  });

  test('an answer without status (the specified shape) flips the status', () => {
    const next = applyToggleResult(events, 'd1~202503100900', { id: 'd1~202503100900', ...SLOT_COLORS.available } as never);
    expect(next[0].status).toBe('available');
  });

  test('unknown slot: unchanged', () => {
    expect(applyToggleResult(events, 'nessuno', { id: 'x', ...SLOT_COLORS.available, status: 'available' })).toBe(events);
  });
});

describe('decideEventClick', () => {
  test('a red event navigates to its url', () => {
    const red = ev('r', '2025-03-10T11:00:00Z', 'held', '/prenotazioni/h1');
    expect(decideEventClick(red, 'd1', [])).toEqual({ kind: 'navigate', url: '/prenotazioni/h1' });
  });

  test('a red event without url does nothing', () => {
    expect(decideEventClick(ev('r', '2025-03-10T11:00:00Z', 'booked'), 'd1', [])).toEqual({ kind: 'ignore', reason: 'red-without-url' });
  });

  test('other events toggle with UTC ISO strings', () => {
    expect(decideEventClick(events[0], 'd1', [])).toEqual({
      kind: 'toggle',
      slotId: 'd1~202503100900',
      request: { for: 'd1', start: '2025-03-10T09:00:00.000Z', end: '2025-03-10T09:30:00.000Z', seen: 'unavailable' },
    });
  });

  test('repeated clicks on a pending slot are ignored', () => {
    expect(decideEventClick(events[0], 'd1', ['d1~202503100900'])).toEqual({ kind: 'ignore', reason: 'pending' });
    expect(decideEventClick(undefined, 'd1', [])).toEqual({ kind: 'ignore', reason: 'unknown' });
  });
});

describe('past slots', () => {
  // 09:40 on the practice's wall clock: the 09:00 and 09:30 slots have begun, 11:00 has not
  const wallNow = Date.parse('2025-03-10T09:40:00Z');
  const later = ev('d1~202503101100', '2025-03-10T11:00:00Z', 'available');
  const booked = ev('b', '2025-03-10T09:00:00Z', 'booked', '/prenotazioni/b1');

  test('a slot that has begun is grey, says so, and a click does nothing; a later one still toggles', () => {
    const [a, b, c] = toCalendarEvents([...events, later], [], wallNow);
    expect(a).toMatchObject({ color: PAST_COLORS.color, contrastColor: PAST_COLORS.textColor, extendedProps: { past: true } });
    expect(a.class).toContain('slot-past');
    expect(b.title).toBe(t.availability.pastLabel('09:30', '10:00'));
    expect(c.extendedProps.past).toBe(false);
    expect(decideEventClick(events[1], 'd1', [], wallNow)).toEqual({ kind: 'ignore', reason: 'past' });
    expect(decideEventClick(later, 'd1', [], wallNow).kind).toBe('toggle');
  });

  test('a past booking stays red and still opens its detail', () => {
    const [a] = toCalendarEvents([booked], [], wallNow);
    expect(a.extendedProps.past).toBe(false);
    expect(decideEventClick(booked, 'd1', [], wallNow)).toEqual({ kind: 'navigate', url: '/prenotazioni/b1' });
  });

  test("the practice's wall clock: 09:40 in Rome in winter is 08:40 UTC, in summer 07:40 UTC", () => {
    expect(wallClockNow('Europe/Rome', Date.parse('2025-03-10T08:40:00Z'))).toBe(wallNow);
    expect(new Date(wallClockNow('Europe/Rome', Date.parse('2025-07-10T07:40:00Z'))).toISOString()).toBe('2025-07-10T09:40:00.000Z');
  });
});

describe('calendar input', () => {
  test('accessible title "Disponibile 09:30–10:00" in UTC', () => {
    expect(slotLabel(events[1])).toBe('Disponibile 09:30–10:00');
  });

  test('events for FullCalendar v7: contrastColor, class, pending flag', () => {
    const [a, b] = toCalendarEvents(events, ['d1~202503100930']);
    expect(a).toMatchObject({ title: 'Non disponibile 09:00–09:30', contrastColor: SLOT_COLORS.unavailable.textColor, extendedProps: { pending: false } });
    expect(a.url).toBeUndefined();
    expect(b.class).toContain('slot-pending');
    expect(b.extendedProps).toMatchObject({ pending: true, status: 'available' });
  });

  test('whole hours become slot times', () => {
    expect(hourToSlotTime(8)).toBe('08:00:00');
    expect(hourToSlotTime(19)).toBe('19:00:00');
    expect(hourToSlotTime(24)).toBe('24:00:00');
  });

  test('same-origin urls stay in the app', () => {
    expect(inAppPath('/prenotazioni/1?x=1', 'http://localhost')).toBe('/prenotazioni/1?x=1');
    expect(inAppPath('http://localhost/a', 'http://localhost')).toBe('/a');
    expect(inAppPath('https://altro.example/a', 'http://localhost')).toBeNull();
  });
});
