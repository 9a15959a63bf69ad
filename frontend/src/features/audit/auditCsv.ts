import { csvDocument, type AuditEventRow } from '@studio/contracts';
import * as it from '../../i18n/it';
import { formatInstant } from './format';
import { describe } from './Timeline';

/** the events as the auditor exports them, through the app's one CSV writer: who caused each as `who` names them */
export function auditCsv(events: readonly AuditEventRow[], who: (userId: string, role: string) => string): string {
  return csvDocument([
    it.audit.csvHeader,
    ...events.map((r) => [String(r.position), formatInstant(r.at), r.stream, describe(r.type), r.type, who(r.userId, r.role), r.correlationId, r.causationId]),
  ]);
}
