import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CalendarFeedSettings, type CalendarFeedView, type SessionUser } from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { CalendarFeedService } from './calendar-feed.service';

@Controller('api')
export class CalendarFeedController {
  constructor(private readonly feeds: CalendarFeedService) {}

  /** the doctor's secret subscription URL */
  @Get('me/calendar-feed')
  @Roles('doctor')
  view(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<CalendarFeedView> {
    return this.feeds.view(user, metadataFor(req, user));
  }

  /** a new URL; the old one stops working at once */
  @Post('me/calendar-feed/regenerate')
  @HttpCode(200)
  @Roles('doctor')
  regenerate(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<CalendarFeedView> {
    return this.feeds.view(user, metadataFor(req, user), true);
  }

  @Post('me/calendar-feed/settings')
  @HttpCode(200)
  @Roles('doctor')
  settings(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<CalendarFeedView> {
    return this.feeds.setShowPatientName(user, parseInput(CalendarFeedSettings, body).showPatientName, metadataFor(req, user));
  }

  /** what Google Calendar, Apple Calendar or Outlook fetch: no session, the token is the key */
  @Get('calendar-feed/:doctorId/:file')
  async feed(@Param('doctorId') doctorId: string, @Param('file') file: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const body = await this.feeds.feed(doctorId, file.replace(/\.ics$/, ''));
    // set only on success: a refusal stays Italian JSON
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Cache-Control', 'private, max-age=300');
    return body;
  }
}
