import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';

import {
  bookingStreamName,
  parseRecordedEvent,
  patientHoldStreamName,
  waitingListStreamName,
  type EventMetadata,
  type RecordedDomainEvent,
  type RecordedEvent,
  type Subscription,
  practiceInstant,
  slotId,
} from '@studio/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { doctorDayOf, inWorkingHours, slotStartsOf } from '../availability';
import { bookingDecider, bookingsReadModel, doctorSlotsAt, roomsAt, scheduledLocationAt } from '../booking';

import { AppError } from '../../../platform/common/errors';
import { decideAgainOnStaleRevision, readState } from '../../../platform/event-store/command-handler';

import { startReactor } from '../../../platform/kernel/reactor';
import { UsersService } from '../../accounts/users';
import type { WorkflowRun } from '../../../platform/event-store/workflow';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';
import { waitingListOfferWorkflow, type OfferState } from './waiting-list-offer.workflow';
import { EndWaitingListOffer, waitingListDecider } from '../waiting-list';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { availabilitySlotsReadModel } from '../availability';

/** how long a freed slot is held for the patient it is offered to */
export const OFFER_HOLD_MINUTES = 15;

/** events that never free a slot; any other event of a doctor-day stream may (a released hold, an opened slot, and
 * whatever the agenda appends when it cancels a booking), and the workflow checks the slot on its stream */
const NOT_FREEING = new Set(['SlotHeld', 'SlotBooked', 'SlotClosed']);
type FreedSlot = { doctorId: string; slotId: string; start: string; end: string };
/** the booking events the reactor acts on; it skips the others (and the never-freeing ones) without checking them */
const BOOKING_CAUSES = new Set(['BookingCancelled', 'BookingHoldEnded', 'BookingConfirmed']);
const mayConcern = (event: RecordedEvent) =>
  BOOKING_CAUSES.has(event.type) ||
  (event.stream.startsWith('availability-') && !NOT_FREEING.has(event.type)) ||
  (event.stream.startsWith('room-') && event.type === 'RoomReleased');
/** the slot an event (checked against the catalogue) may have freed, or null */
function freedSlot(event: RecordedDomainEvent): FreedSlot | null {
  if (event.type === 'BookingCancelled') return event.data;
  if (!event.stream.startsWith('availability-') || NOT_FREEING.has(event.type)) return null;
  const data = event.data;
  return 'doctorId' in data && 'slotId' in data && 'start' in data && 'end' in data ? data : null;
}

