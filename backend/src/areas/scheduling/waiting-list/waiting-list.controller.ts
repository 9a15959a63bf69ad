import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { WaitingListRequest, type SessionUser, type WaitingListEntryView } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { WaitingListService } from './waiting-list.service';

@Controller('api')
export class WaitingListController {
  constructor(private readonly waitingList: WaitingListService) {}

  /** a patient who found no free hour waits for one of that doctor's days */
  @Post('waiting-list')
  @HttpCode(201)
  @Roles('patient')
  join(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<WaitingListEntryView> {
    return this.waitingList.join(user, parseInput(WaitingListRequest, body), metadataFor(req, user));
  }

  /** the patient leaves a line they joined (an hour already offered stays theirs until it runs out) */
  @Delete('waiting-list/:id')
  @Roles('patient')
  leave(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<WaitingListEntryView[]> {
    return this.waitingList.leave(user, id, metadataFor(req, user));
  }

  @Get('me/waiting-list')
  @Roles('patient')
  mine(@CurrentUser() user: SessionUser): Promise<WaitingListEntryView[]> {
    return this.waitingList.mine(user);
  }
}
