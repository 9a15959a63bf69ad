import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ClosureRequest, type ClosureResult, type SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { AvailabilityToolsService } from '../availability';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { BookingService } from './booking.service';

/**
 * A doctor's closure (a holiday, an absence): availability records it and closes its days; the bookings inside stay,
 * and are listed here, where bookings are known (availability reads none). The doctor (their own) or an administrator.
 */
@Controller('api/doctors/:id')
@Roles('doctor', 'admin')
export class ClosuresController {
  constructor(
    private readonly tools: AvailabilityToolsService,
    private readonly bookings: BookingService,
  ) {}

  @Post('closures')
  @HttpCode(201)
  async closure(@Param('id') doctorId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<ClosureResult> {
    const { from, to, reason } = parseInput(ClosureRequest, body);
    const closed = await this.tools.addClosure(user, doctorId, from, to, reason, metadataFor(req, user));
    return { ...closed, bookings: await this.bookings.activeBetween(doctorId, from, to) };
  }
}
