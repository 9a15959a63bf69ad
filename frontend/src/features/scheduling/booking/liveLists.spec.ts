import { SLOT_COLORS, type AvailabilityChanged, type FreeDay, type FreeSlot, type SlotStatus } from '@studio/contracts';
import { patchFreeDays, patchFreeSlots, slotPlace, vanishedSlot } from './liveLists';

const change = (start: string, status: SlotStatus, doctorId = 'd1', id?: string): AvailabilityChanged => {
  const c = start.replace(/[-:]/g, '');
  return {
    doctorId,
    position: 1,
    slot: {
      id: id ?? `${doctorId}~${c.slice(0, 8)}${c.slice(9, 13)}`,
      start,
      end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      status,
      ...SLOT_COLORS[status],
    },
  };
};

const day = { doctorId: 'd1', date: '2025-03-10' };
const slots: FreeSlot[] = [
  { id: 'd1~202503100900', hour: '09:00' },
  { id: 'd1~202503101000', hour: '10:00' },
];
const win = { doctorId: 'd1', from: '2025-03-10', to: '2025-04-06' };
const days: FreeDay[] = [
  { date: '2025-03-10', free: 2 },
  { date: '2025-03-12', free: 1 },
];

describe('slotPlace', () => {
  test('day and hour of the slot in the practice wall clock (UTC), whatever the browser zone', () => {
    expect(slotPlace(change('2025-03-10T23:30:00Z', 'available'))).toEqual({ date: '2025-03-10', hour: '23:30' });
    expect(slotPlace(change('2025-03-10T00:00:00.000Z', 'available'))).toEqual({ date: '2025-03-10', hour: '00:00' });
    expect(slotPlace({ ...change('2025-03-10T09:00:00Z', 'held'), slot: { ...change('2025-03-10T09:00:00Z', 'held').slot, start: 'x' } })).toBeNull();
  });
});

describe('patchFreeSlots: the hours of the shown day', () => {
  test('a slot that becomes available appears, in hour order', () => {
    const next = patchFreeSlots(slots, change('2025-03-10T09:30:00Z', 'available'), day);
    expect(next.map((s) => s.hour)).toEqual(['09:00', '09:30', '10:00']);
    expect(next[1].id).toBe('d1~202503100930');
  });

  test.each<SlotStatus>(['held', 'booked', 'unavailable'])('a slot that becomes %s disappears', (status) => {
    const next = patchFreeSlots(slots, change('2025-03-10T09:00:00Z', status), day);
    expect(next).toEqual([slots[1]]);
    expect(vanishedSlot(slots, next)).toEqual(slots[0]);
  });

  test('recognised by its hour when the id differs; an available one takes the new id', () => {
    expect(patchFreeSlots(slots, change('2025-03-10T10:00:00Z', 'held', 'd1', 'altro'), day)).toEqual([slots[0]]);
    expect(patchFreeSlots(slots, change('2025-03-10T10:00:00Z', 'available', 'd1', 'nuovo'), day)).toEqual([slots[0], { id: 'nuovo', hour: '10:00' }]);
  });

  test('the same array when nothing changes: already there, already gone, another day, another doctor', () => {
    expect(patchFreeSlots(slots, change('2025-03-10T09:00:00Z', 'available'), day)).toBe(slots);
    expect(patchFreeSlots(slots, change('2025-03-10T11:00:00Z', 'held'), day)).toBe(slots);
    expect(patchFreeSlots(slots, change('2025-03-11T09:30:00Z', 'available'), day)).toBe(slots);
    expect(patchFreeSlots(slots, change('2025-03-10T09:00:00Z', 'held', 'd2'), day)).toBe(slots);
    expect(vanishedSlot(slots, slots)).toBeUndefined();
  });

  test('idempotent: applying the same change twice gives the same list', () => {
    for (const c of [change('2025-03-10T09:00:00Z', 'held'), change('2025-03-10T12:00:00Z', 'available')]) {
      const once = patchFreeSlots(slots, c, day);
      expect(patchFreeSlots(once, c, day)).toBe(once);
    }
  });

  test('a slot opening in the past is not bookable and does not appear', () => {
    const now = Date.parse('2025-03-10T09:45:00Z');
    expect(patchFreeSlots(slots, change('2025-03-10T09:30:00Z', 'available'), day, now)).toBe(slots);
    expect(patchFreeSlots(slots, change('2025-03-10T10:30:00Z', 'available'), day, now)).toHaveLength(3);
  });

  test('the last free hour going empties the list', () => {
    expect(patchFreeSlots([slots[0]], change('2025-03-10T09:00:00Z', 'booked'), day)).toEqual([]);
  });
});

describe('patchFreeDays: the days with free hours', () => {
  test('a newly opened slot on a day without free hours makes the day appear (in date order)', () => {
    const next = patchFreeDays(days, change('2025-03-11T15:00:00Z', 'available'), win);
    expect(next).toEqual([days[0], { date: '2025-03-11', free: 1 }, days[1]]);
  });

  test('a newly opened slot on a day with free hours adds one', () => {
    expect(patchFreeDays(days, change('2025-03-12T15:00:00Z', 'available'), win)).toEqual([days[0], { date: '2025-03-12', free: 2 }]);
  });

  test('the last free slot of a day going (held or closed) removes the day', () => {
    for (const status of ['held', 'unavailable'] as const) {
      expect(patchFreeDays(days, change('2025-03-12T09:00:00Z', status), win)).toEqual([days[0]]);
    }
  });

  test('a held or closed slot of a day with more free hours takes one away', () => {
    expect(patchFreeDays(days, change('2025-03-10T09:00:00Z', 'held'), win)).toEqual([{ date: '2025-03-10', free: 1 }, days[1]]);
  });

  test('a booked slot was held, not free: nothing changes', () => {
    expect(patchFreeDays(days, change('2025-03-12T09:00:00Z', 'booked'), win)).toBe(days);
  });

  test("with the day's free hours known the count is exact, before or after the hours took the change", () => {
    const c = change('2025-03-10T09:00:00Z', 'booked');
    const afterHours = patchFreeSlots(slots, c, day);
    // a booked slot that the hours list still had: it was free after all
    expect(patchFreeDays(days, c, win, slots)).toEqual([{ date: '2025-03-10', free: 1 }, days[1]]);
    expect(patchFreeDays(days, c, win, afterHours)).toEqual([{ date: '2025-03-10', free: 1 }, days[1]]);
    // a held slot that is not among the day's free hours changes nothing
    expect(patchFreeDays(days, change('2025-03-10T11:00:00Z', 'held'), win, slots)).toEqual([{ date: '2025-03-10', free: 2 }, days[1]]);
    // the last known free hour goes: the day goes
    expect(patchFreeDays(days, change('2025-03-10T09:00:00Z', 'held'), win, [slots[0]])).toEqual([days[1]]);
  });

  test('ignores other doctors, days outside the window, past openings', () => {
    expect(patchFreeDays(days, change('2025-03-11T09:00:00Z', 'available', 'd2'), win)).toBe(days);
    expect(patchFreeDays(days, change('2025-04-07T09:00:00Z', 'available'), win)).toBe(days);
    expect(patchFreeDays(days, change('2025-03-09T09:00:00Z', 'available'), win)).toBe(days);
    expect(patchFreeDays(days, change('2025-03-11T09:00:00Z', 'available'), win, undefined, Date.parse('2025-03-11T10:00:00Z'))).toBe(days);
    expect(patchFreeDays(days, change('2025-03-11T09:00:00Z', 'held'), win)).toBe(days);
  });
});
