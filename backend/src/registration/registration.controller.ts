import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { RegistrationRequest, type SessionResponse } from '@studio/contracts';
import type { Request } from 'express';
import { ensureCsrfToken } from '../auth/guards';
import { parseInput } from '../http/parse';
import { RegistrationService } from './registration.service';

/** POST /api/auth/register (path fixed by DESIGN): JSON or form; the new patient is logged in */
@Controller('api/auth')
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @Post('register')
  @HttpCode(201)
  async register(@Req() req: Request, @Body() body: unknown): Promise<SessionResponse> {
    const input = parseInput(RegistrationRequest, body);
    const user = await this.registration.registerPatient(input, req);
    // a new session id, as at login: a session fixed before registering is worthless after it
    await new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
    req.session.user = user;
    return { user, csrfToken: ensureCsrfToken(req) };
  }
}
