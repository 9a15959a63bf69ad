import { STREAM_PREFIX } from '@studio/contracts';
import type { EventData, ProjectionDefinition } from '@studio/contracts';

/**
 * one document per doctor who has a calendar feed: what the subscription (GET …/<token>.ics) and the doctor's card
 * read, instead of folding the `calendarfeed-<doctorId>` stream on each request. The newest token is the only valid one.
 */
export interface CalendarFeedDoc {
  id: string;
  /** the current token (sealed with the doctor's key) and its hash; null: settings changed before any token */
  issued: EventData<'CalendarFeedIssued'> | null;
  showPatientName: boolean;
}

type CalendarFeedsEvent = 'CalendarFeedIssued' | 'CalendarFeedSettingsChanged';

export const calendarFeedsProjection: ProjectionDefinition<CalendarFeedDoc, CalendarFeedsEvent> = {
  name: 'calendar_feeds',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.calendarFeed],
  eventTypes: ['CalendarFeedIssued', 'CalendarFeedSettingsChanged'],
  documentId: (event) => event.data.doctorId,
  evolve(doc, event) {
    const current = doc ?? { id: event.data.doctorId, issued: null, showPatientName: false };
    switch (event.type) {
      case 'CalendarFeedIssued':
        return { ...current, issued: event.data };
      case 'CalendarFeedSettingsChanged':
        return { ...current, showPatientName: event.data.showPatientName };
      default:
        return doc;
    }
  },
  indexes: {},
};
