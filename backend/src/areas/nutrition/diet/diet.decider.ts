import { normalizeDiet, portionsTotal, weeklyPortionsProblem, type DietContent, type EventData, type Sealed } from '@studio/contracts';
import { ConflictError, ValidationError } from '../../../platform/common/errors';

// ---- `diet-<patientId>`: the patient's current diet ---------------------------------------------

export type DietEvent = { type: 'DietSaved'; data: EventData<'DietSaved'> } | { type: 'DietSentToPatient'; data: EventData<'DietSentToPatient'> };
export type DietState = { status: 'none' } | { status: 'saved'; revision: number; doctorId: string };
export type DietCommand =
  | SaveDietCommand
  /** the treating doctor sends the saved diet to the patient (a notice with a link to /home) */
  | { type: 'SendDiet'; patientId: string; doctorId: string; sendId: string; at: string };
type SaveDietCommand = {
  type: 'SaveDiet';
  patientId: string;
  doctorId: string;
  /** in clear and already normalized (normalizeDiet), to check the rules; only `sealed` goes into the event */
  content: DietContent;
  /** `content` sealed with the patient's key (sealing needs the key table, so the caller does it) */
  sealed: Sealed;
  /** the revision the editor loaded (null: it saw no diet); undefined: whatever is there */
  expectedRevision?: number | null;
};

export const dietDecider = {
  initialState: (): DietState => ({ status: 'none' }),
  evolve(state: DietState, event: DietEvent): DietState {
    if (event.type !== 'DietSaved') return state;
    return { status: 'saved', revision: state.status === 'saved' ? state.revision + 1 : 0, doctorId: event.data.doctorId };
  },
  decide(command: DietCommand, state: DietState): DietEvent[] {
    if (command.type === 'SendDiet') {
      if (state.status !== 'saved') throw new ValidationError('Salva la dieta prima di inviarla al paziente.', 'dieta_non_salvata');
      const { patientId, doctorId, sendId, at } = command;
      return [{ type: 'DietSentToPatient', data: { patientId, doctorId, sendId, revision: state.revision, at } }];
    }
    const current = state.status === 'saved' ? state.revision : null;
    if (command.expectedRevision !== undefined && command.expectedRevision !== current) {
      throw new ConflictError('La dieta è stata modificata nel frattempo da un altro utente: ricaricala e riprova.', 'dieta_modificata');
    }
    const portions = weeklyPortionsProblem(portionsTotal(command.content.portions));
    if (portions) throw new ValidationError(`${portions.message}.`, portions.code);
    // the content must already be what normalizeDiet keeps: rounded grams, every row chosen
    const again = normalizeDiet(command.content, () => ({ name: '', kcal100: 0, baseWeight: 0, protein: null, carbohydrate: null, fat: null }));
    if (!again.ok) throw new ValidationError(`${again.message}.`, again.code);
    return [{ type: 'DietSaved', data: { patientId: command.patientId, doctorId: command.doctorId, content: command.sealed } }];
  },
};
