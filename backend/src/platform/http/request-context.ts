import { randomUUID } from 'node:crypto';
import type { EventMetadata, SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import type { Clock } from '../common/clock';

/** express setting holding the app's Clock (see startApp) */
export const CLOCK_SETTING = 'studio:clock';

declare module 'express-session' {
  interface SessionData {
    user?: SessionUser;
    csrfToken?: string;
  }
}

/**
 * who and why, for every event a request causes. The correlation id is always the server's: a new
 * one per request (a flow that continues a chain, like a payment, takes the chain's own from the
 * stream it continues). A client's X-Correlation-Id is never trusted: it would let anyone attach
 * their events to someone else's chain in the auditor's history.
 */
export function metadataFor(req: Request, user: SessionUser): EventMetadata {
  const correlationId = randomUUID();
  const clock = req.app?.get(CLOCK_SETTING) as Clock | undefined;
  return { userId: user.id, role: user.role, at: (clock?.now() ?? new Date()).toISOString(), correlationId, causationId: correlationId };
}
