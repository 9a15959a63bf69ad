import { STREAM_PREFIX } from '@studio/contracts';
import type { EventData, ProjectionDefinition } from '@studio/contracts';

/**
 * One document per series of follow-ups still being booked: started, with a visit not yet recorded (booked or skipped).
 * Deleted once every visit is recorded. The series' unfinished instances, which the one sweep resumes after a crash.
 */
export interface UnfinishedSeriesDoc {
  series: EventData<'FollowUpSeriesStarted'>;
  /** the indexes of the visits recorded so far */
  recorded: number[];
  /** when it last moved on (started, a visit recorded): the sweep leaves a series under way alone */
  touchedAt: string;
}

type Handled = 'FollowUpSeriesStarted' | 'FollowUpSeriesVisitBooked' | 'FollowUpSeriesVisitSkipped';

export const unfinishedSeriesProjection: ProjectionDefinition<UnfinishedSeriesDoc, Handled> = {
  name: 'unfinished_series',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.series],
  eventTypes: ['FollowUpSeriesStarted', 'FollowUpSeriesVisitBooked', 'FollowUpSeriesVisitSkipped'],
  documentId: (event) => event.data.seriesId,
  evolve(doc, event) {
    if (event.type === 'FollowUpSeriesStarted') return doc ?? { series: event.data, recorded: [], touchedAt: event.metadata.at };
    if (!doc) return doc;
    const recorded = doc.recorded.includes(event.data.index) ? doc.recorded : [...doc.recorded, event.data.index];
    return recorded.length >= doc.series.starts.length ? null : { ...doc, recorded, touchedAt: event.metadata.at };
  },
  indexes: {
    touched_at: { type: 'text', value: (d) => d.touchedAt },
  },
};
