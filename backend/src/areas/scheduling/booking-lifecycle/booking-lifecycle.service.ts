import { Injectable, Logger } from '@nestjs/common';

import {
  availabilityStreamName,
  bookingStreamName,
  canonicalSlotStart,
  parseSlotId,
  roomStreamName,
  slotId as slotIdOf,
  type BookingActor,
  type BookingView,
  type EventMetadata,
  type SessionUser,
} from '@studio/contracts';
import type { BookingDoc } from '../booking';
import { randomUUID } from 'node:crypto';
import { SLOT_TAKEN_MESSAGE, availabilityDecider, doctorDayOf, inWorkingHours, slotStartsOf } from '../availability';
import { BookingService } from '../booking';

import { AppError, ConflictError, ForbiddenError, ValidationError } from '../../../platform/common/errors';
import { readState } from '../../../platform/event-store/command-handler';

import { UsersService } from '../../accounts/users';
import { cancelBookingWorkflow, type CancelInput } from './cancel-booking.workflow';
import { rescheduleBookingWorkflow, type RescheduleInput } from './reschedule-booking.workflow';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';
import { HoldService } from '../hold/hold.service';
import { CancelBooking, NO_FREE_ROOM_MESSAGE, RecordOutcome, RequestReschedule, UndoOutcome, freeRooms, roomsDecider } from '../booking';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { bookingsReadModel } from '../booking';

const BATCH = 200;

/**
 * The appointment's life after payment: cancel, reschedule, outcome. Cancel and reschedule are workflows
 * (cancel-booking.workflow.ts, reschedule-booking.workflow.ts) run by the WorkflowRunner: the intent goes on the
 * booking stream first, then each step is one idempotent command; the runner's sweep (at start and on its timer)
 * carries on any flow a crash left half-way, found by the bookings read model's `pending` column.
 */
@Injectable()
export class BookingLifecycleService {
  private readonly logger = new Logger('BookingLifecycle');

  constructor(
    private readonly kernel: KernelPorts,
    private readonly bookings: BookingService,
    private readonly holds: HoldService,
    private readonly users: UsersService,
    private readonly workflows: WorkflowRunner,
  ) {
    workflows.resumes(cancelBookingWorkflow, async () =>
      (await this.pending('cancel')).map((doc) => ({
        bookingId: doc.id,
        doctorId: doc.doctorId,
        day: doctorDayOf(doc.start),
        orderId: doc.orderId!,
        ...(doc.locationId ? { locationId: doc.locationId } : {}),
      })),
    );
    workflows.resumes(rescheduleBookingWorkflow, async () => {
      const { now, timeZone } = this.policyInput();
      const inputs: RescheduleInput[] = [];
      for (const doc of await this.pending('reschedule')) {
        const { id, doctorId, pending } = doc;
        if (pending?.kind !== 'reschedule') continue;
        // the new time's room, if taken before the crash, moved the booking's location there (RoomTaken); else where
        // the weekly schedule puts the new time
        const { fromLocationId } = pending;
        const toLocationId = doc.locationId !== fromLocationId ? doc.locationId : await this.holds.locationOf(doctorId, pending.start, null);
        inputs.push({
          bookingId: id,
          requestId: pending.requestId,
          doctorId,
          fromDay: doctorDayOf(pending.fromStart),
          toDay: doctorDayOf(pending.start),
          now,
          timeZone,
          ...(await this.roomsOfMove(fromLocationId, toLocationId)),
        });
      }
      return inputs;
    });
  }

  /** the bookings a crash (or PayPal down) left half-way through a cancel or a move: the sweep's query */
  private async pending(kind: 'cancel' | 'reschedule'): Promise<BookingDoc[]> {
    return (await bookingsReadModel.find(this.kernel.readModels, { pending: kind }, { limit: BATCH })).map((d) => d.doc);
  }

