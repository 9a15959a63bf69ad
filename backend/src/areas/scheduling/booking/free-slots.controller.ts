import { Controller, Get, Param, Query } from '@nestjs/common';
import { FreeDaysQuery, FreeSlotsQuery, type FreeDay, type FreeSlot } from '@studio/contracts';
import { parseInput } from '../../../platform/http/parse';
import { BookingService } from './booking.service';

/** public: a visitor chooses a doctor, a day and an hour before logging in */
@Controller('disponibilita')
export class FreeSlotsController {
  constructor(private readonly bookings: BookingService) {}

  @Get('query')
  query(@Query() query: unknown): Promise<FreeSlot[]> {
    const q = parseInput(FreeSlotsQuery, query);
    return this.bookings.freeSlots(q.for, q.date, q.type, q.location);
  }
}

@Controller('api/doctors')
export class FreeDaysController {
  constructor(private readonly bookings: BookingService) {}

  @Get(':id/days')
  days(@Param('id') id: string, @Query() query: unknown): Promise<FreeDay[]> {
    const q = parseInput(FreeDaysQuery, query);
    return this.bookings.freeDays(id, q.from, q.to, q.type, q.location);
  }
}
