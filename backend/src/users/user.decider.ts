import type { EventData, Role, Sealed, WorkingHours } from '@studio/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';

/** One stream per account: `user-<id>`. */
export type UserEvent =
  | { type: 'UserRegistered'; data: EventData<'UserRegistered'> }
  | { type: 'WorkingHoursSet'; data: EventData<'WorkingHoursSet'> }
  | { type: 'ConsentRecorded'; data: EventData<'ConsentRecorded'> }
  | { type: 'PersonalDataErased'; data: EventData<'PersonalDataErased'> };

export type UserState = { status: 'none' } | { status: 'registered' | 'erased'; userId: string; role: Role };

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      role: Role;
      emailHash: string;
      passwordHash: string;
      personal: Sealed;
      /** a self-registering patient accepts the privacy notice: recorded with the account, in one append */
      consent?: { version: string; at: string };
    }
  | { type: 'SetWorkingHours'; doctorId: string; hours: WorkingHours }
  /** the right to erasure (audit): recorded here, then the person's key is destroyed */
  | { type: 'ErasePatient'; patientId: string; erasedBy: string; erasedByRole: string };

export const initialState = (): UserState => ({ status: 'none' });

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'registered', userId: event.data.userId, role: event.data.role };
    case 'PersonalDataErased':
      return state.status === 'none' ? state : { ...state, status: 'erased' };
    case 'WorkingHoursSet':
    case 'ConsentRecorded':
      return state;
  }
}

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new ConflictError('Questo account esiste già.', 'account_esistente');
      const { userId, role, emailHash, passwordHash, personal, consent } = command;
      const registered: UserEvent = { type: 'UserRegistered', data: { userId, role, emailHash, passwordHash, personal } };
      if (!consent) return [registered];
      return [registered, { type: 'ConsentRecorded', data: { userId, document: 'privacy', version: consent.version, at: consent.at } }];
    }
    case 'SetWorkingHours': {
      if (state.status !== 'registered' || state.role !== 'doctor') throw new NotFoundError('Medico non trovato.', 'medico_non_trovato');
      const { startHour, endHour } = command.hours;
      if (!Number.isInteger(startHour) || !Number.isInteger(endHour) || startHour < 0 || endHour > 24 || endHour <= startHour) {
        throw new ValidationError("Orario di lavoro non valido: ore intere, l'inizio prima della fine, tra 0 e 24.", 'orario_non_valido');
      }
      return [{ type: 'WorkingHoursSet', data: { doctorId: command.doctorId, startHour, endHour } }];
    }
    case 'ErasePatient': {
      if (state.status === 'none' || state.role !== 'patient') throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
      if (state.status === 'erased') throw new ConflictError('Questo paziente è già stato cancellato.', 'gia_cancellato');
      return [{ type: 'PersonalDataErased', data: { userId: command.patientId, erasedBy: command.erasedBy, erasedByRole: command.erasedByRole } }];
    }
  }
}

export const userDecider = { initialState, evolve, decide };
