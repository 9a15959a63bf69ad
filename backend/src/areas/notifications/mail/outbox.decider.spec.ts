import { deciderSpec } from '../../../platform/event-store/decider-spec';
import type { Decided } from './messages';
import { MAX_ATTEMPTS, outboxDecider, retryDelayMs, type OutboxEvent } from './outbox.decider';

const given = deciderSpec(outboxDecider);
const n: Decided = {
  notificationId: 'reminder-b1-0-patient',
  kind: 'reminder',
  recipientId: 'p1',
  recipientRole: 'patient',
  dueAt: '2030-01-01T08:00:00.000Z',
  bookingId: 'b1',
  doctorId: 'd1',
  patientId: 'p1',
  start: '2030-01-02T09:00:00Z',
  end: '2030-01-02T09:30:00Z',
  sequence: 0,
  receipt: null,
  offerExpiresAt: null,
};
const decided: OutboxEvent = { type: 'NotificationDecided', data: n };
const sending = (attempt: number, at: string): OutboxEvent => ({ type: 'NotificationSending', data: { notificationId: n.notificationId, attempt, at } });
const LEASE = 60_000;

describe('outbox decider', () => {
  it('a message is decided once', () => {
    given([]).when({ type: 'Decide', decided: n }).then([decided]);
    given([decided]).when({ type: 'Decide', decided: n }).then([]);
  });

  it('is claimed only once due', () => {
    given([decided]).when({ type: 'Claim', now: '2030-01-01T07:59:59.000Z', leaseMs: LEASE }).thenThrows('non_da_inviare');
    given([decided])
      .when({ type: 'Claim', now: '2030-01-01T08:00:00.000Z', leaseMs: LEASE })
      .then([sending(1, '2030-01-01T08:00:00.000Z')]);
  });

  it('a claim stands for its lease; a send left in doubt (a crash between send and mark) is claimed again after it', () => {
    const claimed = sending(1, '2030-01-01T08:00:00.000Z');
    given([decided, claimed]).when({ type: 'Claim', now: '2030-01-01T08:00:30.000Z', leaseMs: LEASE }).thenThrows('non_da_inviare');
    given([decided, claimed])
      .when({ type: 'Claim', now: '2030-01-01T08:01:00.000Z', leaseMs: LEASE })
      .then([sending(2, '2030-01-01T08:01:00.000Z')]);
  });

  it('marked sent once; a late mark of an older attempt is refused', () => {
    const mark = { type: 'MarkSent' as const, attempt: 1, now: '2030-01-01T08:00:01.000Z', messageId: '<x@studio-medico>', transport: 'smtp' as const };
    const sent: OutboxEvent = {
      type: 'NotificationSent',
      data: { notificationId: n.notificationId, attempt: 1, at: mark.now, messageId: mark.messageId, transport: 'smtp' },
    };
    given([decided, sending(1, '2030-01-01T08:00:00.000Z')])
      .when(mark)
      .then([sent]);
    given([decided, sending(1, '2030-01-01T08:00:00.000Z'), sent])
      .when(mark)
      .then([]);
    given([decided, sending(1, '2030-01-01T08:00:00.000Z'), sending(2, '2030-01-01T08:02:00.000Z')])
      .when(mark)
      .thenThrows('invio_non_in_corso');
    given([decided, sending(1, '2030-01-01T08:00:00.000Z'), sent])
      .when({ type: 'Claim', now: '2030-02-01T00:00:00.000Z', leaseMs: LEASE })
      .thenThrows('non_da_inviare');
  });

  it('a failure is retried with backoff, and given up after the last attempt', () => {
    const failed = (attempt: number, retryAt: string | null): OutboxEvent => ({
      type: 'NotificationFailed',
      data: { notificationId: n.notificationId, attempt, at: '2030-01-01T08:00:00.000Z', error: 'ECONNREFUSED', retryAt },
    });
    given([decided, sending(1, '2030-01-01T08:00:00.000Z')])
      .when({ type: 'MarkFailed', attempt: 1, now: '2030-01-01T08:00:00.000Z', error: 'ECONNREFUSED' })
      .then([failed(1, '2030-01-01T08:00:30.000Z')]);
    given([decided, sending(1, '2030-01-01T08:00:00.000Z'), failed(1, '2030-01-01T08:00:30.000Z')])
      .when({ type: 'Claim', now: '2030-01-01T08:00:29.000Z', leaseMs: LEASE })
      .thenThrows('non_da_inviare');
    given([decided, sending(1, '2030-01-01T08:00:00.000Z'), failed(1, '2030-01-01T08:00:30.000Z')])
      .when({ type: 'Claim', now: '2030-01-01T08:00:30.000Z', leaseMs: LEASE })
      .then([sending(2, '2030-01-01T08:00:30.000Z')]);
    given([decided, sending(MAX_ATTEMPTS, '2030-01-01T08:00:00.000Z')])
      .when({ type: 'MarkFailed', attempt: MAX_ATTEMPTS, now: '2030-01-01T08:00:00.000Z', error: 'ECONNREFUSED' })
      .then([failed(MAX_ATTEMPTS, null)]);
    expect([1, 2, 3, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000]);
  });

  it('a text refused for good is not retried; one rate-limited waits at least the Retry-After', () => {
    const base = { notificationId: n.notificationId, attempt: 1, at: '2030-01-01T08:00:00.000Z' };
    given([decided, sending(1, '2030-01-01T08:00:00.000Z')])
      .when({ type: 'MarkFailed', attempt: 1, now: '2030-01-01T08:00:00.000Z', error: 'Twilio 400 21211', permanent: true })
      .then([{ type: 'NotificationFailed', data: { ...base, error: 'Twilio 400 21211', retryAt: null, permanent: true } }]);
    given([decided, sending(1, '2030-01-01T08:00:00.000Z')])
      .when({ type: 'MarkFailed', attempt: 1, now: '2030-01-01T08:00:00.000Z', error: 'Twilio 429', retryAfterMs: 120_000 })
      .then([{ type: 'NotificationFailed', data: { ...base, error: 'Twilio 429', retryAt: '2030-01-01T08:02:00.000Z' } }]);
  });

  it('a pending message can be cancelled; a sent one cannot', () => {
    const cancel = { type: 'Cancel' as const, reason: 'visita annullata', now: '2030-01-01T07:00:00.000Z' };
    given([decided])
      .when(cancel)
      .then([{ type: 'NotificationCancelled', data: { notificationId: n.notificationId, reason: 'visita annullata', at: cancel.now } }]);
    given([
      decided,
      sending(1, '2030-01-01T08:00:00.000Z'),
      { type: 'NotificationSent', data: { notificationId: n.notificationId, attempt: 1, at: 'x', messageId: 'm', transport: 'local' } },
    ])
      .when(cancel)
      .then([]);
  });
});
