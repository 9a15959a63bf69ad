import type { ReadModelReader } from '@studio/projections';
import { textMessagesReadModel, visitRepliesReadModel } from './read-models';

export interface VisitTextStatus {
  confirmedByPatient: boolean;
  /** a text about the visit failed for good on its last channel */
  undelivered: boolean;
}

/** what the agenda shows of a doctor's visits by text: confirmed by the patient, a reminder not delivered */
export async function visitTextStatus(
  readModels: Pick<ReadModelReader, 'get' | 'find'>,
  doctorId: string,
  range: { from: string; to: string },
  bookingIds: string[],
): Promise<Map<string, VisitTextStatus>> {
  const failed = await textMessagesReadModel.find(readModels, { doctor_id: doctorId, failed: 'yes', start: { gte: range.from, lt: range.to } });
  const undelivered = new Set(failed.filter((f) => (f.doc.decided.fallback ?? []).length === 0).map((f) => f.doc.bookingId));
  const replies = await Promise.all(bookingIds.map((id) => visitRepliesReadModel.get(readModels, id)));
  return new Map(bookingIds.map((id, i) => [id, { confirmedByPatient: replies[i]?.doc.answer === 'confirmed', undelivered: undelivered.has(id) }]));
}
