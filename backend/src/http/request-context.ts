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

/** who and why, for every event a request causes */
export function metadataFor(req: Request, user: SessionUser): EventMetadata {
  const header = req.header('x-correlation-id');
  const correlationId = header && /^[\w-]{8,64}$/.test(header) ? header : randomUUID();
  const clock = req.app?.get(CLOCK_SETTING) as Clock | undefined;
  return { userId: user.id, role: user.role, at: (clock?.now() ?? new Date()).toISOString(), correlationId, causationId: correlationId };
}
