import type { BookingView } from '@studio/contracts';
import { localDateTime } from '../../lib/dates';
import { useNow } from '../../lib/useNow';
import * as it from '../../i18n/it';

/**
 * The cancellation policy in words: while the cut-off is ahead, what it allows until then; once it has passed,
 * that it has passed ("Il termine … è scaduto il …"), never as if it were still open.
 */
export function policyText(policy: NonNullable<BookingView['policy']>, now: number): string {
  const cutoff = localDateTime(policy.cutoffAt);
  return now >= Date.parse(policy.cutoffAt) ? it.journey.policyPassed(cutoff) : it.myBookings.policy(policy.cutoffHours, cutoff);
}

export function PolicyLine({ policy }: { policy: NonNullable<BookingView['policy']> }) {
  const now = useNow(60_000);
  return <p className="small text-body-secondary mb-0 app-policy">{policyText(policy, now)}</p>;
}
