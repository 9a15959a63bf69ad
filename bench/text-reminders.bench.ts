import { REMINDER_SETTINGS_STREAM, bookingStreamName, contactPreferencesStreamName, type EventMetadata } from '@studio/contracts';
import { performance } from 'node:perf_hooks';
import { startTwilioStandIn, twilioAdapter, type TwilioStandIn } from '../backend/src/areas/notifications/phone';
import type { Clock } from '../backend/src/platform/common/clock';
import { startBenchApp, until } from './bench-app';
import { percentile, summary } from './stats';

/** the real time moved by an offset: the bench brings the reminders' minute forward once the confirmations are out */
class ShiftedClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

const WEBHOOK = 'https://studio.example.it/api/webhooks/twilio';

/** how many messages each outbox key reached the stand-in with (the key comes back in the StatusCallback's `n`) */
function timesByKey(twilio: TwilioStandIn): Map<string, number> {
  const keys = new Map<string, number>();
  for (const m of twilio.messages) {
    const key = m.statusCallback ? new URL(m.statusCallback).searchParams.get('n') : null;
    if (key) keys.set(key, (keys.get(key) ?? 0) + 1);
  }
  return keys;
}

/** `n` texts straight through the Twilio adapter to a stand-in of their own, 16 at a time as the outbox sends: per second */
async function transportBaseline(n: number): Promise<number> {
  const twilio = await startTwilioStandIn();
  try {
    const adapter = twilioAdapter({
      baseUrl: twilio.baseUrl,
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      smsFrom: twilio.smsFrom,
      whatsappFrom: null,
      statusCallback: WEBHOOK,
    });
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = next++; i < n; i = next++) {
          await adapter.send({ channel: 'sms', to: '+393331234567', body: 'Promemoria: visita domani alle 09:00.', idempotencyKey: `baseline-${i}` });
        }
      }),
    );
    return n / ((performance.now() - t0) / 1000);
  } finally {
    await twilio.close();
  }
}

/**
 * Reminders by SMS, in one process (app + the Twilio stand-in on loopback, real HTTP both ways):
 * 1. BENCH_TEXT_VISITS visits (5,000) confirmed at once, appended side by side (the store group-commits them); their
 *    confirmations go out at once, and their 24-hour reminders are all due in the same minute, two hours ahead. Once
 *    the confirmations are out, the app's clock moves to that minute: from then to the last reminder accepted by the
 *    stand-in, messages per second, against the same texts sent straight through the adapter (the transport's
 *    ceiling, same run); then, with the outbox idle, every outbox key must have reached the stand-in once (else the
 *    bench fails);
 * 2. the inbound webhook (POST /api/webhooks/twilio, signed): p50 and p99 of BENCH_TEXT_REPLIES replies and as many
 *    status callbacks.
 */
