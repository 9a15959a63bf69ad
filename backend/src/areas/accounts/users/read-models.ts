import { readModelOf } from '@studio/projections';
import { usersProjection } from './users.projection';
import { contactPreferencesProjection } from './contact-preferences.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const usersReadModel = readModelOf(usersProjection);
export const contactPreferencesReadModel = readModelOf(contactPreferencesProjection);
