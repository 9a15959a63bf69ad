// Events of `contactpreferences-<userId>`: a patient's consent per channel (with the wording and the time) and their mobile.
import { z } from '../../platform/zod-it';
import { Sealed } from '../../platform/sealed';

const Channels = z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean(), push: z.boolean() });

/** the patient's four choices, whole, the words of each channel agreed to, and the mobile (E.164, sealed with their key) */
export const ContactPreferencesSet = z.object({
  userId: z.string(),
  channels: Channels,
  wording: z.record(z.string(), z.string()),
  phone: Sealed.nullable(),
  /** the keyed hash of the E.164 number: a reply from that number finds its patient */
  phoneLookup: z.string().nullable(),
  via: z.enum(['profile', 'registration']),
  at: z.string(),
});
/** STOP by reply: that channel off, until the patient turns it on again */
export const ContactChannelOptedOut = z.object({
  userId: z.string(),
  channel: z.enum(['sms', 'whatsapp']),
  providerMessageId: z.string(),
  at: z.string(),
});

export const ContactPreferencesEventSchemas = { ContactPreferencesSet, ContactChannelOptedOut } as const;
