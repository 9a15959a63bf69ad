import { slotId } from '@studio/contracts';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import {
  availabilityDecider,
  doctorDayOf,
  validateSlot,
  type AvailabilityEvent,
  type HoldSlot,
  type ReleaseHold,
  type ToggleSlot,
} from './availability.decider';

const given = deciderSpec(availabilityDecider);
const hours = { startHour: 8, endHour: 19 };
const doctorId = 'doc-1';
const toggle = (start: string, end: string, wh = hours): ToggleSlot => ({ type: 'ToggleSlot', doctorId, start, end, workingHours: wh });
const slot = (start: string, end: string) => ({ doctorId, slotId: slotId(doctorId, start), start, end });
const opened = (start: string, end: string): AvailabilityEvent => ({ type: 'SlotOpened', data: slot(start, end) });
const closed = (start: string, end: string): AvailabilityEvent => ({ type: 'SlotClosed', data: slot(start, end) });

const S = '2030-03-04T09:00:00Z';
const E = '2030-03-04T09:30:00Z';

describe('availability decider: ToggleSlot', () => {
  it('given no history, a toggle opens the slot', () =>
    given([])
      .when(toggle(S, E))
      .then([opened(S, E)]));
  it('given an open slot, a toggle closes it', () =>
    given([opened(S, E)])
      .when(toggle(S, E))
      .then([closed(S, E)]));
  it('given an opened then closed slot, a toggle opens it again', () =>
    given([opened(S, E), closed(S, E)])
      .when(toggle(S, E))
      .then([opened(S, E)]));
  it('a toggle that saw the slot open closes it', () =>
    given([opened(S, E)])
      .when({ ...toggle(S, E), seen: 'available' })
      .then([closed(S, E)]));
  it('a toggle that saw the slot open is refused once someone else has closed it (the same slot changed)', () =>
    given([opened(S, E), closed(S, E)])
      .when({ ...toggle(S, E), seen: 'available' })
      .thenThrows('slot_cambiato'));
  it('a toggle that saw the slot closed is refused once someone else has opened it', () =>
    given([opened(S, E)])
      .when({ ...toggle(S, E), seen: 'unavailable' })
      .thenThrows('slot_cambiato'));
  it('a toggle that saw the slot closed still opens it after other slots of the day changed', () =>
    given([opened('2030-03-04T10:00:00Z', '2030-03-04T10:30:00Z'), closed('2030-03-04T10:00:00Z', '2030-03-04T10:30:00Z')])
      .when({ ...toggle(S, E), seen: 'unavailable' })
      .then([opened(S, E)]));
  it('other slots of the day do not matter', () =>
    given([opened('2030-03-04T10:00:00Z', '2030-03-04T10:30:00Z')])
      .when(toggle(S, E))
      .then([opened(S, E)]));
  it('canonicalises the instants (milliseconds, +00:00)', () =>
    given([])
      .when(toggle('2030-03-04T09:00:00.000Z', '2030-03-04T09:30:00+00:00'))
      .then([opened(S, E)]));
  it('accepts the first and the last slot of the working hours', () => {
    given([])
      .when(toggle('2030-03-04T08:00:00Z', '2030-03-04T08:30:00Z'))
      .then([opened('2030-03-04T08:00:00Z', '2030-03-04T08:30:00Z')]);
    given([])
      .when(toggle('2030-03-04T18:30:00Z', '2030-03-04T19:00:00Z'))
      .then([opened('2030-03-04T18:30:00Z', '2030-03-04T19:00:00Z')]);
  });
  it('rejects a start off the half hour', () => given([]).when(toggle('2030-03-04T09:10:00Z', '2030-03-04T09:40:00Z')).thenThrows('inizio_non_allineato'));
  it('rejects seconds in the start', () => given([]).when(toggle('2030-03-04T09:00:30Z', '2030-03-04T09:30:30Z')).thenThrows('inizio_non_allineato'));
  it('rejects an end that is not start + 30 minutes', () => {
    given([]).when(toggle(S, '2030-03-04T10:00:00Z')).thenThrows('durata_non_valida');
    given([]).when(toggle(S, S)).thenThrows('durata_non_valida');
  });
  it('rejects slots before and after the working hours', () => {
    given([]).when(toggle('2030-03-04T07:30:00Z', '2030-03-04T08:00:00Z')).thenThrows('fuori_orario');
    given([]).when(toggle('2030-03-04T19:00:00Z', '2030-03-04T19:30:00Z')).thenThrows('fuori_orario');
    given([])
      .when(toggle(S, E, { startHour: 10, endHour: 12 }))
      .thenThrows('fuori_orario');
  });
  it('rejects unparseable instants', () => given([]).when(toggle('ieri', E)).thenThrows('data_non_valida'));
});

