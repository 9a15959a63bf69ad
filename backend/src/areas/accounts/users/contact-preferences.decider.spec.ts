import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { contactPreferencesDecider } from './contact-preferences.decider';

const sealed = { keyId: 'u1', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const prefs = (whatsapp: boolean, phoneLookup: string | null = 'h1') => ({
  userId: 'u1',
  channels: { email: true, sms: false, whatsapp, push: true },
  wording: {},
  phone: phoneLookup ? sealed : null,
  phoneLookup,
  via: 'profile' as const,
  at: '2030-03-04T08:00:00Z',
});
const stop = { userId: 'u1', channel: 'whatsapp' as const, providerMessageId: 'wamid.1', at: '2030-03-04T09:00:00Z' };
const given = deciderSpec(contactPreferencesDecider);

describe('a patient’s channels', () => {
  it('records a new choice, and nothing for the same one', () => {
    given([])
      .when({ type: 'SetContactPreferences', preferences: prefs(true) })
      .then([{ type: 'ContactPreferencesSet', data: prefs(true) }]);
    given([{ type: 'ContactPreferencesSet', data: prefs(true) }])
      .when({ type: 'SetContactPreferences', preferences: prefs(true) })
      .then([]);
  });
  it('records a new number even with the same channels', () => {
    given([{ type: 'ContactPreferencesSet', data: prefs(true) }])
      .when({ type: 'SetContactPreferences', preferences: prefs(true, 'h2') })
      .then([{ type: 'ContactPreferencesSet', data: prefs(true, 'h2') }]);
  });
  it('turns a channel off by STOP once per reply, and on again by a new choice', () => {
    given([{ type: 'ContactPreferencesSet', data: prefs(true) }])
      .when({ type: 'OptOutByReply', optOut: stop })
      .then([{ type: 'ContactChannelOptedOut', data: stop }]);
    given([
      { type: 'ContactPreferencesSet', data: prefs(true) },
      { type: 'ContactChannelOptedOut', data: stop },
    ])
      .when({ type: 'OptOutByReply', optOut: stop })
      .then([]);
    given([
      { type: 'ContactPreferencesSet', data: prefs(true) },
      { type: 'ContactChannelOptedOut', data: stop },
    ])
      .when({ type: 'SetContactPreferences', preferences: prefs(true) })
      .then([{ type: 'ContactPreferencesSet', data: prefs(true) }]);
  });
});
