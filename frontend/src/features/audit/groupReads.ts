import type { AuditEventRow } from '@studio/contracts';

/** an event of the list, or several reads of personal data shown as one (`count` > 1; `firstAt` the oldest) */
export type ListedEvent = AuditEventRow & { count: number; firstAt: string };

/**
 * The reads of personal data in /storico as the person's own list shows them (the same rule): reads by the same
 * reader, of the same person and kind of data, in the same hour are one row with their count, placed where the
 * newest is. Every other event stays one row, in the log's order (newest first).
 */
export function groupReads(rows: readonly AuditEventRow[]): ListedEvent[] {
  const out: ListedEvent[] = [];
  const groups = new Map<string, ListedEvent>();
  for (const r of rows) {
    if (r.type !== 'PersonalDataAccessed') {
      out.push({ ...r, count: 1, firstAt: r.at });
      continue;
    }
    // an instant's hour (UTC: the same hours as Italy's, whole hours apart)
    const key = `${r.stream}|${r.userId}|${r.role}|${r.what ?? ''}|${r.at.slice(0, 13)}`;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.firstAt = r.at;
    } else {
      const entry = { ...r, count: 1, firstAt: r.at };
      groups.set(key, entry);
      out.push(entry);
    }
  }
  return out;
}
