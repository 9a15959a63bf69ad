import type { EventData, Sealed } from '@studio/contracts';

/** `externalcalendar-<doctorId>`: the doctor's CalDAV calendar (its connection sealed) and what each sync found */
export type ExternalCalendarEvent =
  | { type: 'ExternalCalendarConnected'; data: EventData<'ExternalCalendarConnected'> }
  | { type: 'ExternalCalendarDisconnected'; data: EventData<'ExternalCalendarDisconnected'> }
  | { type: 'ExternalCalendarSynced'; data: EventData<'ExternalCalendarSynced'> }
  | { type: 'ExternalCalendarSyncFailed'; data: EventData<'ExternalCalendarSyncFailed'> };

export interface ExternalCalendarState {
  connected: boolean;
  lastError: string | null;
}

export type ExternalCalendarCommand =
  | { type: 'ConnectExternalCalendar'; doctorId: string; connection: Sealed; by: string }
  | { type: 'DisconnectExternalCalendar'; doctorId: string; by: string }
  | { type: 'RecordSync'; sync: EventData<'ExternalCalendarSynced'> }
  | { type: 'RecordSyncFailure'; doctorId: string; at: string; reason: string };

export const initialState = (): ExternalCalendarState => ({ connected: false, lastError: null });

export function evolve(state: ExternalCalendarState, event: ExternalCalendarEvent): ExternalCalendarState {
  switch (event.type) {
    case 'ExternalCalendarConnected':
      return { connected: true, lastError: null };
    case 'ExternalCalendarDisconnected':
      return { connected: false, lastError: null };
    case 'ExternalCalendarSynced':
      return { ...state, lastError: null };
    case 'ExternalCalendarSyncFailed':
      return { ...state, lastError: event.data.reason };
  }
}

/** a sync of a calendar disconnected meanwhile records nothing; the same failure twice in a row is recorded once */
export function decide(command: ExternalCalendarCommand, state: ExternalCalendarState): ExternalCalendarEvent[] {
  switch (command.type) {
    case 'ConnectExternalCalendar':
      return [{ type: 'ExternalCalendarConnected', data: { doctorId: command.doctorId, connection: command.connection, connectedBy: command.by } }];
    case 'DisconnectExternalCalendar':
      return state.connected ? [{ type: 'ExternalCalendarDisconnected', data: { doctorId: command.doctorId, disconnectedBy: command.by } }] : [];
    case 'RecordSync':
      return state.connected ? [{ type: 'ExternalCalendarSynced', data: command.sync }] : [];
    case 'RecordSyncFailure':
      if (!state.connected || state.lastError === command.reason) return [];
      return [{ type: 'ExternalCalendarSyncFailed', data: { doctorId: command.doctorId, at: command.at, reason: command.reason } }];
  }
}

export const externalCalendarDecider = { initialState, evolve, decide };