describe('availability decider: holds', () => {
  // 2030-03-04 is winter: 09:00 in Rome is 08:00Z
  const NOW = '2030-03-04T06:00:00.000Z';
  const EXPIRES = '2030-03-04T06:15:00.000Z';
  const hold = (over: Partial<HoldSlot> = {}): HoldSlot => ({
    type: 'HoldSlot',
    doctorId,
    start: S,
    bookingId: 'b1',
    patientId: 'p1',
    now: NOW,
    expiresAt: EXPIRES,
    timeZone: 'Europe/Rome',
    workingHours: hours,
    ...over,
  });
  const release = (over: Partial<ReleaseHold> = {}): ReleaseHold => ({
    type: 'ReleaseHold',
    doctorId,
    start: S,
    bookingId: 'b1',
    reason: 'released',
    now: NOW,
    ...over,
  });
  const held = (bookingId = 'b1', patientId = 'p1'): AvailabilityEvent => ({
    type: 'SlotHeld',
    data: { ...slot(S, E), bookingId, patientId, expiresAt: EXPIRES },
  });
  const released = (reason: 'expired' | 'released' | 'replaced', bookingId = 'b1'): AvailabilityEvent => ({
    type: 'SlotHoldReleased',
    data: { ...slot(S, E), bookingId, reason },
  });

  it('holds an available slot for the patient', () =>
    given([opened(S, E)])
      .when(hold())
      .then([held()]));
  it('canonicalises the start', () =>
    given([opened(S, E)])
      .when(hold({ start: '2030-03-04T09:00:00.000Z' }))
      .then([held()]));
  it('refuses a slot someone else holds', () =>
    given([opened(S, E), held('b0', 'p0')])
      .when(hold())
      .thenThrows('slot_occupato'));
  it('tells the patient who already holds it', () =>
    given([opened(S, E), held('b0', 'p1')])
      .when(hold())
      .thenThrows('slot_gia_tuo'));
  it('refuses an open slot outside the doctor’s current hours (opened before they were shortened)', () =>
    given([opened(S, E)])
      .when(hold({ workingHours: { startHour: 10, endHour: 12 } }))
      .thenThrows('fuori_orario'));
  it('refuses a closed or never opened slot', () => {
    given([]).when(hold()).thenThrows('slot_non_disponibile');
    given([opened(S, E), closed(S, E)])
      .when(hold())
      .thenThrows('slot_non_disponibile');
  });
  it('refuses a past slot, in the practice time zone', () => {
    // 08:30Z is 09:30 in Rome: the 09:00 slot has begun, although 09:00Z is still ahead
    given([opened(S, E)])
      .when(hold({ now: '2030-03-04T08:30:00.000Z' }))
      .thenThrows('slot_passato');
    given([opened(S, E)])
      .when(hold({ now: '2030-03-04T08:00:00.000Z' }))
      .thenThrows('slot_passato');
    given([opened(S, E)])
      .when(hold({ now: '2030-03-04T07:59:00.000Z' }))
      .then([held()]);
    given([opened(S, E)])
      .when(hold({ now: '2030-03-04T08:30:00.000Z', timeZone: 'UTC' }))
      .then([held()]);
  });
  it('refuses a start off the half hour', () =>
    given([opened(S, E)])
      .when(hold({ start: '2030-03-04T09:10:00Z' }))
      .thenThrows('inizio_non_allineato'));
  it('a released slot can be held again', () =>
    given([opened(S, E), held('b0', 'p0'), released('released', 'b0')])
      .when(hold())
      .then([held()]));

  it('releases the hold of that booking', () =>
    given([opened(S, E), held()])
      .when(release())
      .then([released('released')]));
  it('releases as replaced', () =>
    given([opened(S, E), held()])
      .when(release({ reason: 'replaced' }))
      .then([released('replaced')]));
  it('does nothing for another booking, a free slot or a hold already gone', () => {
    given([opened(S, E), held('b0', 'p0')])
      .when(release())
      .then([]);
    given([opened(S, E)])
      .when(release())
      .then([]);
    given([opened(S, E), held(), released('expired')])
      .when(release())
      .then([]);
  });
  it('expires a hold only once its time has run out', () => {
    given([opened(S, E), held()])
      .when(release({ reason: 'expired', now: '2030-03-04T06:14:59.000Z' }))
      .then([]);
    given([opened(S, E), held()])
      .when(release({ reason: 'expired', now: EXPIRES }))
      .then([released('expired')]);
  });

  it('a held slot cannot be toggled', () =>
    given([opened(S, E), held()])
      .when(toggle(S, E))
      .thenThrows('slot_in_attesa'));
  it('after release the slot toggles as an available one', () =>
    given([opened(S, E), held(), released('expired')])
      .when(toggle(S, E))
      .then([closed(S, E)]));
});

