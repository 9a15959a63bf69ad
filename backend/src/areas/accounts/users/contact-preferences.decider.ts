import { DEFAULT_CONTACT_PREFERENCES, type ContactChannel, type EventData } from '@studio/contracts';

/** `contactpreferences-<userId>`: a patient's consent per channel and mobile number */
export type ContactPreferencesEvent =
  { type: 'ContactPreferencesSet'; data: EventData<'ContactPreferencesSet'> } | { type: 'ContactChannelOptedOut'; data: EventData<'ContactChannelOptedOut'> };

export interface ContactPreferencesState {
  channels: Record<ContactChannel, boolean>;
  phoneLookup: string | null;
  optOuts: string[];
}

export type ContactPreferencesCommand =
  { type: 'SetContactPreferences'; preferences: EventData<'ContactPreferencesSet'> } | { type: 'OptOutByReply'; optOut: EventData<'ContactChannelOptedOut'> };

export const initialState = (): ContactPreferencesState => ({ channels: { ...DEFAULT_CONTACT_PREFERENCES }, phoneLookup: null, optOuts: [] });

export function evolve(state: ContactPreferencesState, event: ContactPreferencesEvent): ContactPreferencesState {
  switch (event.type) {
    case 'ContactPreferencesSet':
      return { ...state, channels: event.data.channels, phoneLookup: event.data.phoneLookup };
    case 'ContactChannelOptedOut':
      return { ...state, channels: { ...state.channels, [event.data.channel]: false }, optOuts: [...state.optOuts, event.data.providerMessageId] };
  }
}

/** the same choices and number again append nothing; a STOP is recorded once per message, even when already off */
export function decide(command: ContactPreferencesCommand, state: ContactPreferencesState): ContactPreferencesEvent[] {
  switch (command.type) {
    case 'SetContactPreferences': {
      const p = command.preferences;
      const same = (Object.keys(p.channels) as ContactChannel[]).every((c) => p.channels[c] === state.channels[c]) && p.phoneLookup === state.phoneLookup;
      return same ? [] : [{ type: 'ContactPreferencesSet', data: p }];
    }
    case 'OptOutByReply':
      return state.optOuts.includes(command.optOut.providerMessageId) ? [] : [{ type: 'ContactChannelOptedOut', data: command.optOut }];
  }
}

export const contactPreferencesDecider = { initialState, evolve, decide };
