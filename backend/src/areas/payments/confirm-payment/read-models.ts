import { readModelOf } from '@studio/projections';
import { unsettledPaymentsProjection } from './unsettled-payments.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const unsettledPaymentsReadModel = readModelOf(unsettledPaymentsProjection);
