import { DUPLICATE_EMAIL_MESSAGE, type EventData } from '@studio/contracts';
import { ConflictError } from '../common/errors';

/**
 * One stream per email: `email-<keyed hash>`. Accounts live on `user-<id>`, and a fresh id
 * always finds its stream empty, so that stream cannot stop two accounts with one email; this
 * one can: its first claim is appended with no_stream, and a concurrent second one fails.
 */
export type EmailClaimEvent = { type: 'EmailClaimed'; data: EventData<'EmailClaimed'> };

export type EmailClaimState = { status: 'free' } | { status: 'claimed'; userId: string };

export type EmailClaimCommand = { type: 'ClaimEmail'; emailHash: string; userId: string };

export const initialState = (): EmailClaimState => ({ status: 'free' });

export function evolve(_state: EmailClaimState, event: EmailClaimEvent): EmailClaimState {
  return { status: 'claimed', userId: event.data.userId };
}

export function decide(command: EmailClaimCommand, state: EmailClaimState): EmailClaimEvent[] {
  if (state.status === 'claimed') throw new ConflictError(DUPLICATE_EMAIL_MESSAGE, 'email_esistente');
  return [{ type: 'EmailClaimed', data: { emailHash: command.emailHash, userId: command.userId } }];
}

export const emailClaimDecider = { initialState, evolve, decide };
