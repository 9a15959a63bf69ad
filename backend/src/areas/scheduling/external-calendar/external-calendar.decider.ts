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
  /** what the last recorded sync found (calendar version, busy times, conflicts), to leave out a sync that found the same */
  lastOutcome: string | null;
}

const outcomeOf = (sync: EventData<'ExternalCalendarSynced'>) => JSON.stringify([sync.ctag, sync.busyTimes, sync.conflicts]);

export type ExternalCalendarCommand =
  | { type: 'ConnectExternalCalendar'; doctorId: string; connection: Sealed; by: string }
  | { type: 'DisconnectExternalCalendar'; doctorId: string; by: string }
  | { type: 'RecordSync'; sync: EventData<'ExternalCalendarSynced'> }
  | { type: 'RecordSyncFailure'; doctorId: string; at: string; reason: string };

export const initialState = (): ExternalCalendarState => ({ connected: false, lastError: null, lastOutcome: null });

export function evolve(state: ExternalCalendarState, event: ExternalCalendarEvent): ExternalCalendarState {
  switch (event.type) {
    case 'ExternalCalendarConnected':
      return { connected: true, lastError: null, lastOutcome: null };
    case 'ExternalCalendarDisconnected':
      return { connected: false, lastError: null, lastOutcome: null };
    case 'ExternalCalendarSynced':
      return { ...state, lastError: null, lastOutcome: outcomeOf(event.data) };
    case 'ExternalCalendarSyncFailed':
      return { ...state, lastError: event.data.reason };
  }
}

/**
 * A sync of a calendar disconnected meanwhile records nothing, nor one that changed nothing and found what the last
 * recorded one found from the same calendar version (an unchanged calendar appends nothing); the same failure twice in
 * a row is recorded once.
 */
export function decide(command: ExternalCalendarCommand, state: ExternalCalendarState): ExternalCalendarEvent[] {
  switch (command.type) {
    case 'ConnectExternalCalendar':
      return [{ type: 'ExternalCalendarConnected', data: { doctorId: command.doctorId, connection: command.connection, connectedBy: command.by } }];
    case 'DisconnectExternalCalendar':
      return state.connected ? [{ type: 'ExternalCalendarDisconnected', data: { doctorId: command.doctorId, disconnectedBy: command.by } }] : [];
    case 'RecordSync':
      if (!state.connected) return [];
      if (state.lastError === null && command.sync.closed === 0 && command.sync.reopened === 0 && outcomeOf(command.sync) === state.lastOutcome) return [];
      return [{ type: 'ExternalCalendarSynced', data: command.sync }];
    case 'RecordSyncFailure':
      if (!state.connected || state.lastError === command.reason) return [];
      return [{ type: 'ExternalCalendarSyncFailed', data: { doctorId: command.doctorId, at: command.at, reason: command.reason } }];
  }
}

export const externalCalendarDecider = { initialState, evolve, decide };
