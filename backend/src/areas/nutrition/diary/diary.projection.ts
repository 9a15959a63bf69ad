import { STREAM_PREFIX, type DiaryMeal, type ProjectionDefinition, type Sealed } from '@studio/contracts';

export interface DiaryEntryDoc {
  id: string;
  date: string;
  meal: DiaryMeal;
  content: Sealed;
  loggedAt: string;
  /** the photo's bytes stay in the log: the entry says where (the stream's revision) */
  photo: { id: string; mediaType: 'image/webp' | 'image/jpeg'; sizeBytes: number; revision: number } | null;
  comments: { id: string; doctorId: string; at: string; content: Sealed }[];
}
export interface SelfMeasurementDoc {
  id: string;
  content: Sealed;
  loggedAt: string;
  acceptedAs: string | null;
}

/**
 * A patient's food diary and self-reported measures, one document per patient (a doctor's read of months of meals is
 * one lookup). Health data stays sealed as in the events and is opened at read time, so erasing the patient's key
 * erases it here too; in clear are only the days, the meals and who commented when. A deleted entry leaves the document.
 */
export interface DiaryDoc {
  id: string;
  patientId: string;
  entries: DiaryEntryDoc[];
  measurements: SelfMeasurementDoc[];
  updatedAt: string;
}

type DiaryEventType =
  | 'DiaryEntryLogged'
  | 'DiaryEntryEdited'
  | 'DiaryEntryDeleted'
  | 'DiaryPhotoAttached'
  | 'DiaryEntryCommented'
  | 'SelfMeasurementReported'
  | 'SelfMeasurementAccepted';

export const diaryProjection: ProjectionDefinition<DiaryDoc, DiaryEventType> = {
  name: 'diary_entries',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.diary],
  eventTypes: [
    'DiaryEntryLogged',
    'DiaryEntryEdited',
    'DiaryEntryDeleted',
    'DiaryPhotoAttached',
    'DiaryEntryCommented',
    'SelfMeasurementReported',
    'SelfMeasurementAccepted',
  ],
  documentId: (event) => event.data.patientId,
  evolve(current, event) {
    const at = event.metadata.at;
    const doc: DiaryDoc = { ...(current ?? { id: event.data.patientId, patientId: event.data.patientId, entries: [], measurements: [] }), updatedAt: at };
    const entry = (id: string, change: (e: DiaryEntryDoc) => DiaryEntryDoc) => ({ ...doc, entries: doc.entries.map((e) => (e.id === id ? change(e) : e)) });
    switch (event.type) {
      case 'DiaryEntryLogged': {
        const { entryId, date, meal, content } = event.data;
        const logged: DiaryEntryDoc = { id: entryId, date, meal, content, loggedAt: at, photo: null, comments: [] };
        return { ...doc, entries: [...doc.entries.filter((e) => e.id !== entryId), logged] };
      }
      case 'DiaryEntryEdited':
        return entry(event.data.entryId, (e) => ({ ...e, date: event.data.date, meal: event.data.meal, content: event.data.content }));
      case 'DiaryEntryDeleted':
        return { ...doc, entries: doc.entries.filter((e) => e.id !== event.data.entryId) };
      case 'DiaryPhotoAttached': {
        const { photoId, mediaType, sizeBytes } = event.data;
        return entry(event.data.entryId, (e) => ({ ...e, photo: { id: photoId, mediaType, sizeBytes, revision: event.revision } }));
      }
      case 'DiaryEntryCommented': {
        const { commentId, doctorId, content } = event.data;
        const comment = { id: commentId, doctorId, at: event.data.at, content };
        return entry(event.data.entryId, (e) => ({ ...e, comments: [...e.comments.filter((c) => c.id !== commentId), comment] }));
      }
      case 'SelfMeasurementReported': {
        const m = { id: event.data.measurementId, content: event.data.content, loggedAt: at, acceptedAs: null };
        return { ...doc, measurements: [...doc.measurements.filter((x) => x.id !== m.id), m] };
      }
      case 'SelfMeasurementAccepted':
        return {
          ...doc,
          measurements: doc.measurements.map((m) => (m.id === event.data.measurementId ? { ...m, acceptedAs: event.data.clinicalMeasurementId } : m)),
        };
      default:
        return doc;
    }
  },
  indexes: {},
};
