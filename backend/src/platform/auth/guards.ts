import { CanActivate, ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { fromWidgetFrame } from '../http/secure-session';
import { Reflector } from '@nestjs/core';
import type { Role, SessionUser } from '@studio/contracts';
import type { Request, Response } from 'express';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ForbiddenError, UnauthenticatedError } from '../common/errors';

const ROLES = 'roles';
/** the handler needs a logged-in user with one of these roles */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  const user = ctx.switchToHttp().getRequest<Request>().session?.user;
  if (!user) throw new UnauthenticatedError();
  return user;
});

/** express setting holding the key that signs a visitor's CSRF cookie (see startApp) */
export const CSRF_KEY_SETTING = 'studio:csrf-key';
export const CSRF_COOKIE = 'csrf';

/**
 * The token every write must carry. A logged-in user's lives in their session. A visitor has no
 * session (none is stored until there is someone to remember): their token lives in a signed
 * httpOnly cookie instead, and the login or registration form sends it back in the header.
 */
export function ensureCsrfToken(req: Request, res: Response): string {
  if (req.session?.user) {
    req.session.csrfToken ??= randomBytes(24).toString('base64url');
    return req.session.csrfToken;
  }
  const existing = visitorToken(req);
  if (existing) return existing;
  const nonce = randomBytes(24).toString('base64url');
  const token = `${nonce}.${sign(req, nonce)}`;
  const widget = fromWidgetFrame(req);
  res.cookie(CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: widget ? 'none' : 'lax',
    secure: widget || req.app.get('studio:cookie-secure') === true,
    path: '/',
  });
  return token;
}

function sign(req: Request, nonce: string): string {
  return createHmac('sha256', req.app.get(CSRF_KEY_SETTING) as string)
    .update(`csrf:${nonce}`)
    .digest('base64url');
}

/** the visitor's token from its cookie, when its signature holds */
function visitorToken(req: Request): string | undefined {
  const raw = req.headers.cookie
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${CSRF_COOKIE}=`))
    ?.slice(CSRF_COOKIE.length + 1);
  if (!raw) return undefined;
  const token = decodeURIComponent(raw);
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined || !sameToken(signature, sign(req, nonce))) return undefined;
  return token;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const NOT_A_BROWSER_WRITE = 'studio:not-a-browser-write';
/**
 * A write that no browser session makes (PayPal's webhook): it carries no CSRF token, and authenticates itself some
 * other way (the webhook's signature, verified with PayPal before anything is done).
 */
export const NotABrowserWrite = () => SetMetadata(NOT_A_BROWSER_WRITE, true);

/** every write carries the session's token in X-CSRF-Token or a `_token` field */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    if (this.reflector.get<boolean | undefined>(NOT_A_BROWSER_WRITE, ctx.getHandler())) return true;
    const expected = req.session?.user ? req.session.csrfToken : visitorToken(req);
    const given = req.header('x-csrf-token') ?? (req.body as { _token?: unknown } | undefined)?._token;
    if (!expected || typeof given !== 'string' || !sameToken(expected, given)) {
      throw new ForbiddenError('Token di sicurezza (CSRF) mancante o scaduto: ricarica la pagina e riprova.', 'csrf_non_valido');
    }
    return true;
  }
}

/** constant time: digests of equal length, whatever the given token's length */
export function sameToken(a: string, b: string): boolean {
  const x = createHmac('sha256', 'csrf-compare').update(a).digest();
  const y = createHmac('sha256', 'csrf-compare').update(b).digest();
  return timingSafeEqual(x, y);
}

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [ctx.getHandler(), ctx.getClass()]);
    if (!roles) return true;
    const user = ctx.switchToHttp().getRequest<Request>().session?.user;
    if (!user) throw new UnauthenticatedError();
    if (!roles.includes(user.role)) throw new ForbiddenError();
    return true;
  }
}
