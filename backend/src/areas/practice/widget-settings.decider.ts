import type { EventData } from '@studio/contracts';
import { ForbiddenError } from '../../platform/common/errors';
import type { Actor } from './practice-settings.decider';

/** the stream `settings-widget`: the origins allowed to frame the booking widget */
export type WidgetSettingsEvent = { type: 'WidgetOriginsSet'; data: EventData<'WidgetOriginsSet'> };

export interface WidgetSettingsState {
  origins: string[];
}

export type WidgetSettingsCommand = { type: 'SetWidgetOrigins'; actor: Actor; origins: string[] };

export const WIDGET_BY_ADMIN_MESSAGE = 'Solo l’amministrazione dello studio sceglie i siti che possono mostrare la prenotazione.';

export const initialState = (): WidgetSettingsState => ({ origins: [] });

export const evolve = (_state: WidgetSettingsState, event: WidgetSettingsEvent): WidgetSettingsState => ({ origins: event.data.origins });

export function decide(command: WidgetSettingsCommand, state: WidgetSettingsState): WidgetSettingsEvent[] {
  if (!command.actor.admin) throw new ForbiddenError(WIDGET_BY_ADMIN_MESSAGE, 'solo_amministrazione');
  if (JSON.stringify(command.origins) === JSON.stringify(state.origins)) return [];
  return [{ type: 'WidgetOriginsSet', data: { origins: command.origins } }];
}

export const widgetSettingsDecider = { initialState, evolve, decide };
