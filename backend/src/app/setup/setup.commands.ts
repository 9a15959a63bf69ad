import { StreamCommand, handlersOf } from '../../platform/event-store/decide';
import { firstAdministratorDecider, type FirstAdministratorCommand, type FirstAdministratorEvent } from './first-administrator.decider';

// setup's commands on the CommandBus: the choice of the one first administrator, and its undoing

export class ChooseFirstAdministrator extends StreamCommand<
  Extract<FirstAdministratorCommand, { type: 'ChooseFirstAdministrator' }>,
  FirstAdministratorEvent
> {}

export class AbandonFirstAdministrator extends StreamCommand<
  Extract<FirstAdministratorCommand, { type: 'AbandonFirstAdministrator' }>,
  FirstAdministratorEvent
> {}

export const setupCommandHandlers = [...handlersOf(firstAdministratorDecider, [ChooseFirstAdministrator, AbandonFirstAdministrator])];
