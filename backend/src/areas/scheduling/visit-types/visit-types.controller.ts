import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { EntityId, VisitTypeRequest, VisitTypeUpdateRequest, type SessionUser, type VisitTypeView } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { VisitTypesService } from './visit-types.service';

@Controller('api/doctors/:id/visit-types')
export class VisitTypesController {
  constructor(private readonly visitTypes: VisitTypesService) {}

  /** public (a visitor starts /prenota from the visit type); staff may add ?all=1 for the archived ones */
  @Get()
  list(@Param('id') doctorId: string, @Query('all') all: unknown, @Req() req: Request): Promise<VisitTypeView[]> {
    const user = req.session?.user;
    const staff = user?.role === 'admin' || (user?.role === 'doctor' && user.id === doctorId);
    return this.visitTypes.list(doctorId, staff && (all === '1' || all === 'true'));
  }

  @Post()
  @HttpCode(201)
  @Roles('doctor', 'admin')
  create(@Param('id') doctorId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<VisitTypeView> {
    return this.visitTypes.create(user, doctorId, parseInput(VisitTypeRequest, body), metadataFor(req, user));
  }

  @Put(':typeId')
  @Roles('doctor', 'admin')
  update(
    @Param('id') doctorId: string,
    @Param('typeId') typeId: string,
    @Body() body: unknown,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<VisitTypeView> {
    return this.visitTypes.update(user, doctorId, parseInput(EntityId, typeId), parseInput(VisitTypeUpdateRequest, body), metadataFor(req, user));
  }

  @Post(':typeId/archive')
  @HttpCode(200)
  @Roles('doctor', 'admin')
  archive(@Param('id') doctorId: string, @Param('typeId') typeId: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<VisitTypeView> {
    return this.visitTypes.archive(user, doctorId, parseInput(EntityId, typeId), metadataFor(req, user));
  }
}