  /** the move's locations (old and new) and the rooms of the new one, as the workflow's input has them */
  private async roomsOfMove(fromLocationId: string | undefined, toLocationId: string | undefined) {
    const roomIds = await this.holds.roomsAt(toLocationId);
    return {
      ...(fromLocationId ? { fromLocationId } : {}),
      ...(toLocationId ? { toLocationId } : {}),
      ...(roomIds.length > 0 ? { roomIds } : {}),
    };
  }

  private policyInput() {
    return {
      now: this.kernel.clock.now().toISOString(),
      timeZone: this.kernel.config.practiceTimeZone,
      cutoffHours: this.kernel.config.cancellationCutoffHours,
    };
  }

  /** a patient acts on their own bookings, a doctor on theirs, the secretary on any */
  private authorise(booking: BookingDoc, user: SessionUser, what: string): BookingActor {
    if (user.role === 'patient' && booking.patientId === user.id) return 'patient';
    if (user.role === 'doctor' && booking.doctorId === user.id) return 'doctor';
    if (user.role === 'admin') return 'admin';
    throw new ForbiddenError(`Non puoi ${what} questa prenotazione.`);
  }

  /**
   * POST /api/bookings/:id/cancel. `afterIntent` runs once the cancellation is decided and before its workflow: a desk
   * refund that cancels the visit records its refund there, so the workflow settles the cancellation with it.
   */
  async cancel(
    bookingId: string,
    user: SessionUser,
    reason: string | undefined,
    metadata: EventMetadata,
    afterIntent?: (metadata: EventMetadata) => Promise<unknown>,
  ): Promise<BookingView> {
    const booking = await this.bookings.lookup(bookingId);
    const by = this.authorise(booking, user, 'annullare');
    if (booking.status === 'held') {
      // not paid yet: the hold is let go (the slot is free at once), nothing to refund
      const position = await this.holds.endHold(booking, 'released', metadata);
      if (position) await this.kernel.changes.waitFor(position);
      return this.bookings.publicView(bookingId);
    }
    if (by !== 'patient' && !reason) throw new ValidationError('Indica il motivo dell’annullamento: il paziente lo riceverà.', 'motivo_mancante');
    if (booking.status !== 'confirmed' && booking.status !== 'cancelled' && booking.status !== 'completed' && booking.status !== 'no_show') {
      throw new ConflictError('La prenotazione non è attiva: non c’è nulla da annullare.', 'prenotazione_non_attiva');
    }
    metadata = await this.inBookingChain(bookingId, metadata);
    const sealed = reason ? await this.kernel.personalData.sealUnlessErased(booking.patientId, reason) : null;
    const intent = await this.kernel.commands.execute(
      new CancelBooking(bookingStreamName(bookingId), { type: 'CancelBooking', bookingId, by, reason: sealed, ...this.policyInput() }, metadata),
    );
    const [cancelled] = intent.events;
    if (cancelled?.type !== 'BookingCancelled') throw new Error('CancelBooking non ha prodotto BookingCancelled');
    if (afterIntent) await afterIntent(metadata);
    let position = intent.position;
    try {
      position =
        (await this.runCancel(
          {
            bookingId,
            doctorId: booking.doctorId,
            day: doctorDayOf(cancelled.data.start),
            orderId: booking.orderId!,
            ...(booking.locationId ? { locationId: booking.locationId } : {}),
          },
          metadata,
        )) ?? position;
    } catch (error) {
      // the cancellation stands; what is left (the refund when PayPal is down) is resumed by the sweep
      this.logger.warn(`Annullamento ${bookingId} da completare: ${String(error)}`);
    }
    if (position) await this.kernel.changes.waitFor(position);
    return this.bookings.publicView(bookingId);
  }

  /** runs the cancel workflow to its end; the position of its last append */
  async runCancel(input: CancelInput, metadata: EventMetadata): Promise<number | null> {
    return (await this.workflows.run(cancelBookingWorkflow, input, metadata)).position;
  }

