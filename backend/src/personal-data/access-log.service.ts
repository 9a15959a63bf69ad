import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type EventMetadata, type PersonalDataAccessed, type SessionUser, accessStreamName } from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from '../common/clock';
import { Decide } from '../event-store/decide.command';
import { accessLogDecider } from './access-log.decider';

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
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async recordAccess(
    viewer: SessionUser,
    subjectId: string,
    what: AccessedData,
    detail?: string,
    cause?: Pick<EventMetadata, 'correlationId' | 'causationId'>,
  ): Promise<void> {
    const correlationId = cause?.correlationId ?? randomUUID();
    const data: PersonalDataAccessed = { subjectId, viewerId: viewer.id, viewerRole: viewer.role, what, ...(detail ? { detail } : {}) };
    const metadata = {
      userId: viewer.id,
      role: viewer.role,
      at: this.clock.now().toISOString(),
      correlationId,
      causationId: cause?.causationId ?? correlationId,
    };
    await this.commands.execute(
      new Decide(accessStreamName(subjectId), accessLogDecider, { type: 'RecordAccess', access: data }, metadata, { onStale: 'decide-again', tries: 50 }),
    );
  }
}
