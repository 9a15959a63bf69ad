import type { EventData, ProjectionDefinition } from '@studio/contracts';

/** what the patient last answered by text about a visit ("confermata dal paziente" on the agenda) */
export interface VisitReplyDoc {
  id: string;
  answer: EventData<'PhoneReplyAnswered'>['answer'];
  at: string;
}

export const visitRepliesProjection: ProjectionDefinition<VisitReplyDoc, 'PhoneReplyAnswered'> = {
  name: 'visit_replies',
  version: 1,
  streamPrefixes: ['phonemessage-'],
  eventTypes: ['PhoneReplyAnswered'],
  documentId: (event) => event.data.bookingId ?? `none-${event.data.providerMessageId}`,
  evolve(doc, event) {
    const d = event.data;
    if (!d.bookingId || (d.answer !== 'confirmed' && d.answer !== 'cancelled')) return doc;
    return { id: d.bookingId, answer: d.answer, at: d.at };
  },
  indexes: {},
};
