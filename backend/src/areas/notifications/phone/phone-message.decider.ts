import type { EventData } from '@studio/contracts';

/** `phonemessage-<provider>-<providerMessageId>`: what the provider told us about one text message */
export type PhoneMessageEvent =
  | { type: 'PhoneMessageStatusReported'; data: EventData<'PhoneMessageStatusReported'> }
  | { type: 'PhoneReplyReceived'; data: EventData<'PhoneReplyReceived'> }
  | { type: 'PhoneReplyAnswered'; data: EventData<'PhoneReplyAnswered'> };

export interface PhoneMessageState {
  statuses: string[];
  replied: boolean;
  answered: boolean;
}

export type PhoneMessageCommand =
  | { type: 'ReportStatus'; report: EventData<'PhoneMessageStatusReported'> }
  | { type: 'ReceiveReply'; reply: EventData<'PhoneReplyReceived'> }
  | { type: 'RecordAnswer'; answer: EventData<'PhoneReplyAnswered'> };

export const initialState = (): PhoneMessageState => ({ statuses: [], replied: false, answered: false });

export function evolve(state: PhoneMessageState, event: PhoneMessageEvent): PhoneMessageState {
  switch (event.type) {
    case 'PhoneMessageStatusReported':
      return { ...state, statuses: [...state.statuses, event.data.status] };
    case 'PhoneReplyReceived':
      return { ...state, replied: true };
    case 'PhoneReplyAnswered':
      return { ...state, answered: true };
  }
}

/** a webhook delivered again (the provider retries until it gets a 2xx) appends nothing: same status, same reply */
export function decide(command: PhoneMessageCommand, state: PhoneMessageState): PhoneMessageEvent[] {
  switch (command.type) {
    case 'ReportStatus':
      return state.statuses.includes(command.report.status) ? [] : [{ type: 'PhoneMessageStatusReported', data: command.report }];
    case 'ReceiveReply':
      return state.replied ? [] : [{ type: 'PhoneReplyReceived', data: command.reply }];
    case 'RecordAnswer':
      return state.answered ? [] : [{ type: 'PhoneReplyAnswered', data: command.answer }];
  }
}

export const phoneMessageDecider = { initialState, evolve, decide };
