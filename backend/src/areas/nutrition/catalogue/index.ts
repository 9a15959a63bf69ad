// the food catalogue's public entry
export { FoodsService, type Catalogue } from './foods.service';
// the catalogue's text folding (case and accents aside), for the searches of the foods and of the recipes
export { normalizeText } from './food-search-terms';
export { FoodCatalogueService, studioCatalogueFood, type CatalogueFoodSource } from './food-catalogue.service';
export { FoodTablesService, foodTableStreamName, importTableFiles } from './food-tables.service';
export { CloseFoodTableImport, ImportFoodTableChunk, foodTableCommandHandlers } from './food-tables.commands';
export { foodsDataDir, tableFilesIn, tableXlsxIn } from './tables/table-files';
export { OFFICIAL_TABLES, downloadOfficialTable, type OfficialTable } from './tables/official-files';
export { parseCiqualXlsx } from './tables/ciqual-table';
export { parseSwissXlsx } from './tables/swiss-table';
export { CreateFood, CreateFoodCategory } from './foods.commands';
export { DEMO_FOOD_CATEGORIES, DEMO_FOODS } from './demo-foods';
export { CatalogueModule } from './catalogue.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { catalogueFoodsReadModel, foodCategoriesReadModel, foodTableImportsReadModel, foodsReadModel } from './read-models';
export type { FoodCategoryDoc, FoodDoc } from './foods.projection';
