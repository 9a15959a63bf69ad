import { readModelOf } from '@studio/projections';
import { availabilitySlotsProjection } from './availability-slots.projection';
import { weeklySchedulesProjection } from './weekly-schedules.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const availabilitySlotsReadModel = readModelOf(availabilitySlotsProjection);
export const weeklySchedulesReadModel = readModelOf(weeklySchedulesProjection);
