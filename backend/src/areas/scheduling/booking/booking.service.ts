import { Injectable } from '@nestjs/common';

import {
  cancellationPolicy,
  canonicalSlotStart,
  SLOT_MINUTES,
  type BookingView,
  type ClosureResult,
  type FreeDay,
  type FreeSlot,
  type SessionUser,
  practiceInstant,
  scheduleLocationAt,
  videoRoomUrl,
  VIDEO_LINK_OPENS_MINUTES_BEFORE,
} from '@studio/contracts';
import { feedCalendar } from '../../../platform/common/calendar-file';
import { readPracticeIdentity } from '../../../platform/config/practice-settings';
import { readLocation } from '../../../platform/config/locations';
import type { BookingDoc } from './bookings.projection';
import type { SlotDoc } from '../availability';
import { inWorkingHours, slotStartsOf } from '../availability';
import { VisitTypesService, type VisitType } from '../visit-types';

import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/common/errors';

import { AccessLogService } from '../../../platform/personal-data/access-log.service';
import { UsersService } from '../../accounts/users';
import { OrderRefunds, QuestionnaireStep } from './booking.ports';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { availabilitySlotsReadModel, weeklySchedulesReadModel } from '../availability';
import { bookingsReadModel } from './read-models';
import { withFreeRoom } from './free-rooms';
import type { ReadModelReader } from '@studio/projections';

/** what a patient's sealed registration holds */
interface PatientPersonal {
  name: string;
  surname: string;
  email: string;
  phone?: string;
  taxcode?: string;
}

const DAY_MS = 86_400_000;
const ENDED_HOLDS: ReadonlySet<string> = new Set(['replaced', 'expired', 'released']);

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** a visit with this doctor before `start`, paid or done: what a check-up follows (the hold of a typed check-up, the order of a check-up product) */
export async function earlierVisitExists(readModels: ReadModelReader, patientId: string, doctorId: string, start: string): Promise<boolean> {
  const bookings = await bookingsReadModel.find(readModels, { patient_id: patientId, doctor_id: doctorId });
  return bookings.some((b) => (b.doc.status === 'confirmed' || b.doc.status === 'completed') && b.doc.start < start);
}

