// visit-types' public entry: what other features may use (docs/architettura.md, "Dipendenze tra funzioni")
export { VisitTypesService, toVisitTypeView } from './visit-types.service';
export { type VisitType } from './visit-types.decider';
export { VisitTypesModule } from './visit-types.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { visitTypesReadModel } from './read-models';
export { type VisitTypeDoc } from './visit-types.projection';
export { QuestionnaireOwners } from './visit-types.ports';
