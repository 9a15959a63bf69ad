import { CanActivate, ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role, SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ForbiddenError, UnauthenticatedError } from '../common/errors';

const ROLES = 'roles';
/** the handler needs a logged-in user with one of these roles */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  const user = ctx.switchToHttp().getRequest<Request>().session?.user;
  if (!user) throw new UnauthenticatedError();
  return user;
});

export function ensureCsrfToken(req: Request): string {
  req.session.csrfToken ??= randomBytes(24).toString('base64url');
  return req.session.csrfToken;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** every write carries the session's token in X-CSRF-Token or a `_token` field */
@Injectable()
export class CsrfGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    const expected = req.session?.csrfToken;
    const given = req.header('x-csrf-token') ?? (req.body as { _token?: unknown } | undefined)?._token;
    if (!expected || typeof given !== 'string' || !sameToken(expected, given)) {
      throw new ForbiddenError('Token di sicurezza (CSRF) mancante o scaduto: ricarica la pagina e riprova.', 'csrf_non_valido');
    }
    return true;
  }
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
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
