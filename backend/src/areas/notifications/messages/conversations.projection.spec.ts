import { foldDocuments as fold, recorded as event } from '../../../testing/evolve-fixtures';
import { conversationsProjection } from './conversations.projection';

const stream = 'conversation-p1';
const sealed = (data: string) => ({ keyId: 'p1', iv: 'iv', tag: 'tag', data });
const sent = (id: string, fromPatient: boolean, at: string, counterpart = 'd1') =>
  event(
    stream,
    'MessageSent',
    { messageId: id, patientId: 'p1', counterpart, authorId: fromPatient ? 'p1' : counterpart, fromPatient, text: sealed(id), attachment: null },
    at,
  );
const read = (side: 'patient' | 'staff', upTo: string) =>
  event(stream, 'ConversationRead', { patientId: 'p1', counterpart: 'd1', side, readerId: 'x', upTo }, upTo);

describe('conversations projection', () => {
  it('one document per patient and counterpart, the messages sealed as in their events', () => {
    const docs = fold(conversationsProjection, [sent('m1', true, '2030-01-01T10:00:00.000Z'), sent('m2', true, '2030-01-01T10:01:00.000Z', 'segreteria')]);
    expect([...docs.keys()].sort()).toEqual(['p1|d1', 'p1|segreteria']);
    expect(docs.get('p1|d1')?.messages).toEqual([expect.objectContaining({ id: 'm1', text: sealed('m1'), fromPatient: true })]);
  });

  it('counts each side’s unread: the other side’s messages after its last read', () => {
    const doc = fold(conversationsProjection, [
      sent('m1', true, '2030-01-01T10:00:00.000Z'),
      sent('m2', true, '2030-01-01T10:01:00.000Z'),
      read('staff', '2030-01-01T10:01:30.000Z'),
      sent('m3', true, '2030-01-01T10:02:00.000Z'),
      sent('m4', false, '2030-01-01T10:03:00.000Z'),
    ]).get('p1|d1');
    expect(doc).toMatchObject({ unreadByStaff: 1, unreadByPatient: 1, lastAt: '2030-01-01T10:03:00.000Z' });
    const after = fold(conversationsProjection, [sent('m4', false, '2030-01-01T10:03:00.000Z'), read('patient', '2030-01-01T10:04:00.000Z')]).get('p1|d1');
    expect(after?.unreadByPatient).toBe(0);
  });

  it('an older read never lowers the mark; the same message twice is folded once', () => {
    const doc = fold(conversationsProjection, [
      sent('m1', true, '2030-01-01T10:00:00.000Z'),
      sent('m1', true, '2030-01-01T10:00:00.000Z'),
      read('staff', '2030-01-01T11:00:00.000Z'),
      read('staff', '2030-01-01T09:00:00.000Z'),
    ]).get('p1|d1');
    expect(doc?.messages).toHaveLength(1);
    expect(doc).toMatchObject({ staffReadUpTo: '2030-01-01T11:00:00.000Z', unreadByStaff: 0 });
  });
});
