// visit-types' public entry: what other features may use (DESIGN.md "Dependencies between features")
export { VisitTypesService, toVisitTypeView } from './visit-types.service';
export { type VisitType } from './visit-types.decider';
export { VisitTypesModule } from './visit-types.module';
