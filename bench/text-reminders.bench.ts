import { REMINDER_SETTINGS_STREAM, bookingStreamName, contactPreferencesStreamName, notificationStreamName, type EventMetadata } from '@studio/contracts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startApp } from '../backend/src/app/app';
import { startTwilioStandIn } from '../backend/src/areas/notifications/phone';
import { loadConfig } from '../backend/src/platform/config/config';
import { startTestSmtp } from '../backend/src/testing/smtp';
import { BENCH_RATE_LIMITS, login } from './availability.bench';
import { summary } from './stats';

const until = async (ok: () => boolean | Promise<boolean>, timeoutMs = 600_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('tempo scaduto');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Reminders by SMS, in one process (app + the Twilio stand-in on loopback, real HTTP both ways):
 * 1. BENCH_TEXT_VISITS visits (5,000) confirmed at once, their 24-hour reminders all due in the same minute: from that
 *    minute to the last reminder accepted by the stand-in, messages per second, and how many reached it twice (by the
 *    outbox's key, which Twilio's callback carries back);
 * 2. the inbound webhook (POST /api/webhooks/twilio, signed): p50 and p99 of BENCH_TEXT_REPLIES replies.
 */
export async function textRemindersBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const twilio = await startTwilioStandIn();
  // the emails of the same bookings go to a local SMTP server, as in the notifications section
  const smtp = await startTestSmtp();
  const config = loadConfig({
    ...BENCH_RATE_LIMITS,
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    HOLD_SWEEP_SECONDS: '0',
    NOTIFY_POLL_MS: '1000',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://studio.example.it',
    TWILIO_BASE_URL: twilio.baseUrl,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_SMS_FROM: twilio.smsFrom,
    FRONTEND_DIST: join(dataDir, 'none'),
  });
  config.frontendDist = null;
  const app = await startApp(config);
  twilio.reachVia = app.url.replace('localhost', '127.0.0.1');
  try {
    const base = app.url.replace('localhost', '127.0.0.1');
    const medico1 = (await login(base, 'medico1@example.it')).userId;
    const patient = (await login(base, 'paziente1@example.it')).userId;
    const meta: EventMetadata = { userId: 'system', role: 'system', at: new Date().toISOString(), correlationId: 'bench', causationId: 'bench' };
    const { personalData, eventStore } = app.core;
    await eventStore.append(
      REMINDER_SETTINGS_STREAM,
      [
        {
          type: 'ReminderSettingsSet',
          data: { channels: ['sms'], hoursBefore: [24], quietHours: null, whatsappProvider: 'twilio', senderName: '' },
          metadata: meta,
        },
      ],
      { expectedRevision: 'any' },
    );
    const phone = '+393331234567';
    await eventStore.append(
      contactPreferencesStreamName(patient),
      [
        {
          type: 'ContactPreferencesSet',
          data: {
            userId: patient,
            channels: { email: true, sms: true, whatsapp: false, push: false },
            wording: {},
            phone: await personalData.seal(patient, phone),
            phoneLookup: personalData.lookupHash(phone),
            via: 'profile',
            at: meta.at,
          },
          metadata: meta,
        },
      ],
      { expectedRevision: 'any' },
    );

    // 1. n visits whose reminders are due at the same minute, 24 hours and a bit from now (in the practice's zone)
    const n = Number(process.env.BENCH_TEXT_VISITS ?? 5000);
    const leadMs = Number(process.env.BENCH_TEXT_LEAD_SECONDS ?? 60) * 1000;
    const dueAt = Math.ceil((Date.now() + leadMs) / 60_000) * 60_000;
    const visitInstant = dueAt + 24 * 3_600_000;
    // the slot's wall clock in the practice's zone ('…Z' = practice time), as the slots are written
    const wall = new Intl.DateTimeFormat('sv-SE', { timeZone: config.practiceTimeZone, dateStyle: 'short', timeStyle: 'medium' }).format(
      new Date(visitInstant),
    );
    const start = `${wall.replace(' ', 'T')}Z`;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const id = `bench-text-${i}`;
      await eventStore.append(
        bookingStreamName(id),
        [
          {
            type: 'BookingHeld',
            data: { bookingId: id, patientId: patient, doctorId: medico1, slotId: `${medico1}_${start}`, start, end: start, expiresAt: meta.at },
            metadata: meta,
          },
          { type: 'BookingConfirmed', data: { bookingId: id, orderId: `o-${id}` }, metadata: meta },
        ],
        { expectedRevision: 'no_stream' },
      );
    }
    const reminders = () => twilio.messages.filter((m) => m.body.includes('promemoria'));
    if (process.env.BENCH_TEXT_DEBUG) {
      await new Promise((r) => setTimeout(r, 8000));
      const all = await eventStore.readAll({ streamPrefixes: ['notification-'] });
      console.log(
        all.length,
        all.slice(-6).map((e) => `${e.stream} ${e.type} ${JSON.stringify(e.data).slice(0, 200)}`),
        twilio.messages.length,
      );
    }
    await until(() => twilio.messages.length >= n, 600_000);
    const confirmationsAt = performance.now();
    if (Date.now() > dueAt) console.warn(`Promemoria SMS: le conferme hanno superato il minuto di scadenza (BENCH_TEXT_LEAD_SECONDS più alto)`);
    await until(() => Date.now() >= dueAt, leadMs + 60_000);
    const dueMark = performance.now();
    await until(() => reminders().length >= n);
    const doneAt = performance.now();
    await new Promise((r) => setTimeout(r, 2000));
    const keys = new Map<string, number>();
    for (const m of twilio.messages) {
      const key = m.statusCallback ? new URL(m.statusCallback).searchParams.get('n') : null;
      if (key) keys.set(key, (keys.get(key) ?? 0) + 1);
    }
    const twice = [...keys.values()].filter((c) => c > 1).length;
    const sent = (
      await Promise.all(Array.from({ length: Math.min(n, 50) }, (_, i) => eventStore.readStream(notificationStreamName(`text-reminder-bench-text-${i}-0-24h`))))
    ).filter((s) => s.some((e) => e.type === 'NotificationSent')).length;
    console.log(
      `Promemoria SMS: ${n} visite, conferme consegnate al sostituto di Twilio in ${((confirmationsAt - t0) / 1000).toFixed(2)} s; ` +
        `${n} promemoria in scadenza nello stesso minuto consegnati in ${((doneAt - dueMark) / 1000).toFixed(2)} s, ${(n / ((doneAt - dueMark) / 1000)).toFixed(0)}/s; ` +
        `arrivati due volte: ${twice}; segnati inviati (campione di ${Math.min(n, 50)}): ${sent}`,
    );

    // 2. the inbound webhook, signed as Twilio signs it
    const k = Number(process.env.BENCH_TEXT_REPLIES ?? 500);
    const times: number[] = [];
    for (let i = 0; i < k; i++) {
      const t0 = performance.now();
      const r = await twilio.reply('https://studio.example.it/api/webhooks/twilio', `+3933300${String(i).padStart(5, '0')}`, 'Grazie');
      times.push(performance.now() - t0);
      if (r.status !== 200) throw new Error(`webhook: HTTP ${r.status}`);
    }
    console.log(`Webhook di Twilio (risposta firmata registrata): ${summary(times)}`);
  } finally {
    await app.close();
    await twilio.close();
    await smtp.close();
  }
}
