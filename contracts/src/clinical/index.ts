// clinical: the clinical record, its formulas, questionnaires (its events are in events/, listed by ../event-catalogue.ts)
export * from './clinical-record';
export * from './questionnaire';
export * from './rules/anthropometry';
export * from './rules/enabler';
export * from './rules/energy';
export * from './rules/larn-targets';
export * from './patients';
export * from './allergens';
