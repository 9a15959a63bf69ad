import { readModelOf } from '@studio/projections';
import { foodCategoriesProjection, foodsProjection } from './foods.projection';
import { catalogueFoodsProjection, foodSourcePreferenceProjection, foodTableImportsProjection } from './food-tables.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const foodCategoriesReadModel = readModelOf(foodCategoriesProjection);
export const foodsReadModel = readModelOf(foodsProjection);
export const catalogueFoodsReadModel = readModelOf(catalogueFoodsProjection);
export const foodTableImportsReadModel = readModelOf(foodTableImportsProjection);
export const foodSourcePreferenceReadModel = readModelOf(foodSourcePreferenceProjection);
