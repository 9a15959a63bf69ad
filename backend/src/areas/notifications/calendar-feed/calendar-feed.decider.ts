import type { EventData } from '@studio/contracts';

/** One stream per doctor: `calendarfeed-<doctorId>`. The newest token is the only valid one. */
export type CalendarFeedEvent =
  | { type: 'CalendarFeedIssued'; data: EventData<'CalendarFeedIssued'> }
  | { type: 'CalendarFeedSettingsChanged'; data: EventData<'CalendarFeedSettingsChanged'> };

export interface CalendarFeedState {
  issued: EventData<'CalendarFeedIssued'> | null;
  showPatientName: boolean;
}

export type CalendarFeedCommand =
  /** `onlyIfNone`: the first GET makes one; regenerating always replaces it */
  | { type: 'Issue'; issued: EventData<'CalendarFeedIssued'>; onlyIfNone: boolean }
  | { type: 'ChangeSettings'; doctorId: string; showPatientName: boolean; at: string };

export const initialState = (): CalendarFeedState => ({ issued: null, showPatientName: false });

export function evolve(state: CalendarFeedState, event: CalendarFeedEvent): CalendarFeedState {
  switch (event.type) {
    case 'CalendarFeedIssued':
      return { ...state, issued: event.data };
    case 'CalendarFeedSettingsChanged':
      return { ...state, showPatientName: event.data.showPatientName };
  }
}

export function decide(command: CalendarFeedCommand, state: CalendarFeedState): CalendarFeedEvent[] {
  switch (command.type) {
    case 'Issue':
      if (command.onlyIfNone && state.issued) return [];
      return [{ type: 'CalendarFeedIssued', data: command.issued }];
    case 'ChangeSettings':
      if (state.showPatientName === command.showPatientName) return [];
      return [{ type: 'CalendarFeedSettingsChanged', data: { doctorId: command.doctorId, showPatientName: command.showPatientName, at: command.at } }];
  }
}

export const calendarFeedDecider = { initialState, evolve, decide };
