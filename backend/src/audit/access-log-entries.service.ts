import { Inject, Injectable } from '@nestjs/common';
import { type AccessLogEntry, accessStreamName, parseRecordedEvent } from '@studio/contracts';
import type { AuditEventDoc } from '@studio/projections';
import { EVENT_STORE, READ_MODELS, type Core } from '../infrastructure/core';
import { UsersService } from '../users';

/** the access log read back for the person it concerns (the writing side is personal-data's AccessLogService) */
@Injectable()
export class AccessLogEntriesService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: Core['eventStore'],
    @Inject(READ_MODELS) private readonly readModels: Core['readModels'],
    private readonly users: UsersService,
  ) {}

  /** who read this person's data, newest first (for the person's own /home) */
  async entriesFor(subjectId: string, limit = 50): Promise<AccessLogEntry[]> {
    const rows = await this.readModels.find<AuditEventDoc>(
      'audit_events',
      { stream: accessStreamName(subjectId), type: 'PersonalDataAccessed' },
      { orderBy: [{ column: 'position', direction: 'desc' }], limit },
    );
    const names = new Map<string, string>();
    const entries: AccessLogEntry[] = [];
    for (const { doc } of rows) {
      // the row names the viewer in its metadata; what was read is in the event itself
      // (checked against the catalogue: an invalid one throws InvalidEventError, naming it)
      const [event] = (await this.eventStore.readStream(doc.stream, { fromRevision: doc.revision, maxCount: 1 })).map(parseRecordedEvent);
      if (event?.type !== 'PersonalDataAccessed') continue;
      const data = event.data;
      if (!names.has(data.viewerId)) {
        const user = await this.users.get(data.viewerId);
        names.set(data.viewerId, user ? await this.users.displayName(user) : data.viewerId);
      }
      entries.push({
        position: doc.position,
        at: doc.at,
        viewerId: data.viewerId,
        viewerRole: data.viewerRole,
        viewerName: names.get(data.viewerId)!,
        what: data.what,
      });
    }
    return entries;
  }
}
