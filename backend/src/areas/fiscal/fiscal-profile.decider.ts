import type { EventData, Sealed, TaxRegime, VirtualStampAuthorization } from '@studio/contracts';
import { NotFoundError } from '../../platform/common/errors';
import type { FiscalProfileDoc } from './fiscal.projection';

/** One stream per doctor: `fiscal-<doctorId>`. The profile is validated (zod, check digits) before the command. */
export type FiscalProfileEvent = { type: 'FiscalProfileSet'; data: EventData<'FiscalProfileSet'> };

/** complete: the profile last set, as its read model holds it too (fiscal_profiles) */
export type FiscalProfileState = { status: 'missing' } | ({ status: 'complete' } & FiscalProfileDoc);

export type FiscalProfileCommand = {
  type: 'SetFiscalProfile';
  doctorId: string;
  /** the doctor exists and is a doctor (looked up by the caller) */
  isDoctor: boolean;
  title: string;
  regime: TaxRegime;
  stampDutyToPatient: boolean;
  demo: boolean;
  personal: Sealed;
  /** absent: none */
  virtualStamp?: VirtualStampAuthorization | null;
};

export const initialState = (): FiscalProfileState => ({ status: 'missing' });

export function evolve(_state: FiscalProfileState, event: FiscalProfileEvent): FiscalProfileState {
  return { status: 'complete', ...event.data, virtualStamp: event.data.virtualStamp ?? null };
}

export function decide(command: FiscalProfileCommand, _state: FiscalProfileState): FiscalProfileEvent[] {
  if (!command.isDoctor) throw new NotFoundError('Medico non trovato.', 'medico_non_trovato');
  const { doctorId, title, regime, stampDutyToPatient, demo, personal, virtualStamp } = command;
  return [{ type: 'FiscalProfileSet', data: { doctorId, title, regime, stampDutyToPatient, demo, personal, virtualStamp: virtualStamp ?? null } }];
}

export const fiscalProfileDecider = { initialState, evolve, decide };
