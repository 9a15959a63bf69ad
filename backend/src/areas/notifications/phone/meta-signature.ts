import { createHmac, timingSafeEqual } from 'node:crypto';

/** X-Hub-Signature-256 as Meta signs its webhooks: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret */
export function metaSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** constant time, over the bytes Meta sent (a body parsed and written again is not them) */
export function validMetaSignature(appSecret: string, rawBody: Buffer | undefined, given: string | undefined): boolean {
  if (!given || !rawBody) return false;
  const expected = Buffer.from(metaSignature(appSecret, rawBody));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
