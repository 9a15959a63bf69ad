import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { EntityId, NewPatientRequest, PatientsQuery, type PatientListItem, type PatientSummary, type SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { PatientsService } from './patients.service';

@Controller('api/patients')
export class PatientsController {
  constructor(private readonly patients: PatientsService) {}

  /** the segreteria all the patients, a doctor theirs; ?q= a name, codice fiscale or phone */
  @Get()
  @Roles('doctor', 'admin')
  list(@Query() query: unknown, @CurrentUser() user: SessionUser): Promise<PatientListItem[]> {
    return this.patients.list(user, parseInput(PatientsQuery, query).q);
  }

  /** the patient header of every patient screen: the segreteria any patient, a doctor one they treat */
  @Get(':id')
  @Roles('doctor', 'admin')
  summary(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<PatientSummary> {
    return this.patients.summary(user, parseInput(EntityId, id));
  }

  /** a patient created at the desk (the segreteria or a doctor) */
  @Post()
  @HttpCode(201)
  @Roles('doctor', 'admin')
  create(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<{ id: string }> {
    return this.patients.create(user, parseInput(NewPatientRequest, body), metadataFor(req, user));
  }
}
