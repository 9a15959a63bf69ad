import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@studio/contracts';
import type { ReadModelReader } from '@studio/projections';
import { REMINDER_SETTINGS_DOC } from './reminder-settings.projection';
import { reminderSettingsReadModel } from './read-models';

/** the practice's reminders now (read at each decision: a change applies at once, no restart) */
export async function readReminderSettings(readModels: Pick<ReadModelReader, 'get'>): Promise<ReminderSettings> {
  return (await reminderSettingsReadModel.get(readModels, REMINDER_SETTINGS_DOC))?.doc.settings ?? DEFAULT_REMINDER_SETTINGS;
}
