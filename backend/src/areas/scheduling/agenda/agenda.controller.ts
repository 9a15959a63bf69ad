import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import {
  AgendaQuery,
  EntityId,
  FollowUpQuery,
  FollowUpRequest,
  HoldRequest,
  type AgendaItem,
  type FollowUpSlots,
  type HoldResponse,
  type SessionUser,
} from '@studio/contracts';
import type { Request } from 'express';
import { metadataFor } from '../../../platform/http/request-context';
import { DeskBookingService } from './desk-booking.service';
import { FollowUpService } from './follow-up.service';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { AgendaService } from './agenda.service';

@Controller('api')
export class AgendaController {
  constructor(
    private readonly agendas: AgendaService,
    private readonly followUps: FollowUpService,
    private readonly deskBookings: DeskBookingService,
  ) {}

  /** staff only; a doctor only their own */
  @Get('doctors/:id/agenda')
  @Roles('doctor', 'admin')
  agenda(@Param('id') id: string, @Query() query: unknown, @CurrentUser() user: SessionUser): Promise<AgendaItem[]> {
    const { from, to, location } = parseInput(AgendaQuery, query);
    return this.agendas.agenda(user, id, from, to, location);
  }

  /** "Prenota il controllo": the free start times of the same visit type 2, 3 or 4 weeks after the visit */
  @Get('bookings/:id/follow-up')
  @Roles('doctor', 'admin')
  followUpSlots(@Param('id') id: string, @Query() query: unknown, @CurrentUser() user: SessionUser): Promise<FollowUpSlots> {
    const bookingId = parseInput(EntityId, id);
    return this.followUps.slots(user, bookingId, parseInput(FollowUpQuery, query).weeks);
  }

  /** "Prenota il controllo": the chosen start is held for the visit's patient (who pays it, or pays at the desk) */
  @Post('bookings/:id/follow-up')
  @HttpCode(201)
  @Roles('doctor', 'admin')
  followUp(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<HoldResponse> {
    const bookingId = parseInput(EntityId, id);
    return this.followUps.book(user, bookingId, parseInput(FollowUpRequest, body).availability_id, metadataFor(req, user));
  }

  /** "Prenota per un paziente": the front desk holds a free start for a patient on the phone (the patient's own hold) */
  @Post('patients/:id/holds')
  @HttpCode(201)
  @Roles('admin')
  holdForPatient(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<HoldResponse> {
    const patientId = parseInput(EntityId, id);
    const { doctor_id, availability_id, visit_type } = parseInput(HoldRequest, body);
    return this.deskBookings.hold(patientId, doctor_id, availability_id, metadataFor(req, user), visit_type);
  }
}
