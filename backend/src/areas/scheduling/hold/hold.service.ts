import { Injectable, Logger } from '@nestjs/common';

import {
  availabilityStreamName,
  bookingStreamName,
  canonicalSlotStart,
  parseSlotId,
  practiceInstant,
  scheduleLocationAt,
  slotId,
  type BookingView,
  type EventMetadata,
  type HoldEndReason,
  type HoldResponse,
  type SessionUser,
  untypedHoldRefusal,
  followUpRefusal,
} from '@studio/contracts';
import type { BookingDoc } from '../booking';
import { randomUUID } from 'node:crypto';
import { doctorDayOf, slotStartsOf, weeklySchedulesReadModel } from '../availability';
import { BookingService } from '../booking';

import { ConflictError, ForbiddenError, ValidationError } from '../../../platform/common/errors';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';

import { UsersService } from '../../accounts/users';
import { endHoldWorkflow, type EndHoldInput } from './end-hold.workflow';
import { holdWorkflow, type HoldInput } from './hold.workflow';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { availabilitySlotsReadModel } from '../availability';
import { bookingsReadModel, roomsAt } from '../booking';

const DAY_MS = 86_400_000;
const ORPHAN_GRACE_MS = 60_000;
export const OTHER_LOCATION_MESSAGE = 'Questa visita si fa in un’altra sede: scegli uno degli orari proposti.';

/**
 * A patient's hold on a time and its end (let go, run out, replaced by their newer hold): the hold and end-hold
 * workflows, run by the WorkflowRunner. The patient holds on /prenota; the staff hold for a patient from the agenda
 * ("Prenota il controllo") and the follow-up series, through the same `hold`.
 */
@Injectable()
export class HoldService {
  private readonly logger = new Logger('Booking');

  constructor(
    private readonly kernel: KernelPorts,
    private readonly bookings: BookingService,
    private readonly users: UsersService,
    private readonly workflows: WorkflowRunner,
  ) {
    // a hold a newer one replaced, whose slot a crash left held (the bookings read model's release_pending)
    workflows.resumes(endHoldWorkflow, async () =>
      (await bookingsReadModel.find(this.kernel.readModels, { release_pending: 'si' }, { limit: 200 })).map(({ doc }) => this.endHoldInput(doc, 'replaced')),
    );
    // a hold cut short by a crash: let go with its slot given back but its end not recorded, or taken on the doctor-day
    // but never recorded on its booking (the patient had no answer): either way the hold ends, its slot free again
    workflows.resumes(endHoldWorkflow, () => this.unfinishedHolds());
  }

  /** held bookings a crash left half-way (a hold taken more than a minute ago: one under way is left alone) */
  private async unfinishedHolds(): Promise<EndHoldInput[]> {
    const { readModels, eventStore, clock } = this.kernel;
    const takenBefore = clock.now().getTime() - ORPHAN_GRACE_MS;
    const inputs: EndHoldInput[] = [];
    for (const { doc } of await bookingsReadModel.find(readModels, { status: 'held' }, { limit: 200 })) {
      const slot = await availabilitySlotsReadModel.get(readModels, doc.slotId);
      // held, or booked by a payment under way, the slot is still this booking's
      const ours = slot?.doc.bookingId === doc.id && (slot.doc.status === 'held' || slot.doc.status === 'booked');
      if (slot && !ours) {
        inputs.push(this.endHoldInput(doc, 'released'));
        continue;
      }
      if (!ours || (await eventStore.readStream(bookingStreamName(doc.id), { maxCount: 1 })).length > 0) continue;
      // taken on the day, never recorded on the booking: when it was taken
      const day = await eventStore.readStream(availabilityStreamName(doc.doctorId, doctorDayOf(doc.start)));
      const held = day.find((e) => e.type === 'SlotHeld' && (e.data as { bookingId?: string }).bookingId === doc.id);
      if (held && Date.parse(held.metadata.at) < takenBefore) inputs.push(this.endHoldInput(doc, 'released'));
    }
    // the slot given back (the read model says released or expired), the booking's own end not recorded
    const since = new Date(clock.now().getTime() - DAY_MS).toISOString();
    const ended = await bookingsReadModel.find(readModels, { status: { in: ['released', 'expired'] }, expires_at: { gte: since } }, { limit: 200 });
    for (const { doc } of ended) {
      const [last] = await eventStore.readStream(bookingStreamName(doc.id), { direction: 'backwards', maxCount: 1 });
      if (last?.type === 'BookingHeld' || last?.type === 'BookingPaymentInReview') inputs.push(this.endHoldInput(doc, doc.status as HoldEndReason));
    }
    return inputs;
  }

