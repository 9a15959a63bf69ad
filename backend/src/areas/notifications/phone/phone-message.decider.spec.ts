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
  it('appends nothing for a delivery already recorded, whatever it carries', () => {
    const sent = { ...report('sent'), delivery: 'd1.0' };
    given([{ type: 'PhoneMessageStatusReported', data: sent }])
      .when({ type: 'ReportStatus', report: sent })
      .then([]);
    given([{ type: 'PhoneMessageStatusReported', data: sent }])
      .when({ type: 'ReportStatus', report: { ...report('delivered'), delivery: 'd1.0' } })
      .then([]);
    given([{ type: 'PhoneReplyReceived', data: { ...reply, delivery: 'd2.0' } }])
      .when({ type: 'ReceiveReply', reply: { ...reply, delivery: 'd2.0' } })
      .then([]);
  });
  it('records a distinct delivery that repeats a known status or reply, and then refuses it as seen', () => {
    const repeated = {
      type: 'PhoneReportRepeated' as const,
      data: { provider: 'twilio' as const, providerMessageId: 'SM1', delivery: 'd3.0', at: '2030-03-04T08:00:00Z' },
    };
    given([{ type: 'PhoneMessageStatusReported', data: { ...report('sent'), delivery: 'd1.0' } }])
      .when({ type: 'ReportStatus', report: { ...report('sent'), delivery: 'd3.0' } })
      .then([repeated]);
    given([{ type: 'PhoneMessageStatusReported', data: { ...report('sent'), delivery: 'd1.0' } }, repeated])
      .when({ type: 'ReportStatus', report: { ...report('sent'), delivery: 'd3.0' } })
      .then([]);
    given([{ type: 'PhoneReplyReceived', data: { ...reply, delivery: 'd2.0' } }])
      .when({ type: 'ReceiveReply', reply: { ...reply, delivery: 'd4.0' } })
      .then([{ type: 'PhoneReportRepeated', data: { provider: 'twilio', providerMessageId: 'SM2', delivery: 'd4.0', at: reply.at } }]);
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
