import type { RecordedEvent } from '@studio/contracts';
import type { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { PushService } from './push.service';

const service = new PushService({} as KernelPorts);
const recorded = (type: string, data: object): RecordedEvent => ({
  id: 'e1',
  stream: 's',
  revision: 0,
  position: 1,
  type,
  data,
  metadata: { userId: 'x', role: 'system', at: '2030-03-04T10:00:00.000Z', correlationId: 'c', causationId: 'c' },
  recordedAt: '2030-03-04T10:00:00.000Z',
});
const sealed = { keyId: 'p1', iv: 'iv', tag: 'tag', data: 'x' };

describe('the pushes an event calls for (decided on the outbox, push channel)', () => {
  it('a message from the practice: to the patient, topic new_message, an id derived from the message', () => {
    const n = service.pushFor(
      recorded('MessageSent', { messageId: 'm1', patientId: 'p1', counterpart: 'd1', authorId: 'd1', fromPatient: false, text: sealed, attachment: null }),
    );
    expect(n).toMatchObject({
      notificationId: 'push-message-m1',
      kind: 'new_message',
      channel: 'push',
      topic: 'new_message',
      recipientId: 'p1',
      dueAt: '2030-03-04T10:00:00.000Z',
    });
  });

  it('the patient’s own message pushes nothing', () => {
    expect(
      service.pushFor(
        recorded('MessageSent', { messageId: 'm2', patientId: 'p1', counterpart: 'd1', authorId: 'p1', fromPatient: true, text: sealed, attachment: null }),
      ),
    ).toBeNull();
  });

  it('a plan sent and a diary comment (recognised by its type name alone)', () => {
    expect(
      service.pushFor(recorded('DietSentToPatient', { patientId: 'p1', doctorId: 'd1', sendId: 's1', revision: 0, at: '2030-03-04T10:00:00.000Z' })),
    ).toMatchObject({ notificationId: 'push-diet-s1', topic: 'diet_sent', recipientId: 'p1' });
    expect(service.pushFor(recorded('DiaryEntryCommented', { patientId: 'p1', entryId: 'e1', commentId: 'c1', doctorId: 'd1', at: 'x' }))).toMatchObject({
      notificationId: 'push-diary-c1',
      kind: 'diary_comment',
      topic: 'diary_comment',
      recipientId: 'p1',
    });
    expect(service.pushFor(recorded('DiaryEntryCommented', { entryId: 'e1' }))).toBeNull();
  });

  it('a visit reminder to a patient gets a push twin at the same time; other notifications do not', () => {
    const reminder = {
      notificationId: 'n1',
      kind: 'reminder',
      recipientId: 'p1',
      recipientRole: 'patient',
      dueAt: '2030-03-05T09:00:00.000Z',
      bookingId: 'b1',
      doctorId: 'd1',
      patientId: 'p1',
      start: '2030-03-06T09:00:00Z',
      end: '2030-03-06T09:30:00Z',
      sequence: 0,
      receipt: null,
      offerExpiresAt: null,
    };
    expect(service.pushFor(recorded('NotificationDecided', reminder))).toMatchObject({
      notificationId: 'push-n1',
      channel: 'push',
      topic: 'visit_reminder',
      dueAt: '2030-03-05T09:00:00.000Z',
      bookingId: 'b1',
      sequence: 0,
    });
    expect(service.pushFor(recorded('NotificationDecided', { ...reminder, kind: 'booking_confirmed' }))).toBeNull();
    expect(service.pushFor(recorded('NotificationDecided', { ...reminder, notificationId: 'push-n1', channel: 'push', topic: 'visit_reminder' }))).toBeNull();
  });
});
