import type { EventData, Sealed } from '@studio/contracts';
import { ConflictError } from '../../../platform/common/errors';
import type { Decided } from './messages';

/** One stream per message: `notification-<id>`. */
export type OutboxEvent =
  | { type: 'NotificationDecided'; data: Decided }
  | { type: 'NotificationSending'; data: EventData<'NotificationSending'> }
  | { type: 'NotificationSent'; data: EventData<'NotificationSent'> }
  | { type: 'NotificationFailed'; data: EventData<'NotificationFailed'> }
  | { type: 'NotificationCancelled'; data: EventData<'NotificationCancelled'> };

export type OutboxState =
  | { status: 'none' }
  | { status: 'pending'; decided: Decided; attempts: number; nextAt: string }
  | { status: 'sending'; decided: Decided; attempt: number; since: string }
  | { status: 'sent'; decided: Decided }
  | { status: 'failed'; decided: Decided }
  | { status: 'cancelled'; decided: Decided };

export type OutboxCommand =
  | { type: 'Decide'; decided: Decided }
  /** take the message for one send; also a send left in doubt (claimed, never marked) once its lease ran out */
  | { type: 'Claim'; now: string; leaseMs: number }
  | { type: 'MarkSent'; attempt: number; now: string; messageId: string; transport: EventData<'NotificationSent'>['transport']; content?: Sealed }
  /** `permanent`: the channel will never take it; `retryAfterMs`: the provider asked to wait at least that long */
  | { type: 'MarkFailed'; attempt: number; now: string; error: string; permanent?: boolean; retryAfterMs?: number | null }
  | { type: 'Cancel'; reason: string; now: string };

export const MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min … capped at one hour */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
}

export const initialState = (): OutboxState => ({ status: 'none' });

export function evolve(state: OutboxState, event: OutboxEvent): OutboxState {
  switch (event.type) {
    case 'NotificationDecided':
      return { status: 'pending', decided: event.data, attempts: 0, nextAt: event.data.dueAt };
    case 'NotificationSending':
      return state.status === 'none' ? state : { status: 'sending', decided: state.decided, attempt: event.data.attempt, since: event.data.at };
    case 'NotificationSent':
      return state.status === 'none' ? state : { status: 'sent', decided: state.decided };
    case 'NotificationFailed':
      if (state.status === 'none') return state;
      return event.data.retryAt
        ? { status: 'pending', decided: state.decided, attempts: event.data.attempt, nextAt: event.data.retryAt }
        : { status: 'failed', decided: state.decided };
    case 'NotificationCancelled':
      return state.status === 'none' ? state : { status: 'cancelled', decided: state.decided };
  }
}

const NOT_DUE = 'Messaggio non da inviare ora.';

export function decide(command: OutboxCommand, state: OutboxState): OutboxEvent[] {
  switch (command.type) {
    case 'Decide':
      return state.status === 'none' ? [{ type: 'NotificationDecided', data: command.decided }] : [];
    case 'Claim': {
      const now = Date.parse(command.now);
      const { notificationId } = state.status === 'none' ? { notificationId: '' } : state.decided;
      if (state.status === 'pending' && Date.parse(state.nextAt) <= now) {
        return [{ type: 'NotificationSending', data: { notificationId, attempt: state.attempts + 1, at: command.now } }];
      }
      if (state.status === 'sending' && Date.parse(state.since) + command.leaseMs <= now) {
        // in doubt: the previous worker may or may not have handed it to SMTP; sent again with the same Message-ID
        return [{ type: 'NotificationSending', data: { notificationId, attempt: state.attempt + 1, at: command.now } }];
      }
      throw new ConflictError(NOT_DUE, 'non_da_inviare');
    }
    case 'MarkSent':
      if (state.status === 'sent') return [];
      if (state.status !== 'sending' || state.attempt !== command.attempt) throw new ConflictError(NOT_DUE, 'invio_non_in_corso');
      return [
        {
          type: 'NotificationSent',
          data: {
            notificationId: state.decided.notificationId,
            attempt: command.attempt,
            at: command.now,
            messageId: command.messageId,
            transport: command.transport,
            ...(command.content ? { content: command.content } : {}),
          },
        },
      ];
    case 'MarkFailed': {
      if (state.status !== 'sending' || state.attempt !== command.attempt) return [];
      const wait = Math.max(retryDelayMs(command.attempt), command.retryAfterMs ?? 0);
      const retryAt = !command.permanent && command.attempt < MAX_ATTEMPTS ? new Date(Date.parse(command.now) + wait).toISOString() : null;
      return [
        {
          type: 'NotificationFailed',
          data: {
            notificationId: state.decided.notificationId,
            attempt: command.attempt,
            at: command.now,
            error: command.error,
            retryAt,
            ...(command.permanent ? { permanent: true } : {}),
          },
        },
      ];
    }
    case 'Cancel':
      if (state.status !== 'pending') return [];
      return [{ type: 'NotificationCancelled', data: { notificationId: state.decided.notificationId, reason: command.reason, at: command.now } }];
  }
}

export const outboxDecider = { initialState, evolve, decide };
