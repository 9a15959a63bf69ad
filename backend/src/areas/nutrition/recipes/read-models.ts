import { readModelOf } from '@studio/projections';
import { recipesProjection } from './recipes.projection';

/** the read model this feature owns, typed: every reader, here or in another feature, reads it through this */
export const recipesReadModel = readModelOf(recipesProjection);