  /**
   * POST /prenotazioni: hold the slot on its doctor-day stream (the expected revision makes one
   * winner), record the booking, then let go of the patient's older hold.
   */
  async hold(patient: SessionUser, doctorId: string, availabilityId: string, metadata: EventMetadata, visitTypeId?: string): Promise<HoldResponse> {
    const parsed = parseSlotId(availabilityId);
    // the round trip refuses impossible dates such as 31 February, which Date would roll over
    if (!parsed || Number.isNaN(Date.parse(parsed.start)) || canonicalSlotStart(parsed.start) !== parsed.start) {
      throw new ValidationError('Orario non valido: scegline uno tra quelli proposti.', 'slot_non_valido');
    }
    if (parsed.doctorId !== doctorId) throw new ValidationError('L’orario scelto non è del medico indicato.', 'slot_di_altro_medico');
    const doctor = await this.users.getBookableDoctor(doctorId);
    // a doctor with visit types is booked by one of them: an untyped hold there would be priced by nothing (rules/charge.ts)
    const untyped = untypedHoldRefusal(visitTypeId, visitTypeId ? 0 : await this.bookings.activeVisitTypeCount(doctorId));
    if (untyped) throw new ValidationError(untyped.message, untyped.code);

    // the same patient sending the same slot again (a double click) gets the hold they already have
    const mine = await bookingsReadModel.find(this.kernel.readModels, { patient_id: patient.id, status: 'held' });
    const same = mine.find((b) => b.doc.slotId === slotId(doctorId, parsed.start));
    if (same) return { id: same.id, expiresAt: same.doc.expiresAt };

    const now = this.kernel.clock.now();
    const type = visitTypeId ? await this.bookings.bookableType(doctorId, visitTypeId) : null;
    if (type) {
      const at = practiceInstant(parsed.start, this.kernel.config.practiceTimeZone).getTime();
      if (at > now.getTime() && at < now.getTime() + type.noticeMinutes * 60_000) {
        const hours = type.noticeMinutes / 60;
        throw new ConflictError(
          `Questa visita si prenota con almeno ${hours === Math.floor(hours) ? `${hours} ore` : `${type.noticeMinutes} minuti`} di anticipo: scegli un orario più avanti.`,
          'preavviso_insufficiente',
        );
      }
      if (at > now.getTime() + type.horizonDays * DAY_MS) {
        throw new ConflictError(`Questa visita si prenota al massimo ${type.horizonDays} giorni prima: scegli un orario più vicino.`, 'oltre_orizzonte');
      }
      if (type.firstVisitOnly && (await this.bookings.hasCompletedVisit(patient.id, doctorId))) {
        throw new ConflictError('Questa visita è solo per chi viene per la prima volta: scegli una visita di controllo.', 'solo_prima_visita');
      }
      const followUp = followUpRefusal(
        type.followUpOnly ?? false,
        type.followUpOnly ? await this.bookings.hasEarlierVisit(patient.id, doctorId, parsed.start) : true,
      );
      if (followUp) throw new ConflictError(followUp.message, followUp.code);
    }
    const locationId = await this.locationOf(doctorId, parsed.start, type);
    // where the location has rooms, the hold takes a free one with the slot
    const roomIds = await this.roomsAt(locationId);
    const expiresAt = new Date(now.getTime() + this.kernel.config.holdMinutes * 60_000).toISOString();
    const bookingId = randomUUID();
    const input: HoldInput = {
      doctorId,
      day: doctorDayOf(parsed.start),
      start: parsed.start,
      bookingId,
      patientId: patient.id,
      now: now.toISOString(),
      expiresAt,
      timeZone: this.kernel.config.practiceTimeZone,
      workingHours: { startHour: doctor.startHour, endHour: doctor.endHour },
      ...(locationId ? { locationId } : {}),
      ...(roomIds.length > 0 ? { roomIds } : {}),
      ...(type
        ? {
            minutes: type.minutes,
            bufferMinutes: type.bufferMinutes,
            visit: {
              visitTypeId: type.visitTypeId,
              name: type.name,
              minutes: type.minutes,
              mode: type.mode,
              productId: type.productId,
              priceCents: type.priceCents,
              ...(type.bufferMinutes ? { bufferMinutes: type.bufferMinutes } : {}),
            },
          }
        : {}),
    };
    const flow = await this.workflows.run(holdWorkflow, input, metadata);
    const replaces = flow.state.claimed?.replaces ?? null;
    // read your writes: the patient's list, the booking page and the red slot answer with it
    await this.kernel.changes.waitFor(flow.position!);
    // the claims chain the patient's holds (each names the one it replaces), so the replaced one is the only
    // one to give back; an order by log position could disagree with the claims when appends commit together
    if (replaces) await this.releaseReplaced(replaces, metadata);
    return { id: bookingId, expiresAt };
  }

