import type { EventData } from '@studio/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/common/errors';
import type { Actor } from './practice-settings.decider';

/** the stream `settings-doctorslugs`: every chosen page address, so that a choice sees all the others */
export type DoctorSlugsEvent = { type: 'DoctorSlugSet'; data: EventData<'DoctorSlugSet'> };

/** the chosen slug of each doctor */
export type DoctorSlugsState = ReadonlyMap<string, string>;

export type DoctorSlugsCommand = {
  type: 'SetDoctorSlug';
  actor: Actor;
  doctorId: string;
  isDoctor: boolean;
  slug: string;
  /** the addresses the other doctors have from their names (not chosen, so not in this stream) */
  othersFromNames: readonly string[];
};

export const SLUG_BY_ADMIN_MESSAGE = 'Solo l’amministrazione dello studio sceglie l’indirizzo della pagina di un medico.';

export const initialState = (): DoctorSlugsState => new Map();

export function evolve(state: DoctorSlugsState, event: DoctorSlugsEvent): DoctorSlugsState {
  return new Map(state).set(event.data.doctorId, event.data.slug);
}

export function decide(command: DoctorSlugsCommand, state: DoctorSlugsState): DoctorSlugsEvent[] {
  const { actor, doctorId, slug } = command;
  if (!actor.admin) throw new ForbiddenError(SLUG_BY_ADMIN_MESSAGE, 'solo_amministrazione');
  if (!command.isDoctor) throw new NotFoundError('Medico non trovato.', 'medico_non_trovato');
  if (state.get(doctorId) === slug) return [];
  const chosenByOther = [...state].some(([id, s]) => id !== doctorId && s === slug);
  if (chosenByOther || command.othersFromNames.includes(slug))
    throw new ConflictError(`L’indirizzo /medici/${slug} è già la pagina di un altro medico: scegline un altro.`, 'indirizzo_in_uso');
  return [{ type: 'DoctorSlugSet', data: { doctorId, slug } }];
}

export const doctorSlugsDecider = { initialState, evolve, decide };
