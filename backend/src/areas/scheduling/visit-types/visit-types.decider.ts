import { MAX_BUFFER_MINUTES, VISIT_TYPE_MINUTES, type EventData } from '@studio/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/common/errors';

/** One stream per doctor: `visittypes-<doctorId>`, all of that doctor's visit types. */
export type VisitTypeEvent =
  | { type: 'VisitTypeCreated'; data: EventData<'VisitTypeCreated'> }
  | { type: 'VisitTypeUpdated'; data: EventData<'VisitTypeUpdated'> }
  | { type: 'VisitTypeArchived'; data: EventData<'VisitTypeArchived'> };

export type VisitType = EventData<'VisitTypeCreated'> & { archived: boolean };

export interface DoctorVisitTypes {
  types: Record<string, VisitType>;
}

/** what a doctor sets on a visit type (the product is the catalogue's, made by the caller) */
export type VisitTypeSettings = Omit<EventData<'VisitTypeCreated'>, 'visitTypeId' | 'doctorId' | 'productId'>;

export interface CreateVisitType {
  type: 'CreateVisitType';
  visitTypeId: string;
  doctorId: string;
  productId: string;
  settings: VisitTypeSettings;
}

export interface UpdateVisitType {
  type: 'UpdateVisitType';
  visitTypeId: string;
  doctorId: string;
  changes: Partial<VisitTypeSettings>;
}

export interface ArchiveVisitType {
  type: 'ArchiveVisitType';
  visitTypeId: string;
  doctorId: string;
}

export type VisitTypeCommand = CreateVisitType | UpdateVisitType | ArchiveVisitType;

export const VISIT_TYPE_NOT_FOUND = 'Tipo di visita non trovato.';
export const ONLINE_HAS_NO_LOCATION = 'Una visita online non ha una sede: togli la sede o scegli “in studio”.';

export const initialState = (): DoctorVisitTypes => ({ types: {} });

export function evolve(state: DoctorVisitTypes, event: VisitTypeEvent): DoctorVisitTypes {
  switch (event.type) {
    case 'VisitTypeCreated':
    case 'VisitTypeUpdated':
      return { types: { ...state.types, [event.data.visitTypeId]: { ...event.data, archived: false } } };
    case 'VisitTypeArchived': {
      const current = state.types[event.data.visitTypeId];
      return current ? { types: { ...state.types, [event.data.visitTypeId]: { ...current, archived: true } } } : state;
    }
  }
}

/** the rules the HTTP schema checks too: a decider refuses on its own whatever reaches it */
function checkSettings(s: VisitTypeSettings): VisitTypeSettings {
  const name = s.name.trim();
  if (!name) throw new ValidationError('Nome mancante.', 'tipo_visita_non_valido');
  if (!(VISIT_TYPE_MINUTES as readonly number[]).includes(s.minutes))
    throw new ValidationError('Durata non valida: 30, 60 o 90 minuti.', 'tipo_visita_non_valido');
  if (!Number.isInteger(s.priceCents) || s.priceCents <= 0) throw new ValidationError('Il prezzo deve essere maggiore di zero.', 'tipo_visita_non_valido');
  if (!Number.isInteger(s.bufferMinutes) || s.bufferMinutes < 0 || s.bufferMinutes > MAX_BUFFER_MINUTES) {
    throw new ValidationError(`La pausa dopo la visita va da 0 a ${MAX_BUFFER_MINUTES} minuti.`, 'tipo_visita_non_valido');
  }
  if (!Number.isInteger(s.noticeMinutes) || s.noticeMinutes < 0) throw new ValidationError('Preavviso minimo non valido.', 'tipo_visita_non_valido');
  if (!Number.isInteger(s.horizonDays) || s.horizonDays < 1) throw new ValidationError('Orizzonte di prenotazione non valido.', 'tipo_visita_non_valido');
  if (s.firstVisitOnly && s.followUpOnly)
    throw new ValidationError('Un tipo di visita è solo per la prima visita o solo per i controlli, non per entrambi.', 'tipo_visita_non_valido');
  const { locationId, ...rest } = s;
  if (locationId && s.mode === 'online') throw new ValidationError(ONLINE_HAS_NO_LOCATION, 'tipo_visita_non_valido');
  return { ...rest, name, ...(locationId ? { locationId } : {}) };
}

const sameSettings = (a: VisitTypeSettings, b: VisitTypeSettings) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

const settingsOf = ({ visitTypeId: _id, doctorId: _doctor, productId: _product, archived: _archived, ...settings }: VisitType): VisitTypeSettings => settings;

export function decide(command: VisitTypeCommand, state: DoctorVisitTypes): VisitTypeEvent[] {
  const current = state.types[command.visitTypeId];
  switch (command.type) {
    case 'CreateVisitType': {
      if (current) throw new ConflictError('Questo tipo di visita esiste già.', 'tipo_visita_esistente');
      const { visitTypeId, doctorId, productId } = command;
      return [{ type: 'VisitTypeCreated', data: { visitTypeId, doctorId, productId, ...checkSettings(command.settings) } }];
    }
    case 'UpdateVisitType': {
      if (!current) throw new NotFoundError(VISIT_TYPE_NOT_FOUND, 'tipo_visita_non_trovato');
      if (current.archived) throw new ConflictError('Il tipo di visita è archiviato: non si può modificare.', 'tipo_visita_archiviato');
      const before = settingsOf(current);
      const defined = Object.fromEntries(Object.entries(command.changes).filter(([, v]) => v !== undefined)) as Partial<VisitTypeSettings>;
      const after = checkSettings({ ...before, ...defined });
      if (sameSettings(before, after)) return [];
      const { visitTypeId, doctorId, productId } = current;
      return [{ type: 'VisitTypeUpdated', data: { visitTypeId, doctorId, productId, ...after } }];
    }
    case 'ArchiveVisitType':
      if (!current) throw new NotFoundError(VISIT_TYPE_NOT_FOUND, 'tipo_visita_non_trovato');
      if (current.archived) return [];
      return [{ type: 'VisitTypeArchived', data: { visitTypeId: command.visitTypeId, doctorId: command.doctorId } }];
  }
}

export const visitTypesDecider = { initialState, evolve, decide };
