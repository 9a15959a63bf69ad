import { availabilityStreamName, bookingStreamName, orderStreamName } from '@studio/contracts';
import { ConflictError } from '../../../platform/common/errors';
import { cancelBookingWorkflow, type CancelInput } from './cancel-booking.workflow';
import { rescheduleBookingWorkflow, type RescheduleInput } from './reschedule-booking.workflow';
import { workflowSpec } from '../../../platform/event-store/workflow-spec';

const B = bookingStreamName('b1');
const DAY6 = availabilityStreamName('d1', '2030-03-06');
const DAY7 = availabilityStreamName('d1', '2030-03-07');
const O = orderStreamName('o1');
const S6 = '2030-03-06T09:00:00Z';
const S7 = '2030-03-07T10:00:00Z';
const slot = (start: string) => ({
  doctorId: 'd1',
  slotId: `d1~${start.slice(0, 10).replace(/-/g, '')}${start.slice(11, 13)}${start.slice(14, 16)}`,
  start,
  end: start.replace(/:00:00Z$/, ':30:00Z'),
});

const booked = { stream: DAY6, type: 'SlotBooked', data: { ...slot(S6), bookingId: 'b1', patientId: 'p1', orderId: 'o1' } };
const captured = { stream: O, type: 'PaymentCaptured', data: { orderId: 'o1', captureId: 'C1', amountCents: 8000, currency: 'EUR' } };
const cancelledWith = (refund: 'full' | 'none') => ({
  stream: B,
  type: 'BookingCancelled',
  data: { bookingId: 'b1', patientId: 'p1', doctorId: 'd1', ...slot(S6), by: 'patient', reason: null, refund, at: '2030-03-04T06:00:00Z' },
});
const freed = (start: string, cause: 'cancelled' | 'rescheduled', stream = DAY6) => ({
  stream,
  type: 'SlotFreed',
  data: { ...slot(start), bookingId: 'b1', cause },
});
const refunded = {
  stream: O,
  type: 'PaymentRefunded',
  data: { orderId: 'o1', captureId: 'C1', refundId: 'R1', status: 'COMPLETED', reason: 'Prenotazione annullata' },
};
const settled = { stream: B, type: 'BookingCancellationSettled', data: { bookingId: 'b1', refundId: 'R1' } };

describe('cancel workflow', () => {
  const input: CancelInput = { bookingId: 'b1', doctorId: 'd1', day: '2030-03-06', orderId: 'o1' };
  const flow = workflowSpec(cancelBookingWorkflow)(input);
  const freeSlot = { kind: 'free-slot', doctorId: 'd1', start: S6, end: slot(S6).end, bookingId: 'b1' } as const;

  it('follows the booking, its doctor-day and its order', () => expect(cancelBookingWorkflow.streams(input)).toEqual([B, DAY6, O]));
  it('does nothing before the booking is cancelled', () => flow.given([booked, captured]).thenDone());
  it('given a cancellation, frees the slot first', () => flow.given([captured, booked, cancelledWith('full')]).thenNext(freeSlot));
  it('then refunds the order when the refund is full', () =>
    flow.given([captured, booked, cancelledWith('full'), freed(S6, 'cancelled')]).thenNext({ kind: 'refund', orderId: 'o1', bookingId: 'b1' }));
  it('then settles with the refund', () =>
    flow.given([captured, booked, cancelledWith('full'), freed(S6, 'cancelled'), refunded]).thenNext({ kind: 'settle', bookingId: 'b1', refundId: 'R1' }));
  it('with no refund due, settles right after freeing the slot', () =>
    flow.given([captured, booked, cancelledWith('none'), freed(S6, 'cancelled')]).thenNext({ kind: 'settle', bookingId: 'b1', refundId: null }));
  it('is done once settled', () => flow.given([captured, booked, cancelledWith('full'), freed(S6, 'cancelled'), refunded, settled]).thenDone());
  it("ignores another booking's slot events on the same day", () =>
    flow
      .given([captured, booked, cancelledWith('full'), { ...freed(S6, 'cancelled'), data: { ...freed(S6, 'cancelled').data, bookingId: 'b9' } }])
      .thenNext(freeSlot));
  it('at a location with rooms: the room goes right after the slot, then the refund; another booking’s room is not ours', () => {
    const atSede: CancelInput = { ...input, locationId: 'sede1' };
    const ROOMS = 'room-sede1-2030-03-06';
    const taken = (bookingId: string) => ({
      stream: ROOMS,
      type: 'RoomTaken',
      data: { locationId: 'sede1', roomId: 'r1', bookingId, start: S6, end: slot(S6).end },
    });
    const withRoom = workflowSpec(cancelBookingWorkflow)(atSede);
    expect(cancelBookingWorkflow.streams(atSede)).toEqual([B, DAY6, O, ROOMS]);
    withRoom.given([captured, booked, taken('b1'), cancelledWith('full')]).thenNext(freeSlot);
    withRoom
      .given([captured, booked, taken('b1'), cancelledWith('full'), freed(S6, 'cancelled')])
      .thenNext({ kind: 'free-room', locationId: 'sede1', day: '2030-03-06', bookingId: 'b1' });
    const released = { stream: ROOMS, type: 'RoomReleased', data: { locationId: 'sede1', roomId: 'r1', bookingId: 'b1', reason: 'cancelled' } };
    withRoom
      .given([captured, booked, taken('b1'), cancelledWith('full'), freed(S6, 'cancelled'), released])
      .thenNext({ kind: 'refund', orderId: 'o1', bookingId: 'b1' });
    withRoom.given([captured, booked, taken('b9'), cancelledWith('full'), freed(S6, 'cancelled')]).thenNext({ kind: 'refund', orderId: 'o1', bookingId: 'b1' });
  });
  it('needs no compensation: every step is retried as it is', () =>
    flow
      .given([captured, booked, cancelledWith('full')])
      .whenRefused(freeSlot, new ConflictError('x'))
      .thenNothing());
});

