import type { WorkflowEvent } from '../../../platform/event-store/workflow';
import { workflowSpec } from '../../../platform/event-store/workflow-spec';
import { endHoldWorkflow, type EndHoldInput } from './end-hold.workflow';

const flow = workflowSpec(endHoldWorkflow);
const DAY = 'availability-d1-2030-03-05';
const start = '2030-03-05T09:00:00Z';
const end = '2030-03-05T09:30:00Z';
const input = (reason: EndHoldInput['reason'], now = '2030-03-04T08:20:00.000Z'): EndHoldInput => ({
  bookingId: 'b1',
  doctorId: 'd1',
  day: '2030-03-05',
  start,
  reason,
  now,
});
const slot = { doctorId: 'd1', slotId: `d1_${start}`, start, end };
const opened: WorkflowEvent = { stream: DAY, type: 'SlotOpened', data: slot };
const heldBy = (bookingId: string): WorkflowEvent => ({
  stream: DAY,
  type: 'SlotHeld',
  data: { ...slot, bookingId, patientId: 'p1', expiresAt: '2030-03-04T08:15:00.000Z' },
});
const booked: WorkflowEvent = {
  stream: 'booking-b1',
  type: 'BookingHeld',
  data: { bookingId: 'b1', patientId: 'p1', doctorId: 'd1', slotId: slot.slotId, start, end, expiresAt: '2030-03-04T08:15:00.000Z' },
};
const released: WorkflowEvent = { stream: DAY, type: 'SlotHoldReleased', data: { ...slot, bookingId: 'b1', reason: 'released' } };
const releaseStep = (reason: EndHoldInput['reason'], now = '2030-03-04T08:20:00.000Z') => ({
  stream: 'day' as const,
  command: { type: 'ReleaseHold' as const, doctorId: 'd1', start, bookingId: 'b1', reason, now },
});
const endStep = (reason: EndHoldInput['reason'], now = '2030-03-04T08:20:00.000Z') => ({
  stream: 'booking' as const,
  command: { type: 'EndHold' as const, bookingId: 'b1', reason, now },
});

describe('end-of-hold workflow', () => {
  it('gives the slot back, then ends the booking; resumed after a crash between the two, only the second runs', () => {
    flow(input('released'))
      .given([opened, heldBy('b1'), booked])
      .thenNext(releaseStep('released'));
    flow(input('released'))
      .given([opened, heldBy('b1'), booked, released])
      .thenNext(endStep('released'));
    const ended: WorkflowEvent = { stream: 'booking-b1', type: 'BookingHoldEnded', data: { bookingId: 'b1', reason: 'released' } };
    flow(input('released'))
      .given([opened, heldBy('b1'), booked, released, ended])
      .thenDone();
  });

  it('an expiry only once the hold really ran out (the deciders say so)', () => {
    flow(input('expired', '2030-03-04T08:10:00.000Z'))
      .given([opened, heldBy('b1'), booked])
      .thenDone();
    flow(input('expired'))
      .given([opened, heldBy('b1'), booked])
      .thenNext(releaseStep('expired'));
  });

  it('never touches another booking’s hold; a booking never recorded (crash mid-hold) just gives its slot back', () => {
    flow(input('released'))
      .given([opened, heldBy('b-other'), booked])
      .thenNext(endStep('released'));
    flow(input('expired'))
      .given([opened, heldBy('b1')])
      .thenNext(releaseStep('expired'));
    flow(input('expired'))
      .given([opened, heldBy('b1'), { ...released, data: { ...slot, bookingId: 'b1', reason: 'expired' } }])
      .thenDone();
  });

  it('at a location with rooms: the room goes after the slot, before the booking ends; a room of a still-held slot stays', () => {
    const atSede = { ...input('expired'), locationId: 'sede1' };
    const ROOMS = 'room-sede1-2030-03-05';
    const roomTaken: WorkflowEvent = { stream: ROOMS, type: 'RoomTaken', data: { locationId: 'sede1', roomId: 'r1', bookingId: 'b1', start, end } };
    const releaseRoom = { stream: 'room' as const, command: { type: 'ReleaseRoom' as const, locationId: 'sede1', bookingId: 'b1', reason: 'expired' } };
    flow(atSede)
      .given([opened, heldBy('b1'), roomTaken, booked])
      .thenNext(releaseStep('expired'));
    const expired: WorkflowEvent = { ...released, data: { ...slot, bookingId: 'b1', reason: 'expired' } };
    flow(atSede)
      .given([opened, heldBy('b1'), roomTaken, booked, expired])
      .thenNext(releaseRoom);
    flow(atSede)
      .given([
        opened,
        heldBy('b1'),
        roomTaken,
        booked,
        expired,
        { stream: ROOMS, type: 'RoomReleased', data: { locationId: 'sede1', roomId: 'r1', bookingId: 'b1', reason: 'expired' } },
      ])
      .thenNext(endStep('expired'));
    // not run out yet: slot and room both stay
    flow({ ...atSede, now: '2030-03-04T08:10:00.000Z' })
      .given([opened, heldBy('b1'), roomTaken, booked])
      .thenDone();
  });
});
