import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { LoginRequest, type SessionResponse } from '@studio/contracts';
import type { Request, Response } from 'express';
import { clientKey, loginSlowdownMs } from '../../../platform/security/rate-limits';
import { setTimeout as sleep } from 'node:timers/promises';
import { UnauthenticatedError } from '../../../platform/common/errors';
import { parseInput } from '../../../platform/http/parse';
import { UsersService, manyRoles } from '../users';
import { ensureCsrfToken } from '../../../platform/auth/guards';
import { SessionSocketsGateway } from '../../../platform/auth/session-sockets.gateway';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly sessionSockets: SessionSocketsGateway,
  ) {}

  /** also hands out the CSRF token that every write must carry */
  @Get('session')
  session(@Req() req: Request, @Res({ passthrough: true }) res: Response): SessionResponse {
    return { user: req.session.user ?? null, csrfToken: ensureCsrfToken(req, res) };
  }

  /**
   * Consume first (rate-limiter-flexible's login pattern): the attempt is counted before the password
   * is checked, so concurrent guesses are evaluated at most up to the limit. Counted per account and
   * client (a guesser locks only their own address out of that account) and per client (one address
   * guessing many accounts). Failures of an account from anywhere only slow its logins down, so nobody
   * can lock a person out from another address; the emailed password reset lets them in regardless.
   */
  @Post('login')
  @HttpCode(200)
  async login(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: unknown): Promise<SessionResponse> {
    const { email, password } = parseInput(LoginRequest, body);
    const { loginAccount, loginClient, loginFailures, loginSlowdownThreshold } = this.kernel.limits;
    const account = this.kernel.personalData.lookupHash(email.trim().toLowerCase());
    const client = clientKey(req);
    const pair = `${account}:${client}`;
    await loginClient.consume(client);
    await loginAccount.consume(pair);
    const wait = loginSlowdownMs(await loginFailures.used(account), loginSlowdownThreshold);
    if (wait > 0) await sleep(wait);
    const user = await this.users.verifyCredentials(email, password);
    if (!user) {
      await loginFailures.recordFailure(account);
      throw new UnauthenticatedError('Email o password non corretti.');
    }
    await Promise.all([loginAccount.reset(pair), loginFailures.reset(account), loginClient.giveBack(client)]);
    const sessionUser = { id: user.id, role: user.role, name: await this.users.displayName(user), ...manyRoles(user) };
    // a new session id at login: a session fixed before login is worthless after it
    await new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
    req.session.user = sessionUser;
    return { user: sessionUser, csrfToken: ensureCsrfToken(req, res) };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionResponse> {
    // its sockets close too, on every instance: they would keep the signed-in user's rooms
    if (req.session.user) this.sessionSockets.endSession(req.sessionID);
    // nothing left to keep: the session row goes, the visitor keeps a cookie token for the next form
    await new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
    return { user: null, csrfToken: ensureCsrfToken(req, res) };
  }
}
