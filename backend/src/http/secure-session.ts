import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ErrorBody } from '@studio/contracts';

export const INSECURE_LOGIN_MESSAGE =
  'Accesso non possibile: la richiesta è arrivata in HTTP semplice, ma il cookie di sessione viaggia solo su HTTPS, quindi il browser lo scarterebbe. Apri l’app da https://. Se un proxy inverso gestisce HTTPS, l’amministratore deve impostare TRUST_PROXY con l’indirizzo del proxy e far inviare dal proxy X-Forwarded-Proto: https.';

/**
 * With a Secure session cookie (COOKIE_SECURE, on in production) express-session sets no cookie on a request that
 * did not arrive over HTTPS: a login would answer 200 and leave the person logged out. Every call that opens a
 * session (login, registration, accepting an invitation, resetting a password: all under /api/auth/) is refused
 * instead, saying what to configure. `req.secure` is true over TLS, or behind a proxy trusted by TRUST_PROXY that
 * sends X-Forwarded-Proto: https.
 */
export function refuseSessionsOverPlainHttp(cookieSecure: boolean): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!cookieSecure || req.secure || req.method !== 'POST' || !req.path.startsWith('/api/auth/')) return next();
    const body: ErrorBody = { error: { code: 'connessione_non_sicura', message: INSECURE_LOGIN_MESSAGE } };
    res.status(400).json(body);
  };
}
