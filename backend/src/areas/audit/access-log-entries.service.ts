import { Injectable } from '@nestjs/common';
import { type AccessLogEntry, accessStreamName, parseRecordedEvent } from '@studio/contracts';
import { UsersService } from '../accounts/users';
import { KernelPorts } from '../../platform/kernel/kernel-ports';

/** the access log read back for the person it concerns (the writing side is personal-data's AccessLogService) */
@Injectable()
export class AccessLogEntriesService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
  ) {}

  /**
   * Who read this person's data, newest first: a member of staff as they were at the read (the record keeps their
   * name and register number), a patient as they are now. (for the person's own /home). Reads by the same reader, of the same kind,
   * in the same hour are one entry with their count (a list render that reads sixteen records is one line,
   * "16 volte", not sixteen): `at` is the newest read, `firstAt` the oldest, `position` the newest's. At most `limit`
   * entries; the stream is walked a page at a time, at most MAX_SCANNED reads.
   */
  async entriesFor(subjectId: string, limit = 50): Promise<AccessLogEntry[]> {
    const stream = accessStreamName(subjectId);
    const groups = new Map<string, AccessLogEntry & { hour: string }>();
    const order: (AccessLogEntry & { hour: string })[] = [];
    // the person's access stream is their log: read backwards a page at a time (one indexed range read each), no index of the whole log needed
    let before: number | null = null;
    let scanned = 0;
    walk: while (scanned < MAX_SCANNED) {
      const page = await this.kernel.eventStore.readStream(stream, {
        direction: 'backwards',
        maxCount: PAGE,
        ...(before === null ? {} : { fromRevision: before - 1 }),
      });
      if (page.length === 0) break;
      scanned += page.length;
      for (const recorded of page) {
        if (recorded.type !== 'PersonalDataAccessed') continue;
        const at = typeof recorded.metadata?.at === 'string' ? recorded.metadata.at : recorded.recordedAt;
        const hour = at.slice(0, 13); // an instant's hour (UTC; the same hours as Italy's, whole hours apart)
        // enough entries, and this read is older than the oldest entry's hour: nothing further can join them
        if (order.length >= limit && hour < order[order.length - 1].hour) break walk;
        // checked against the catalogue: an invalid one throws InvalidEventError, naming it
        const event = parseRecordedEvent(recorded);
        if (event.type !== 'PersonalDataAccessed') continue;
        const data = event.data;
        // a reader renamed within the hour: the reads under each name stay apart
        const key = `${data.viewerId}|${data.viewerRole}|${data.viewerName ?? ''}|${data.viewerRegisterNumber ?? ''}|${data.what}|${hour}`;
        const group = groups.get(key);
        if (group) {
          group.count += 1;
          group.firstAt = at;
        } else if (order.length < limit) {
          const entry = {
            position: recorded.position,
            at,
            firstAt: at,
            count: 1,
            viewerId: data.viewerId,
            viewerRole: data.viewerRole,
            // as they were at the read; '' for now when not kept (a patient, an older read): looked up below
            viewerName: data.viewerName ?? '',
            viewerRegisterNumber: data.viewerRegisterNumber ?? '',
            what: data.what,
            hour,
          };
          groups.set(key, entry);
          order.push(entry);
        }
      }
      const oldest = page[page.length - 1].revision;
      if (page.length < PAGE || oldest === 0) break;
      before = oldest;
    }
    const names = new Map<string, string>();
    for (const e of order) {
      if (!e.viewerName && !names.has(e.viewerId)) {
        const user = await this.users.get(e.viewerId);
        names.set(e.viewerId, user ? await this.users.displayName(user) : e.viewerId);
      }
    }
    return order.map(({ hour: _hour, ...e }) => ({ ...e, viewerName: e.viewerName || names.get(e.viewerId)! }));
  }
}

const PAGE = 200;
const MAX_SCANNED = 5000;
