import { Body, Controller, Delete, HttpCode, Param, Post, Req } from '@nestjs/common';
import { HoldRequest, type BookingView, type HoldResponse, type SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { clientKey } from '../../../platform/security/rate-limits';
import { HoldService } from './hold.service';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

/** the spec's booking form posts here (form-encoded with `_token`, or JSON with X-CSRF-Token); GET /prenotazioni/:id is booking's */
@Controller('prenotazioni')
export class HoldController {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly holds: HoldService,
  ) {}

  @Post()
  @HttpCode(201)
  @Roles('patient')
  async hold(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<HoldResponse> {
    const { doctor_id, availability_id, visit_type } = parseInput(HoldRequest, body);
    await this.kernel.limits.hold.consume(clientKey(req));
    return this.holds.hold(user, doctor_id, availability_id, metadataFor(req, user), visit_type);
  }

  @Delete(':id')
  @HttpCode(200)
  @Roles('patient')
  release(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<BookingView> {
    return this.holds.release(id, user, metadataFor(req, user));
  }
}
