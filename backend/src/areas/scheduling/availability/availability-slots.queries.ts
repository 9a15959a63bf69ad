import { SLOT_MINUTES, slotAppearance, type AvailabilityChanged, type AvailabilityEvent, type SlotStatus, slotId } from '@studio/contracts';
import type { ReadModelReader } from '@studio/projections';
import type { SlotDoc } from './availability-slots.projection';
import type { UserDoc } from '../../accounts/users';
import { availabilitySlotsReadModel } from './read-models';

const SLOT_MS = SLOT_MINUTES * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** the doctor's page of the external calendar: where a slot it keeps busy is explained and synced again */
export const EXTERNAL_CALENDAR_PAGE = '/calendario-esterno';

/** red slots link to the booking that holds them, or to the external calendar that keeps them busy */
function urlFor(doc: SlotDoc | undefined): string | undefined {
  if (doc?.status === 'busy') return EXTERNAL_CALENDAR_PAGE;
  return doc && (doc.status === 'held' || doc.status === 'booked') && doc.bookingId ? `/prenotazioni/${doc.bookingId}` : undefined;
}

export function slotView(doctorId: string, start: string, doc?: SlotDoc): AvailabilityEvent {
  const status: SlotStatus = doc?.status ?? 'unavailable';
  const end = new Date(Date.parse(start) + SLOT_MS).toISOString().slice(0, 16) + ':00Z';
  const url = urlFor(doc);
  return {
    id: slotId(doctorId, start),
    ...slotAppearance(status),
    ...(url ? { url } : {}),
    start,
    end,
    status,
  };
}

export function changedMessage(doc: SlotDoc, position: number): AvailabilityChanged {
  const { id, start, end, status, color, textColor, url } = slotView(doc.doctorId, doc.start, doc);
  return { doctorId: doc.doctorId, slot: { id, start, end, status, color, textColor, ...(url ? { url } : {}) }, position };
}

/** every 30-minute slot start of [from, to) that falls inside the working hours */
export function slotStartsInRange(from: Date, to: Date, startHour: number, endHour: number): string[] {
  const starts: string[] = [];
  for (let day = Math.floor(from.getTime() / DAY_MS) * DAY_MS; day < to.getTime(); day += DAY_MS) {
    for (let t = day + startHour * 3_600_000; t < day + endHour * 3_600_000; t += SLOT_MS) {
      if (t >= from.getTime() && t < to.getTime()) starts.push(new Date(t).toISOString().slice(0, 16) + ':00Z');
    }
  }
  return starts;
}

/**
 * The answer of GET /disponibilita/json from any read model holding availability_slots: the live
 * one, or the temporary one an as-of replay builds, so both answer with the very same mapping.
 * The range must have passed contracts' `availabilityRangeProblem` first.
 */
export async function availabilityRange(readModels: ReadModelReader, doctor: UserDoc, start: string, end: string): Promise<AvailabilityEvent[]> {
  const from = new Date(start);
  const to = new Date(end);
  const docs = await availabilitySlotsReadModel.find(readModels, {
    doctor_id: doctor.id,
    start: { gte: from.toISOString().slice(0, 16) + ':00Z', lt: to.toISOString().slice(0, 16) + ':00Z' },
  });
  const byStart = new Map(docs.map((d) => [d.doc.start, d.doc]));
  return slotStartsInRange(from, to, doctor.startHour, doctor.endHour).map((s) => slotView(doctor.id, s, byStart.get(s)));
}

/**
 * What a patient or a visitor may learn of a slot (as from GET /disponibilita/query): free or not
 * free. Held and booked look like closed, and no booking link leaves the server. `offered` false: open, but not
 * offered (no free room at its location then).
 */
export function publicChangedMessage(message: AvailabilityChanged, offered = true): AvailabilityChanged {
  const status: SlotStatus = offered && message.slot.status === 'available' ? 'available' : 'unavailable';
  const { id, start, end } = message.slot;
  const { color, textColor } = slotAppearance(status);
  return { doctorId: message.doctorId, slot: { id, start, end, status, color, textColor }, position: message.position };
}
