import { readModelOf } from '@studio/projections';
import { dietsProjection } from './diet.projection';
import { dietRevisionsProjection } from './diet-revisions.projection';
import { dietTemplatesProjection, equivalenceListsProjection } from './diet-library.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const dietsReadModel = readModelOf(dietsProjection);
export const dietRevisionsReadModel = readModelOf(dietRevisionsProjection);
export const dietTemplatesReadModel = readModelOf(dietTemplatesProjection);
export const equivalenceListsReadModel = readModelOf(equivalenceListsProjection);
