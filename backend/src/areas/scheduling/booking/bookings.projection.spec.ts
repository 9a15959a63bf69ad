import { availabilitySlotsProjection } from '../availability/availability-slots.projection';
import { bookingsProjection } from './bookings.projection';
import { foldDocuments as fold, recorded } from '../../../testing/evolve-fixtures';

const event = recorded;

const day = 'availability-d1-2030-03-04';
const slot = { doctorId: 'd1', slotId: 'd1~203003040900', start: '2030-03-04T09:00:00Z', end: '2030-03-04T09:30:00Z' };
const hold = { bookingId: 'b1', patientId: 'p1', expiresAt: '2030-03-04T06:15:00.000Z' };
const slotHeld = (bookingId = 'b1') => event(day, 'SlotHeld', { ...slot, ...hold, bookingId });
const slotReleased = (reason: string, bookingId = 'b1') => event(day, 'SlotHoldReleased', { ...slot, bookingId, reason });
const bookingHeld = () => event('booking-b1', 'BookingHeld', { ...hold, doctorId: slot.doctorId, slotId: slot.slotId, start: slot.start, end: slot.end });
const bookingEnded = (reason: string) => event('booking-b1', 'BookingHoldEnded', { bookingId: 'b1', reason });

describe('availability_slots projection: holds', () => {
  it('a hold turns the slot held with its booking, a release makes it available again', () => {
    const docs = fold(availabilitySlotsProjection, [event(day, 'SlotOpened', slot), slotHeld()]);
    expect(docs.get(slot.slotId)).toMatchObject({ status: 'held', bookingId: 'b1' });
    const after = fold(availabilitySlotsProjection, [event(day, 'SlotOpened', slot), slotHeld(), slotReleased('expired')]);
    expect(after.get(slot.slotId)).toEqual({ id: slot.slotId, doctorId: 'd1', start: slot.start, end: slot.end, status: 'available' });
  });
  it('a release of another booking leaves the hold alone', () => {
    const docs = fold(availabilitySlotsProjection, [event(day, 'SlotOpened', slot), slotHeld('b2'), slotReleased('released', 'b1')]);
    expect(docs.get(slot.slotId)).toMatchObject({ status: 'held', bookingId: 'b2' });
  });
});

describe('bookings projection', () => {
  const expected = {
    id: 'b1',
    patientId: 'p1',
    doctorId: 'd1',
    slotId: slot.slotId,
    start: slot.start,
    end: slot.end,
    status: 'held',
    expiresAt: hold.expiresAt,
  };
  it('a hold is a held booking, whether the slot or the booking event comes first', () => {
    expect(fold(bookingsProjection, [slotHeld(), bookingHeld()]).get('b1')).toEqual(expected);
    expect(fold(bookingsProjection, [bookingHeld()]).get('b1')).toEqual(expected);
    expect(fold(bookingsProjection, [slotHeld()]).get('b1')).toEqual(expected);
  });
  it('the end of the hold gives the status its reason', () => {
    for (const reason of ['expired', 'released', 'replaced']) {
      expect(fold(bookingsProjection, [slotHeld(), bookingHeld(), slotReleased(reason), bookingEnded(reason)]).get('b1')?.status).toBe(reason);
    }
  });
  it('a hold with no booking stream ends with its slot', () => {
    expect(fold(bookingsProjection, [slotHeld(), slotReleased('expired')]).get('b1')?.status).toBe('expired');
  });
  it('the booking stream has the last word', () => {
    expect(fold(bookingsProjection, [slotHeld(), bookingHeld(), slotReleased('expired'), bookingEnded('released')]).get('b1')?.status).toBe('released');
  });
  it('indexes patient, doctor, status and expiry', () => {
    const doc = fold(bookingsProjection, [bookingHeld()]).get('b1')!;
    const values = Object.fromEntries(Object.entries(bookingsProjection.indexes).map(([k, i]) => [k, i.value(doc)]));
    expect(values).toEqual({
      patient_id: 'p1',
      doctor_id: 'd1',
      status: 'held',
      expires_at: hold.expiresAt,
      start: slot.start,
      pending: null,
      release_pending: 'no',
    });
  });

  it("a newer hold of the patient stops this one counting at once; its slot's release clears the pending flag", () => {
    const claim = event('patienthold-p1', 'PatientHoldClaimed', { patientId: 'p1', bookingId: 'b2', replaces: 'b1' });
    const replaced = fold(bookingsProjection, [slotHeld(), bookingHeld(), claim]).get('b1')!;
    expect(replaced).toMatchObject({ status: 'replaced', releasePending: true });
    expect(bookingsProjection.indexes.release_pending.value(replaced)).toBe('si');
    const released = fold(bookingsProjection, [slotHeld(), bookingHeld(), claim, slotReleased('replaced'), bookingEnded('replaced')]).get('b1')!;
    expect(released).toMatchObject({ status: 'replaced', releasePending: false });
    // a claim that replaces nothing, or a booking already ended, changes nothing
    expect(fold(bookingsProjection, [slotHeld(), bookingHeld(), slotReleased('expired'), claim]).get('b1')).toMatchObject({ status: 'expired' });
    expect(bookingsProjection.documentId(event('patienthold-p1', 'PatientHoldClaimed', { patientId: 'p1', bookingId: 'b1', replaces: null }))).toBeNull();
  });
});

