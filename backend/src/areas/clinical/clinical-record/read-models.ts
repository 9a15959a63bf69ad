import { readModelOf } from '@studio/projections';
import { clinicalRecordsProjection } from './clinical-record.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const clinicalRecordsReadModel = readModelOf(clinicalRecordsProjection);