describe('slot helpers', () => {
  it('a slot belongs to the doctor-day of its UTC wall-clock date', () => {
    expect(doctorDayOf('2030-03-04T23:30:00Z')).toBe('2030-03-04');
  });
  it('names the working hours in the message', () => {
    expect(() => validateSlot('2030-03-04T07:00:00Z', '2030-03-04T07:30:00Z', { startHour: 8, endHour: 13 })).toThrow('08:00–13:00');
  });
});

describe('availability decider: freeing and rebooking (cancel and reschedule)', () => {
  const start = '2030-03-06T09:00:00Z';
  const end = '2030-03-06T09:30:00Z';
  const id = slotId(doctorId, start);
  const booked: AvailabilityEvent = { type: 'SlotBooked', data: { doctorId, slotId: id, start, end, bookingId: 'b1', patientId: 'p1', orderId: 'o1' } };
  const free = (bookingId = 'b1', cause: 'cancelled' | 'rescheduled' = 'cancelled') => ({ type: 'FreeSlot' as const, doctorId, start, bookingId, cause });
  const freed = (cause: 'cancelled' | 'rescheduled' = 'cancelled'): AvailabilityEvent => ({
    type: 'SlotFreed',
    data: { doctorId, slotId: id, start, end, bookingId: 'b1', cause },
  });
  const rebook = (now = '2030-03-04T06:00:00.000Z', bookingId = 'b2') => ({
    type: 'RebookSlot' as const,
    doctorId,
    start,
    bookingId,
    patientId: 'p2',
    orderId: 'o2',
    fromSlotId: 'doc-1~203003071000',
    now,
    timeZone: 'Europe/Rome',
  });
  const rebooked: AvailabilityEvent = {
    type: 'SlotRebooked',
    data: { doctorId, slotId: id, start, end, bookingId: 'b2', patientId: 'p2', orderId: 'o2', fromSlotId: 'doc-1~203003071000' },
  };

  it('given a slot booked by the booking, frees it (cancelled or rescheduled)', () => {
    given([opened(start, end), booked])
      .when(free())
      .then([freed()]);
    given([opened(start, end), booked])
      .when(free('b1', 'rescheduled'))
      .then([freed('rescheduled')]);
  });
  it('freeing twice, or a slot another booking has, changes nothing', () => {
    given([opened(start, end), booked, freed()])
      .when(free())
      .then([]);
    given([opened(start, end), booked])
      .when(free('b9'))
      .then([]);
  });
  it('given a free slot, a move books it; the same move again changes nothing', () => {
    given([opened(start, end)])
      .when(rebook())
      .then([rebooked]);
    given([opened(start, end), rebooked])
      .when(rebook())
      .then([]);
  });
  it('given a freed slot, a move books it', () =>
    given([opened(start, end), booked, freed()])
      .when(rebook())
      .then([rebooked]));
  it('refuses a slot booked, held, closed, or already begun', () => {
    given([opened(start, end), booked])
      .when(rebook())
      .thenThrows('slot_occupato');
    given([
      opened(start, end),
      { type: 'SlotHeld', data: { doctorId, slotId: id, start, end, bookingId: 'b3', patientId: 'p3', expiresAt: '2030-03-04T06:15:00Z' } },
    ])
      .when(rebook())
      .thenThrows('slot_occupato');
    given([]).when(rebook()).thenThrows('slot_non_disponibile');
    given([opened(start, end)])
      .when(rebook('2030-03-06T08:00:00.000Z'))
      .thenThrows('slot_passato');
  });
});
