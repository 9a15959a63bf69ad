import { readModelOf } from '@studio/projections';
import { pushSubscriptionsProjection } from './push-subscriptions.projection';

/** the read models this feature owns, typed */
export const pushSubscriptionsReadModel = readModelOf(pushSubscriptionsProjection);
