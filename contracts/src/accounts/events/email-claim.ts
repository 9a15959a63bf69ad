import { z } from '../../platform/zod-it';
import { STREAM_PREFIX } from '../../platform/streams';

/** Events of `email-<emailHash>`: one email, one account. */

/** on `email-<emailHash>`: appended with no_stream, so one email can claim one account only */
export const EmailClaimed = z.object({ emailHash: z.string(), userId: z.string() });

export function emailClaimStreamName(emailHash: string): string {
  return `${STREAM_PREFIX.email}${emailHash}`;
}

/** this stream's events, for the catalogue (./index.ts) */
export const EmailClaimEventSchemas = { EmailClaimed } as const;