  /** POST /api/bookings/:id/reschedule */
  async reschedule(bookingId: string, user: SessionUser, availabilityId: string, metadata: EventMetadata): Promise<BookingView> {
    const booking = await this.bookings.lookup(bookingId);
    const by = this.authorise(booking, user, 'spostare');
    const parsed = parseSlotId(availabilityId);
    if (!parsed || Number.isNaN(Date.parse(parsed.start)) || canonicalSlotStart(parsed.start) !== parsed.start) {
      throw new ValidationError('Orario non valido: scegline uno tra quelli proposti.', 'slot_non_valido');
    }
    if (parsed.doctorId !== booking.doctorId)
      throw new ValidationError('Si può spostare la visita solo a un altro orario dello stesso medico.', 'slot_di_altro_medico');
    const doctor = await this.users.getDoctor(booking.doctorId);
    if (!inWorkingHours(new Date(parsed.start), { startHour: doctor.startHour, endHour: doctor.endHour })) {
      throw new ValidationError('Lo slot è fuori dall’orario di lavoro del medico.', 'fuori_orario');
    }
    const toDay = doctorDayOf(parsed.start);
    // the visit keeps its length: every slot of the new time must be free, inside the hours, and apart from the old one
    const minutes = Math.round((Date.parse(booking.end) - Date.parse(booking.start)) / 60_000);
    const end = new Date(Date.parse(parsed.start) + minutes * 60_000).toISOString().slice(0, 16) + ':00Z';
    const starts = slotStartsOf(parsed.start, end);
    if (
      !starts.every((s) => inWorkingHours(new Date(s), { startHour: doctor.startHour, endHour: doctor.endHour })) ||
      doctorDayOf(starts[starts.length - 1]) !== toDay
    ) {
      throw new ValidationError('La visita finirebbe fuori dall’orario di lavoro del medico.', 'fuori_orario');
    }
    if (
      starts.length > 1 &&
      Date.parse(parsed.start) < Date.parse(booking.end) &&
      Date.parse(end) > Date.parse(booking.start) &&
      parsed.start !== booking.start
    ) {
      throw new ValidationError('Scegli un orario che non si sovrapponga a quello attuale della visita.', 'orario_sovrapposto');
    }
    // a slot already taken is refused before anything is recorded; a race lost later is abandoned by the workflow
    const { state: day } = await readState(this.kernel.eventStore, availabilityStreamName(booking.doctorId, toDay), availabilityDecider);
    for (const start of starts) {
      const target = day.slots[start];
      if (target?.status !== 'available' && !(target?.status === 'booked' && target.bookingId === bookingId)) {
        throw new ConflictError(
          target && target.status !== 'unavailable' ? SLOT_TAKEN_MESSAGE : 'Questo orario non è disponibile.',
          target && target.status !== 'unavailable' ? 'slot_occupato' : 'slot_non_disponibile',
        );
      }
    }
    // the new time's location, by the hold's rules (a visit type given to one location moves only there), and a room
    // free there for the whole new time where it has rooms: refused before anything is recorded; a race lost later
    // is abandoned by the workflow
    const typeLocation = booking.visit ? await this.bookings.visitTypeLocation(booking.doctorId, booking.visit.visitTypeId) : undefined;
    const toLocationId = await this.holds.locationOf(booking.doctorId, parsed.start, typeLocation ? { locationId: typeLocation, minutes } : null);
    const rooms = await this.roomsOfMove(booking.locationId, toLocationId);
    if (rooms.roomIds && toLocationId) {
      const { state } = await readState(this.kernel.eventStore, roomStreamName(toLocationId, toDay), roomsDecider);
      if (freeRooms(state, rooms.roomIds, { start: parsed.start, end }, bookingId).length === 0)
        throw new ConflictError(NO_FREE_ROOM_MESSAGE, 'stanza_non_libera');
    }
    metadata = await this.inBookingChain(bookingId, metadata);
    const requestId = randomUUID();
    const policy = this.policyInput();
    const intent = await this.kernel.commands.execute(
      new RequestReschedule(
        bookingStreamName(bookingId),
        {
          type: 'RequestReschedule',
          bookingId,
          requestId,
          by,
          slotId: slotIdOf(booking.doctorId, parsed.start),
          start: parsed.start,
          end,
          locationId: toLocationId ?? null,
          ...policy,
        },
        metadata,
      ),
    );
    const [requested] = intent.events;
    if (requested?.type !== 'BookingRescheduleRequested') throw new Error('RequestReschedule non ha prodotto BookingRescheduleRequested');
    const input: RescheduleInput = {
      bookingId,
      requestId,
      doctorId: booking.doctorId,
      fromDay: doctorDayOf(requested.data.fromStart),
      toDay,
      now: policy.now,
      timeZone: policy.timeZone,
      ...rooms,
    };
    try {
      const position = await this.runReschedule(input, metadata);
      await this.kernel.changes.waitFor(position ?? intent.position!);
    } catch (error) {
      // a refusal was compensated; a room refused gave the new slot back first, and the request is abandoned now
      // (the sweep would, after a crash) so the visit is not left half-way
      if (error instanceof AppError)
        await this.runReschedule(input, metadata).catch((e: unknown) => this.logger.warn(`Spostamento ${bookingId}: ${String(e)}`));
      await this.kernel.changes.waitFor(await this.kernel.eventStore.headPosition());
      throw error;
    }
    return this.bookings.publicView(bookingId);
  }

