import type { EventData, ReminderSettings } from '@studio/contracts';
import { ForbiddenError } from '../../platform/common/errors';
import type { Actor } from './practice-settings.decider';

/** `settings-reminders`: the practice's reminders, set whole by the administrator */
export type ReminderSettingsEvent = { type: 'ReminderSettingsSet'; data: EventData<'ReminderSettingsSet'> };
export interface ReminderSettingsState {
  settings: ReminderSettings | null;
}
export type ReminderSettingsCommand = { type: 'SetReminderSettings'; actor: Actor; settings: ReminderSettings };

export const ONLY_ADMIN_REMINDERS = 'Solo l’amministrazione dello studio può modificare i promemoria.';

export const initialState = (): ReminderSettingsState => ({ settings: null });

export const evolve = (_state: ReminderSettingsState, event: ReminderSettingsEvent): ReminderSettingsState => ({ settings: event.data });

/** the same settings again append nothing; the reminders' hours are kept from the longest to the shortest */
export function decide(command: ReminderSettingsCommand, state: ReminderSettingsState): ReminderSettingsEvent[] {
  if (!command.actor.admin) throw new ForbiddenError(ONLY_ADMIN_REMINDERS, 'solo_amministrazione');
  const settings = { ...command.settings, hoursBefore: [...command.settings.hoursBefore].sort((a, b) => b - a) };
  if (state.settings && JSON.stringify(state.settings) === JSON.stringify(settings)) return [];
  return [{ type: 'ReminderSettingsSet', data: settings }];
}

export const reminderSettingsDecider = { initialState, evolve, decide };
