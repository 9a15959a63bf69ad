import { STREAM_PREFIX } from '@studio/contracts';
import type { Sealed } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/**
 * A patient's current diet. Health data: the content stays sealed here as in the event, and is
 * opened at read time (as questionnaire answers are), so erasing the patient's key erases it here too.
 */
export interface DietDoc {
  id: string;
  patientId: string;
  doctorId: string;
  content: Sealed;
  /** the diet stream's revision: the editor sends it back so a save never overwrites an unseen one */
  revision: number;
  savedAt: string;
}

export const dietsProjection: ProjectionDefinition<DietDoc, 'DietSaved'> = {
  name: 'diets',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.diet],
  eventTypes: ['DietSaved'],
  documentId: (event) => event.data.patientId,
  evolve(doc, event) {
    if (event.type !== 'DietSaved') return doc;
    const d = event.data;
    return { id: d.patientId, patientId: d.patientId, doctorId: d.doctorId, content: d.content, revision: event.revision, savedAt: event.metadata.at };
  },
  indexes: {
    doctor_id: { type: 'text', value: (d) => d.doctorId },
  },
};
