import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { AvailabilityRangeQuery, READ_POSITION_HEADER, ToggleRequest, type AvailabilityEvent, type SessionUser, type ToggleResponse } from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { ForbiddenError } from '../../../platform/common/errors';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { UsersService } from '../../accounts/users';
import { AvailabilityService } from './availability.service';
import { SlotToggleService } from './slot-toggle.service';

/** paths are the spec's own (Italian) */
@Controller('disponibilita')
export class AvailabilityController {
  constructor(
    private readonly availability: AvailabilityService,
    private readonly users: UsersService,
    private readonly toggles: SlotToggleService,
  ) {}

  @Get('json')
  @Roles('doctor', 'admin', 'auditor')
  async json(@Query() query: unknown, @CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<AvailabilityEvent[]> {
    const q = parseInput(AvailabilityRangeQuery, query);
    if (user.role === 'doctor' && user.id !== q.for) throw new ForbiddenError('Puoi vedere solo il tuo calendario.');
    const doctor = await this.users.getDoctor(q.for);
    // read before the query: a watcher replaying from here misses nothing the answer lacks
    res.setHeader(READ_POSITION_HEADER, String(await this.availability.checkpoint()));
    return this.availability.range(doctor, q.start, q.end);
  }

  /** a write, so POST with CSRF (the spec's GET would let any link change a calendar) */
  @Post('toggle')
  @HttpCode(200)
  @Roles('doctor', 'admin')
  async toggle(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<ToggleResponse> {
    const t = parseInput(ToggleRequest, body);
    if (user.role === 'doctor' && user.id !== t.for) throw new ForbiddenError('Puoi modificare solo il tuo calendario.');
    const doctor = await this.users.getDoctor(t.for);
    return this.toggles.toggle(doctor.id, t.start, t.end, { startHour: doctor.startHour, endHour: doctor.endHour }, metadataFor(req, user), t.seen);
  }
}