@Injectable()
export class BookingService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly accessLog: AccessLogService,
    private readonly visitTypes: VisitTypesService,
    private readonly orderRefunds: OrderRefunds,
    private readonly questionnaireStep: QuestionnaireStep,
  ) {}

  /** a bookable visit type of this doctor: 404 unknown, 409 archived */
  async bookableType(doctorId: string, visitTypeId: string): Promise<VisitType> {
    const type = await this.visitTypes.get(doctorId, visitTypeId);
    if (type.archived) throw new ConflictError('Questo tipo di visita non è più prenotabile: scegline un altro.', 'tipo_visita_archiviato');
    return type;
  }

  /** the location a visit type is given to, if any (archived or not: a booked visit keeps its type's place) */
  async visitTypeLocation(doctorId: string, visitTypeId: string): Promise<string | undefined> {
    const type = await this.visitTypes.get(doctorId, visitTypeId).catch(() => null);
    return type?.locationId || undefined;
  }

  /** how many visit types of this doctor are bookable (not archived) */
  async activeVisitTypeCount(doctorId: string): Promise<number> {
    return (await this.visitTypes.list(doctorId, false)).length;
  }

  /**
   * The starts of that doctor's day where a visit of this type fits: every slot it covers free (available, inside
   * the hours, on the day), nobody else's visit in the buffer after it, at least the notice ahead, inside the horizon.
   */
  private async fittingStarts(doctorId: string, fromDay: string, toDayExclusive: string, type: VisitType): Promise<SlotDoc[]> {
    const { startHour, endHour } = await this.users.getDoctor(doctorId);
    const docs = (
      await availabilitySlotsReadModel.find(this.kernel.readModels, {
        doctor_id: doctorId,
        start: { gte: `${fromDay}T00:00:00Z`, lt: `${toDayExclusive}T00:00:00Z` },
      })
    ).map((d) => d.doc);
    const byStart = new Map(docs.map((d) => [d.start, d]));
    const blocked = await this.insidePrecedingBuffers(docs);
    const now = this.kernel.clock.now().getTime();
    const earliest = now + type.noticeMinutes * 60_000;
    const latest = now + type.horizonDays * DAY_MS;
    const minutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();
    return docs
      .filter((d) => {
        if (d.status !== 'available') return false;
        const at = practiceInstant(d.start, this.kernel.config.practiceTimeZone).getTime();
        if (at < earliest || at > latest) return false;
        const end = minutes(d.start, type.minutes);
        const covered = slotStartsOf(d.start, end);
        const fits = covered.every(
          (s) => s.slice(0, 10) === d.start.slice(0, 10) && byStart.get(s)?.status === 'available' && inWorkingHours(new Date(s), { startHour, endHour }),
        );
        if (!fits) return false;
        if (blocked.has(d.start)) return false;
        if (type.bufferMinutes === 0) return true;
        return slotStartsOf(end, minutes(end, type.bufferMinutes)).every((s) => {
          const status = byStart.get(s)?.status;
          return status !== 'held' && status !== 'booked';
        });
      })
      .sort((a, b) => a.start.localeCompare(b.start));
  }

  /**
   * The starts that fall inside the pause after the visit before them (the hold refuses them: insidePrecedingBuffer):
   * a slot just after the last slot of a held or booked visit whose type asks for a pause.
   */
  private async insidePrecedingBuffers(docs: SlotDoc[]): Promise<Set<string>> {
    const byStart = new Map(docs.map((d) => [d.start, d]));
    const blocked = new Set<string>();
    const buffers = new Map<string, number>();
    for (const d of docs) {
      const before = byStart.get(canonicalSlotStart(new Date(Date.parse(d.start) - SLOT_MINUTES * 60_000).toISOString()));
      if (!before?.bookingId || (before.status !== 'held' && before.status !== 'booked')) continue;
      if (!buffers.has(before.bookingId)) {
        const booking = await bookingsReadModel.get(this.kernel.readModels, before.bookingId);
        buffers.set(before.bookingId, booking?.doc.visit?.bufferMinutes ?? 0);
      }
      if (buffers.get(before.bookingId)! > 0) blocked.add(d.start);
    }
    return blocked;
  }

  /** a doctor's held and confirmed visits from `from` to `to` (days, both included), in order: the ones a closure leaves */
  async activeBetween(doctorId: string, from: string, to: string): Promise<ClosureResult['bookings']> {
    const inside = await bookingsReadModel.find(this.kernel.readModels, {
      doctor_id: doctorId,
      start: { gte: `${from}T00:00:00Z`, lt: `${nextDay(to)}T00:00:00Z` },
    });
    return inside
      .map((d) => d.doc)
      .filter((b) => b.status === 'held' || b.status === 'confirmed')
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((b) => ({ id: b.id, start: b.start, end: b.end, status: b.status }));
  }

  /** whether the patient has had a visit with this doctor (a "solo prima visita" type is not for them) */
  /** whether the patient has a visit with this doctor before `start`, paid or done (what a check-up follows) */
  hasEarlierVisit(patientId: string, doctorId: string, start: string): Promise<boolean> {
    return earlierVisitExists(this.kernel.readModels, patientId, doctorId, start);
  }

  async hasCompletedVisit(patientId: string, doctorId: string): Promise<boolean> {
    const done = await bookingsReadModel.find(this.kernel.readModels, { patient_id: patientId, doctor_id: doctorId, status: 'completed' }, { limit: 1 });
    return done.length > 0;
  }

  /** free = available and not yet begun at the practice */
  private async freeSlotDocs(doctorId: string, fromDay: string, toDayExclusive: string): Promise<SlotDoc[]> {
    // a deactivated doctor has no free slot for anyone
    const { startHour, endHour } = await this.users.getBookableDoctor(doctorId);
    const docs = await availabilitySlotsReadModel.find(this.kernel.readModels, {
      doctor_id: doctorId,
      start: { gte: `${fromDay}T00:00:00Z`, lt: `${toDayExclusive}T00:00:00Z` },
    });
    const now = this.kernel.clock.now().getTime();
    const blocked = await this.insidePrecedingBuffers(docs.map((d) => d.doc));
    return docs
      .map((d) => d.doc)
      .filter(
        (d) =>
          d.status === 'available' &&
          !blocked.has(d.start) &&
          inWorkingHours(new Date(d.start), { startHour, endHour }) &&
          practiceInstant(d.start, this.kernel.config.practiceTimeZone).getTime() > now,
      )
      .sort((a, b) => a.start.localeCompare(b.start));
  }

  /** GET /disponibilita/query; with a visit type, the starts where the whole visit fits */
  async freeSlots(doctorId: string, day: string, visitTypeId?: string, locationId?: string): Promise<FreeSlot[]> {
    const located = await this.locatedFree(doctorId, day, nextDay(day), visitTypeId, locationId);
    return located.map(({ doc, location }) => ({ id: doc.id, hour: doc.start.slice(11, 16), ...(location ? { locationId: location } : {}) }));
  }

  /** GET /api/doctors/:id/days: days of [from, to] with at least one free slot (or start of the visit type) */
  async freeDays(doctorId: string, from: string, to: string, visitTypeId?: string, locationId?: string): Promise<FreeDay[]> {
    const counts = new Map<string, number>();
    for (const { doc } of await this.locatedFree(doctorId, from, nextDay(to), visitTypeId, locationId)) {
      const date = doc.start.slice(0, 10);
      counts.set(date, (counts.get(date) ?? 0) + 1);
    }
    return [...counts].map(([date, free]) => ({ date, free }));
  }

  /**
   * The free slots (or starts of the visit type) with the location the weekly schedule gives each; only those at
   * `locationId` when asked, only those at the visit type's location when it has one, and only while a room is free.
   */
  private async locatedFree(doctorId: string, fromDay: string, toDayExclusive: string, visitTypeId?: string, locationId?: string) {
    const type = visitTypeId ? await this.bookableType(doctorId, visitTypeId) : null;
    const docs = type ? await this.fittingStarts(doctorId, fromDay, toDayExclusive, type) : await this.freeSlotDocs(doctorId, fromDay, toDayExclusive);
    const week = (await weeklySchedulesReadModel.get(this.kernel.readModels, doctorId))?.doc.days ?? [];
    const wanted = [locationId, type?.locationId].filter((l): l is string => !!l);
    const at = (start: string) => scheduleLocationAt(week, start.slice(0, 10), start.slice(11, 16));
    // a visit happens in one place: every slot it covers at the location of its start
    const oneplace = (start: string) =>
      !type || slotStartsOf(start, new Date(Date.parse(start) + type.minutes * 60_000).toISOString()).every((s) => at(s) === at(start));
    const located = docs
      .map((doc) => ({ doc, location: at(doc.start) }))
      .filter(({ doc, location }) => wanted.every((w) => w === location) && oneplace(doc.start));
    // and a room free for the whole visit where the location has rooms
    return withFreeRoom(this.kernel.readModels, located, type?.minutes ?? SLOT_MINUTES, fromDay, toDayExclusive);
  }

  /**
   * GET /prenotazioni/:id: the patient it belongs to, its doctor, the secretary. Staff see who is coming
   * (identity and contact, a personal-data read recorded in the patient's access log before it leaves);
   * the patient sees their own tax code, to prefill the payment form.
   */
  async view(bookingId: string, user: SessionUser): Promise<BookingView> {
    const booking = await this.find(bookingId);
    const allowed =
      user.role === 'admin' || (user.role === 'patient' && booking.patientId === user.id) || (user.role === 'doctor' && booking.doctorId === user.id);
    if (!allowed) throw new ForbiddenError('Non puoi vedere questa prenotazione.');
    const view = await this.toView(booking);
    const personal = await this.patientPersonal(booking.patientId);
    if (user.role === 'patient') return personal?.taxcode ? { ...view, taxcode: personal.taxcode } : view;
    if (!personal) return view;
    await this.accessLog.recordAccess(user, booking.patientId, 'personal_data', `prenotazione ${booking.id}`);
    const { name, surname, email, phone = '', taxcode } = personal;
    return { ...view, patient: { id: booking.patientId, name, surname, email, phone, ...(taxcode ? { taxcode } : {}) } };
  }

  /** the patient's identity and contact, opened; null once erased */
  async patientPersonal(patientId: string): Promise<PatientPersonal | null> {
    const patient = await this.users.get(patientId);
    return patient?.personal ? this.kernel.personalData.open<PatientPersonal>(patient.personal) : null;
  }

  /** the booking's read-model document; 404 in Italian when unknown */
  async lookup(bookingId: string): Promise<BookingDoc> {
    return this.find(bookingId);
  }

  /** the booking as its owner and staff see it (no identity) */
  async publicView(bookingId: string): Promise<BookingView> {
    return this.toView(await this.find(bookingId));
  }

  /** GET /api/me/bookings: holds replaced by a later choice, run out or let go leave the list (their page stays) */
  async mine(user: SessionUser): Promise<BookingView[]> {
    const docs = (await bookingsReadModel.find(this.kernel.readModels, { patient_id: user.id })).filter((d) => !ENDED_HOLDS.has(d.doc.status));
    const views = await Promise.all(
      docs.map(async (d) => (d.doc.status === 'held' ? { ...(await this.toView(d.doc)), resume: await this.resumeStep(d.doc) } : this.toView(d.doc))),
    );
    return views.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
  }

  /** a held booking resumes at the doctor's questionnaire until the patient has answered it, then at payment */
  private async resumeStep(b: BookingDoc): Promise<'questionnaire' | 'payment'> {
    return (await this.questionnaireStep.awaitsAnswers(b.patientId, b.doctorId)) ? 'questionnaire' : 'payment';
  }

  private async find(bookingId: string): Promise<BookingDoc> {
    const found = await bookingsReadModel.get(this.kernel.readModels, bookingId);
    if (!found) throw new NotFoundError('Prenotazione non trovata.', 'prenotazione_non_trovata');
    return found.doc;
  }

  private async toView(b: BookingDoc): Promise<BookingView> {
    const doctor = await this.users.get(b.doctorId);
    const doctorName = doctor ? await this.users.displayName(doctor) : 'Medico non più presente';
    const view: BookingView = {
      id: b.id,
      patientId: b.patientId,
      doctorId: b.doctorId,
      doctorName,
      slotId: b.slotId,
      start: b.start,
      end: b.end,
      status: b.status,
      expiresAt: b.expiresAt,
      orderId: b.orderId ?? null,
      ...(b.paymentInReview && b.status === 'held' ? { paymentInReview: true } : {}),
    };
    if (b.visit) {
      view.visit = b.visit;
      if (b.visit.mode === 'online') {
        const opensAt = practiceInstant(b.start, this.kernel.config.practiceTimeZone).getTime() - VIDEO_LINK_OPENS_MINUTES_BEFORE * 60_000;
        view.video = { url: videoRoomUrl(this.kernel.config.videoBaseUrl, b.id), opensAt: new Date(opensAt).toISOString() };
      }
    }
    if (b.status === 'held' || b.status === 'confirmed') {
      const cutoffHours = this.kernel.config.cancellationCutoffHours;
      const policy = cancellationPolicy(
        practiceInstant(b.start, this.kernel.config.practiceTimeZone).getTime(),
        this.kernel.clock.now().getTime(),
        cutoffHours,
        'patient',
      );
      view.policy = {
        cutoffAt: policy.cutoffAt,
        cutoffHours,
        canCancel: !policy.past,
        canReschedule: b.status === 'confirmed' && policy.canReschedule,
        refundIfCancelled: policy.refund === 'full',
      };
    }
    if (b.status === 'cancelled') {
      view.refunded = Boolean(b.refundId);
      const cancellation = await this.cancellationOf(b);
      if (cancellation) view.cancellation = cancellation;
    }
    return view;
  }

  /** who cancelled, the reason they gave (opened with the patient's key) and the amount the order's refund gave back: all on the read models */
  private async cancellationOf(b: BookingDoc): Promise<BookingView['cancellation'] | null> {
    if (!b.cancelledBy || b.refund === undefined) return null;
    const reason = b.cancellationReason ? await this.kernel.personalData.open<string>(b.cancellationReason) : null;
    let refundCents: number | null = null;
    if (b.refund === 'full' && b.refundId && b.orderId) {
      refundCents = await this.orderRefunds.refundedCents(b.orderId);
    }
    return { by: b.cancelledBy, reason: typeof reason === 'string' ? reason : null, refund: b.refund, refundCents };
  }

  /**
   * GET /api/me/bookings/:id/calendar.ics: the patient's confirmed visit as a calendar file to import ("Aggiungi al
   * calendario"): the same UID and SEQUENCE as the emails, the practice's address or the video room as its place.
   */
  async calendarFile(bookingId: string, user: SessionUser): Promise<{ filename: string; body: string }> {
    const booking = await this.find(bookingId);
    if (booking.patientId !== user.id) throw new ForbiddenError('Non puoi vedere questa prenotazione.');
    if (booking.status !== 'confirmed')
      throw new ConflictError('La visita non è confermata: non c’è nulla da aggiungere al calendario.', 'prenotazione_non_confermata');
    const view = await this.toView(booking);
    const practice = await readPracticeIdentity({ readModels: this.kernel.readModels, config: this.kernel.config });
    // the moves' count, as the bookings read model keeps it (0: never moved)
    const sequence = booking.sequence ?? 0;
    // the visit's location (recorded at the hold), else the practice's one address
    const location = booking.locationId ? await readLocation(this.kernel.readModels, booking.locationId) : null;
    const place = location ? `${location.name}, ${location.address}` : [practice.name, practice.address].filter(Boolean).join(', ');
    const body = feedCalendar({
      name: practice.name,
      timeZone: this.kernel.config.practiceTimeZone,
      stamp: this.kernel.clock.now(),
      visits: [
        {
          bookingId,
          start: booking.start,
          end: booking.end,
          sequence,
          summary: `${booking.visit?.name ?? 'Visita'} con ${view.doctorName}`,
          description: view.video ? `Visita online: ${view.video.url}` : undefined,
          location: view.video?.url ?? place,
        },
      ],
    });
    return { filename: `visita-${booking.start.slice(0, 10)}.ics`, body };
  }
}
