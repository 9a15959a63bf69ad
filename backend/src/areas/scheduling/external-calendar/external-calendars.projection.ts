import { STREAM_PREFIX, type ExternalCalendarConflict, type Sealed } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/** one document per doctor who ever connected a calendar: the sealed connection and the last sync's outcome */
export interface ExternalCalendarDoc {
  id: string;
  connection: Sealed | null;
  lastSyncAt: string | null;
  lastError: string | null;
  busyTimes: number;
  conflicts: ExternalCalendarConflict[];
}

export const externalCalendarsProjection: ProjectionDefinition<
  ExternalCalendarDoc,
  'ExternalCalendarConnected' | 'ExternalCalendarDisconnected' | 'ExternalCalendarSynced' | 'ExternalCalendarSyncFailed'
> = {
  name: 'external_calendars',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.externalCalendar],
  eventTypes: ['ExternalCalendarConnected', 'ExternalCalendarDisconnected', 'ExternalCalendarSynced', 'ExternalCalendarSyncFailed'],
  documentId: (event) => event.data.doctorId,
  evolve(current, event) {
    const doc: ExternalCalendarDoc = current ?? { id: event.data.doctorId, connection: null, lastSyncAt: null, lastError: null, busyTimes: 0, conflicts: [] };
    switch (event.type) {
      case 'ExternalCalendarConnected':
        return { ...doc, connection: event.data.connection, lastError: null, conflicts: [] };
      case 'ExternalCalendarDisconnected':
        return { ...doc, connection: null, lastSyncAt: null, lastError: null, busyTimes: 0, conflicts: [] };
      case 'ExternalCalendarSynced':
        return { ...doc, lastSyncAt: event.data.at, lastError: null, busyTimes: event.data.busyTimes, conflicts: event.data.conflicts };
      case 'ExternalCalendarSyncFailed':
        return { ...doc, lastError: event.data.reason };
    }
  },
  indexes: {
    connected: { type: 'text', value: (d) => (d.connection ? 'yes' : 'no') },
  },
};
