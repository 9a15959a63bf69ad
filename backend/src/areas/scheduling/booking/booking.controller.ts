import { Controller, Get, Param, Res } from '@nestjs/common';
import type { BookingView, SessionUser } from '@studio/contracts';
import type { Response } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { BookingService } from './booking.service';

/** a booking's page; the spec's booking form posts to the hold workflow (workflows/hold/hold.controller.ts) */
@Controller('prenotazioni')
export class BookingController {
  constructor(private readonly bookings: BookingService) {}

  @Get(':id')
  @Roles('patient', 'doctor', 'admin')
  get(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<BookingView> {
    return this.bookings.view(id, user);
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
