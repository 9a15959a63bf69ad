import { STREAM_PREFIX } from '@studio/contracts';
import type { EventData, ProjectionDefinition } from '@studio/contracts';

/** one document per visit type (the decider's VisitType and its id): what the doctor's list, the booking page and the hold read */
export type VisitTypeDoc = EventData<'VisitTypeCreated'> & { id: string; archived: boolean };

type VisitTypesEvent = 'VisitTypeCreated' | 'VisitTypeUpdated' | 'VisitTypeArchived';

export const visitTypesProjection: ProjectionDefinition<VisitTypeDoc, VisitTypesEvent> = {
  name: 'visit_types',
  // 2: indexed by product too (whose visit type a product prices)
  version: 2,
  streamPrefixes: [STREAM_PREFIX.visitTypes],
  eventTypes: ['VisitTypeCreated', 'VisitTypeUpdated', 'VisitTypeArchived'],
  documentId: (event) => event.data.visitTypeId,
  evolve(doc, event) {
    switch (event.type) {
      case 'VisitTypeCreated':
      case 'VisitTypeUpdated':
        // an update carries every setting: it replaces them all, and a type being updated is not archived
        return { ...event.data, id: event.data.visitTypeId, archived: false };
      case 'VisitTypeArchived':
        return doc && { ...doc, archived: true };
      default:
        return doc;
    }
  },
  // a doctor's types (a handful each)
  indexes: { doctor_id: { type: 'text', value: (d) => d.doctorId }, product_id: { type: 'text', value: (d) => d.productId } },
};