/** a uuid derived from the event that freed the slot: running the offer again for it finds the same booking */
function offerBookingId(causeEventId: string): string {
  const h = createHash('sha256').update(`offerta:${causeEventId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

@Injectable()
export class WaitingListOffersService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ListaAttesa');
  private subscription?: Subscription;

  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly workflows: WorkflowRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await startReactor(
      { appDb: this.kernel.appDb, eventStore: this.kernel.eventStore },
      'waiting-list',
      ['availability-', 'booking-', 'room-'],
      (e) => this.react(e),
      (e) => this.logger.error(String(e)),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  private system(causationId?: string): EventMetadata {
    const id = randomUUID();
    return { userId: 'system', role: 'system', at: this.kernel.clock.now().toISOString(), correlationId: id, causationId: causationId ?? id };
  }

  /**
   * the reactor: a freed slot is offered to the line; the end of an offered hold closes the offer. The event is checked
   * against the catalogue first: an invalid one throws InvalidEventError, naming it, and nothing is offered or closed.
   */
  async react(recorded: RecordedEvent): Promise<void> {
    if (!mayConcern(recorded)) return;
    const event = parseRecordedEvent(recorded);
    const slot = freedSlot(event);
    if (slot) {
      const { doctorId, slotId, start, end } = slot;
      if (!doctorId || !slotId || !end) return;
      await this.offerSlot({ doctorId, slotId, start, end }, event.id);
    } else if (event.type === 'RoomReleased') {
      await this.offerAfterRoom(event);
    } else if (event.type === 'BookingHoldEnded' || event.type === 'BookingConfirmed') {
      await this.endOffer(event.data.bookingId, event.type === 'BookingConfirmed' ? 'taken' : 'declined', event.id);
    }
  }

  /** runs the offer workflow for one freed slot; safe to run again for the same cause */
  async offerSlot(slot: { doctorId: string; slotId: string; start: string; end: string }, causeEventId: string): Promise<WorkflowRun<OfferState> | null> {
    const list = await readState(this.kernel.eventStore, waitingListStreamName(slot.doctorId), waitingListDecider);
    const waiting = list.state.entries.filter((e) => e.status === 'waiting' && e.offer === null);
    // an offer this cause already reserved (the process died before it was made) is carried on, never reserved again
    const reserved = list.state.offers[offerBookingId(causeEventId)]?.status === 'reserved';
    if (waiting.length === 0 && !reserved) return null;
    const doctor = await this.users.getDoctor(slot.doctorId);
    const now = this.kernel.clock.now();
    const inLine = list.state.entries.filter((e) => e.status === 'waiting');
    const patientHolds = Object.fromEntries(await Promise.all(inLine.map(async (e) => [e.patientId, await this.currentHold(e.patientId, now)] as const)));
    // where the slot is, as for a hold: where the location has rooms, the offer takes a free one with the slot
    const locationId = await scheduledLocationAt(this.kernel.readModels, slot.doctorId, slot.start);
    const roomIds = await roomsAt(this.kernel.readModels, locationId);
    const input = {
      doctorId: slot.doctorId,
      day: doctorDayOf(slot.start),
      slotId: slot.slotId,
      start: slot.start,
      end: slot.end,
      bookingId: offerBookingId(causeEventId),
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + OFFER_HOLD_MINUTES * 60_000).toISOString(),
      timeZone: this.kernel.config.practiceTimeZone,
      workingHours: { startHour: doctor.startHour, endHour: doctor.endHour },
      patientHolds,
      ...(locationId ? { locationId } : {}),
      ...(roomIds.length > 0 ? { roomIds } : {}),
    };
    const metadata = this.system(causeEventId);
    const run = () => decideAgainOnStaleRevision(() => this.workflows.run(waitingListOfferWorkflow, input, metadata));
    try {
      return await run();
    } catch (error) {
      // the patient took another hold meanwhile, or another visit the last room: the offer is withdrawn; this run gives
      // back the slot, which frees it again for the next in line (or, with no room free, for nobody: it is not offered)
      if (error instanceof AppError && (error.code === 'paziente_occupato' || error.code === 'stanza_non_libera')) return run();
      throw error;
    }
  }

  /**
   * A visit's room given back after its slot (the end of a hold and a cancellation free the slot first): the slot's
   * own event found the room still taken and offered nothing, so its slots are offered again now the room is free;
   * and so are the other doctors' free slots at that location and time, which no room left unoffered too.
   */
  private async offerAfterRoom(event: Extract<RecordedDomainEvent, { type: 'RoomReleased' }>): Promise<void> {
    const { bookingId, locationId } = event.data;
    if (event.revision < 1) return;
    // the time it had: the booking's RoomTaken before this release (the newest first)
    const taken = (await this.kernel.eventStore.readStream(event.stream, { direction: 'backwards', fromRevision: event.revision - 1 }))
      .map(parseRecordedEvent)
      .find((e): e is Extract<RecordedDomainEvent, { type: 'RoomTaken' }> => e.type === 'RoomTaken' && e.data.bookingId === bookingId);
    const booking = taken && (await bookingsReadModel.get(this.kernel.readModels, bookingId));
    if (!taken || !booking) return;
    const own = slotStartsOf(taken.data.start, taken.data.end).map((start) => ({ doctorId: booking.doc.doctorId, start }));
    const others = (await doctorSlotsAt(this.kernel.readModels, locationId, taken.data.start, taken.data.end)).filter(
      (s) => s.doctorId !== booking.doc.doctorId,
    );
    for (const { doctorId, start } of [...own, ...others]) {
      const slot = await availabilitySlotsReadModel.get(this.kernel.readModels, slotId(doctorId, start));
      if (slot?.doc.status !== 'available') continue;
      await this.offerSlot({ doctorId, slotId: slot.id, start, end: slot.doc.end }, `${event.id}:${slot.id}`);
    }
  }

  /** the patient's current hold and whether it still holds a slot: a patient holding one is not offered another */
  private async currentHold(patientId: string, now: Date): Promise<{ current: string | null; open: boolean }> {
    const [claim] = (await this.kernel.eventStore.readStream(patientHoldStreamName(patientId), { direction: 'backwards', maxCount: 1 })).map(
      parseRecordedEvent,
    );
    if (claim?.type !== 'PatientHoldClaimed') return { current: null, open: false };
    const current = claim.data.bookingId;
    const booking = await readState(this.kernel.eventStore, bookingStreamName(current), bookingDecider);
    if (booking.state.status === 'held') return { current, open: Date.parse(booking.state.expiresAt) > now.getTime() };
    // claimed and not recorded yet: someone is in the middle of taking it, for as long as a hold lasts at most
    // (a flow that died there does not keep the patient out of the line for ever)
    const claimedAt = Date.parse(claim.metadata.at);
    const open = booking.state.status === 'none' && now.getTime() - claimedAt < Math.max(this.kernel.config.holdMinutes, OFFER_HOLD_MINUTES) * 60_000;
    return { current, open };
  }

  private async endOffer(bookingId: string, outcome: 'taken' | 'declined', causeEventId: string): Promise<void> {
    const [held] = (await this.kernel.eventStore.readStream(bookingStreamName(bookingId), { maxCount: 1 })).map(parseRecordedEvent);
    const doctorId = held?.type === 'BookingHeld' ? held.data.doctorId : null;
    if (!doctorId) return;
    const stream = waitingListStreamName(doctorId);
    const { state } = await readState(this.kernel.eventStore, stream, waitingListDecider);
    if (!state.offers[bookingId]) return;
    const ended = await this.kernel.commands.execute(
      new EndWaitingListOffer(stream, { type: 'EndOffer', bookingId, outcome, at: this.kernel.clock.now().toISOString() }, this.system(causeEventId)),
    );
    // the patient is free for another offer, and the slot they let go for the next in line
    if (ended.events.length > 0) await this.offerFreeSlots(doctorId, causeEventId);
  }

  /** offers the doctor's free slots in the waiting patients' days, first come first served */
  async offerFreeSlots(doctorId: string, causeEventId: string): Promise<void> {
    const { state } = await readState(this.kernel.eventStore, waitingListStreamName(doctorId), waitingListDecider);
    const waiting = state.entries.filter((e) => e.status === 'waiting' && e.offer === null);
    if (waiting.length === 0) return;
    await this.kernel.changes.waitFor(await this.kernel.eventStore.headPosition(), 10_000).catch(() => undefined);
    const from = waiting.map((e) => e.from).sort()[0];
    const to = waiting
      .map((e) => e.to)
      .sort()
      .at(-1)!;
    const free = await availabilitySlotsReadModel.find(
      this.kernel.readModels,
      { doctor_id: doctorId, start: { gte: `${from}T00:00:00Z`, lt: `${to}T23:59:59Z` } },
      { orderBy: [{ column: 'start' }], limit: 500 },
    );
    const now = this.kernel.clock.now().getTime();
    const doctor = await this.users.getDoctor(doctorId);
    for (const { doc } of free) {
      if (doc.status !== 'available' || !inWorkingHours(new Date(doc.start), { startHour: doctor.startHour, endHour: doctor.endHour })) continue;
      if (practiceInstant(doc.start, this.kernel.config.practiceTimeZone).getTime() <= now) continue;
      await this.offerSlot({ doctorId, slotId: doc.id, start: doc.start, end: doc.end }, `${causeEventId}:${doc.id}`);
    }
  }
}
