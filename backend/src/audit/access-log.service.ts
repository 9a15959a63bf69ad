import { Inject, Injectable } from '@nestjs/common';
import { type AccessLogEntry, type EventMetadata, type PersonalDataAccessed, type SessionUser, accessStreamName } from '@studio/contracts';
import type { AuditEventDoc } from '@studio/projections';
import { randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from '../common/clock';
import { CORE, type Core } from '../infrastructure/core';
import { UsersService } from '../users/users.service';

/** what was read; free text for later features (the diet reads pass 'diet') */
export type AccessedData = 'questionnaire_answers' | 'personal_data' | 'audit_event' | 'diet' | (string & {});

/**
 * The access log the Garante's health-dossier guidelines expect: every read of a person's
 * personal or health data appends `PersonalDataAccessed` to `access-<subjectId>`. Callers await
 * it BEFORE handing the data out, so a log that cannot be written fails the read instead of
 * letting it through unrecorded. Its own stream, so it never races the patient's deciders.
 */
@Injectable()
export class AccessLogService {
  constructor(
    @Inject(CORE) private readonly core: Core,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly users: UsersService,
  ) {}

  async recordAccess(viewer: SessionUser, subjectId: string, what: AccessedData, detail?: string, cause?: Pick<EventMetadata, 'correlationId' | 'causationId'>): Promise<void> {
    const correlationId = cause?.correlationId ?? randomUUID();
    const data: PersonalDataAccessed = { subjectId, viewerId: viewer.id, viewerRole: viewer.role, what, ...(detail ? { detail } : {}) };
    await this.core.eventStore.append(
      accessStreamName(subjectId),
      [{ type: 'PersonalDataAccessed', data, metadata: { userId: viewer.id, role: viewer.role, at: this.clock.now().toISOString(), correlationId, causationId: cause?.causationId ?? correlationId } }],
      { expectedRevision: 'any' },
    );
  }

  /** who read this person's data, newest first (for the person's own /home) */
  async entriesFor(subjectId: string, limit = 50): Promise<AccessLogEntry[]> {
    const rows = await this.core.readModels.find<AuditEventDoc>(
      'audit_events',
      { stream: accessStreamName(subjectId), type: 'PersonalDataAccessed' },
      { orderBy: [{ column: 'position', direction: 'desc' }], limit },
    );
    const names = new Map<string, string>();
    const entries: AccessLogEntry[] = [];
    for (const { doc } of rows) {
      // the row names the viewer in its metadata; what was read is in the event itself
      const [event] = await this.core.eventStore.readStream(doc.stream, { fromRevision: doc.revision, maxCount: 1 });
      const data = event?.data as PersonalDataAccessed | undefined;
      if (!data) continue;
      if (!names.has(data.viewerId)) {
        const user = await this.users.get(data.viewerId);
        names.set(data.viewerId, user ? await this.users.displayName(user) : data.viewerId);
      }
      entries.push({ position: doc.position, at: doc.at, viewerId: data.viewerId, viewerRole: data.viewerRole, viewerName: names.get(data.viewerId)!, what: data.what });
    }
    return entries;
  }
}
