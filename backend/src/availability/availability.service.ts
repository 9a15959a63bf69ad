import { Inject, Injectable } from '@nestjs/common';
import type { AvailabilityChanged, AvailabilityEvent } from '@studio/contracts';
import type { ReadModelReader, SlotDoc, UserDoc } from '@studio/projections';
import { ValidationError } from '../common/errors';
import { CORE, type Core } from '../infrastructure/core';
import { MAX_RANGE_DAYS, changedMessage, slotStartsInRange, slotView } from './slot-view';

@Injectable()
export class AvailabilityService {
  constructor(@Inject(CORE) private readonly core: Core) {}

  /** one event per slot of the range inside the doctor's working hours (GET /disponibilita/json) */
  range(doctor: UserDoc, start: string, end: string): Promise<AvailabilityEvent[]> {
    return availabilityRange(this.core.readModels, doctor, start, end);
  }

  /** what a watcher missed after `since`, in order */
  async changesSince(doctorId: string, since: number): Promise<AvailabilityChanged[]> {
    const docs = await this.core.readModels.find<SlotDoc>(
      'availability_slots',
      { doctor_id: doctorId, position: { gt: since } },
      { orderBy: [{ column: 'position', direction: 'asc' }] },
    );
    return docs.map((d) => changedMessage(d.doc, d.position));
  }

  checkpoint(): Promise<number> {
    return this.core.readModels.checkpoint('availability_slots');
  }
}

/**
 * The answer of GET /disponibilita/json from any read model holding availability_slots: the live
 * one, or the temporary one an as-of replay builds, so both answer with the very same mapping.
 */
export async function availabilityRange(readModels: ReadModelReader, doctor: UserDoc, start: string, end: string): Promise<AvailabilityEvent[]> {
  const from = new Date(start);
  const to = new Date(end);
  if (to <= from) throw new ValidationError("La fine dell'intervallo deve seguire l'inizio.", 'intervallo_non_valido');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
    throw new ValidationError(`Intervallo troppo ampio: al massimo ${MAX_RANGE_DAYS} giorni.`, 'intervallo_troppo_ampio');
  }
  const docs = await readModels.find<SlotDoc>('availability_slots', {
    doctor_id: doctor.id,
    start: { gte: from.toISOString().slice(0, 16) + ':00Z', lt: to.toISOString().slice(0, 16) + ':00Z' },
  });
  const byStart = new Map(docs.map((d) => [d.doc.start, d.doc]));
  return slotStartsInRange(from, to, doctor.startHour, doctor.endHour).map((s) => slotView(doctor.id, s, byStart.get(s)));
}
