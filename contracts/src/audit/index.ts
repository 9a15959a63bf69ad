// audit: the auditor's log and the personal-data access log (its events are in events/, listed by ../event-catalogue.ts)
export * from './audit';
