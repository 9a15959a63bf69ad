import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { StaffInvitationRequest, StaffNameRequest, StaffRolesRequest, type DeactivationAnswer, type SessionUser, type StaffMember } from '@studio/contracts';
import type { Request } from 'express';
import { metadataFor } from '../../../platform/http/request-context';
import { parseInput } from '../../../platform/http/parse';
import { AccountsService } from './accounts.service';
import { CurrentUser, Roles } from '../../../platform/auth/guards';

/** /staff: the practice's accounts, for the administrator (segreteria) only */
@Controller('api/staff')
@Roles('admin')
export class StaffController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  list(): Promise<StaffMember[]> {
    return this.accounts.listStaff();
  }

  /** the invited person gets an email (outbox) with a link valid INVITATION_HOURS */
  @Post('invitations')
  @HttpCode(201)
  invite(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<StaffMember> {
    return this.accounts.invite(parseInput(StaffInvitationRequest, body), metadataFor(req, user));
  }

  @Put(':id/roles')
  roles(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<StaffMember> {
    return this.accounts.changeRoles(id, parseInput(StaffRolesRequest, body).roles, metadataFor(req, user));
  }

  /** a member of staff's name (a doctor cannot change their own: it is part of their public identity) */
  @Put(':id/name')
  rename(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<StaffMember> {
    return this.accounts.renameStaff(user, id, parseInput(StaffNameRequest, body), metadataFor(req, user));
  }

  /** ends their sessions at once; a doctor's future visits are listed to be moved or cancelled, none by itself */
  @Post(':id/deactivate')
  @HttpCode(200)
  deactivate(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DeactivationAnswer> {
    return this.accounts.deactivate(id, metadataFor(req, user));
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  reactivate(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<StaffMember> {
    return this.accounts.reactivate(id, metadataFor(req, user));
  }

  /** a deactivated doctor's visits still to come, to move or cancel */
  @Get(':id/future-bookings')
  futureBookings(@Param('id') id: string) {
    return this.accounts.futureBookings(id);
  }
}
