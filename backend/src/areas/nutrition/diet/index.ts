// diet's public entry
export { DietService } from './diet.service';
export { DietModule } from './diet.module';
export { CatalogueFoodLookup } from './diet.ports';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { dietsReadModel, dietRevisionsReadModel, dietTemplatesReadModel, equivalenceListsReadModel } from './read-models';
