import { Injectable } from '@nestjs/common';

import { followUpSeriesStreamName, slotId, type EventMetadata, type FollowUpSeriesRequest, type FollowUpSeriesView, type SessionUser } from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { BookingService } from '../../scheduling/booking';
import { HoldService } from '../../scheduling/workflows';
import { AppError, ConflictError, ForbiddenError } from '../../../platform/common/errors';
import { DeskPaymentFlowService } from '../desk-payment/desk-payment.service';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';

import {
  followUpSeriesDecider,
  followUpSeriesWorkflow,
  seriesStarts,
  BOOK_SERIES_VISIT,
  type SeriesInput,
  type SeriesState,
} from './follow-up-series.workflow';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { UsersService } from '../../accounts/users';
import { bookingsReadModel } from '../../scheduling/booking';
import { unfinishedSeriesReadModel } from './read-models';

const STALLED_MS = 60_000;

/**
 * "Prenota il controllo" as a series: N visits of the same visit type every K weeks, at the visit's weekday
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
    private readonly users: UsersService,
    private readonly workflows: WorkflowRunner,
  ) {
    workflows.effect(BOOK_SERIES_VISIT, (args: Parameters<FollowUpSeriesService['bookVisit']>[0], metadata: EventMetadata) => this.bookVisit(args, metadata));
    // a series a crash left with visits not yet recorded (the unfinished_series read model): booked on from where it stopped
    workflows.resumes(followUpSeriesWorkflow, () => this.unfinished(), { metadata: (input) => this.systemMetadata(input.series.seriesId) });
  }

  /** the series started and not all recorded that have not moved on for a minute (one under way is left alone), oldest first */
  private async unfinished(): Promise<SeriesInput[]> {
    const before = new Date(this.kernel.clock.now().getTime() - STALLED_MS).toISOString();
    const open = await unfinishedSeriesReadModel.find(
      this.kernel.readModels,
      { touched_at: { lte: before } },
      { orderBy: [{ column: 'touched_at', direction: 'asc' }], limit: 200 },
    );
    return open.map(({ doc }) => ({ series: doc.series }));
  }

  /** a resumed series' events carry the series' own id as their correlation */
  private async systemMetadata(seriesId: string): Promise<EventMetadata> {
    const [first] = await this.kernel.eventStore.readStream(followUpSeriesStreamName(seriesId), { maxCount: 1 });
    const correlationId = first?.metadata.correlationId ?? seriesId;
    return { userId: 'system', role: 'system', at: this.kernel.clock.now().toISOString(), correlationId, causationId: correlationId };
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
        ...(input.taxcode ? { taxcode: await this.kernel.personalData.seal(visit.patientId, input.taxcode) } : {}),
      },
    };
    const run = await this.workflows.run(followUpSeriesWorkflow, input_, metadata);
    if (run.position) await this.kernel.changes.waitFor(run.position);
    return view(input_.series.seriesId, input_.series.starts, run.state);
  }

  /** one visit of the series: the patient's hold, its desk payment, then the visit recorded (booked or skipped) */
  private async bookVisit({ input: { series }, index, start }: { input: SeriesInput; index: number; start: string }, metadata: EventMetadata) {
    const stream = followUpSeriesStreamName(series.seriesId);
    const slot = slotId(series.doctorId, start);
    let bookingId: string | null = null;
    let reason: string | null = null;
    try {
      const desk = await this.deskOf(series);
      // the patient's booking at that start, if a run before a crash made it; else the patient's hold of it
      const mine = await bookingsReadModel.find(this.kernel.readModels, { patient_id: series.patientId });
      bookingId =
        mine.find((b) => b.doc.slotId === slot && (b.doc.status === 'held' || b.doc.status === 'confirmed'))?.id ??
        (await this.holds.hold({ id: series.patientId, role: 'patient', name: '' }, series.doctorId, slot, metadata, desk.visitTypeId)).id;
      await this.desk.record(
        desk.by,
        bookingId,
        { method: series.method, amountCents: series.amountCents, ...(desk.taxcode ? { taxcode: desk.taxcode } : {}) },
        metadata,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reason = error.message;
      // a hold the desk payment refused is let go at once: the slot is free again
      const held = bookingId ? await bookingsReadModel.get(this.kernel.readModels, bookingId) : null;
      if (held?.doc.status === 'held') await this.holds.endHold(held.doc, 'released', metadata);
      bookingId = null;
    }
    // a step of the runner's like the others: the crash tests die before it too (the visit booked, not yet recorded)
    return this.workflows.executeStep(
      { stream, decider: followUpSeriesDecider, command: { type: 'RecordSeriesVisit', seriesId: series.seriesId, index, start, bookingId, reason } },
      metadata,
    );
  }

  /** for the desk payment of each visit, from the series as recorded: who takes it, the visit type, the tax code */
  private async deskOf(series: SeriesInput['series']): Promise<{ by: SessionUser; visitTypeId?: string; taxcode?: string }> {
    const by = await this.users.get(series.by);
    if (!by) throw new ConflictError('Chi ha prenotato la serie non ha più un account.', 'serie_senza_autore');
    const source = await bookingsReadModel.get(this.kernel.readModels, series.sourceBookingId);
    const taxcode = series.taxcode ? await this.kernel.personalData.open<string>(series.taxcode) : null;
    return {
      by: { id: by.id, role: by.role, name: '' },
      ...(source?.doc.visit ? { visitTypeId: source.doc.visit.visitTypeId } : {}),
      ...(taxcode ? { taxcode } : {}),
    };
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
