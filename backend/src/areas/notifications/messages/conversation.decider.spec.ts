import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { conversationDecider, messageSettingsDecider, type ConversationEvent } from './conversation.decider';

const sealed = (data: string) => ({ keyId: 'p1', iv: 'iv', tag: 'tag', data });
const given = deciderSpec(conversationDecider);
const file = { attachmentId: 'a1', mediaType: 'application/pdf' as const, sizeBytes: 10, name: sealed('esami.pdf'), content: sealed('JVBERi0=') };
const send = {
  type: 'SendMessage' as const,
  messageId: 'm1',
  patientId: 'p1',
  counterpart: 'd1',
  authorId: 'p1',
  fromPatient: true,
  refusal: null,
  text: sealed('ciao'),
  attachment: file,
};
const sent: ConversationEvent = {
  type: 'MessageSent',
  data: { messageId: 'm1', patientId: 'p1', counterpart: 'd1', authorId: 'p1', fromPatient: true, text: sealed('ciao'), attachment: file },
};

describe('conversation decider (conversation-<patientId>)', () => {
  it('writes a message once: the same id again appends nothing', () => {
    given([]).when(send).then([sent]);
    given([sent]).when(send).then([]);
  });

  it('refuses a sender the caller found not allowed, with the reason it gave', () => {
    given([])
      .when({ ...send, refusal: 'Puoi scrivere solo ai medici che ti seguono.' })
      .thenThrows('conversazione_non_ammessa');
  });

  it('files a message’s file once; a message without a file, or unknown, is a 404', () => {
    const file = { type: 'FileMessageAttachment' as const, patientId: 'p1', messageId: 'm1', recordAttachmentId: 'r1', doctorId: 'd1' };
    const filed: ConversationEvent = { type: 'MessageAttachmentFiled', data: { patientId: 'p1', messageId: 'm1', recordAttachmentId: 'r1', doctorId: 'd1' } };
    given([sent]).when(file).then([filed]);
    given([sent, filed]).when(file).then([]);
    given([]).when(file).thenThrows('allegato_non_trovato');
    given([{ ...sent, data: { ...sent.data, attachment: null } }])
      .when(file)
      .thenThrows('allegato_non_trovato');
  });

  it('records a read up to an instant', () => {
    given([sent])
      .when({ type: 'MarkConversationRead', patientId: 'p1', counterpart: 'd1', side: 'staff', readerId: 'd1', upTo: '2030-03-04T10:00:00.000Z' })
      .then([{ type: 'ConversationRead', data: { patientId: 'p1', counterpart: 'd1', side: 'staff', readerId: 'd1', upTo: '2030-03-04T10:00:00.000Z' } }]);
  });

  it('sets the reply hours only when they change', () => {
    const set = { type: 'MessageReplyHoursSet' as const, data: { text: 'Lun–ven 9–13', at: '2030-03-04T10:00:00.000Z' } };
    deciderSpec(messageSettingsDecider)([]).when({ type: 'SetReplyHours', text: 'Lun–ven 9–13', at: set.data.at }).then([set]);
    deciderSpec(messageSettingsDecider)([set]).when({ type: 'SetReplyHours', text: 'Lun–ven 9–13', at: set.data.at }).then([]);
  });
});
