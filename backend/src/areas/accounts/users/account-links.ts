import { createHmac } from 'node:crypto';
import { sameToken } from '../../../platform/auth/guards';

export type AccountLinkPurpose = 'invitation' | 'password_reset' | 'email_confirmation';

/**
 * The token of an invitation's or a password reset's link: `<userId>.<linkId>.<MAC>`, the MAC an HMAC of the
 * rest under a server secret. The log records only the link's id and expiry, never the token: the outbox signs
 * it again when it writes the email, and a forged or altered token fails the MAC before anything is read.
 * Single use and expiry are the account's stream's to decide.
 */
export function accountLinkToken(secret: string, purpose: AccountLinkPurpose, userId: string, linkId: string): string {
  return `${userId}.${linkId}.${mac(secret, purpose, userId, linkId)}`;
}

/** the account and link a token names, when its MAC holds; null for anything else */
export function readAccountLinkToken(secret: string, purpose: AccountLinkPurpose, token: string): { userId: string; linkId: string } | null {
  const [userId, linkId, given, extra] = token.split('.');
  if (!userId || !linkId || !given || extra !== undefined) return null;
  return sameToken(given, mac(secret, purpose, userId, linkId)) ? { userId, linkId } : null;
}

function mac(secret: string, purpose: AccountLinkPurpose, userId: string, linkId: string): string {
  return createHmac('sha256', secret).update(`account-link:${purpose}:${userId}:${linkId}`).digest('base64url');
}

/** the page a link opens, under PUBLIC_URL */
export function accountLinkUrl(publicUrl: string, purpose: AccountLinkPurpose, token: string): string {
  const page = { invitation: 'invito', password_reset: 'nuova-password', email_confirmation: 'conferma-email' }[purpose];
  return `${publicUrl}/${page}?token=${encodeURIComponent(token)}`;
}