  async runReschedule(input: RescheduleInput, metadata: EventMetadata): Promise<number | null> {
    return (await this.workflows.run(rescheduleBookingWorkflow, input, metadata)).position;
  }

  /** POST /api/bookings/:id/outcome: the doctor (their own) or the secretary, once the visit's time has come */
  async recordOutcome(bookingId: string, user: SessionUser, outcome: 'completed' | 'no_show', metadata: EventMetadata): Promise<BookingView> {
    const booking = await this.bookings.lookup(bookingId);
    const by = this.authorise(booking, user, 'registrare l’esito di');
    if (by === 'patient') throw new ForbiddenError('L’esito della visita lo registra lo studio.');
    const result = await this.kernel.commands.execute(
      new RecordOutcome(
        bookingStreamName(bookingId),
        { type: 'RecordOutcome', bookingId, outcome, now: this.kernel.clock.now().toISOString(), timeZone: this.kernel.config.practiceTimeZone },
        await this.inBookingChain(bookingId, metadata),
      ),
    );
    if (result.position) await this.kernel.changes.waitFor(result.position);
    return this.bookings.publicView(bookingId);
  }

  /** POST /api/bookings/:id/outcome/undo: the same people who record it, within 24 hours of recording it */
  async undoOutcome(bookingId: string, user: SessionUser, metadata: EventMetadata): Promise<BookingView> {
    const booking = await this.bookings.lookup(bookingId);
    const by = this.authorise(booking, user, 'annullare l’esito di');
    if (by === 'patient') throw new ForbiddenError('L’esito della visita lo registra lo studio.');
    const result = await this.kernel.commands.execute(
      new UndoOutcome(
        bookingStreamName(bookingId),
        { type: 'UndoOutcome', bookingId, now: this.kernel.clock.now().toISOString() },
        await this.inBookingChain(bookingId, metadata),
      ),
    );
    if (result.position) await this.kernel.changes.waitFor(result.position);
    return this.bookings.publicView(bookingId);
  }

  /** carries on every cancel or reschedule a crash (or PayPal down) left half-way: the runner's sweep for these two */
  async resumeUnfinished(): Promise<number> {
    return (await this.workflows.resume(cancelBookingWorkflow)) + (await this.workflows.resume(rescheduleBookingWorkflow));
  }

  /** the flow's events join the booking's chain (the hold's correlation id) */
  private async inBookingChain(bookingId: string, metadata: EventMetadata): Promise<EventMetadata> {
    const [first] = await this.kernel.eventStore.readStream(bookingStreamName(bookingId), { maxCount: 1 });
    return first ? { ...metadata, correlationId: first.metadata.correlationId } : metadata;
  }
}
