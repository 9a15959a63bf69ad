import type { EventData } from '@studio/contracts';

/** `phonemessage-<provider>-<providerMessageId>`: what the provider told us about one text message */
export type PhoneMessageEvent =
  | { type: 'PhoneMessageStatusReported'; data: EventData<'PhoneMessageStatusReported'> }
  | { type: 'PhoneReplyReceived'; data: EventData<'PhoneReplyReceived'> }
  | { type: 'PhoneReportRepeated'; data: EventData<'PhoneReportRepeated'> }
  | { type: 'PhoneReplyAnswered'; data: EventData<'PhoneReplyAnswered'> };

export interface PhoneMessageState {
  statuses: string[];
  replied: boolean;
  answered: boolean;
  /** the signed deliveries already recorded on this message */
  deliveries: string[];
}

export type PhoneMessageCommand =
  | { type: 'ReportStatus'; report: EventData<'PhoneMessageStatusReported'> }
  | { type: 'ReceiveReply'; reply: EventData<'PhoneReplyReceived'> }
  | { type: 'RecordAnswer'; answer: EventData<'PhoneReplyAnswered'> };

export const initialState = (): PhoneMessageState => ({ statuses: [], replied: false, answered: false, deliveries: [] });

const withDelivery = (deliveries: string[], delivery: string | undefined) => (delivery ? [...deliveries, delivery] : deliveries);

export function evolve(state: PhoneMessageState, event: PhoneMessageEvent): PhoneMessageState {
  switch (event.type) {
    case 'PhoneMessageStatusReported':
      return { ...state, statuses: [...state.statuses, event.data.status], deliveries: withDelivery(state.deliveries, event.data.delivery) };
    case 'PhoneReplyReceived':
      return { ...state, replied: true, deliveries: withDelivery(state.deliveries, event.data.delivery) };
    case 'PhoneReportRepeated':
      return { ...state, deliveries: withDelivery(state.deliveries, event.data.delivery) };
    case 'PhoneReplyAnswered':
      return { ...state, answered: true };
  }
}

/**
 * A signed delivery already recorded appends nothing (the webhook then refuses it as a replay). A distinct delivery
 * that repeats a status or a reply already known records only that it was seen, so a replay of it is refused too.
 */
export function decide(command: PhoneMessageCommand, state: PhoneMessageState): PhoneMessageEvent[] {
  switch (command.type) {
    case 'ReportStatus': {
      const { report } = command;
      if (report.delivery && state.deliveries.includes(report.delivery)) return [];
      if (!state.statuses.includes(report.status)) return [{ type: 'PhoneMessageStatusReported', data: report }];
      return repeated(report);
    }
    case 'ReceiveReply': {
      const { reply } = command;
      if (reply.delivery && state.deliveries.includes(reply.delivery)) return [];
      return state.replied ? repeated(reply) : [{ type: 'PhoneReplyReceived', data: reply }];
    }
    case 'RecordAnswer':
      return state.answered ? [] : [{ type: 'PhoneReplyAnswered', data: command.answer }];
  }
}

function repeated(report: { provider: 'twilio' | 'meta'; providerMessageId: string; delivery?: string; at: string }): PhoneMessageEvent[] {
  const { provider, providerMessageId, delivery, at } = report;
  return delivery ? [{ type: 'PhoneReportRepeated', data: { provider, providerMessageId, delivery, at } }] : [];
}

export const phoneMessageDecider = { initialState, evolve, decide };