describe('reschedule workflow', () => {
  const input: RescheduleInput = {
    bookingId: 'b1',
    requestId: 'r1',
    doctorId: 'd1',
    fromDay: '2030-03-06',
    toDay: '2030-03-07',
    now: '2030-03-04T06:00:00.000Z',
    timeZone: 'Europe/Rome',
  };
  const flow = workflowSpec(rescheduleBookingWorkflow)(input);
  const request = {
    bookingId: 'b1',
    requestId: 'r1',
    patientId: 'p1',
    doctorId: 'd1',
    orderId: 'o1',
    fromSlotId: slot(S6).slotId,
    fromStart: S6,
    fromEnd: slot(S6).end,
    slotId: slot(S7).slotId,
    start: S7,
    end: slot(S7).end,
    by: 'patient' as const,
    at: '2030-03-04T06:00:00.000Z',
  };
  const requested = { stream: B, type: 'BookingRescheduleRequested', data: request };
  const rebooked = { stream: DAY7, type: 'SlotRebooked', data: { ...slot(S7), bookingId: 'b1', patientId: 'p1', orderId: 'o1', fromSlotId: slot(S6).slotId } };
  const moved = { stream: B, type: 'BookingRescheduled', data: { ...request, sequence: 1 } };
  const bookNew = { kind: 'book-new-slot', request, now: input.now, timeZone: input.timeZone } as const;

  it('follows the booking and both doctor-days, once each', () => {
    expect(rescheduleBookingWorkflow.streams(input)).toEqual([B, DAY6, DAY7]);
    expect(rescheduleBookingWorkflow.streams({ ...input, toDay: '2030-03-06' })).toEqual([B, DAY6]);
  });
  it('does nothing without its intent', () => flow.given([booked]).thenDone());
  it('given the intent, books the new slot first', () => flow.given([booked, requested]).thenNext(bookNew));
  it('then moves the booking', () => flow.given([booked, requested, rebooked]).thenNext({ kind: 'move-booking', bookingId: 'b1', requestId: 'r1' }));
  it('then frees the old slot', () =>
    flow.given([booked, requested, rebooked, moved]).thenNext({ kind: 'free-old-slot', doctorId: 'd1', start: S6, end: slot(S6).end, bookingId: 'b1' }));
  it('is done once the old slot is free', () => flow.given([booked, requested, rebooked, moved, freed(S6, 'rescheduled')]).thenDone());
  it('a refused new slot abandons the request (the booking stays)', () =>
    flow
      .given([booked, requested])
      .whenRefused(bookNew, new ConflictError('Orario preso'))
      .thenNext({ kind: 'abandon', bookingId: 'b1', requestId: 'r1', reason: 'Orario preso' }));
  it('only the new slot step is compensated', () =>
    flow.given([booked, requested, rebooked]).whenRefused({ kind: 'move-booking', bookingId: 'b1', requestId: 'r1' }, new ConflictError('x')).thenNothing());
  it('is done once abandoned', () =>
    flow.given([booked, requested, { stream: B, type: 'BookingRescheduleAbandoned', data: { bookingId: 'b1', requestId: 'r1', reason: 'preso' } }]).thenDone());
  it("another request's intent is not this one's", () => flow.given([booked, { ...requested, data: { ...request, requestId: 'r0' } }]).thenDone());
  it('a slot someone else booked on the new day is not ours', () =>
    flow.given([booked, requested, { ...rebooked, data: { ...rebooked.data, bookingId: 'b9' } }]).thenNext(bookNew));

  describe('at locations with rooms', () => {
    const ROOMS6 = 'room-sede1-2030-03-06';
    const ROOMS7 = 'room-sede1-2030-03-07';
    const atSede: RescheduleInput = { ...input, fromLocationId: 'sede1', toLocationId: 'sede1', roomIds: ['r1'] };
    const withRooms = workflowSpec(rescheduleBookingWorkflow)(atSede);
    const taken = (stream: string, start: string, bookingId = 'b1') => ({
      stream,
      type: 'RoomTaken',
      data: { locationId: 'sede1', roomId: 'r1', bookingId, start, end: slot(start).end },
    });
    const released = (stream: string) => ({
      stream,
      type: 'RoomReleased',
      data: { locationId: 'sede1', roomId: 'r1', bookingId: 'b1', reason: 'rescheduled' },
    });
    const takeRoom = { kind: 'take-room', locationId: 'sede1', day: '2030-03-07', bookingId: 'b1', start: S7, end: slot(S7).end, roomIds: ['r1'] } as const;
    const freeOld = { kind: 'free-old-slot', doctorId: 'd1', start: S6, end: slot(S6).end, bookingId: 'b1' } as const;

    it('follows the room streams of the old and the new time', () => {
      expect(rescheduleBookingWorkflow.streams(atSede)).toEqual([B, DAY6, DAY7, ROOMS6, ROOMS7]);
      expect(rescheduleBookingWorkflow.streams({ ...atSede, toDay: '2030-03-06' })).toEqual([B, DAY6, ROOMS6]);
      // a new time at a location without rooms takes none
      expect(rescheduleBookingWorkflow.streams({ ...atSede, roomIds: [] })).toEqual([B, DAY6, DAY7, ROOMS6]);
    });
    it('takes a room at the new time right after the new slot, before the booking moves', () => {
      withRooms.given([booked, taken(ROOMS6, S6), requested, rebooked]).thenNext(takeRoom);
      withRooms.given([booked, taken(ROOMS6, S6), requested, rebooked, taken(ROOMS7, S7)]).thenNext({ kind: 'move-booking', bookingId: 'b1', requestId: 'r1' });
    });
    it('another visit’s room at the new time is not ours', () =>
      withRooms.given([booked, taken(ROOMS6, S6), requested, rebooked, taken(ROOMS7, S7, 'b9')]).thenNext(takeRoom));
    it('once moved, gives the old room back before the old slot, which ends the flow', () => {
      const movedWithRoom = [booked, taken(ROOMS6, S6), requested, rebooked, taken(ROOMS7, S7), moved];
      withRooms.given(movedWithRoom).thenNext({ kind: 'release-old-room', locationId: 'sede1', day: '2030-03-06', bookingId: 'b1' });
      withRooms.given([...movedWithRoom, released(ROOMS6)]).thenNext(freeOld);
      withRooms.given([...movedWithRoom, released(ROOMS6), freed(S6, 'rescheduled')]).thenDone();
    });
    it('on the same day and location the old room went with the new one’s append: nothing more to give back', () => {
      const sameDay: RescheduleInput = { ...atSede, toDay: '2030-03-06' };
      const S6b = '2030-03-06T11:00:00Z';
      const req = { ...request, slotId: slot(S6b).slotId, start: S6b, end: slot(S6b).end };
      const reb = { ...rebooked, stream: DAY6, data: { ...rebooked.data, ...slot(S6b) } };
      const flowSameDay = workflowSpec(rescheduleBookingWorkflow)(sameDay);
      const events = [booked, taken(ROOMS6, S6), { ...requested, data: req }, reb];
      flowSameDay
        .given(events)
        .thenNext({ kind: 'take-room', locationId: 'sede1', day: '2030-03-06', bookingId: 'b1', start: S6b, end: slot(S6b).end, roomIds: ['r1'] });
      const movedHere = [...events, released(ROOMS6), taken(ROOMS6, S6b), { stream: B, type: 'BookingRescheduled', data: { ...req, sequence: 1 } }];
      flowSameDay.given(movedHere).thenNext(freeOld);
    });
    it('no room free at the new time: the new slot is given back, then the request is abandoned saying why', () => {
      withRooms
        .given([booked, taken(ROOMS6, S6), requested, rebooked])
        .whenRefused(takeRoom, new ConflictError('Nessuna stanza', 'stanza_non_libera'))
        .thenNext({ kind: 'give-back-new-slot', doctorId: 'd1', start: S7, end: slot(S7).end, bookingId: 'b1' });
      withRooms
        .given([booked, taken(ROOMS6, S6), requested, rebooked, freed(S7, 'rescheduled', DAY7)])
        .thenNext({ kind: 'abandon', bookingId: 'b1', requestId: 'r1', reason: 'Nessuna stanza libera in questa sede a quest’ora: scegli un altro orario.' });
    });
    it('a visit with no room before (no location then) takes one and gives nothing back', () => {
      const fromNowhere: RescheduleInput = { ...atSede, fromLocationId: undefined };
      const f = workflowSpec(rescheduleBookingWorkflow)(fromNowhere);
      f.given([booked, requested, rebooked]).thenNext(takeRoom);
      f.given([booked, requested, rebooked, taken(ROOMS7, S7), moved]).thenNext(freeOld);
    });
  });
});
