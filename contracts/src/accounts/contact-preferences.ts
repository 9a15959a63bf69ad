import { z } from '../platform/zod-it';
import { STREAM_PREFIX } from '../platform/streams';

/** `contactpreferences-<userId>`: a patient's consent per channel, with the words they agreed to, and their mobile */
export const contactPreferencesStreamName = (userId: string) => `${STREAM_PREFIX.contactPreferences}${userId}`;

export const CONTACT_CHANNELS = ['email', 'sms', 'whatsapp', 'push'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** what the patient agrees to, channel by channel: recorded with each choice, as it was worded then */
export const CONTACT_CONSENT_WORDING: Record<ContactChannel, string> = {
  email: 'Ricevo per email conferme, promemoria e avvisi sulle mie visite.',
  sms: 'Ricevo per SMS conferme e promemoria delle mie visite, senza dati clinici, e posso rispondere per confermare o disdire.',
  whatsapp: 'Ricevo su WhatsApp conferme e promemoria delle mie visite, senza dati clinici, e posso rispondere per confermare o disdire.',
  push: 'Ricevo notifiche sul telefono o sul computer dall’app dello studio.',
};

/** before any choice: email and push as always; SMS and WhatsApp only once asked for */
export const DEFAULT_CONTACT_PREFERENCES: Record<ContactChannel, boolean> = { email: true, sms: false, whatsapp: false, push: true };

/** PUT /api/me/contact-preferences: the four choices; the mobile (any Italian or international way of writing it) */
export const ContactPreferencesRequest = z.object({
  email: z.boolean({ error: 'Indica sì o no per l’email' }),
  sms: z.boolean({ error: 'Indica sì o no per gli SMS' }),
  whatsapp: z.boolean({ error: 'Indica sì o no per WhatsApp' }),
  push: z.boolean({ error: 'Indica sì o no per le notifiche' }),
  phone: z.string().max(30, 'Numero di telefono troppo lungo').optional(),
});
export type ContactPreferencesRequest = z.infer<typeof ContactPreferencesRequest>;

/** GET and PUT /api/me/contact-preferences */
export interface ContactPreferencesView {
  channels: Record<ContactChannel, boolean>;
  /** E.164 (`+393331234567`); null: none given (the registration's number is used when it reads as a mobile) */
  phone: string | null;
  wording: Record<ContactChannel, string>;
  /** when the patient last chose (null: never, the defaults apply) */
  setAt: string | null;
}
