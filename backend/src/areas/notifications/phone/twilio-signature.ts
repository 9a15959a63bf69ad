import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * X-Twilio-Signature as Twilio computes it: the full URL Twilio called (PUBLIC_URL, path and query), then each POST
 * parameter's name and value appended in the names' alphabetical order, HMAC-SHA1 with the account's auth token,
 * base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** constant time; a missing or malformed header is simply not valid */
export function validTwilioSignature(authToken: string, url: string, params: Record<string, string>, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
