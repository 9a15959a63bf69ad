// audit's public entry
export { AuditService } from './audit.service';
export { AccessLogEntriesService } from './access-log-entries.service';
export { AuditModule } from './audit.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { auditEventsReadModel } from './read-models';
