import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { followUpSeriesStreamName, slotId, type EventMetadata, type FollowUpSeriesRequest, type FollowUpSeriesView, type SessionUser } from '@studio/contracts';
import type { BookingDoc } from '@studio/projections';
import { randomUUID } from 'node:crypto';
import { BookingService } from '../booking';
import { AppError, ConflictError, ForbiddenError } from '../common/errors';
import { DeskPaymentsService } from '../desk-payments';
import { Decide } from '../event-store/decide.command';
import { runWorkflow } from '../event-store/workflow';
import { CHANGE_FEED, EVENT_STORE, READ_MODELS, type Core } from '../infrastructure/core';
import { followUpSeriesDecider, followUpSeriesWorkflow, seriesStarts, type SeriesInput, type SeriesState, type SeriesStep } from './follow-up-series.workflow';

/**
 * "Prenota il controllo" as a series (issue 29): N visits of the same visit type every K weeks, at the visit's weekday
 * and time. Each visit is an ordinary booking — the patient's hold of its slots, then a payment taken at the desk
 * (the practice's "pacchetto"), which confirms it — so each is cancelled or moved on its own. A visit whose time is not
 * bookable (closed, taken, beyond the horizon…) is recorded as skipped with the reason; the others go on.
 */
@Injectable()
export class FollowUpSeriesService {
  constructor(
    private readonly commands: CommandBus,
    @Inject(EVENT_STORE) private readonly eventStore: Core['eventStore'],
    @Inject(READ_MODELS) private readonly readModels: Core['readModels'],
    @Inject(CHANGE_FEED) private readonly changes: Core['changes'],
    private readonly bookings: BookingService,
    private readonly desk: DeskPaymentsService,
  ) {}

  /** POST /api/bookings/:id/series */
  async start(user: SessionUser, bookingId: string, input: FollowUpSeriesRequest, metadata: EventMetadata): Promise<FollowUpSeriesView> {
    const visit = await this.bookings.lookup(bookingId);
    if (user.role === 'doctor' && visit.doctorId !== user.id) throw new ForbiddenError('Puoi prenotare controlli solo per i tuoi pazienti.');
    if (user.role !== 'doctor' && user.role !== 'admin') throw new ForbiddenError();
    if (visit.status !== 'confirmed' && visit.status !== 'completed') {
      throw new ConflictError('Il controllo si prenota da una visita confermata o svolta.', 'visita_non_valida_per_controllo');
    }
    if (!visit.visit) {
      throw new ConflictError(
        'La serie si prenota per un tipo di visita (con la sua durata e il suo prezzo): questa visita non ne ha uno.',
        'serie_senza_tipo',
      );
    }
    const input_: SeriesInput = {
      series: {
        seriesId: randomUUID(),
        sourceBookingId: bookingId,
        patientId: visit.patientId,
        doctorId: visit.doctorId,
        everyWeeks: input.everyWeeks,
        starts: seriesStarts(visit.start, input.everyWeeks, input.count),
        method: input.method,
        amountCents: visit.visit.priceCents,
        by: user.id,
      },
    };
    const run = await runWorkflow(this.eventStore, followUpSeriesWorkflow, input_, (step) => this.execute(step, input_, visit, user, input.taxcode, metadata));
    if (run.position) await this.changes.waitFor(run.position);
    return view(input_.series.seriesId, input_.series.starts, run.state);
  }

  private async execute(step: SeriesStep, { series }: SeriesInput, visit: BookingDoc, user: SessionUser, taxcode: string | undefined, metadata: EventMetadata) {
    const stream = followUpSeriesStreamName(series.seriesId);
    if (step.type === 'Start') return this.commands.execute(new Decide(stream, followUpSeriesDecider, { type: 'StartSeries', series }, metadata));
    const slot = slotId(series.doctorId, step.start);
    let bookingId: string | null = null;
    let reason: string | null = null;
    try {
      // the patient's booking at that start, if a run before a crash made it; else the patient's hold of it
      const mine = await this.readModels.find<BookingDoc>('bookings', { patient_id: series.patientId });
      bookingId =
        mine.find((b) => b.doc.slotId === slot && (b.doc.status === 'held' || b.doc.status === 'confirmed'))?.id ??
        (await this.bookings.hold({ id: series.patientId, role: 'patient', name: '' }, series.doctorId, slot, metadata, visit.visit?.visitTypeId)).id;
      await this.desk.record(user, bookingId, { method: series.method, amountCents: series.amountCents, ...(taxcode ? { taxcode } : {}) }, metadata);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reason = error.message;
      // a hold the desk payment refused is let go at once: the slot is free again
      const held = bookingId ? await this.readModels.get<BookingDoc>('bookings', bookingId) : null;
      if (held?.doc.status === 'held') await this.bookings.endHold(held.doc, 'released', metadata);
      bookingId = null;
    }
    return this.commands.execute(
      new Decide(
        stream,
        followUpSeriesDecider,
        { type: 'RecordSeriesVisit', seriesId: series.seriesId, index: step.index, start: step.start, bookingId, reason },
        metadata,
      ),
    );
  }
}

function view(seriesId: string, starts: string[], state: SeriesState): FollowUpSeriesView {
  return {
    seriesId,
    visits: starts.map((start, index) => {
      const v = state.visits[index];
      return { index, start, ...(v && 'bookingId' in v ? { bookingId: v.bookingId } : {}), ...(v && 'skipped' in v ? { skipped: v.skipped } : {}) };
    }),
  };
}
