import { STREAM_PREFIX } from '@studio/contracts';
import type { ProjectionDefinition, WeeklySchedule } from '@studio/contracts';

/** one document per doctor who set a weekly schedule: what the doctor's schedule page reads (the closures stay in the stream, for the commands that apply them) */
export interface WeeklyScheduleDoc {
  id: string;
  /** Monday first */
  days: WeeklySchedule;
}

export const weeklySchedulesProjection: ProjectionDefinition<WeeklyScheduleDoc, 'WeeklyScheduleSet'> = {
  name: 'weekly_schedules',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.schedule],
  eventTypes: ['WeeklyScheduleSet'],
  documentId: (event) => event.data.doctorId,
  evolve: (doc, event) => (event.type === 'WeeklyScheduleSet' ? { id: event.data.doctorId, days: event.data.days } : doc),
  indexes: {},
};
