import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { LocationView, SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../platform/auth/guards';
import { metadataFor } from '../../platform/http/request-context';
import { LocationsService } from './locations.service';

/** the practice's locations and their rooms: kept by the administrator, public to read (patients choose where) */
@Controller('api/locations')
export class LocationsController {
  constructor(private readonly locations: LocationsService) {}

  @Get()
  list(): Promise<LocationView[]> {
    return this.locations.list();
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<LocationView> {
    return this.locations.get(id);
  }

  @Post()
  @HttpCode(201)
  @Roles('admin')
  create(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<LocationView> {
    return this.locations.create(user, body, metadataFor(req, user));
  }

  @Put(':id')
  @Roles('admin')
  update(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<LocationView> {
    return this.locations.update(user, id, body, metadataFor(req, user));
  }
}
