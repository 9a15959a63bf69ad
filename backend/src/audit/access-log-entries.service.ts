import { Inject, Injectable } from '@nestjs/common';
import { type AccessLogEntry, accessStreamName, parseRecordedEvent } from '@studio/contracts';
import type { AuditEventDoc } from '@studio/projections';
import { EVENT_STORE, READ_MODELS } from '../kernel/tokens';
import { type Ports } from '../kernel/ports';
import { UsersService } from '../users';

/** the access log read back for the person it concerns (the writing side is personal-data's AccessLogService) */
@Injectable()
export class AccessLogEntriesService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: Ports['eventStore'],
    @Inject(READ_MODELS) private readonly readModels: Ports['readModels'],
    private readonly users: UsersService,
  ) {}

  /**
   * Who read this person's data, newest first (for the person's own /home). Reads by the same reader, of the same kind,
   * in the same hour are one entry with their count (issue 25: a list render that reads sixteen records is one line,
   * "16 volte", not sixteen): `at` is the newest read, `firstAt` the oldest, `position` the newest's. At most `limit`
   * entries; the log is walked a page at a time (each page one read of the stream), at most MAX_SCANNED reads.
   */
  async entriesFor(subjectId: string, limit = 50): Promise<AccessLogEntry[]> {
    const stream = accessStreamName(subjectId);
    const groups = new Map<string, AccessLogEntry & { hour: string }>();
    const order: (AccessLogEntry & { hour: string })[] = [];
    let before: number | null = null;
    let scanned = 0;
    walk: while (scanned < MAX_SCANNED) {
      const rows: { doc: AuditEventDoc }[] = await this.readModels.find<AuditEventDoc>(
        'audit_events',
        { stream, type: 'PersonalDataAccessed', ...(before === null ? {} : { position: { lt: before } }) },
        { orderBy: [{ column: 'position', direction: 'desc' }], limit: PAGE },
      );
      if (rows.length === 0) break;
      scanned += rows.length;
      // the rows name the events by revision; what was read is in the events themselves: one read for the page
      const revisions = rows.map((r) => r.doc.revision);
      const [from, to] = [Math.min(...revisions), Math.max(...revisions)];
      const events = new Map((await this.eventStore.readStream(stream, { fromRevision: from, maxCount: to - from + 1 })).map((e) => [e.revision, e]));
      for (const { doc } of rows) {
        const hour = doc.at.slice(0, 13); // an instant's hour (UTC; the same hours as Italy's, whole hours apart)
        // enough entries, and this read is older than the oldest entry's hour: nothing further can join them
        if (order.length >= limit && hour < order[order.length - 1].hour) break walk;
        const recorded = events.get(doc.revision);
        if (!recorded) continue;
        // checked against the catalogue: an invalid one throws InvalidEventError, naming it
        const event = parseRecordedEvent(recorded);
        if (event.type !== 'PersonalDataAccessed') continue;
        const data = event.data;
        const key = `${data.viewerId}|${data.viewerRole}|${data.what}|${hour}`;
        const group = groups.get(key);
        if (group) {
          group.count += 1;
          group.firstAt = doc.at;
        } else if (order.length < limit) {
          const entry = {
            position: doc.position,
            at: doc.at,
            firstAt: doc.at,
            count: 1,
            viewerId: data.viewerId,
            viewerRole: data.viewerRole,
            viewerName: '',
            what: data.what,
            hour,
          };
          groups.set(key, entry);
          order.push(entry);
        }
      }
      if (rows.length < PAGE) break;
      before = rows[rows.length - 1].doc.position;
    }
    const names = new Map<string, string>();
    for (const e of order) {
      if (!names.has(e.viewerId)) {
        const user = await this.users.get(e.viewerId);
        names.set(e.viewerId, user ? await this.users.displayName(user) : e.viewerId);
      }
    }
    return order.map(({ hour: _hour, ...e }) => ({ ...e, viewerName: names.get(e.viewerId)! }));
  }
}

const PAGE = 200;
const MAX_SCANNED = 5000;
