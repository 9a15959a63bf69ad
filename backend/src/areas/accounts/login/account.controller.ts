import { Body, Controller, Get, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import {
  AcceptInvitationRequest,
  ActiveRoleRequest,
  ChangePasswordRequest,
  ConfirmEmailRequest,
  ContactDetailsRequest,
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  type MyProfile,
  type SessionResponse,
  type SessionUser,
  type SetupStatus,
} from '@studio/contracts';
import type { Request, Response } from 'express';
import { ForbiddenError } from '../../../platform/common/errors';
import { metadataFor } from '../../../platform/http/request-context';
import { parseInput } from '../../../platform/http/parse';
import { clientKey } from '../../../platform/security/rate-limits';
import { AccountsService } from './accounts.service';
import { CurrentUser, ensureCsrfToken } from '../../../platform/auth/guards';
import { SessionSocketsGateway } from '../../../platform/auth/session-sockets.gateway';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

/** a new session id for the person now signed in: a session fixed before is worthless after it */
async function signIn(req: Request, res: Response, user: SessionUser): Promise<SessionResponse> {
  await new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
  req.session.user = user;
  return { user, csrfToken: ensureCsrfToken(req, res) };
}

/** invitations, forgotten passwords and the first start: what a visitor may do about an account */
@Controller('api/auth')
export class AccountAuthController {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly accounts: AccountsService,
  ) {}

  /** public: the login page says how to create the first administrator while there is no staff account */
  @Get('setup-status')
  setupStatus(): Promise<SetupStatus> {
    return this.accounts.setupStatus();
  }

  @Post('invitations/accept')
  @HttpCode(201)
  async accept(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: unknown): Promise<SessionResponse> {
    const { token, password } = parseInput(AcceptInvitationRequest, body);
    const user = await this.accounts.acceptInvitation(token, password, (u) => metadataFor(req, u));
    return signIn(req, res, user);
  }

  /** 202 with one body whatever the address: nobody learns from it who has an account */
  @Post('password/forgot')
  @HttpCode(202)
  async forgot(@Req() req: Request, @Body() body: unknown): Promise<typeof FORGOT_PASSWORD_ANSWER> {
    const { email } = parseInput(ForgotPasswordRequest, body);
    await this.kernel.limits.passwordReset.consume(`client:${clientKey(req)}`);
    await this.kernel.limits.passwordReset.consume(`account:${this.kernel.personalData.lookupHash(email.toLowerCase())}`);
    this.accounts.requestPasswordReset(email, (u) => metadataFor(req, u));
    return FORGOT_PASSWORD_ANSWER;
  }

  @Post('email/confirm')
  @HttpCode(200)
  async confirmEmail(@Req() req: Request, @Body() body: unknown): Promise<{ message: string }> {
    const { token } = parseInput(ConfirmEmailRequest, body);
    await this.accounts.confirmEmail(token, (u) => metadataFor(req, u));
    return { message: 'Indirizzo email confermato: riceverai i promemoria delle visite.' };
  }

  /** sets the password and ends every session of the account; the person then logs in with it */
  @Post('password/reset')
  @HttpCode(200)
  async reset(@Req() req: Request, @Body() body: unknown): Promise<{ message: string }> {
    const { token, password } = parseInput(ResetPasswordRequest, body);
    await this.accounts.resetPassword(token, password, (u) => metadataFor(req, u));
    return { message: 'Password aggiornata: accedi con la nuova password.' };
  }
}

/** "Il mio profilo", for every role */
@Controller('api/me')
export class ProfileController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sockets: SessionSocketsGateway,
  ) {}

  @Get('profile')
  profile(@CurrentUser() user: SessionUser): Promise<MyProfile> {
    return this.accounts.profile(user);
  }

  @Put('profile')
  editProfile(@CurrentUser() user: SessionUser, @Body() body: unknown, @Req() req: Request): Promise<MyProfile> {
    return this.accounts.changeContactDetails(user, parseInput(ContactDetailsRequest, body), metadataFor(req, user));
  }

  @Post('email/confirmation')
  @HttpCode(202)
  async resendConfirmation(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<{ message: string }> {
    await this.accounts.resendEmailConfirmation(user, metadataFor(req, user));
    return { message: 'Ti abbiamo inviato di nuovo il link di conferma.' };
  }

  /** the other sessions of the account end; this one stays */
  @Post('password')
  @HttpCode(200)
  async password(@CurrentUser() user: SessionUser, @Body() body: unknown, @Req() req: Request): Promise<{ message: string }> {
    const { currentPassword, newPassword } = parseInput(ChangePasswordRequest, body);
    await this.accounts.changePassword(user, currentPassword, newPassword, req.sessionID, metadataFor(req, user));
    return { message: 'Password cambiata. Le altre sessioni sono state chiuse.' };
  }

  /** "esci da tutti i dispositivi": every session of the account, this one included */
  @Post('logout-everywhere')
  @HttpCode(200)
  async logoutEverywhere(@CurrentUser() user: SessionUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionResponse> {
    await this.accounts.endOtherSessions(user.id, req.sessionID);
    this.sockets.endSession(req.sessionID);
    await new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
    return { user: null, csrfToken: ensureCsrfToken(req, res) };
  }

  /** an account with several roles (a doctor who is also administrator) acts in one at a time */
  @Post('role')
  @HttpCode(200)
  async role(
    @CurrentUser() user: SessionUser,
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionResponse> {
    const { role } = parseInput(ActiveRoleRequest, body);
    const roles = await this.accounts.rolesOfAccount(user.id);
    if (!roles.includes(role)) throw new ForbiddenError('Questo ruolo non è tra quelli del tuo account.', 'ruolo_non_tuo');
    req.session.user = { ...user, role, roles };
    return { user: req.session.user, csrfToken: ensureCsrfToken(req, res) };
  }
}
