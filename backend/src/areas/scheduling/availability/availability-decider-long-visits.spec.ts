import { slotId } from '@studio/contracts';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { availabilityDecider, type AvailabilityEvent, type HoldSlot } from './availability.decider';

const given = deciderSpec(availabilityDecider);
const hours = { startHour: 8, endHour: 19 };
const doctorId = 'doc-1';
const slot = (start: string, end: string) => ({ doctorId, slotId: slotId(doctorId, start), start, end });
const opened = (start: string, end: string): AvailabilityEvent => ({ type: 'SlotOpened', data: slot(start, end) });
const closed = (start: string, end: string): AvailabilityEvent => ({ type: 'SlotClosed', data: slot(start, end) });

describe('availability decider: visits longer than one slot (60 and 90 minutes)', () => {
  const NOW = '2030-03-04T06:00:00.000Z';
  const EXPIRES = '2030-03-04T06:15:00.000Z';
  const at = (hhmm: string) => `2030-03-04T${hhmm}:00Z`;
  const open = (...starts: string[]) => starts.map((s) => opened(at(s), at(plus30(s))));
  const plus30 = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    const t = h * 60 + m + 30;
    return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
  };
  const hold = (over: Partial<HoldSlot> = {}): HoldSlot => ({
    type: 'HoldSlot',
    doctorId,
    start: at('09:00'),
    bookingId: 'b1',
    patientId: 'p1',
    now: NOW,
    expiresAt: EXPIRES,
    timeZone: 'Europe/Rome',
    workingHours: hours,
    minutes: 60,
    ...over,
  });
  const heldAt = (hhmm: string, bookingId = 'b1', patientId = 'p1'): AvailabilityEvent => ({
    type: 'SlotHeld',
    data: { ...slot(at(hhmm), at(plus30(hhmm))), bookingId, patientId, expiresAt: EXPIRES },
  });
  const bookedAt = (hhmm: string, bookingId = 'b1'): AvailabilityEvent => ({
    type: 'SlotBooked',
    data: { ...slot(at(hhmm), at(plus30(hhmm))), bookingId, patientId: 'p1', orderId: 'o1' },
  });

  it('a 60-minute visit holds both of its slots in one decision', () =>
    given(open('09:00', '09:30'))
      .when(hold())
      .then([heldAt('09:00'), heldAt('09:30')]));
  it('a 90-minute visit holds three slots', () =>
    given(open('09:00', '09:30', '10:00'))
      .when(hold({ minutes: 90 }))
      .then([heldAt('09:00'), heldAt('09:30'), heldAt('10:00')]));
  it('refuses when a later slot of the visit is closed, held or booked by someone else', () => {
    given(open('09:00')).when(hold()).thenThrows('slot_non_disponibile');
    given([...open('09:00', '09:30'), heldAt('09:30', 'b0', 'p0')])
      .when(hold())
      .thenThrows('slot_occupato');
    given([...open('09:00', '09:30'), heldAt('09:30', 'b0', 'p0'), bookedAt('09:30', 'b0')])
      .when(hold())
      .thenThrows('slot_occupato');
  });
  it('two overlapping visits: once one holds 09:30, a visit from 09:00 is refused', () =>
    given([...open('09:00', '09:30', '10:00'), heldAt('09:30', 'b0', 'p0'), heldAt('10:00', 'b0', 'p0')])
      .when(hold())
      .thenThrows('slot_occupato'));
  it('refuses a visit that would end past the working hours', () =>
    given(open('18:30'))
      .when(hold({ start: at('18:30') }))
      .thenThrows('visita_fuori_orario'));
  it('refuses a length that is not 30, 60 or 90 minutes', () =>
    given(open('09:00', '09:30'))
      .when(hold({ minutes: 45 }))
      .thenThrows('durata_non_valida'));
  it('keeps the buffer after the visit free of other patients', () => {
    given([...open('09:00', '09:30', '10:00'), heldAt('10:00', 'b0', 'p0')])
      .when(hold({ bufferMinutes: 15 }))
      .thenThrows('pausa_occupata');
    // a closed slot after the visit is a pause too
    given(open('09:00', '09:30'))
      .when(hold({ bufferMinutes: 30 }))
      // the held slots record the pause (the next visit may not start inside it)
      .then([heldAt('09:00'), heldAt('09:30')].map((e) => ({ ...e, data: { ...e.data, bufferMinutes: 30 } })));
  });
  it('releasing, paying and expiring take every slot of the visit together', () => {
    const holding = [...open('09:00', '09:30'), heldAt('09:00'), heldAt('09:30')];
    given(holding)
      .when({ type: 'ReleaseHold', doctorId, start: at('09:00'), bookingId: 'b1', reason: 'expired', now: EXPIRES })
      .then(['09:00', '09:30'].map((s) => ({ type: 'SlotHoldReleased', data: { ...slot(at(s), at(plus30(s))), bookingId: 'b1', reason: 'expired' } })));
    given(holding)
      .when({ type: 'BookSlot', doctorId, start: at('09:00'), bookingId: 'b1', patientId: 'p1', orderId: 'o1', now: NOW })
      .then([bookedAt('09:00'), bookedAt('09:30')]);
  });
  it('freeing gives back every slot of [start, end) the booking has, and only those', () =>
    given([...open('09:00', '09:30', '10:00'), heldAt('09:00'), heldAt('09:30'), bookedAt('09:00'), bookedAt('09:30')])
      .when({ type: 'FreeSlot', doctorId, start: at('09:00'), end: at('10:00'), bookingId: 'b1', cause: 'cancelled' })
      .then(['09:00', '09:30'].map((s) => ({ type: 'SlotFreed', data: { ...slot(at(s), at(plus30(s))), bookingId: 'b1', cause: 'cancelled' } }))));
  it('a move books every slot of the new time, or none', () => {
    const rebook = { type: 'RebookSlot' as const, doctorId, start: at('11:00'), end: at('12:00'), bookingId: 'b1', patientId: 'p1', orderId: 'o1' };
    const move = { ...rebook, fromSlotId: slotId(doctorId, at('09:00')), now: NOW, timeZone: 'Europe/Rome' };
    given(open('11:00', '11:30'))
      .when(move)
      .then(
        ['11:00', '11:30'].map((s) => ({
          type: 'SlotRebooked',
          data: { ...slot(at(s), at(plus30(s))), bookingId: 'b1', patientId: 'p1', orderId: 'o1', fromSlotId: move.fromSlotId },
        })),
      );
    given(open('11:00')).when(move).thenThrows('slot_non_disponibile');
  });
});

