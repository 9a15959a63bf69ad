import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { LoginRequest, type SessionResponse } from '@studio/contracts';
import type { Request } from 'express';
import { UnauthenticatedError } from '../common/errors';
import { parseInput } from '../http/parse';
import { UsersService } from '../users';
import { ensureCsrfToken } from './guards';

@Controller('api/auth')
export class AuthController {
  constructor(private readonly users: UsersService) {}

  /** also hands out the CSRF token that every write must carry */
  @Get('session')
  session(@Req() req: Request): SessionResponse {
    return { user: req.session.user ?? null, csrfToken: ensureCsrfToken(req) };
  }

  @Post('login')
  @HttpCode(200)
  async login(@Req() req: Request, @Body() body: unknown): Promise<SessionResponse> {
    const { email, password } = parseInput(LoginRequest, body);
    const user = await this.users.verifyCredentials(email, password);
    if (!user) throw new UnauthenticatedError('Email o password non corretti.');
    const sessionUser = { id: user.id, role: user.role, name: await this.users.displayName(user) };
    // a new session id at login: a session fixed before login is worthless after it
    await new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
    req.session.user = sessionUser;
    return { user: sessionUser, csrfToken: ensureCsrfToken(req) };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request): Promise<SessionResponse> {
    await new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
    return { user: null, csrfToken: ensureCsrfToken(req) };
  }
}