export async function textRemindersBench(dataDir: string): Promise<void> {
  const twilio = await startTwilioStandIn();
  const clock = new ShiftedClock();
  const bench = await startBenchApp(
    dataDir,
    {
      NOTIFY_POLL_MS: '1000',
      PUBLIC_URL: 'https://studio.example.it',
      TWILIO_BASE_URL: twilio.baseUrl,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_SMS_FROM: twilio.smsFrom,
    },
    clock,
  );
  const { app, base, config, medico1, patient } = bench;
  twilio.reachVia = base;
  try {
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

    // 1. n visits whose reminders are due at the same minute, two hours ahead (in the practice's zone)
    const n = Number(process.env.BENCH_TEXT_VISITS ?? 5000);
    const dueAt = Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000;
    const visitInstant = dueAt + 24 * 3_600_000;
    // the slot's wall clock in the practice's zone ('…Z' = practice time), as the slots are written
    const wall = new Intl.DateTimeFormat('sv-SE', { timeZone: config.practiceTimeZone, dateStyle: 'short', timeStyle: 'medium' }).format(
      new Date(visitInstant),
    );
    const start = `${wall.replace(' ', 'T')}Z`;
    const t0 = performance.now();
    const CHUNK = 500;
    for (let from = 0; from < n; from += CHUNK) {
      await Promise.all(
        Array.from({ length: Math.min(CHUNK, n - from) }, (_, j) => {
          const id = `bench-text-${from + j}`;
          return eventStore.append(
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
        }),
      );
    }
    const seeded = performance.now();
    const reminders = () => twilio.messages.filter((m) => m.body.includes('promemoria'));
    await until(() => twilio.messages.length >= n, 1_200_000, 20);
    const confirmationsAt = performance.now();
    if (reminders().length > 0) throw new Error('promemoria partiti prima del loro minuto');
    // the reminders' minute: the outbox's next poll (every second) finds all n due
    clock.offsetMs = dueAt - Date.now();
    const dueMark = performance.now();
    await until(() => reminders().length >= n, 1_200_000, 20);
    const doneAt = performance.now();
    // nothing left to send or in flight: only then is a message reaching the stand-in twice impossible to miss
    await until(
      async () => (await app.core.readModels.find('notifications', { status: { in: ['pending', 'sending'] } }, { limit: 1 })).length === 0,
      120_000,
      50,
    );
    const keys = timesByKey(twilio);
    const twice = [...keys.values()].filter((c) => c > 1).length;
    const reminderKeys = [...keys.keys()].filter((k) => k.startsWith('text-reminder-bench-text-')).length;
    const rate = n / ((doneAt - dueMark) / 1000);
    const baseline = await transportBaseline(n);
    console.log(
      `Promemoria SMS: ${n} visite scritte in ${((seeded - t0) / 1000).toFixed(2)} s; ${n} conferme consegnate al sostituto di Twilio in ${((confirmationsAt - t0) / 1000).toFixed(2)} s; ` +
        `${n} promemoria in scadenza nello stesso minuto consegnati in ${((doneAt - dueMark) / 1000).toFixed(2)} s, ${rate.toFixed(0)}/s ` +
        `(base: gli stessi ${n} SMS dall'adattatore al sostituto, 16 alla volta, ${baseline.toFixed(0)}/s; ${(rate / baseline).toFixed(2)}×); ` +
        `chiavi dei promemoria arrivate: ${reminderKeys}; arrivate due volte: ${twice}`,
    );
    if (twice > 0 || reminderKeys !== n || reminders().length !== n) {
      throw new Error(`promemoria SMS: ${reminders().length} messaggi per ${reminderKeys} chiavi su ${n}, ${twice} chiavi arrivate più volte`);
    }

    // 2. the inbound webhook, signed as Twilio signs it: replies from numbers of no patient, then status callbacks
    const k = Number(process.env.BENCH_TEXT_REPLIES ?? 500);
    const replies: number[] = [];
    for (let i = 0; i < k; i++) {
      const t = performance.now();
      const r = await twilio.reply(WEBHOOK, `+3933300${String(i).padStart(5, '0')}`, 'Grazie');
      replies.push(performance.now() - t);
      if (r.status !== 200) throw new Error(`webhook: HTTP ${r.status}`);
    }
    const callbacks: number[] = [];
    for (const m of reminders().slice(0, k)) {
      const url = new URL(m.statusCallback!);
      const params = {
        AccountSid: twilio.accountSid,
        From: m.from,
        MessageSid: m.sid,
        MessageStatus: 'delivered',
        SmsSid: m.sid,
        SmsStatus: 'delivered',
        To: m.to,
      };
      const t = performance.now();
      const r = await fetch(`${base}${url.pathname}${url.search}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilio.signed(m.statusCallback!, params).signature },
        body: new URLSearchParams(params).toString(),
      });
      await r.arrayBuffer();
      callbacks.push(performance.now() - t);
      if (r.status !== 200) throw new Error(`webhook: HTTP ${r.status}`);
    }
    const p99 = percentile(
      [...replies, ...callbacks].sort((a, b) => a - b),
      99,
    );
    console.log(
      `Webhook di Twilio firmato: ${k} risposte registrate ${summary(replies)}; ${callbacks.length} esiti (delivered) registrati ${summary(callbacks)}; ` +
        `p99 di tutti ${p99.toFixed(1)} ms`,
    );
  } finally {
    await bench.close();
    await twilio.close();
  }
}
