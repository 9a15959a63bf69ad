import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RegistrationRequest, type SessionResponse } from '@studio/contracts';
import type { Request, Response } from 'express';
import { clientKey } from '../../../platform/security/rate-limits';
import { ensureCsrfToken } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { RegistrationService } from './registration.service';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

/** POST /api/auth/register (path fixed by DESIGN): JSON or form; the new patient is logged in */
@Controller('api/auth')
export class RegistrationController {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly registration: RegistrationService,
  ) {}

  @Post('register')
  @HttpCode(201)
  async register(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: unknown): Promise<SessionResponse> {
    const input = parseInput(RegistrationRequest, body);
    // every valid attempt counts, taken email or not: the "already registered" answer cannot be farmed
    await this.kernel.limits.registration.consume(clientKey(req));
    const user = await this.registration.registerPatient(input, req);
    // a new session id, as at login: a session fixed before registering is worthless after it
    await new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
    req.session.user = user;
    return { user, csrfToken: ensureCsrfToken(req, res) };
  }
}
