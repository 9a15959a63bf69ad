import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import {
  AsOfAvailabilityQuery,
  AsOfQuery,
  AuditEventsQuery,
  RebuildRequest,
  type AccessLogEntry,
  type AsOfPatientRecord,
  type AuditEventDetail,
  type AuditEventsPage,
  type AvailabilityEvent,
  type ChainVerification,
  type SessionUser,
} from '@studio/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { CurrentUser, Roles } from '../../platform/auth/guards';
import { parseInput } from '../../platform/http/parse';
import { metadataFor } from '../../platform/http/request-context';
import { AccessLogEntriesService } from './access-log-entries.service';
import { AuditService } from './audit.service';
import { RebuildService } from './rebuild.gateway';

const Position = z.coerce.number({ error: 'Posizione non valida' }).int('Posizione non valida').positive('Posizione non valida');
const VerifyQuery = z.object({ stream: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()) });
const PatientId = z.string().min(1, 'Paziente mancante').max(100);

/** the auditor's history: read-only for auditor and admin; erasure and rebuild are admin only */
@Controller('api/audit')
export class AuditController {
  constructor(
    private readonly audit: AuditService,
    private readonly rebuilds: RebuildService,
  ) {}

  @Get('events')
  @Roles('auditor', 'admin')
  events(@Query() query: unknown): Promise<AuditEventsPage> {
    return this.audit.events(parseInput(AuditEventsQuery, query));
  }

  @Get('events/:position')
  @Roles('auditor', 'admin')
  event(@Param('position') position: string, @CurrentUser() user: SessionUser): Promise<AuditEventDetail> {
    return this.audit.event(user, parseInput(Position, position));
  }

  @Get('verify')
  @Roles('auditor', 'admin')
  verify(@Query() query: unknown): Promise<ChainVerification> {
    return this.audit.verify(parseInput(VerifyQuery, query).stream);
  }

  @Get('availability')
  @Roles('auditor', 'admin')
  availability(@Query() query: unknown): Promise<AvailabilityEvent[]> {
    const q = parseInput(AsOfAvailabilityQuery, query);
    return this.audit.availabilityAsOf(q.for, q.start, q.end, q.at);
  }

  /** the patients as ids only: the auditor picks one by its short code (names are sealed for the auditor) */
  @Get('patient-ids')
  @Roles('auditor', 'admin')
  patientIds(): Promise<{ id: string }[]> {
    return this.audit.patientIds();
  }

  @Get('patients/:patientId')
  @Roles('auditor', 'admin')
  patient(@Param('patientId') patientId: string, @Query() query: unknown, @CurrentUser() user: SessionUser): Promise<AsOfPatientRecord> {
    return this.audit.patientAsOf(user, parseInput(PatientId, patientId), parseInput(AsOfQuery, query).at);
  }

  @Get('projections')
  @Roles('admin')
  projections(): string[] {
    return this.rebuilds.projections();
  }

  @Post('rebuild')
  @HttpCode(202)
  @Roles('admin')
  rebuild(@Body() body: unknown): Promise<{ projection: string; total: number }> {
    return this.rebuilds.start(parseInput(RebuildRequest, body).projection);
  }

  @Post('patients/:patientId/erase')
  @HttpCode(200)
  @Roles('admin')
  erase(@Param('patientId') patientId: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<{ patientId: string; erasedAt: string }> {
    return this.audit.erase(parseInput(PatientId, patientId), metadataFor(req, user));
  }
}

/** the patient's own access log, for /home */
@Controller('api/me')
export class MyAccessLogController {
  constructor(private readonly accessLog: AccessLogEntriesService) {}

  @Get('access-log')
  @Roles('patient')
  mine(@CurrentUser() user: SessionUser): Promise<AccessLogEntry[]> {
    return this.accessLog.entriesFor(user.id);
  }
}
