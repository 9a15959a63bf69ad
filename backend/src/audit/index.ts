// audit's public entry
export { AuditService } from './audit.service';
export { AccessLogEntriesService } from './access-log-entries.service';
export { AuditModule } from './audit.module';
