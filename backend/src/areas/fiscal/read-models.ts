import { readModelOf } from '@studio/projections';
import { erasureRequestsProjection, fiscalDocumentsProjection, fiscalOrdersProjection, fiscalProfilesProjection } from './fiscal.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const erasureRequestsReadModel = readModelOf(erasureRequestsProjection);
export const fiscalDocumentsReadModel = readModelOf(fiscalDocumentsProjection);
export const fiscalOrdersReadModel = readModelOf(fiscalOrdersProjection);
export const fiscalProfilesReadModel = readModelOf(fiscalProfilesProjection);
// the documents' types and the order's status, for the fiscal workflows beside the feature (receipts/)
export { fiscalOrderStatus, type FiscalOrderDoc } from './fiscal.projection';
