import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CancelBookingRequest, OutcomeRequest, RescheduleBookingRequest, type BookingView, type SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { BookingLifecycleService } from './booking-lifecycle.service';

/** the practice's week: cancel, move, outcome */
@Controller('api/bookings')
export class BookingLifecycleController {
  constructor(private readonly lifecycle: BookingLifecycleService) {}

  @Post(':id/cancel')
  @HttpCode(200)
  @Roles('patient', 'doctor', 'admin')
  cancel(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<BookingView> {
    const { reason } = parseInput(CancelBookingRequest, body ?? {});
    return this.lifecycle.cancel(id, user, reason || undefined, metadataFor(req, user));
  }

  @Post(':id/reschedule')
  @HttpCode(200)
  @Roles('patient', 'doctor', 'admin')
  reschedule(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<BookingView> {
    const { availability_id } = parseInput(RescheduleBookingRequest, body);
    return this.lifecycle.reschedule(id, user, availability_id, metadataFor(req, user));
  }

  @Post(':id/outcome')
  @HttpCode(200)
  @Roles('doctor', 'admin')
  outcome(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<BookingView> {
    const { outcome } = parseInput(OutcomeRequest, body);
    return this.lifecycle.recordOutcome(id, user, outcome, metadataFor(req, user));
  }

  /** "Annulla esito": within OUTCOME_UNDO_HOURS of recording it; the booking is confirmed again */
  @Post(':id/outcome/undo')
  @HttpCode(200)
  @Roles('doctor', 'admin')
  undoOutcome(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<BookingView> {
    return this.lifecycle.undoOutcome(id, user, metadataFor(req, user));
  }
}