describe('availability decider: a whole day at once (SetDaySlots)', () => {
  const at = (hhmm: string) => `2030-03-04T${hhmm}:00Z`;
  const end = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    const t = h * 60 + m + 30;
    return at(`${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`);
  };
  const set = (open: string[], close: string[], now = '2030-03-04T06:00:00.000Z') => ({
    type: 'SetDaySlots' as const,
    doctorId,
    day: '2030-03-04',
    open: open.map(at),
    close: close.map(at),
    workingHours: hours,
    now,
    timeZone: 'Europe/Rome',
  });
  const heldBy = (hhmm: string): AvailabilityEvent => ({
    type: 'SlotHeld',
    data: { ...slot(at(hhmm), end(hhmm)), bookingId: 'b1', patientId: 'p1', expiresAt: '2030-03-04T06:15:00.000Z' },
  });

  it('opens and closes many slots in one decision, the same events as toggles, leaving those already as wanted', () =>
    given([opened(at('09:00'), end('09:00')), opened(at('12:00'), end('12:00'))])
      .when(set(['09:00', '09:30', '10:00'], ['12:00', '12:30']))
      .then([opened(at('09:30'), end('09:30')), opened(at('10:00'), end('10:00')), closed(at('12:00'), end('12:00'))]));
  it('never touches a held or booked slot, nor one already begun', () =>
    given([opened(at('09:00'), end('09:00')), heldBy('09:00'), opened(at('08:00'), end('08:00'))])
      // 08:30Z is 09:30 in Rome: 08:00 has begun, 09:00 is held
      .when(set(['10:00'], ['08:00', '09:00'], '2030-03-04T07:15:00.000Z'))
      .then([opened(at('10:00'), end('10:00'))]));
  it('refuses a slot of another day, outside the hours, or asked open and closed at once', () => {
    given([])
      .when({ ...set([], []), open: ['2030-03-05T09:00:00Z'] })
      .thenThrows('giorno_non_valido');
    given([])
      .when(set(['19:00'], []))
      .thenThrows('fuori_orario');
    given([])
      .when(set(['09:00'], ['09:00']))
      .thenThrows('orari_in_conflitto');
  });
});
