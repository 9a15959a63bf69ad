import { DUPLICATE_EMAIL_MESSAGE, type EventData } from '@studio/contracts';
import { ConflictError } from '../../../platform/common/errors';

/**
 * One stream per email: `email-<keyed hash>`. Accounts live on `user-<id>`, and a fresh id
 * always finds its stream empty, so that stream cannot stop two accounts with one email; this
 * one can: every claim is appended with the revision it was decided on, and a concurrent second
 * one fails. Patients' registrations, staff invitations and the first administrator all claim here.
 *
 * The address is free again once its holder was erased: a new registration (or invitation) with it
 * is a new person, and answering it like a live account would tell that the address once had one.
 */
export type EmailClaimEvent = { type: 'EmailClaimed'; data: EventData<'EmailClaimed'> };

export type EmailClaimState = { status: 'free' } | { status: 'claimed'; userId: string };

export type EmailClaimCommand = {
  type: 'ClaimEmail';
  emailHash: string;
  userId: string;
  /** the holder the caller found erased in the log (user stream), when the address is claimed: it may be claimed again */
  erasedHolder: string | null;
};

export const initialState = (): EmailClaimState => ({ status: 'free' });

export function evolve(_state: EmailClaimState, event: EmailClaimEvent): EmailClaimState {
  return { status: 'claimed', userId: event.data.userId };
}

export function decide(command: EmailClaimCommand, state: EmailClaimState): EmailClaimEvent[] {
  // a holder other than the erased one the caller saw: live, or a claim that came in meanwhile
  if (state.status === 'claimed' && state.userId !== command.erasedHolder) throw new ConflictError(DUPLICATE_EMAIL_MESSAGE, 'email_esistente');
  return [{ type: 'EmailClaimed', data: { emailHash: command.emailHash, userId: command.userId } }];
}

export const emailClaimDecider = { initialState, evolve, decide };
