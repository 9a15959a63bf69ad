import { z } from '../platform/zod-it';
import { STREAM_PREFIX } from '../platform/streams';

/** `settings-reminders`: the practice's reminders (channels, schedule, quiet hours, provider, sender) */
export const REMINDER_SETTINGS_STREAM = `${STREAM_PREFIX.settings}reminders`;

export const REMINDER_CHANNELS = ['whatsapp', 'sms', 'email', 'push'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Orario non valido: scrivi HH:MM, per esempio 21:00');

/** PUT /api/settings/reminders (administrator): the channels in the order they are tried, and the rest */
export const ReminderSettingsRequest = z.object({
  channels: z
    .array(z.enum(REMINDER_CHANNELS))
    .max(REMINDER_CHANNELS.length)
    .refine((c) => new Set(c).size === c.length, 'Ogni canale al massimo una volta'),
  hoursBefore: z
    .array(z.number().int('Ore intere').min(1, 'Almeno un’ora prima').max(336, 'Al massimo 14 giorni prima'))
    .max(4, 'Al massimo quattro promemoria')
    .refine((h) => new Set(h).size === h.length, 'Ogni anticipo al massimo una volta'),
  quietHours: z
    .object({ from: clock, to: clock })
    .refine((q) => q.from !== q.to, 'Inizio e fine delle ore di silenzio coincidono')
    .nullable(),
  whatsappProvider: z.enum(['meta', 'twilio']),
  /** the SMS sender shown on the phone: an alphanumeric sender id (up to 11 letters and digits); empty: the number */
  senderName: z
    .string()
    .regex(/^[A-Za-z0-9 ]{0,11}$/, 'Mittente degli SMS: al massimo 11 lettere o cifre, senza accenti')
    .default(''),
});
export type ReminderSettings = z.infer<typeof ReminderSettingsRequest>;

/** before the administrator sets them: today's email and push, the schedule and the quiet hours of the product */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  channels: ['email', 'push'],
  hoursBefore: [48, 24],
  quietHours: { from: '21:00', to: '08:00' },
  whatsappProvider: 'meta',
  senderName: '',
};

/** one of the texts the settings preview: how many SMS it takes and what that costs, about */
export interface ReminderTextPreview {
  kind: string;
  text: string;
  encoding: 'GSM-7' | 'UCS-2';
  segments: number;
  estimatedCents: number;
}

/** GET /api/settings/reminders */
export interface ReminderSettingsView {
  settings: ReminderSettings;
  /** whether each provider is configured (or its stand-in serves) */
  providers: { twilio: boolean; meta: boolean };
  previews: ReminderTextPreview[];
}
