import { z } from 'zod';
import type { AppConfig } from '../kernel/app-config';
import { unsetWhenEmpty } from './env-values';

/** the text providers' variables of the environment, spread into config.ts's Env (docs: configurazione.md) */
export const PhoneEnv = z.object({
  /** Twilio Programmable Messaging (SMS and WhatsApp); SID and token together, or none: outside production the stand-in */
  TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: unsetWhenEmpty(z.string().min(1).optional()),
  TWILIO_AUTH_TOKEN: unsetWhenEmpty(z.string().min(1).optional()),
  TWILIO_SMS_FROM: unsetWhenEmpty(z.string().min(1).optional()),
  TWILIO_WHATSAPP_FROM: unsetWhenEmpty(z.string().min(1).optional()),
  /** Meta's WhatsApp Business Cloud API; number id and token together, or none */
  WHATSAPP_BASE_URL: z.string().url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: unsetWhenEmpty(z.string().min(1).optional()),
  WHATSAPP_TOKEN: unsetWhenEmpty(z.string().min(1).optional()),
  WHATSAPP_APP_SECRET: unsetWhenEmpty(z.string().min(1).optional()),
  WHATSAPP_VERIFY_TOKEN: unsetWhenEmpty(z.string().min(1).optional()),
});
type PhoneEnvValues = z.infer<typeof PhoneEnv>;

/** Twilio and Meta's Cloud API as configured (each needs its id and secret together); neither, outside production: the stand-ins */
export function phoneProviders(e: PhoneEnvValues, production: boolean): Pick<AppConfig, 'twilio' | 'whatsapp' | 'phoneStandIns'> {
  return {
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? {
            baseUrl: e.TWILIO_BASE_URL,
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            smsFrom: e.TWILIO_SMS_FROM ?? null,
            whatsappFrom: e.TWILIO_WHATSAPP_FROM ?? null,
          }
        : null,
    whatsapp:
      e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_TOKEN
        ? {
            baseUrl: e.WHATSAPP_BASE_URL,
            apiVersion: e.WHATSAPP_API_VERSION,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            token: e.WHATSAPP_TOKEN,
            appSecret: e.WHATSAPP_APP_SECRET ?? null,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? null,
          }
        : null,
    phoneStandIns: !production && !(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN) && !(e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_TOKEN),
  };
}
