import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { EntityId, FollowUpSeriesRequest, type FollowUpSeriesView, type SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { FollowUpSeriesService } from './follow-up-series.service';

/** "Prenota il controllo" as a series of N visits every K weeks */
@Controller('api/bookings')
export class FollowUpSeriesController {
  constructor(private readonly series: FollowUpSeriesService) {}

  @Post(':id/series')
  @HttpCode(201)
  @Roles('doctor', 'admin')
  start(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<FollowUpSeriesView> {
    const bookingId = parseInput(EntityId, id);
    return this.series.start(user, bookingId, parseInput(FollowUpSeriesRequest, body), metadataFor(req, user));
  }
}
