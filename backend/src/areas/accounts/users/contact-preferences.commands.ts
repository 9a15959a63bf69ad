import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { contactPreferencesDecider } from './contact-preferences.decider';

// a patient's channels on the CommandBus: the patient's own choice (refused when stale), and a STOP by reply
export class SetContactPreferences extends StreamCommand<
  CommandOf<typeof contactPreferencesDecider, 'SetContactPreferences'>,
  EventOf<typeof contactPreferencesDecider>
> {}
export class OptOutByReply extends StreamCommand<CommandOf<typeof contactPreferencesDecider, 'OptOutByReply'>, EventOf<typeof contactPreferencesDecider>> {}

export const contactPreferencesCommandHandlers = [
  ...handlersOf(contactPreferencesDecider, [SetContactPreferences]),
  ...handlersOf(contactPreferencesDecider, [OptOutByReply], { onStale: 'decide-again' }),
];