  /** gives back the slot of a hold a newer one replaced (idempotent: the sweep calls it after a crash) */
  async releaseReplaced(bookingId: string, metadata: EventMetadata): Promise<number | null> {
    const found = await bookingsReadModel.get(this.kernel.readModels, bookingId);
    if (!found) return null;
    try {
      return await this.endHold(found.doc, 'replaced', metadata);
    } catch (error) {
      // the new hold stands and the old one counts no more; the sweep gives its slot back
      this.logger.warn(`Orario della prenotazione ${bookingId} non ancora liberato: ${String(error)}`);
      return null;
    }
  }

  /**
   * Frees the slot if this booking still holds it, then ends the booking. Returns the position of
   * the last event appended, null when there was nothing left to end.
   */
  async endHold(booking: BookingDoc, reason: HoldEndReason, metadata: EventMetadata): Promise<number | null> {
    const input = this.endHoldInput(booking, reason);
    const flow = await this.workflows.run(endHoldWorkflow, input, metadata);
    return flow.position;
  }

  /** DELETE /prenotazioni/:id: the patient lets their hold go */
  async release(bookingId: string, user: SessionUser, metadata: EventMetadata): Promise<BookingView> {
    const booking = await this.bookings.lookup(bookingId);
    if (booking.patientId !== user.id) throw new ForbiddenError('Puoi annullare solo le tue prenotazioni.');
    if (booking.status !== 'held') throw new ConflictError('La prenotazione non è più in attesa di pagamento.', 'prenotazione_non_in_attesa');
    const position = await this.endHold(booking, 'released', metadata);
    if (position) await this.kernel.changes.waitFor(position);
    return this.bookings.publicView(bookingId);
  }

  private endHoldInput(booking: BookingDoc, reason: HoldEndReason): EndHoldInput {
    return {
      bookingId: booking.id,
      doctorId: booking.doctorId,
      day: doctorDayOf(booking.start),
      start: booking.start,
      reason,
      now: this.kernel.clock.now().toISOString(),
      ...(booking.locationId ? { locationId: booking.locationId } : {}),
    };
  }

  /** the rooms of a location, in the order they are offered (none without a location) */
  roomsAt(locationId: string | undefined): Promise<string[]> {
    return roomsAt(this.kernel.readModels, locationId);
  }

  /**
   * Where the visit is: the location of the weekly schedule's block at its start. A visit type with a location is
   * held only where the whole visit is at that location (the free hours offer only those; a request for another
   * is refused here too). A move of a visit asks the same for its new time.
   */
  async locationOf(doctorId: string, start: string, type: { locationId?: string; minutes: number } | null): Promise<string | undefined> {
    const week = (await weeklySchedulesReadModel.get(this.kernel.readModels, doctorId))?.doc.days ?? [];
    const at = (s: string) => scheduleLocationAt(week, s.slice(0, 10), s.slice(11, 16));
    const location = at(start);
    if (type?.locationId) {
      const covered = slotStartsOf(start, new Date(Date.parse(start) + type.minutes * 60_000).toISOString());
      if (covered.some((s) => at(s) !== type.locationId)) throw new ConflictError(OTHER_LOCATION_MESSAGE, 'sede_diversa');
    }
    return location ?? undefined;
  }
}
