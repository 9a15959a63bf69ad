import { readModelOf } from '@studio/projections';
import { locationsProjection } from './locations.projection';
import { doctorProfilesProjection, doctorSlugsProjection, practiceSettingsProjection, widgetSettingsProjection } from './practice-settings.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const doctorProfilesReadModel = readModelOf(doctorProfilesProjection);
export const practiceSettingsReadModel = readModelOf(practiceSettingsProjection);
export const doctorSlugsReadModel = readModelOf(doctorSlugsProjection);
export const locationsReadModel = readModelOf(locationsProjection);
export const widgetSettingsReadModel = readModelOf(widgetSettingsProjection);
