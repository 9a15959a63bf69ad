import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { phoneMessageDecider } from './phone-message.decider';

const sealed = { keyId: 'phonesender-x', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const report = (status: string) => ({ provider: 'twilio' as const, providerMessageId: 'SM1', status, errorCode: null, at: '2030-03-04T08:00:00Z' });
const reply = {
  provider: 'twilio' as const,
  channel: 'sms' as const,
  providerMessageId: 'SM2',
  fromLookup: 'abc',
  from: sealed,
  body: sealed,
  at: '2030-03-04T08:00:00Z',
};

describe('a provider message: statuses and a reply, each once', () => {
  const given = deciderSpec(phoneMessageDecider);

  it('records a new status', () => {
    given([])
      .when({ type: 'ReportStatus', report: report('sent') })
      .then([{ type: 'PhoneMessageStatusReported', data: report('sent') }]);
  });
  it('records the next status after the first', () => {
    given([{ type: 'PhoneMessageStatusReported', data: report('sent') }])
      .when({ type: 'ReportStatus', report: report('delivered') })
      .then([{ type: 'PhoneMessageStatusReported', data: report('delivered') }]);
  });
  it('appends nothing for a status delivered again', () => {
    given([{ type: 'PhoneMessageStatusReported', data: report('sent') }])
      .when({ type: 'ReportStatus', report: report('sent') })
      .then([]);
  });
  it('records a reply once', () => {
    given([])
      .when({ type: 'ReceiveReply', reply })
      .then([{ type: 'PhoneReplyReceived', data: reply }]);
    given([{ type: 'PhoneReplyReceived', data: reply }])
      .when({ type: 'ReceiveReply', reply })
      .then([]);
  });
  it('records what was done with a reply once', () => {
    const answer = {
      provider: 'twilio' as const,
      providerMessageId: 'SM2',
      answer: 'confirmed' as const,
      patientId: 'p1',
      bookingId: 'b1',
      at: '2030-03-04T08:00:01Z',
    };
    given([{ type: 'PhoneReplyReceived', data: reply }])
      .when({ type: 'RecordAnswer', answer })
      .then([{ type: 'PhoneReplyAnswered', data: answer }]);
    given([
      { type: 'PhoneReplyReceived', data: reply },
      { type: 'PhoneReplyAnswered', data: answer },
    ])
      .when({ type: 'RecordAnswer', answer })
      .then([]);
  });
});
