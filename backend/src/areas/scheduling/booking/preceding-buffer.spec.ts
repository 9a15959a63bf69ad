import { slotId } from '@studio/contracts';
import { availabilityDecider, insidePrecedingBuffer, PREVIOUS_BUFFER_MESSAGE, type AvailabilityEvent, type DoctorDay, type HoldSlot } from '../availability';

/**
 * A visit type's "pausa dopo" (buffer after, 0–30 minutes) keeps the next visit from starting inside it.
 * Before, the hold only checked its own pause; a visit could start right where the previous visit's pause lies.
 */
const D = 'doc-1';
const hours = { startHour: 9, endHour: 13 };
const opened = (start: string): AvailabilityEvent => ({
  type: 'SlotOpened',
  data: { doctorId: D, slotId: slotId(D, start), start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString().slice(0, 16) + ':00Z' },
});
const fold = (events: AvailabilityEvent[]): DoctorDay => events.reduce(availabilityDecider.evolve, availabilityDecider.initialState());
const hold = (start: string, over: Partial<HoldSlot> = {}): HoldSlot => ({
  type: 'HoldSlot',
  doctorId: D,
  start,
  bookingId: 'b-new',
  patientId: 'p-new',
  now: '2030-03-04T06:00:00.000Z',
  expiresAt: '2030-03-04T06:15:00.000Z',
  timeZone: 'Europe/Rome',
  workingHours: hours,
  ...over,
});
const day = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((h) => opened(`2030-03-05T${h}:00Z`));

/** the previous visit 09:00–10:00 held with a 15-minute pause (the SlotHeld events record it) */
const previous = (bufferMinutes?: number) =>
  availabilityDecider.decide(hold('2030-03-05T09:00:00Z', { bookingId: 'b-prev', patientId: 'p-prev', minutes: 60, bufferMinutes }), fold(day));

describe('the pause after the previous visit', () => {
  test('the hold records its pause on its slots', () => {
    const events = previous(15);
    expect(events.map((e) => (e.data as { bufferMinutes?: number }).bufferMinutes)).toEqual([15, 15]);
  });

  test('a visit cannot start inside the pause of the visit before it (held, then paid): 409 pausa_precedente', () => {
    const state = fold([...day, ...previous(15)]);
    expect(insidePrecedingBuffer(state, '2030-03-05T10:00:00Z')).toBe(true);
    expect(() => availabilityDecider.decide(hold('2030-03-05T10:00:00Z'), state)).toThrow(PREVIOUS_BUFFER_MESSAGE);
    // paid: the booked visit keeps its pause
    const paid = availabilityDecider.decide(
      {
        type: 'BookSlot',
        doctorId: D,
        start: '2030-03-05T09:00:00Z',
        bookingId: 'b-prev',
        patientId: 'p-prev',
        orderId: 'o1',
        now: '2030-03-04T06:01:00.000Z',
      },
      state,
    );
    const booked = fold([...day, ...previous(15), ...paid]);
    expect(booked.slots['2030-03-05T09:30:00Z']).toMatchObject({ status: 'booked', bufferAfter: 15 });
    expect(() => availabilityDecider.decide(hold('2030-03-05T10:00:00Z'), booked)).toThrow(PREVIOUS_BUFFER_MESSAGE);
    // the slot after the pause is free to start
    expect(availabilityDecider.decide(hold('2030-03-05T10:30:00Z'), booked)).toHaveLength(1);
  });

  test('no pause, or the patient holding again right after their own hold (it is replaced): the start is allowed', () => {
    expect(availabilityDecider.decide(hold('2030-03-05T10:00:00Z'), fold([...day, ...previous()]))).toHaveLength(1);
    const state = fold([...day, ...previous(30)]);
    expect(availabilityDecider.decide(hold('2030-03-05T10:00:00Z', { patientId: 'p-prev' }), state)).toHaveLength(1);
  });

  test('the refusal says why, in Italian', () => {
    const state = fold([...day, ...previous(30)]);
    try {
      availabilityDecider.decide(hold('2030-03-05T10:00:00Z'), state);
      throw new Error('accettato');
    } catch (error) {
      expect(error).toMatchObject({ status: 409, code: 'pausa_precedente' });
    }
  });
});

describe('a move into the pause after another visit', () => {
  const move = (start: string, bookingId = 'b-moved') => ({
    type: 'RebookSlot' as const,
    doctorId: D,
    start,
    end: new Date(Date.parse(start) + 30 * 60_000).toISOString().slice(0, 16) + ':00Z',
    bookingId,
    patientId: 'p-moved',
    orderId: 'o2',
    fromSlotId: 'x',
    now: '2030-03-04T06:00:00.000Z',
    timeZone: 'Europe/Rome',
  });
  test('is refused like a hold (409 pausa_precedente); after the pause it is allowed', () => {
    const state = fold([...day, ...previous(30)]);
    expect(() => availabilityDecider.decide(move('2030-03-05T10:00:00Z'), state)).toThrow(PREVIOUS_BUFFER_MESSAGE);
    expect(availabilityDecider.decide(move('2030-03-05T10:30:00Z'), state)).toHaveLength(1);
  });
});
