import { ConflictError } from '../../../platform/common/errors';
import { waitingListOfferWorkflow, type OfferInput } from './waiting-list-offer.workflow';
import { workflowSpec } from '../../../platform/event-store/workflow-spec';
import type { WorkflowEvent } from '../../../platform/event-store/workflow';

const flow = workflowSpec(waitingListOfferWorkflow);
const LIST = 'waitinglist-d1';
const DAY = 'availability-d1-2030-03-05';
const start = '2030-03-05T09:00:00Z';
const end = '2030-03-05T09:30:00Z';
const input = (bookingId = 'b-new', slot = { start, end, slotId: `d1_${start}` }, patientHolds: OfferInput['patientHolds'] = {}): OfferInput => ({
  doctorId: 'd1',
  day: '2030-03-05',
  ...slot,
  bookingId,
  now: '2030-03-04T08:00:00.000Z',
  expiresAt: '2030-03-04T08:15:00.000Z',
  timeZone: 'Europe/Rome',
  workingHours: { startHour: 9, endHour: 13 },
  patientHolds,
});
const joined = (entryId: string, patientId: string, from = '2030-03-05', to = '2030-03-06'): WorkflowEvent => ({
  stream: LIST,
  type: 'WaitingListJoined',
  data: { entryId, doctorId: 'd1', patientId, from, to, at: 'x' },
});
const slotEvent = (type: string, extra: object = {}, s = start): WorkflowEvent => ({
  stream: DAY,
  type,
  data: { doctorId: 'd1', slotId: `d1_${s}`, start: s, end, ...extra },
});
const opened = slotEvent('SlotOpened');
const bookingHeld: WorkflowEvent = {
  stream: 'booking-b-new',
  type: 'BookingHeld',
  data: { bookingId: 'b-new', patientId: 'p1', doctorId: 'd1', slotId: `d1_${start}`, start, end, expiresAt: '2030-03-04T08:15:00.000Z' },
};
const reserved = (entryId: string, patientId: string, bookingId = 'b-new', s = start): WorkflowEvent => ({
  stream: LIST,
  type: 'WaitingListOfferReserved',
  data: {
    entryId,
    patientId,
    doctorId: 'd1',
    slotId: `d1_${s}`,
    start: s,
    end,
    bookingId,
    expiresAt: '2030-03-04T08:15:00.000Z',
    at: '2030-03-04T08:00:00.000Z',
  },
});
const heldFor = (bookingId: string, patientId: string) => slotEvent('SlotHeld', { bookingId, patientId, expiresAt: '2030-03-04T08:15:00.000Z' });
const reserveStep = (entryId: string, patientId: string) => ({
  stream: 'list' as const,
  command: { type: 'ReserveOffer' as const, offer: reserved(entryId, patientId).data as never },
});

