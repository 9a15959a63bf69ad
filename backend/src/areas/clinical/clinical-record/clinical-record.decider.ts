import type { EventData, Sealed } from '@studio/contracts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../platform/common/errors';

/**
 * `clinical-<patientId>`: the patient's clinical record. Every health field arrives sealed with the patient's key;
 * the decider sees only what it must rule on: who writes (does the caller treat this patient, decided by the caller
 * from bookings and shared care), which notes exist (a signed note never changes; a correction is a new note that
 * names an existing one), which ids are taken.
 */
export type ClinicalEvent =
  | { type: 'ClinicalRecordSet'; data: EventData<'ClinicalRecordSet'> }
  | { type: 'MeasurementRecorded'; data: EventData<'MeasurementRecorded'> }
  | { type: 'VisitNoteSigned'; data: EventData<'VisitNoteSigned'> }
  | { type: 'LabResultRecorded'; data: EventData<'LabResultRecorded'> }
  | { type: 'AttachmentAdded'; data: EventData<'AttachmentAdded'> }
  | { type: 'DietTargetsSet'; data: EventData<'DietTargetsSet'> }
  | { type: 'CareShared'; data: EventData<'CareShared'> }
  | { type: 'CareShareRevoked'; data: EventData<'CareShareRevoked'> };

export interface ClinicalState {
  hasRecord: boolean;
  ids: string[];
  noteIds: string[];
  sharedWith: string[];
}

/** a write by staff: `treats` says whether the author treats the patient (a paid booking or a shared care) */
interface ByAuthor {
  patientId: string;
  authorId: string;
  treats: boolean;
  content: Sealed;
}
export type ClinicalCommand =
  | ({ type: 'SetRecord' } & ByAuthor)
  | ({ type: 'RecordMeasurement'; measurementId: string } & ByAuthor)
  | ({ type: 'SignVisitNote'; noteId: string; corrects: string | null } & ByAuthor)
  | ({ type: 'RecordLabResult'; labId: string } & ByAuthor)
  | ({ type: 'SetDietTargets' } & ByAuthor)
  | ({ type: 'AddAttachment'; attachmentId: string; mediaType: EventData<'AttachmentAdded'>['mediaType']; sizeBytes: number; name: Sealed } & ByAuthor)
  /** by the patient: `isDoctor` says whether doctorId is a doctor of the practice */
  | { type: 'ShareCare'; patientId: string; doctorId: string; isDoctor: boolean }
  | { type: 'RevokeCareShare'; patientId: string; doctorId: string };

export const NOT_TREATING =
  'Puoi consultare e modificare solo la cartella dei pazienti che segui (una visita prenotata e pagata con te, o una condivisione concessa dal paziente).';

export const initialState = (): ClinicalState => ({ hasRecord: false, ids: [], noteIds: [], sharedWith: [] });

export function evolve(state: ClinicalState, event: ClinicalEvent): ClinicalState {
  switch (event.type) {
    case 'ClinicalRecordSet':
    case 'DietTargetsSet':
      return { ...state, hasRecord: state.hasRecord || event.type === 'ClinicalRecordSet' };
    case 'MeasurementRecorded':
      return { ...state, ids: [...state.ids, event.data.measurementId] };
    case 'LabResultRecorded':
      return { ...state, ids: [...state.ids, event.data.labId] };
    case 'AttachmentAdded':
      return { ...state, ids: [...state.ids, event.data.attachmentId] };
    case 'VisitNoteSigned':
      return { ...state, ids: [...state.ids, event.data.noteId], noteIds: [...state.noteIds, event.data.noteId] };
    case 'CareShared':
      return { ...state, sharedWith: [...state.sharedWith, event.data.doctorId] };
    case 'CareShareRevoked':
      return { ...state, sharedWith: state.sharedWith.filter((d) => d !== event.data.doctorId) };
  }
}

function fresh(state: ClinicalState, id: string): void {
  if (state.ids.includes(id)) throw new ValidationError('Identificativo già usato in questa cartella.', 'id_esistente');
}

export function decide(command: ClinicalCommand, state: ClinicalState): ClinicalEvent[] {
  if (command.type === 'ShareCare') {
    if (!command.isDoctor) throw new NotFoundError('Medico non trovato.', 'medico_non_trovato');
    if (state.sharedWith.includes(command.doctorId)) return [];
    return [{ type: 'CareShared', data: { patientId: command.patientId, doctorId: command.doctorId } }];
  }
  if (command.type === 'RevokeCareShare') {
    if (!state.sharedWith.includes(command.doctorId)) return [];
    return [{ type: 'CareShareRevoked', data: { patientId: command.patientId, doctorId: command.doctorId } }];
  }
  if (!command.treats) throw new ForbiddenError(NOT_TREATING, 'paziente_non_seguito');
  const { patientId, authorId, content } = command;
  switch (command.type) {
    case 'SetRecord':
      return [{ type: 'ClinicalRecordSet', data: { patientId, authorId, content } }];
    case 'RecordMeasurement':
      fresh(state, command.measurementId);
      return [{ type: 'MeasurementRecorded', data: { patientId, measurementId: command.measurementId, authorId, content } }];
    case 'SignVisitNote':
      fresh(state, command.noteId);
      if (command.corrects !== null && !state.noteIds.includes(command.corrects))
        throw new NotFoundError('La nota da correggere non esiste in questa cartella.', 'nota_non_trovata');
      return [{ type: 'VisitNoteSigned', data: { patientId, noteId: command.noteId, authorId, corrects: command.corrects, content } }];
    case 'RecordLabResult':
      fresh(state, command.labId);
      return [{ type: 'LabResultRecorded', data: { patientId, labId: command.labId, authorId, content } }];
    case 'AddAttachment': {
      fresh(state, command.attachmentId);
      const { attachmentId, mediaType, sizeBytes, name } = command;
      return [{ type: 'AttachmentAdded', data: { patientId, attachmentId, authorId, mediaType, sizeBytes, name, content } }];
    }
    case 'SetDietTargets':
      return [{ type: 'DietTargetsSet', data: { patientId, authorId, content } }];
  }
}

export const clinicalDecider = { initialState, evolve, decide };
