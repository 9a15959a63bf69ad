import { STREAM_PREFIX, type Sealed } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

interface SealedEntry {
  id: string;
  authorId: string;
  at: string;
  content: Sealed;
}

/**
 * A patient's clinical record, one document per patient (reading it, 50 visits and all, is one lookup). Health
 * data: every entry stays sealed as in its event and is opened at read time, so erasing the patient's key erases it
 * here too; what is in clear is only who wrote what when, and whom the patient shared the record with.
 */
export interface ClinicalRecordDoc {
  id: string;
  patientId: string;
  record: SealedEntry | null;
  measurements: SealedEntry[];
  notes: (SealedEntry & { corrects: string | null })[];
  labs: SealedEntry[];
  /** the bytes stay in the log: the entry says where (the stream's revision) */
  attachments: { id: string; authorId: string; at: string; mediaType: string; sizeBytes: number; name: Sealed; revision: number }[];
  targets: SealedEntry | null;
  sharedWith: string[];
  updatedAt: string;
}

type ClinicalEventType =
  | 'ClinicalRecordSet'
  | 'MeasurementRecorded'
  | 'VisitNoteSigned'
  | 'LabResultRecorded'
  | 'AttachmentAdded'
  | 'DietTargetsSet'
  | 'CareShared'
  | 'CareShareRevoked';

export const clinicalRecordsProjection: ProjectionDefinition<ClinicalRecordDoc, ClinicalEventType> = {
  name: 'clinical_records',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.clinical],
  eventTypes: [
    'ClinicalRecordSet',
    'MeasurementRecorded',
    'VisitNoteSigned',
    'LabResultRecorded',
    'AttachmentAdded',
    'DietTargetsSet',
    'CareShared',
    'CareShareRevoked',
  ],
  documentId: (event) => event.data.patientId,
  evolve(current, event) {
    const at = event.metadata.at;
    const doc: ClinicalRecordDoc = current ?? {
      id: event.data.patientId,
      patientId: event.data.patientId,
      record: null,
      measurements: [],
      notes: [],
      labs: [],
      attachments: [],
      targets: null,
      sharedWith: [],
      updatedAt: at,
    };
    switch (event.type) {
      case 'ClinicalRecordSet':
        return { ...doc, record: { id: doc.patientId, authorId: event.data.authorId, at, content: event.data.content }, updatedAt: at };
      case 'MeasurementRecorded': {
        const entry = { id: event.data.measurementId, authorId: event.data.authorId, at, content: event.data.content };
        return { ...doc, measurements: [...doc.measurements.filter((m) => m.id !== entry.id), entry], updatedAt: at };
      }
      case 'VisitNoteSigned': {
        const d = event.data;
        const entry = { id: d.noteId, authorId: d.authorId, at, content: d.content, corrects: d.corrects };
        return { ...doc, notes: [...doc.notes.filter((n) => n.id !== entry.id), entry], updatedAt: at };
      }
      case 'LabResultRecorded': {
        const entry = { id: event.data.labId, authorId: event.data.authorId, at, content: event.data.content };
        return { ...doc, labs: [...doc.labs.filter((l) => l.id !== entry.id), entry], updatedAt: at };
      }
      case 'AttachmentAdded': {
        const d = event.data;
        const entry = { id: d.attachmentId, authorId: d.authorId, at, mediaType: d.mediaType, sizeBytes: d.sizeBytes, name: d.name, revision: event.revision };
        return { ...doc, attachments: [...doc.attachments.filter((a) => a.id !== entry.id), entry], updatedAt: at };
      }
      case 'DietTargetsSet':
        return { ...doc, targets: { id: doc.patientId, authorId: event.data.authorId, at, content: event.data.content }, updatedAt: at };
      case 'CareShared':
        return { ...doc, sharedWith: [...new Set([...doc.sharedWith, event.data.doctorId])] };
      case 'CareShareRevoked':
        return { ...doc, sharedWith: doc.sharedWith.filter((d) => d !== event.data.doctorId) };
      default:
        return doc;
    }
  },
  indexes: {},
};
