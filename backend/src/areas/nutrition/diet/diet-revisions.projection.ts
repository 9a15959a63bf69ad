import { STREAM_PREFIX } from '@studio/contracts';
import type { ProjectionDefinition, Sealed } from '@studio/contracts';

/**
 * Every plan saved for a patient (the diet stream is the history): one document per DietSaved, sealed as in the event,
 * so the plan in force on a date, and an earlier plan to start from, are read without reading the stream.
 */
export interface DietRevisionDoc {
  id: string;
  patientId: string;
  doctorId: string;
  content: Sealed;
  revision: number;
  savedAt: string;
}

export const dietRevisionsProjection: ProjectionDefinition<DietRevisionDoc, 'DietSaved'> = {
  name: 'diet_revisions',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.diet],
  eventTypes: ['DietSaved'],
  documentId: (event) => `${event.data.patientId}:${event.revision}`,
  evolve(_doc, event) {
    const d = event.data;
    return {
      id: `${d.patientId}:${event.revision}`,
      patientId: d.patientId,
      doctorId: d.doctorId,
      content: d.content,
      revision: event.revision,
      savedAt: event.metadata.at,
    };
  },
  indexes: {
    patient_id: { type: 'text', value: (d) => d.patientId, then: 'saved_at' },
    saved_at: { type: 'text', value: (d) => d.savedAt },
    revision: { type: 'integer', value: (d) => d.revision },
  },
};
