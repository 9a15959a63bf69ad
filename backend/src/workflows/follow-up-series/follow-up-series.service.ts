import { Injectable } from '@nestjs/common';

import { followUpSeriesStreamName, slotId, type EventMetadata, type FollowUpSeriesRequest, type FollowUpSeriesView, type SessionUser } from '@studio/contracts';
import type { BookingDoc } from '../../booking/bookings.projection';
import { randomUUID } from 'node:crypto';
import { BookingService } from '../../booking';
import { HoldService } from '../hold/hold.service';
import { AppError, ConflictError, ForbiddenError } from '../../common/errors';
import { DeskPaymentFlowService } from '../desk-payment/desk-payment.service';
import { Decide } from '../../event-store/decide.command';
import { WorkflowRunner } from '../../event-store/workflow-runner';

import {
  followUpSeriesDecider,
  followUpSeriesWorkflow,
  seriesStarts,
  BOOK_SERIES_VISIT,
  type SeriesInput,
  type SeriesState,
} from './follow-up-series.workflow';
import { KernelPorts } from '../../kernel/kernel-ports';

/**
 * "Prenota il controllo" as a series (issue 29): N visits of the same visit type every K weeks, at the visit's weekday
 * and time. Each visit is an ordinary booking — the patient's hold of its slots, then a payment taken at the desk
 * (the practice's "pacchetto"), which confirms it — so each is cancelled or moved on its own. A visit whose time is not
 * bookable (closed, taken, beyond the horizon…) is recorded as skipped with the reason; the others go on.
 */
@Injectable()
export class FollowUpSeriesService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly bookings: BookingService,
    private readonly holds: HoldService,
    private readonly desk: DeskPaymentFlowService,
    private readonly workflows: WorkflowRunner,
  ) {
    workflows.effect(BOOK_SERIES_VISIT, (args: Parameters<FollowUpSeriesService['bookVisit']>[0], metadata: EventMetadata) => this.bookVisit(args, metadata));
  }

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
      desk: { by: user, visitTypeId: visit.visit.visitTypeId, ...(input.taxcode ? { taxcode: input.taxcode } : {}) },
    };
    const run = await this.workflows.run(followUpSeriesWorkflow, input_, metadata);
    if (run.position) await this.kernel.changes.waitFor(run.position);
    return view(input_.series.seriesId, input_.series.starts, run.state);
  }

  /** one visit of the series: the patient's hold, its desk payment, then the visit recorded (booked or skipped) */
  private async bookVisit({ input: { series, desk }, index, start }: { input: SeriesInput; index: number; start: string }, metadata: EventMetadata) {
    const stream = followUpSeriesStreamName(series.seriesId);
    const slot = slotId(series.doctorId, start);
    let bookingId: string | null = null;
    let reason: string | null = null;
    try {
      // the patient's booking at that start, if a run before a crash made it; else the patient's hold of it
      const mine = await this.kernel.readModels.find<BookingDoc>('bookings', { patient_id: series.patientId });
      bookingId =
        mine.find((b) => b.doc.slotId === slot && (b.doc.status === 'held' || b.doc.status === 'confirmed'))?.id ??
        (await this.holds.hold({ id: series.patientId, role: 'patient', name: '' }, series.doctorId, slot, metadata, desk?.visitTypeId)).id;
      await this.desk.record(
        desk!.by,
        bookingId,
        { method: series.method, amountCents: series.amountCents, ...(desk?.taxcode ? { taxcode: desk.taxcode } : {}) },
        metadata,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reason = error.message;
      // a hold the desk payment refused is let go at once: the slot is free again
      const held = bookingId ? await this.kernel.readModels.get<BookingDoc>('bookings', bookingId) : null;
      if (held?.doc.status === 'held') await this.holds.endHold(held.doc, 'released', metadata);
      bookingId = null;
    }
    return this.kernel.commands.execute(
      new Decide(stream, followUpSeriesDecider, { type: 'RecordSeriesVisit', seriesId: series.seriesId, index, start, bookingId, reason }, metadata),
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
