import { readModelOf } from '@studio/projections';
import { reminderSettingsProjection } from './reminder-settings.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const reminderSettingsReadModel = readModelOf(reminderSettingsProjection);