describe('waiting-list offer workflow', () => {
  it('a freed slot is reserved for the first in line, then held for them, the booking recorded, the offer made', () => {
    flow(input())
      .given([joined('e1', 'p1'), joined('e2', 'p2'), opened])
      .thenNext(reserveStep('e1', 'p1'));
    flow(input())
      .given([joined('e1', 'p1'), opened, reserved('e1', 'p1')])
      .thenNext({
        stream: 'day',
        command: {
          type: 'HoldSlot',
          doctorId: 'd1',
          start,
          bookingId: 'b-new',
          patientId: 'p1',
          now: '2030-03-04T08:00:00.000Z',
          expiresAt: '2030-03-04T08:15:00.000Z',
          timeZone: 'Europe/Rome',
          workingHours: { startHour: 9, endHour: 13 },
        },
      });
    flow(input())
      .given([joined('e1', 'p1'), opened, reserved('e1', 'p1'), heldFor('b-new', 'p1')])
      .thenNext({
        stream: 'booking',
        command: {
          type: 'StartHold',
          hold: { bookingId: 'b-new', patientId: 'p1', doctorId: 'd1', slotId: `d1_${start}`, start, end, expiresAt: '2030-03-04T08:15:00.000Z' },
        },
      });
    const booked = bookingHeld;
    flow(input('b-new', undefined, { p1: { current: 'b-old', open: false } }))
      .given([joined('e1', 'p1'), opened, reserved('e1', 'p1'), heldFor('b-new', 'p1'), booked])
      .thenNext({
        stream: 'patient',
        patientId: 'p1',
        command: { type: 'ClaimHold', patientId: 'p1', bookingId: 'b-new', ifCurrent: 'b-old' },
      });
    const claimed: WorkflowEvent = { stream: 'patienthold-p1', type: 'PatientHoldClaimed', data: { patientId: 'p1', bookingId: 'b-new', replaces: 'b-old' } };
    const p1Holds = { p1: { current: 'b-new', open: true } };
    flow(input('b-new', undefined, p1Holds))
      .given([joined('e1', 'p1'), opened, reserved('e1', 'p1'), heldFor('b-new', 'p1'), booked, claimed])
      .thenNext({ stream: 'list', command: { type: 'MakeOffer', bookingId: 'b-new', at: '2030-03-04T08:00:00.000Z' } });
    const made: WorkflowEvent = { stream: LIST, type: 'WaitingListOfferMade', data: { entryId: 'e1', bookingId: 'b-new', at: 'x' } };
    flow(input('b-new', undefined, p1Holds))
      .given([joined('e1', 'p1'), opened, reserved('e1', 'p1'), heldFor('b-new', 'p1'), booked, claimed, made])
      .thenDone();
  });

  it("a patient holding a slot anywhere (another doctor's offer, or their own hold) is passed over for now", () => {
    flow(input('b-new', undefined, { p1: { current: 'b-elsewhere', open: true } }))
      .given([joined('e1', 'p1'), joined('e2', 'p2'), opened])
      .thenNext(reserveStep('e2', 'p2'));
    flow(input('b-new', undefined, { p1: { current: 'b-elsewhere', open: true } }))
      .given([joined('e1', 'p1'), opened])
      .thenDone();
  });

  it("the claim refused (another offer became the patient's hold first): withdrawn, then the slot and the booking given back", () => {
    const booked = bookingHeld;
    const given = [joined('e1', 'p1'), opened, reserved('e1', 'p1'), heldFor('b-new', 'p1'), booked];
    const claim = {
      stream: 'patient' as const,
      patientId: 'p1',
      command: { type: 'ClaimHold' as const, patientId: 'p1', bookingId: 'b-new', ifCurrent: null },
    };
    const withdraw = { stream: 'list' as const, command: { type: 'WithdrawOffer' as const, bookingId: 'b-new', at: '2030-03-04T08:00:00.000Z' } };
    flow(input()).given(given).whenRefused(claim, new ConflictError('occupato', 'paziente_occupato')).thenNext(withdraw);
    const withdrawn: WorkflowEvent = { stream: LIST, type: 'WaitingListOfferWithdrawn', data: { entryId: 'e1', bookingId: 'b-new', at: 'x' } };
    flow(input())
      .given([...given, withdrawn])
      .thenNext({
        stream: 'day',
        command: { type: 'ReleaseHold', doctorId: 'd1', start, bookingId: 'b-new', reason: 'replaced', now: '2030-03-04T08:00:00.000Z' },
      });
    const released = slotEvent('SlotHoldReleased', { bookingId: 'b-new', reason: 'replaced' });
    flow(input())
      .given([...given, withdrawn, released])
      .thenNext({ stream: 'booking', command: { type: 'EndHold', bookingId: 'b-new', reason: 'replaced', now: '2030-03-04T08:00:00.000Z' } });
    const ended: WorkflowEvent = { stream: 'booking-b-new', type: 'BookingHoldEnded', data: { bookingId: 'b-new', reason: 'replaced' } };
    flow(input())
      .given([...given, withdrawn, released, ended])
      .thenDone();
  });

  it('a patient with an open offer is skipped: two slots freed at once go to two patients', () => {
    const other = { start: '2030-03-05T09:30:00Z', end: '2030-03-05T10:00:00Z', slotId: 'd1_2030-03-05T09:30:00Z' };
    flow(input('b-2', other))
      .given([joined('e1', 'p1'), joined('e2', 'p2'), opened, slotEvent('SlotOpened', {}, other.start), reserved('e1', 'p1', 'b-1')])
      .thenNext({
        stream: 'list',
        command: { type: 'ReserveOffer', offer: { ...(reserved('e2', 'p2', 'b-2', other.start).data as object), end: other.end } as never },
      });
  });

  it('nobody in range, or the slot not free, or someone else reserving it: nothing to do', () => {
    flow(input())
      .given([joined('e1', 'p1', '2030-03-10', '2030-03-12'), opened])
      .thenDone();
    flow(input())
      .given([joined('e1', 'p1'), opened, heldFor('b-other', 'p9')])
      .thenDone();
    flow(input())
      .given([joined('e1', 'p1'), joined('e2', 'p2'), opened, reserved('e1', 'p1', 'b-other')])
      .thenDone();
  });

  it('a patient who let this slot go is not offered it again; the next in line is', () => {
    const ended: WorkflowEvent = { stream: LIST, type: 'WaitingListOfferEnded', data: { entryId: 'e1', bookingId: 'b-old', outcome: 'declined', at: 'x' } };
    flow(input())
      .given([joined('e1', 'p1'), joined('e2', 'p2'), opened, reserved('e1', 'p1', 'b-old'), ended])
      .thenNext(reserveStep('e2', 'p2'));
  });

  it('the slot taken before the hold: the offer is withdrawn (also when the hold is refused), the patient stays first in line', () => {
    const withdraw = { stream: 'list' as const, command: { type: 'WithdrawOffer' as const, bookingId: 'b-new', at: '2030-03-04T08:00:00.000Z' } };
    flow(input())
      .given([joined('e1', 'p1'), opened, reserved('e1', 'p1'), heldFor('b-other', 'p9')])
      .thenNext(withdraw);
    const hold = { stream: 'day' as const, command: {} as never };
    flow(input())
      .given([joined('e1', 'p1'), opened, reserved('e1', 'p1')])
      .whenRefused(hold, new ConflictError('preso'))
      .thenNext(withdraw);
    const withdrawn: WorkflowEvent = { stream: LIST, type: 'WaitingListOfferWithdrawn', data: { entryId: 'e1', bookingId: 'b-new', at: 'x' } };
    flow(input())
      .given([joined('e1', 'p1'), opened, reserved('e1', 'p1'), heldFor('b-other', 'p9'), withdrawn])
      .thenDone();
    flow(input('b-next'))
      .given([joined('e1', 'p1'), joined('e2', 'p2'), opened, reserved('e1', 'p1'), withdrawn])
      .thenNext({
        stream: 'list',
        command: { type: 'ReserveOffer', offer: { ...(reserved('e1', 'p1', 'b-next').data as object) } as never },
      });
  });

  describe('at a location with rooms', () => {
    const ROOMS = 'room-sede1-2030-03-05';
    const atSede = (bookingId = 'b-new'): OfferInput => ({ ...input(bookingId), locationId: 'sede1', roomIds: ['r1'] });
    const taken = (bookingId: string): WorkflowEvent => ({
      stream: ROOMS,
      type: 'RoomTaken',
      data: { locationId: 'sede1', roomId: 'r1', bookingId, start, end },
    });
    const takeRoom = { stream: 'room' as const, command: { type: 'TakeRoom' as const, locationId: 'sede1', bookingId: 'b-new', start, end, roomIds: ['r1'] } };
    const withdraw = { stream: 'list' as const, command: { type: 'WithdrawOffer' as const, bookingId: 'b-new', at: '2030-03-04T08:00:00.000Z' } };
    const withdrawn: WorkflowEvent = { stream: LIST, type: 'WaitingListOfferWithdrawn', data: { entryId: 'e1', bookingId: 'b-new', at: 'x' } };

    it('follows the room stream of the slot’s location and day', () =>
      expect(waitingListOfferWorkflow.streams(atSede())).toEqual([LIST, DAY, 'booking-b-new', ROOMS]));
    it('no room free at that time: the slot is not offered', () => {
      flow(atSede())
        .given([joined('e1', 'p1'), opened, taken('b-elsewhere')])
        .thenDone();
      flow(atSede())
        .given([joined('e1', 'p1'), opened])
        .thenNext(reserveStep('e1', 'p1'));
    });
    it('the room is taken right after the slot, and the booking records the location', () => {
      flow(atSede())
        .given([joined('e1', 'p1'), opened, reserved('e1', 'p1'), heldFor('b-new', 'p1')])
        .thenNext(takeRoom);
      flow(atSede())
        .given([joined('e1', 'p1'), opened, reserved('e1', 'p1'), heldFor('b-new', 'p1'), taken('b-new')])
        .thenNext({
          stream: 'booking',
          command: {
            type: 'StartHold',
            hold: {
              bookingId: 'b-new',
              patientId: 'p1',
              doctorId: 'd1',
              slotId: `d1_${start}`,
              start,
              end,
              expiresAt: '2030-03-04T08:15:00.000Z',
              locationId: 'sede1',
            },
          },
        });
    });
    it('the last room taken meanwhile: withdrawn, then the slot given back', () => {
      const given = [joined('e1', 'p1'), opened, reserved('e1', 'p1'), heldFor('b-new', 'p1')];
      flow(atSede()).given(given).whenRefused(takeRoom, new ConflictError('Nessuna stanza', 'stanza_non_libera')).thenNext(withdraw);
      flow(atSede())
        .given([...given, taken('b-elsewhere'), withdrawn])
        .thenNext({
          stream: 'day',
          command: { type: 'ReleaseHold', doctorId: 'd1', start, bookingId: 'b-new', reason: 'replaced', now: '2030-03-04T08:00:00.000Z' },
        });
    });
    it('withdrawn after taking its room: the slot, then the room, then the booking are given back', () => {
      const given = [joined('e1', 'p1'), opened, reserved('e1', 'p1'), heldFor('b-new', 'p1'), taken('b-new'), bookingHeld, withdrawn];
      const released = slotEvent('SlotHoldReleased', { bookingId: 'b-new', reason: 'replaced' });
      flow(atSede())
        .given([...given, released])
        .thenNext({ stream: 'room', command: { type: 'ReleaseRoom', locationId: 'sede1', bookingId: 'b-new', reason: 'replaced' } });
      const roomBack: WorkflowEvent = {
        stream: ROOMS,
        type: 'RoomReleased',
        data: { locationId: 'sede1', roomId: 'r1', bookingId: 'b-new', reason: 'replaced' },
      };
      flow(atSede())
        .given([...given, released, roomBack])
        .thenNext({ stream: 'booking', command: { type: 'EndHold', bookingId: 'b-new', reason: 'replaced', now: '2030-03-04T08:00:00.000Z' } });
    });
  });
});
