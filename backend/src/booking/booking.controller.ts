import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { HoldRequest, type BookingView, type HoldResponse, type SessionUser } from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../auth/guards';
import { parseInput } from '../http/parse';
import { RATE_LIMITS, type Core } from '../infrastructure/core';
import { clientKey } from '../security/rate-limits';
import { metadataFor } from '../http/request-context';
import { BookingService } from './booking.service';

/** the spec's booking form posts here (form-encoded with `_token`, or JSON with X-CSRF-Token) */
@Controller('prenotazioni')
export class BookingController {
  constructor(
    private readonly bookings: BookingService,
    @Inject(RATE_LIMITS) private readonly limits: Core['limits'],
  ) {}

  @Post()
  @HttpCode(201)
  @Roles('patient')
  async hold(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<HoldResponse> {
    const { doctor_id, availability_id, visit_type } = parseInput(HoldRequest, body);
    await this.limits.hold.consume(clientKey(req));
    return this.bookings.hold(user, doctor_id, availability_id, metadataFor(req, user), visit_type);
  }

  @Get(':id')
  @Roles('patient', 'doctor', 'admin')
  get(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<BookingView> {
    return this.bookings.view(id, user);
  }

  @Delete(':id')
  @HttpCode(200)
  @Roles('patient')
  release(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<BookingView> {
    return this.bookings.release(id, user, metadataFor(req, user));
  }
}

@Controller('api/me')
export class MyBookingsController {
  constructor(private readonly bookings: BookingService) {}

  /** the logged-in patient's own bookings, for /home */
  @Get('bookings')
  mine(@CurrentUser() user: SessionUser): Promise<BookingView[]> {
    return this.bookings.mine(user);
  }

  /** "Aggiungi al calendario": the patient's own confirmed visit as a .ics file */
  @Get('bookings/:id/calendar.ics')
  @Roles('patient')
  async calendar(@Param('id') id: string, @CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<string> {
    const file = await this.bookings.calendarFile(id, user);
    // set only on success: a refusal stays Italian JSON
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    return file.body;
  }
}
