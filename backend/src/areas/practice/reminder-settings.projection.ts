import { STREAM_PREFIX } from '@studio/contracts';
import type { ProjectionDefinition, ReminderSettings } from '@studio/contracts';

/** the practice's reminders as last set (one document); none yet: the product's defaults apply */
export interface ReminderSettingsDoc {
  id: string;
  settings: ReminderSettings;
}

export const REMINDER_SETTINGS_DOC = 'reminders';

export const reminderSettingsProjection: ProjectionDefinition<ReminderSettingsDoc, 'ReminderSettingsSet'> = {
  name: 'reminder_settings',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.settings],
  eventTypes: ['ReminderSettingsSet'],
  documentId: () => REMINDER_SETTINGS_DOC,
  evolve: (_doc, event) => ({ id: REMINDER_SETTINGS_DOC, settings: event.data }),
  indexes: {},
};
