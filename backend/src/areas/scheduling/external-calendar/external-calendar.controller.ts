import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ExternalCalendarRequest, type ExternalCalendarSyncResult, type ExternalCalendarView, type SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { ExternalCalendarService } from './external-calendar.service';

/** a doctor's external calendar (CalDAV): the doctor themself or an administrator */
@Controller('api/doctors/:id/external-calendar')
@Roles('doctor', 'admin')
export class ExternalCalendarController {
  constructor(private readonly calendars: ExternalCalendarService) {}

  @Get()
  view(@Param('id') doctorId: string, @CurrentUser() user: SessionUser): Promise<ExternalCalendarView> {
    return this.calendars.view(user, doctorId);
  }

  /** 200 only after a successful sign-in to the calendar; 422 in Italian otherwise, nothing kept */
  @Put()
  connect(@Param('id') doctorId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<ExternalCalendarView> {
    return this.calendars.connect(user, doctorId, parseInput(ExternalCalendarRequest, body), metadataFor(req, user));
  }

  @Delete()
  @HttpCode(200)
  disconnect(@Param('id') doctorId: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<ExternalCalendarView> {
    return this.calendars.disconnect(user, doctorId, metadataFor(req, user));
  }

  /** "sincronizza ora": what changed */
  @Post('sync')
  @HttpCode(200)
  sync(@Param('id') doctorId: string, @CurrentUser() user: SessionUser): Promise<ExternalCalendarSyncResult> {
    return this.calendars.syncNow(user, doctorId);
  }
}
