import { DEFAULT_CONTACT_PREFERENCES, STREAM_PREFIX } from '@studio/contracts';
import type { ContactChannel, ProjectionDefinition, Sealed } from '@studio/contracts';

/** a patient's channels and mobile as last chosen (the number sealed; its keyed hash finds the patient of a reply) */
export interface ContactPreferencesDoc {
  id: string;
  channels: Record<ContactChannel, boolean>;
  phone: Sealed | null;
  phoneLookup: string | null;
  setAt: string | null;
}

export const contactPreferencesProjection: ProjectionDefinition<ContactPreferencesDoc, 'ContactPreferencesSet' | 'ContactChannelOptedOut'> = {
  name: 'contact_preferences',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.contactPreferences],
  eventTypes: ['ContactPreferencesSet', 'ContactChannelOptedOut'],
  documentId: (event) => event.data.userId,
  evolve(doc, event) {
    const current = doc ?? { id: event.data.userId, channels: { ...DEFAULT_CONTACT_PREFERENCES }, phone: null, phoneLookup: null, setAt: null };
    switch (event.type) {
      case 'ContactPreferencesSet':
        return { ...current, channels: event.data.channels, phone: event.data.phone, phoneLookup: event.data.phoneLookup, setAt: event.data.at };
      case 'ContactChannelOptedOut':
        return { ...current, channels: { ...current.channels, [event.data.channel]: false }, setAt: event.data.at };
      default:
        return doc;
    }
  },
  indexes: { phone_lookup: { type: 'text', value: (d) => d.phoneLookup } },
};
