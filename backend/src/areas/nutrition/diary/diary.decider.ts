import type { DiaryMeal, EventData, Sealed } from '@studio/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../platform/common/errors';

/**
 * `diary-<patientId>`: the patient's food diary and the measures they report. Every health field arrives sealed with
 * the patient's key; the decider rules on which entries exist (a deleted one takes no photo, edit or comment), who
 * comments (a doctor who treats the patient, decided by the caller with the clinical record's rule) and which
 * self-reported measures were already taken into the record.
 */
export type DiaryEvent =
  | { type: 'DiaryEntryLogged'; data: EventData<'DiaryEntryLogged'> }
  | { type: 'DiaryEntryEdited'; data: EventData<'DiaryEntryEdited'> }
  | { type: 'DiaryEntryDeleted'; data: EventData<'DiaryEntryDeleted'> }
  | { type: 'DiaryPhotoAttached'; data: EventData<'DiaryPhotoAttached'> }
  | { type: 'DiaryEntryCommented'; data: EventData<'DiaryEntryCommented'> }
  | { type: 'SelfMeasurementReported'; data: EventData<'SelfMeasurementReported'> }
  | { type: 'SelfMeasurementAccepted'; data: EventData<'SelfMeasurementAccepted'> };

export interface DiaryState {
  /** entry id → deleted? */
  entries: Record<string, boolean>;
  /** comment and photo ids taken */
  ids: string[];
  /** self-reported measure id → the clinical measurement it became (null: not accepted) */
  measurements: Record<string, string | null>;
}

interface EntryWrite {
  patientId: string;
  entryId: string;
  date: string;
  meal: DiaryMeal;
  content: Sealed;
}
export type DiaryCommand =
  | ({ type: 'LogDiaryEntry' } & EntryWrite)
  | ({ type: 'EditDiaryEntry' } & EntryWrite)
  | { type: 'DeleteDiaryEntry'; patientId: string; entryId: string }
  | {
      type: 'AttachDiaryPhoto';
      patientId: string;
      entryId: string;
      photoId: string;
      mediaType: 'image/webp' | 'image/jpeg';
      sizeBytes: number;
      content: Sealed;
    }
  /** `treats`: the caller decided that doctorId treats the patient (a paid visit or a care share) */
  | { type: 'CommentDiaryEntry'; patientId: string; entryId: string; commentId: string; doctorId: string; treats: boolean; at: string; content: Sealed }
  | { type: 'ReportSelfMeasurement'; patientId: string; measurementId: string; content: Sealed }
  | { type: 'AcceptSelfMeasurement'; patientId: string; measurementId: string; doctorId: string; treats: boolean; clinicalMeasurementId: string };

export const NOT_TREATING_DIARY =
  'Puoi leggere e commentare solo il diario dei pazienti che segui (una visita prenotata e pagata con te, o una condivisione concessa dal paziente).';

export const initialState = (): DiaryState => ({ entries: {}, ids: [], measurements: {} });

export function evolve(state: DiaryState, event: DiaryEvent): DiaryState {
  switch (event.type) {
    case 'DiaryEntryLogged':
      return { ...state, entries: { ...state.entries, [event.data.entryId]: false } };
    case 'DiaryEntryDeleted':
      return { ...state, entries: { ...state.entries, [event.data.entryId]: true } };
    case 'DiaryPhotoAttached':
      return { ...state, ids: [...state.ids, event.data.photoId] };
    case 'DiaryEntryCommented':
      return { ...state, ids: [...state.ids, event.data.commentId] };
    case 'SelfMeasurementReported':
      return { ...state, measurements: { ...state.measurements, [event.data.measurementId]: null } };
    case 'SelfMeasurementAccepted':
      return { ...state, measurements: { ...state.measurements, [event.data.measurementId]: event.data.clinicalMeasurementId } };
    case 'DiaryEntryEdited':
      return state;
  }
}

function existing(state: DiaryState, entryId: string): void {
  if (state.entries[entryId] !== false) throw new NotFoundError('Pasto del diario non trovato.', 'pasto_non_trovato');
}
function fresh(state: DiaryState, id: string): void {
  if (id in state.entries || id in state.measurements || state.ids.includes(id))
    throw new ValidationError('Identificativo già usato in questo diario.', 'id_esistente');
}

export function decide(command: DiaryCommand, state: DiaryState): DiaryEvent[] {
  switch (command.type) {
    case 'LogDiaryEntry': {
      fresh(state, command.entryId);
      const { patientId, entryId, date, meal, content } = command;
      return [{ type: 'DiaryEntryLogged', data: { patientId, entryId, date, meal, content } }];
    }
    case 'EditDiaryEntry': {
      existing(state, command.entryId);
      const { patientId, entryId, date, meal, content } = command;
      return [{ type: 'DiaryEntryEdited', data: { patientId, entryId, date, meal, content } }];
    }
    case 'DeleteDiaryEntry':
      if (state.entries[command.entryId] === true) return [];
      existing(state, command.entryId);
      return [{ type: 'DiaryEntryDeleted', data: { patientId: command.patientId, entryId: command.entryId } }];
    case 'AttachDiaryPhoto': {
      existing(state, command.entryId);
      fresh(state, command.photoId);
      const { patientId, entryId, photoId, mediaType, sizeBytes, content } = command;
      return [{ type: 'DiaryPhotoAttached', data: { patientId, entryId, photoId, mediaType, sizeBytes, content } }];
    }
    case 'CommentDiaryEntry': {
      if (!command.treats) throw new ForbiddenError(NOT_TREATING_DIARY, 'paziente_non_seguito');
      existing(state, command.entryId);
      fresh(state, command.commentId);
      const { patientId, entryId, commentId, doctorId, at, content } = command;
      return [{ type: 'DiaryEntryCommented', data: { patientId, entryId, commentId, doctorId, at, content } }];
    }
    case 'ReportSelfMeasurement':
      fresh(state, command.measurementId);
      return [{ type: 'SelfMeasurementReported', data: { patientId: command.patientId, measurementId: command.measurementId, content: command.content } }];
    case 'AcceptSelfMeasurement': {
      if (!command.treats) throw new ForbiddenError(NOT_TREATING_DIARY, 'paziente_non_seguito');
      const accepted = state.measurements[command.measurementId];
      if (accepted === undefined) throw new NotFoundError('Misurazione del paziente non trovata.', 'misurazione_non_trovata');
      if (accepted !== null) throw new ConflictError('Questa misurazione è già stata accettata nella cartella clinica.', 'misurazione_gia_accettata');
      const { patientId, measurementId, doctorId, clinicalMeasurementId } = command;
      return [{ type: 'SelfMeasurementAccepted', data: { patientId, measurementId, doctorId, clinicalMeasurementId } }];
    }
  }
}

export const diaryDecider = { initialState, evolve, decide };
