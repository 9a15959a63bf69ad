import { STREAM_PREFIX } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/** one document per place in a doctor's waiting list: what the patient's list shows and the leave request looks up */
export interface WaitingListEntryDoc {
  id: string;
  doctorId: string;
  patientId: string;
  from: string;
  to: string;
  status: 'waiting' | 'left';
  /** the booking of the offer in progress, if any (the patient sees "offered") */
  offer: string | null;
}

type WaitingListEntriesEvent = 'WaitingListJoined' | 'WaitingListLeft' | 'WaitingListOfferReserved' | 'WaitingListOfferWithdrawn' | 'WaitingListOfferEnded';

export const waitingListEntriesProjection: ProjectionDefinition<WaitingListEntryDoc, WaitingListEntriesEvent> = {
  name: 'waiting_list_entries',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.waitingList],
  eventTypes: ['WaitingListJoined', 'WaitingListLeft', 'WaitingListOfferReserved', 'WaitingListOfferWithdrawn', 'WaitingListOfferEnded'],
  documentId: (event) => event.data.entryId,
  evolve(doc, event) {
    switch (event.type) {
      case 'WaitingListJoined': {
        const { entryId, doctorId, patientId, from, to } = event.data;
        return { id: entryId, doctorId, patientId, from, to, status: 'waiting', offer: null };
      }
      case 'WaitingListLeft':
        return doc && { ...doc, status: 'left' };
      case 'WaitingListOfferReserved':
        return doc && { ...doc, offer: event.data.bookingId };
      case 'WaitingListOfferWithdrawn':
      case 'WaitingListOfferEnded':
        // the offer is over (as the decider's state has it): only the one in progress is cleared
        return doc && { ...doc, offer: doc.offer === event.data.bookingId ? null : doc.offer };
      default:
        return doc;
    }
  },
  indexes: { patient_id: { type: 'text', value: (d) => d.patientId } },
};
