import { type EventData } from '@studio/contracts';
import { ConflictError } from '../../platform/common/errors';

/**
 * `setup-first-administrator`: the first administrator is chosen once, in the log. Two `npm run setup` on an empty
 * store both find no staff account; only one of them appends here (with the revision it read), the other creates
 * nothing. A run that chose but could not create the account (its address taken meanwhile) says so, and the choice
 * is open again: otherwise no setup could ever run on that store.
 */
export type FirstAdministratorEvent =
  | { type: 'FirstAdministratorChosen'; data: EventData<'FirstAdministratorChosen'> }
  | { type: 'FirstAdministratorAbandoned'; data: EventData<'FirstAdministratorAbandoned'> };

export type FirstAdministratorState = { status: 'none' } | { status: 'chosen'; userId: string };

export type FirstAdministratorCommand = { type: 'ChooseFirstAdministrator'; userId: string } | { type: 'AbandonFirstAdministrator'; userId: string };

export const FIRST_ADMINISTRATOR_TAKEN_MESSAGE = 'Configurazione iniziale rifiutata: il primo amministratore è già stato creato.';

export const initialState = (): FirstAdministratorState => ({ status: 'none' });

export function evolve(state: FirstAdministratorState, event: FirstAdministratorEvent): FirstAdministratorState {
  switch (event.type) {
    case 'FirstAdministratorChosen':
      return { status: 'chosen', userId: event.data.userId };
    case 'FirstAdministratorAbandoned':
      return state.status === 'chosen' && state.userId === event.data.userId ? { status: 'none' } : state;
  }
}

export function decide(command: FirstAdministratorCommand, state: FirstAdministratorState): FirstAdministratorEvent[] {
  switch (command.type) {
    case 'ChooseFirstAdministrator':
      if (state.status === 'chosen') throw new ConflictError(FIRST_ADMINISTRATOR_TAKEN_MESSAGE, 'primo_amministratore_esistente');
      return [{ type: 'FirstAdministratorChosen', data: { userId: command.userId } }];
    case 'AbandonFirstAdministrator':
      // only the run that chose gives the choice back
      return state.status === 'chosen' && state.userId === command.userId ? [{ type: 'FirstAdministratorAbandoned', data: { userId: command.userId } }] : [];
  }
}

export const firstAdministratorDecider = { initialState, evolve, decide };
