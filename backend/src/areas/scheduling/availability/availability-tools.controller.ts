import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import {
  ApplyScheduleRequest,
  CopyWeekRequest,
  WeeklyScheduleRequest,
  WholeDayRequest,
  type DaySlotsResult,
  type SessionUser,
  type WeeklySchedule,
} from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { AvailabilityToolsService } from './availability-tools.service';

/** the doctor (their own calendar) or an administrator (any); a closure's route is booking's (ClosuresController), which lists the bookings inside it */
@Controller('api/doctors/:id')
@Roles('doctor', 'admin')
export class AvailabilityToolsController {
  constructor(private readonly tools: AvailabilityToolsService) {}

  @Get('weekly-schedule')
  schedule(@Param('id') doctorId: string, @CurrentUser() user: SessionUser): Promise<{ days: WeeklySchedule | null }> {
    return this.tools.getSchedule(user, doctorId);
  }

  @Put('weekly-schedule')
  setSchedule(@Param('id') doctorId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request) {
    return this.tools.setSchedule(user, doctorId, parseInput(WeeklyScheduleRequest, body).days, metadataFor(req, user));
  }

  @Post('weekly-schedule/apply')
  @HttpCode(200)
  apply(@Param('id') doctorId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DaySlotsResult> {
    const { from, to } = parseInput(ApplyScheduleRequest, body);
    return this.tools.applySchedule(user, doctorId, from, to, metadataFor(req, user));
  }

  @Post('availability/day')
  @HttpCode(200)
  wholeDay(@Param('id') doctorId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DaySlotsResult> {
    const { date, action } = parseInput(WholeDayRequest, body);
    return this.tools.wholeDay(user, doctorId, date, action, metadataFor(req, user));
  }

  @Post('availability/copy-week')
  @HttpCode(200)
  copyWeek(@Param('id') doctorId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DaySlotsResult> {
    const { from, weeks } = parseInput(CopyWeekRequest, body);
    return this.tools.copyWeek(user, doctorId, from, weeks, metadataFor(req, user));
  }
}
