import { slotId } from '@studio/contracts';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { availabilityDecider, type AvailabilityEvent, type HoldSlot, type SetDaySlots, type SyncExternalBusy, type ToggleSlot } from './availability.decider';

const given = deciderSpec(availabilityDecider);
const doctorId = 'doc-1';
const hours = { startHour: 8, endHour: 19 };
const DAY = '2030-03-04';
const NOW = '2030-03-01T08:00:00Z';
const at = (hhmm: string) => `${DAY}T${hhmm}:00Z`;
const endOf = (hhmm: string) => new Date(Date.parse(at(hhmm)) + 30 * 60_000).toISOString().slice(0, 19) + 'Z';
const slot = (hhmm: string) => ({ doctorId, slotId: slotId(doctorId, at(hhmm)), start: at(hhmm), end: endOf(hhmm) });
const opened = (hhmm: string): AvailabilityEvent => ({ type: 'SlotOpened', data: slot(hhmm) });
const busy = (hhmm: string, previous: 'available' | 'unavailable'): AvailabilityEvent => ({ type: 'SlotBusyExternally', data: { ...slot(hhmm), previous } });
const ended = (hhmm: string, restored: 'available' | 'unavailable'): AvailabilityEvent => ({
  type: 'SlotExternalBusyEnded',
  data: { ...slot(hhmm), restored },
});
const held = (hhmm: string): AvailabilityEvent => ({
  type: 'SlotHeld',
  data: { ...slot(hhmm), bookingId: 'b1', patientId: 'p1', expiresAt: '2030-03-01T08:15:00Z' },
});
const sync = (busyAt: string[], now = NOW): SyncExternalBusy => ({
  type: 'SyncExternalBusy',
  doctorId,
  day: DAY,
  busy: busyAt.map(at),
  now,
  timeZone: 'Europe/Rome',
});

describe('availability decider: the external calendar’s busy time (SyncExternalBusy)', () => {
  it('closes open and closed slots it covers, remembering what each was', () =>
    given([opened('09:00')])
      .when(sync(['09:00', '09:30']))
      .then([busy('09:00', 'available'), busy('09:30', 'unavailable')]));
  it('a slot it no longer covers goes back to what it was', () =>
    given([opened('09:00'), busy('09:00', 'available'), busy('09:30', 'unavailable')])
      .when(sync([]))
      .then([ended('09:00', 'available'), ended('09:30', 'unavailable')]));
  it('the same busy time again changes nothing', () =>
    given([busy('09:00', 'unavailable')])
      .when(sync(['09:00']))
      .then([]));
  it('never takes a held or booked slot (the sync reports it as a conflict)', () =>
    given([opened('09:00'), held('09:00')])
      .when(sync(['09:00']))
      .then([]));
  it('leaves slots already begun as they are', () =>
    given([opened('09:00')])
      .when(sync(['09:00'], '2030-03-04T08:05:00Z'))
      .then([]));
  it('refuses a start of another day', () =>
    given([])
      .when({ ...sync([]), busy: ['2030-03-05T09:00:00Z'] })
      .thenThrows('giorno_non_valido'));
});

describe('availability decider: a busy slot is not the doctor’s to toggle nor a patient’s to hold', () => {
  const toggle: ToggleSlot = { type: 'ToggleSlot', doctorId, start: at('09:00'), end: endOf('09:00'), workingHours: hours };
  const hold: HoldSlot = {
    type: 'HoldSlot',
    doctorId,
    start: at('09:00'),
    bookingId: 'b2',
    patientId: 'p2',
    now: NOW,
    expiresAt: '2030-03-01T08:15:00Z',
    timeZone: 'Europe/Rome',
    workingHours: hours,
  };
  it('a toggle is refused with what to do', () =>
    given([busy('09:00', 'available')])
      .when(toggle)
      .thenThrows('slot_calendario_esterno'));
  it('a hold is refused as for a closed slot', () =>
    given([busy('09:00', 'available')])
      .when(hold)
      .thenThrows('slot_non_disponibile'));
  it('the weekly tools leave it busy', () => {
    const setDay: SetDaySlots = {
      type: 'SetDaySlots',
      doctorId,
      day: DAY,
      open: [at('09:00')],
      close: [],
      workingHours: hours,
      now: NOW,
      timeZone: 'Europe/Rome',
    };
    return given([busy('09:00', 'unavailable')])
      .when(setDay)
      .then([]);
  });
});
