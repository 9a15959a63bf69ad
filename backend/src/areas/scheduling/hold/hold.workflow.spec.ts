import { ConflictError } from '../../../platform/common/errors';
import type { WorkflowEvent } from '../../../platform/event-store/workflow';
import { workflowSpec } from '../../../platform/event-store/workflow-spec';
import { holdWorkflow, type HoldInput } from './hold.workflow';

const flow = workflowSpec(holdWorkflow);
const DAY = 'availability-d1-2030-03-05';
const start = '2030-03-05T09:00:00Z';
const end = '2030-03-05T09:30:00Z';
const input: HoldInput = {
  doctorId: 'd1',
  day: '2030-03-05',
  start,
  bookingId: 'b-new',
  patientId: 'p1',
  now: '2030-03-04T08:00:00.000Z',
  expiresAt: '2030-03-04T08:15:00.000Z',
  timeZone: 'Europe/Rome',
  workingHours: { startHour: 9, endHour: 13 },
};
const opened: WorkflowEvent = { stream: DAY, type: 'SlotOpened', data: { doctorId: 'd1', slotId: `d1_${start}`, start, end } };
const heldBy = (bookingId: string, patientId = 'p1'): WorkflowEvent => ({
  stream: DAY,
  type: 'SlotHeld',
  data: { doctorId: 'd1', slotId: `d1_${start}`, start, end, bookingId, patientId, expiresAt: '2030-03-04T08:15:00.000Z' },
});
const claim = (bookingId: string, replaces: string | null): WorkflowEvent => ({
  stream: 'patienthold-p1',
  type: 'PatientHoldClaimed',
  data: { patientId: 'p1', bookingId, replaces },
});
const holdSlot = {
  stream: 'day' as const,
  command: {
    type: 'HoldSlot' as const,
    doctorId: 'd1',
    start,
    bookingId: 'b-new',
    patientId: 'p1',
    now: input.now,
    expiresAt: input.expiresAt,
    timeZone: 'Europe/Rome',
    workingHours: { startHour: 9, endHour: 13 },
  },
};
const claimStep = { stream: 'patient' as const, command: { type: 'ClaimHold' as const, patientId: 'p1', bookingId: 'b-new' } };
const startHold = {
  stream: 'booking' as const,
  command: {
    type: 'StartHold' as const,
    hold: { bookingId: 'b-new', patientId: 'p1', doctorId: 'd1', slotId: `d1_${start}`, start, end, expiresAt: input.expiresAt },
  },
};

describe('hold workflow', () => {
  it('a 60-minute visit: both slots held in one step, and the booking spans the whole visit', () => {
    const long = { ...input, minutes: 60 };
    flow(long)
      .given([opened])
      .thenNext({ ...holdSlot, command: { ...holdSlot.command, minutes: 60 } });
    const second = '2030-03-05T09:30:00Z';
    const heldSecond: WorkflowEvent = {
      stream: DAY,
      type: 'SlotHeld',
      data: {
        doctorId: 'd1',
        slotId: `d1_${second}`,
        start: second,
        end: '2030-03-05T10:00:00Z',
        bookingId: 'b-new',
        patientId: 'p1',
        expiresAt: input.expiresAt,
      },
    };
    flow(long)
      .given([opened, heldBy('b-new'), heldSecond, claim('b-new', null)])
      .thenNext({ ...startHold, command: { ...startHold.command, hold: { ...startHold.command.hold, end: '2030-03-05T10:00:00Z' } } });
  });

  it('holds the slot, claims it as the patient’s one hold, records the booking, in that order', () => {
    flow(input).given([opened]).thenNext(holdSlot);
    flow(input)
      .given([opened, heldBy('b-new')])
      .thenNext(claimStep);
    flow(input)
      .given([opened, heldBy('b-new'), claim('b-old', null), claim('b-new', 'b-old')])
      .thenNext(startHold);
    const booked: WorkflowEvent = {
      stream: 'booking-b-new',
      type: 'BookingHeld',
      data: { bookingId: 'b-new', patientId: 'p1', doctorId: 'd1', slotId: `d1_${start}`, start, end, expiresAt: input.expiresAt },
    };
    flow(input)
      .given([opened, heldBy('b-new'), claim('b-new', 'b-old'), booked])
      .thenDone();
  });

  it('resumed after a crash between two appends: only the steps not in the log run (the claim names what it replaced)', () => {
    // died after the slot: the claim comes next, not a second hold
    flow(input)
      .given([opened, heldBy('b-new'), claim('b-old', null)])
      .thenNext(claimStep);
    // died after the claim: the booking comes next, not a second claim; the replaced hold is the one the claim named
    flow(input)
      .given([opened, heldBy('b-new'), claim('b-old', null), claim('b-new', 'b-old'), claim('b-later', 'b-new')])
      .thenNext(startHold);
    expect(holdWorkflow.evolve(holdWorkflow.initialState(input), claim('b-new', 'b-old')).claimed).toEqual({ replaces: 'b-old' });
  });

  it('a slot held by another booking: the hold is asked for and refused by its stream, with nothing to compensate', () => {
    flow(input)
      .given([opened, heldBy('b-other', 'p9')])
      .thenNext(holdSlot);
    flow(input)
      .given([opened, heldBy('b-other', 'p9')])
      .whenRefused(holdSlot, new ConflictError('preso'))
      .thenNothing();
  });

  describe('at a location with rooms', () => {
    const atSede: HoldInput = { ...input, locationId: 'sede1', roomIds: ['r1'] };
    const ROOMS = 'room-sede1-2030-03-05';
    const takeRoom = {
      stream: 'room' as const,
      command: { type: 'TakeRoom' as const, locationId: 'sede1', bookingId: 'b-new', start, end, roomIds: ['r1'] },
    };
    const roomTaken = (bookingId: string): WorkflowEvent => ({
      stream: ROOMS,
      type: 'RoomTaken',
      data: { locationId: 'sede1', roomId: 'r1', bookingId, start, end },
    });

    it('the room is taken after the slot and before the claim; resumed, each step runs once', () => {
      flow(atSede)
        .given([opened, heldBy('b-new')])
        .thenNext(takeRoom);
      flow(atSede)
        .given([opened, heldBy('b-new'), roomTaken('b-new')])
        .thenNext(claimStep);
      // a room another booking took earlier does not count as this one's
      flow(atSede)
        .given([opened, roomTaken('b-other'), heldBy('b-new')])
        .thenNext(takeRoom);
      expect(holdWorkflow.streams(atSede)).toContain(ROOMS);
      expect(holdWorkflow.streams(input)).not.toContain(ROOMS);
    });

    it('no free room: the slot this booking took is given back, the refusal reaches the patient', () => {
      flow(atSede)
        .given([opened, roomTaken('b-other'), heldBy('b-new')])
        .whenRefused(takeRoom, new ConflictError('Nessuna stanza libera', 'stanza_non_libera'))
        .thenNext({
          stream: 'day',
          command: { type: 'ReleaseHold', doctorId: 'd1', start, bookingId: 'b-new', reason: 'released', now: input.now },
        });
    });
  });
});