describe('the appointment after payment', () => {
  const other = { doctorId: 'd1', slotId: 'd1~203003041000', start: '2030-03-04T10:00:00Z', end: '2030-03-04T10:30:00Z' };
  const confirmed = event('booking-b1', 'BookingConfirmed', { bookingId: 'b1', orderId: 'o1' });
  const paid = [slotHeld(), bookingHeld(), event(day, 'SlotBooked', { ...slot, bookingId: 'b1', patientId: 'p1', orderId: 'o1' }), confirmed];
  const cancelled = event('booking-b1', 'BookingCancelled', {
    bookingId: 'b1',
    patientId: 'p1',
    ...slot,
    by: 'patient',
    reason: null,
    refund: 'full',
    at: 'x',
  });
  // the whole event, as the catalogue's schema has it (the read side checks every event it folds)
  const move = {
    bookingId: 'b1',
    patientId: 'p1',
    doctorId: 'd1',
    fromSlotId: slot.slotId,
    fromStart: slot.start,
    fromEnd: slot.end,
    slotId: other.slotId,
    start: other.start,
    end: other.end,
    by: 'patient',
    at: 'x',
  };
  const requested = event('booking-b1', 'BookingRescheduleRequested', { ...move, requestId: 'r1', orderId: 'o1' });
  const moved = event('booking-b1', 'BookingRescheduled', { ...move, sequence: 1 });
  const freed = (cause: string, start = slot) => event(day, 'SlotFreed', { ...start, bookingId: 'b1', cause });

  it('confirmed with its order; cancelled pending until settled with the refund', () => {
    expect(fold(bookingsProjection, paid).get('b1')).toMatchObject({ status: 'confirmed', orderId: 'o1' });
    expect(fold(bookingsProjection, [...paid, cancelled]).get('b1')).toMatchObject({
      status: 'cancelled',
      refund: 'full',
      pending: { kind: 'cancel' },
      // who cancelled and the sealed reason: the patient's list answers from here, not from the stream
      cancelledBy: 'patient',
      cancellationReason: null,
    });
    expect(fold(bookingsProjection, [...paid, cancelled, freed('cancelled')]).get('b1')?.pending).toEqual({ kind: 'cancel' });
    const settled = event('booking-b1', 'BookingCancellationSettled', { bookingId: 'b1', refundId: 'R1' });
    expect(fold(bookingsProjection, [...paid, cancelled, freed('cancelled'), settled]).get('b1')).toMatchObject({
      status: 'cancelled',
      pending: null,
      refundId: 'R1',
    });
  });
  it('a move at a location records where the visit was; a room taken at the new time moves the location', () => {
    const room = (locationId: string, start: string) =>
      event(`room-${locationId}-${start.slice(0, 10)}`, 'RoomTaken', {
        locationId,
        roomId: 'r1',
        bookingId: 'b1',
        start,
        end: start.replace(':00:00Z', ':30:00Z'),
      });
    const docs = fold(bookingsProjection, [...paid, room('sede1', slot.start), requested, room('sede2', other.start)]);
    expect(docs.get('b1')).toMatchObject({ locationId: 'sede2', pending: { kind: 'reschedule', fromLocationId: 'sede1' } });
  });
  it('a move is pending from its intent until the old slot is free, and takes the new hour', () => {
    expect(fold(bookingsProjection, [...paid, requested]).get('b1')?.pending).toEqual({
      kind: 'reschedule',
      requestId: 'r1',
      fromStart: slot.start,
      start: other.start,
    });
    const afterMove = fold(bookingsProjection, [...paid, requested, moved]).get('b1');
    expect(afterMove).toMatchObject({ start: other.start, slotId: other.slotId, status: 'confirmed', pending: { kind: 'reschedule' } });
    // the move's sequence, as the calendar feed numbers it; never moved: none
    expect(afterMove?.sequence).toBe(1);
    expect(fold(bookingsProjection, paid).get('b1')?.sequence).toBeUndefined();
    const movedAgain = event('booking-b1', 'BookingRescheduled', { ...move, start: slot.start, end: slot.end, slotId: slot.slotId, sequence: 2 });
    expect(fold(bookingsProjection, [...paid, requested, moved, movedAgain]).get('b1')?.sequence).toBe(2);
    expect(fold(bookingsProjection, [...paid, requested, moved, freed('rescheduled')]).get('b1')).toMatchObject({ start: other.start, pending: null });
    expect(
      fold(bookingsProjection, [...paid, requested, event('booking-b1', 'BookingRescheduleAbandoned', { bookingId: 'b1', requestId: 'r1', reason: 'x' })]).get(
        'b1',
      ),
    ).toMatchObject({ start: slot.start, pending: null });
  });
  it('an outcome becomes the status', () => {
    expect(
      fold(bookingsProjection, [
        ...paid,
        event('booking-b1', 'BookingOutcomeRecorded', { bookingId: 'b1', patientId: 'p1', doctorId: 'd1', outcome: 'no_show', at: 'x' }),
      ]).get('b1')?.status,
    ).toBe('no_show');
  });
  it('an outcome keeps when it was recorded; its undo makes the booking confirmed again', () => {
    const recorded = event('booking-b1', 'BookingOutcomeRecorded', {
      bookingId: 'b1',
      patientId: 'p1',
      doctorId: 'd1',
      outcome: 'no_show',
      at: '2030-03-06T09:00:00.000Z',
    });
    expect(fold(bookingsProjection, [...paid, recorded]).get('b1')).toMatchObject({ status: 'no_show', outcomeAt: '2030-03-06T09:00:00.000Z' });
    const undone = fold(bookingsProjection, [
      ...paid,
      recorded,
      event('booking-b1', 'BookingOutcomeUndone', { bookingId: 'b1', patientId: 'p1', doctorId: 'd1', outcome: 'no_show', at: '2030-03-06T10:00:00.000Z' }),
    ]).get('b1');
    expect(undone?.status).toBe('confirmed');
    expect(undone).not.toHaveProperty('outcomeAt');
  });
  it('the slot: freed is available without its booking, rebooked is booked by the moved booking', () => {
    const slots = fold(availabilitySlotsProjection, [event(day, 'SlotOpened', slot), ...paid.slice(0, 3), freed('cancelled')]);
    expect(slots.get(slot.slotId)).toEqual({ id: slot.slotId, doctorId: 'd1', start: slot.start, end: slot.end, status: 'available' });
    const rebooked = fold(availabilitySlotsProjection, [
      event(day, 'SlotOpened', other),
      event(day, 'SlotRebooked', { ...other, bookingId: 'b1', patientId: 'p1', orderId: 'o1', fromSlotId: slot.slotId }),
    ]);
    expect(rebooked.get(other.slotId)).toMatchObject({ status: 'booked', bookingId: 'b1' });
  });
});
