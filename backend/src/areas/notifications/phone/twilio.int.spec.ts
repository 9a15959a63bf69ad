import { phoneMessageStreamName } from '@studio/contracts';
import request from 'supertest';
import type { EventStore } from '@studio/contracts';
import { closeCore } from '../../../app/infrastructure/core';
import { decideOnStream } from '../../../platform/event-store/decide';
import { SqliteEventStore } from '../../../platform/event-store/sqlite-event-store';
import { phoneMessageDecider } from './phone-message.decider';
import { deliveryId } from './phone-webhooks.service';
import { startTestApp, startTestAppIn, type TestApp } from '../../../testing/test-app';
import { TextRepliesService } from './text-replies.service';
import { type ProviderRefusal } from './messaging.port';
import { twilioAdapter } from './twilio.adapter';
import { twilioSignature } from './twilio-signature';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-stand-in';

const PUBLIC_URL = 'https://studio.example.it';
const WEBHOOK = `${PUBLIC_URL}/api/webhooks/twilio`;

describe('Twilio: the adapter against the stand-in, and the signed webhook', () => {
  let twilio: TwilioStandIn;
  let app: TestApp;
  let adapter: ReturnType<typeof twilioAdapter>;
  const text = (to: string, key = 'reminder-1') => ({ channel: 'sms' as const, to, body: 'Promemoria: visita domani alle 09:00.', idempotencyKey: key });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('accepted');
      },
      (e: unknown) => e as ProviderRefusal,
    );
  const streamTypes = async (stream: string) => (await app.core.eventStore.readStream(stream).catch(() => [])).map((e) => e.type);
  const head = () => app.core.eventStore.headPosition();
  const post = (params: Record<string, string>, url = WEBHOOK) =>
    request(app.app.getHttpServer()).post('/api/webhooks/twilio').set('X-Twilio-Signature', twilio.signed(url, params).signature).type('form').send(params);
  const env = () => ({
    PUBLIC_URL,
    TWILIO_BASE_URL: twilio.baseUrl,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_SMS_FROM: twilio.smsFrom,
    TWILIO_WHATSAPP_FROM: twilio.whatsappFrom,
  });
  const statusCallback = (sid: string, status: string, extra: Record<string, string> = {}) => ({
    AccountSid: twilio.accountSid,
    MessageSid: sid,
    MessageStatus: status,
    SmsSid: sid,
    SmsStatus: status,
    To: '+393331234570',
    ...extra,
  });

  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    app = await startTestApp(env());
    // the answers to replies are the replies' specs': here the log grows only by what the webhooks append
    await app.app.get(TextRepliesService).onModuleDestroy();
    // Twilio calls PUBLIC_URL; here that name reaches the test app
    twilio.reachVia = app.url;
    adapter = twilioAdapter({ ...app.core.config.twilio!, statusCallback: WEBHOOK, timeoutMs: 500 });
  });
  afterAll(async () => {
    await app.close();
    await twilio.close();
  });

  it('sends form-encoded with Basic auth and the status callback of the message', async () => {
    const accepted = await adapter.send(text('+393331234567'));
    expect(accepted).toEqual({ providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued' });
    const sent = twilio.messages.at(-1)!;
    expect(sent).toMatchObject({ to: '+393331234567', from: twilio.smsFrom, body: 'Promemoria: visita domani alle 09:00.' });
    expect(sent.statusCallback).toBe(`${WEBHOOK}?n=reminder-1`);
  });

  it('sends WhatsApp with whatsapp: before both numbers', async () => {
    await adapter.send({ ...text('+393331234567'), channel: 'whatsapp' });
    expect(twilio.messages.at(-1)).toMatchObject({ to: 'whatsapp:+393331234567', from: twilio.whatsappFrom });
  });

  it('records the statuses the callbacks report, signed over PUBLIC_URL, once each', async () => {
    const { providerMessageId } = await adapter.send(text('+393331234568', 'reminder-2'));
    // the two earlier messages' callbacks and this one's: sent then delivered each
    expect(await twilio.flushCallbacks()).toEqual([200, 200, 200, 200, 200, 200]);
    const stream = phoneMessageStreamName('twilio', providerMessageId);
    expect(await streamTypes(stream)).toEqual(['PhoneMessageStatusReported', 'PhoneMessageStatusReported']);
    const events = await app.core.eventStore.readStream(stream);
    expect(events.map((e) => (e.data as { status: string }).status)).toEqual(['sent', 'delivered']);
    // the last callback (delivered) replayed as it was: refused, nothing appended
    const before = await head();
    expect(await twilio.replayLast()).toBe(403);
    expect(await head()).toBe(before);
    expect(await streamTypes(stream)).toEqual(['PhoneMessageStatusReported', 'PhoneMessageStatusReported']);
  });

  it('accepts each distinct callback about one message (queued, sent, delivered) and refuses each one replayed, in Italian', async () => {
    const sid = 'SMsequence';
    for (const status of ['queued', 'sent', 'delivered']) await post(statusCallback(sid, status)).expect(200);
    const stream = phoneMessageStreamName('twilio', sid);
    const statuses = async () => (await app.core.eventStore.readStream(stream)).map((e) => [e.type, (e.data as { status?: string }).status]);
    expect(await statuses()).toEqual([
      ['PhoneMessageStatusReported', 'queued'],
      ['PhoneMessageStatusReported', 'sent'],
      ['PhoneMessageStatusReported', 'delivered'],
    ]);
    const before = await head();
    for (const status of ['queued', 'sent', 'delivered']) {
      const replay = await post(statusCallback(sid, status)).expect(403);
      expect(replay.body).toEqual({ error: { code: 'richiesta_ripetuta', message: 'Questa richiesta firmata è già stata ricevuta.' } });
    }
    expect(await head()).toBe(before);
    // a distinct delivery that only repeats a status is accepted and appends no status, and its own replay is refused
    await post(statusCallback(sid, 'delivered', { RawDlrDoneDate: '2403040901' })).expect(200);
    await post(statusCallback(sid, 'delivered', { RawDlrDoneDate: '2403040901' })).expect(403);
    expect((await statuses()).map(([type]) => type)).toEqual([
      'PhoneMessageStatusReported',
      'PhoneMessageStatusReported',
      'PhoneMessageStatusReported',
      'PhoneReportRepeated',
    ]);
  });

  it('of two copies of one callback arriving together, one is recorded and the other refused', async () => {
    const sid = 'SMtwice';
    const before = await head();
    const answers = await Promise.all([post(statusCallback(sid, 'sent')), post(statusCallback(sid, 'sent'))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    expect(await streamTypes(phoneMessageStreamName('twilio', sid))).toEqual(['PhoneMessageStatusReported']);
    expect(await head()).toBe(before + 1);
  });

  it('reports a message accepted and then not delivered with its error code', async () => {
    twilio.unreachable.add('+393331234569');
    const { providerMessageId } = await adapter.send(text('+393331234569', 'reminder-3'));
    await twilio.flushCallbacks();
    const events = await app.core.eventStore.readStream(phoneMessageStreamName('twilio', providerMessageId));
    expect(events.at(-1)!.data).toMatchObject({ status: 'failed', errorCode: '30003' });
  });

  it('refuses an invalid number (21211) and an unsubscribed one (21610) for good', async () => {
    expect(await refusal(adapter.send(text('333 123')))).toMatchObject({ code: '21211', permanent: true });
    twilio.unsubscribed.add('+393330000000');
    expect(await refusal(adapter.send(text('+393330000000')))).toMatchObject({ code: '21610', permanent: true });
  });

  it('retries after Retry-After on 429, and after a slow or lost answer', async () => {
    twilio.fault({ kind: 'rate_limit', retryAfterSeconds: 7 });
    expect(await refusal(adapter.send(text('+393331234567')))).toMatchObject({ code: '20429', permanent: false, retryAfterMs: 7000 });
    twilio.fault({ kind: 'slow', ms: 1500 });
    expect(await refusal(adapter.send(text('+393331234567')))).toMatchObject({ code: 'network', permanent: false });
    twilio.fault({ kind: 'lost' });
    expect(await refusal(adapter.send(text('+393331234567')))).toMatchObject({ code: 'network', permanent: false });
  });

  it('refuses wrong credentials without giving up the message', async () => {
    const wrong = twilioAdapter({ ...app.core.config.twilio!, authToken: 'not-the-token', statusCallback: WEBHOOK });
    expect(await refusal(wrong.send(text('+393331234567')))).toMatchObject({ code: '20003', permanent: false });
  });

  it('records a reply once, sealed, however often Twilio delivers it', async () => {
    const first = await twilio.reply(WEBHOOK, '+393331234567', 'SI', 'whatsapp');
    expect(first.status).toBe(200);
    expect(first.text).toContain('<Response>');
    const stream = phoneMessageStreamName('twilio', first.sid);
    const [event] = await app.core.eventStore.readStream(stream);
    expect(event.type).toBe('PhoneReplyReceived');
    expect(JSON.stringify(event.data)).not.toContain('393331234567');
    const data = event.data as { channel: string; body: Parameters<typeof app.core.personalData.open>[0] };
    expect(data.channel).toBe('whatsapp');
    expect(await app.core.personalData.open(data.body)).toBe('SI');
    // the same signed request again (a replay): refused, nothing appended
    const before = await head();
    expect(await twilio.replayLast()).toBe(403);
    expect(await head()).toBe(before);
    expect(await streamTypes(stream)).toEqual(['PhoneReplyReceived']);
  });

  it('answers 403 to a forged, altered or unsigned message and appends nothing', async () => {
    const before = await head();
    const params = { Body: 'ANNULLA', From: '+393331234567', MessageSid: 'SMforged', SmsStatus: 'received', To: twilio.smsFrom };
    const postForm = () => request(app.app.getHttpServer()).post('/api/webhooks/twilio').type('form');
    // signed with another token
    await postForm()
      .set('X-Twilio-Signature', twilioSignature('another-token', WEBHOOK, params))
      .send(params)
      .expect(403);
    // a genuine signature over another body
    const genuine = twilio.signed(WEBHOOK, { ...params, Body: 'SI' });
    await postForm().set('X-Twilio-Signature', genuine.signature).send(params).expect(403);
    // signed for another address
    const elsewhere = twilio.signed('https://altro.example.it/api/webhooks/twilio', params);
    await postForm().set('X-Twilio-Signature', elsewhere.signature).send(params).expect(403);
    const unsigned = await postForm().send(params).expect(403);
    expect(unsigned.body).toEqual({ error: { code: 'firma_non_valida', message: 'Firma del messaggio non valida.' } });
    expect(await head()).toBe(before);
    expect(await streamTypes(phoneMessageStreamName('twilio', 'SMforged'))).toEqual([]);
  });

  it('between two instances on one log, the expected revision decides: the one that checked before the other appended appends nothing', async () => {
    // a second instance: its own connection to the same events file, its own turns and state cache
    const config = app.core.config.eventStore;
    if (config.kind !== 'sqlite') throw new Error('il test usa il file SQLite degli eventi');
    const second = new SqliteEventStore(config.filename, { chainKey: config.chainKey });
    try {
      const params = statusCallback('SMinstances', 'sent');
      const stream = phoneMessageStreamName('twilio', 'SMinstances');
      // the second instance has read the stream (empty) when it stops, and goes on once the first has appended
      let read!: () => void;
      let resume!: () => void;
      const hasRead = new Promise<void>((r) => (read = r));
      const goOn = new Promise<void>((r) => (resume = r));
      let reads = 0;
      const paused: EventStore = Object.assign(Object.create(second) as EventStore, {
        readStream: async (name: string, options?: Parameters<EventStore['readStream']>[1]) => {
          const events = await second.readStream(name, options);
          if (name === stream && ++reads === 1) {
            read();
            await goOn;
          }
          return events;
        },
      });
      const at = new Date().toISOString();
      const report = { provider: 'twilio' as const, providerMessageId: 'SMinstances', status: 'sent', errorCode: null, at, notificationId: null };
      const metadata = { userId: 'system', role: 'system' as const, at, correlationId: 'twilio-SMinstances', causationId: 'twilio-SMinstances' };
      const onSecond = decideOnStream(
        paused,
        stream,
        phoneMessageDecider,
        { type: 'ReportStatus', report: { ...report, delivery: deliveryId('twilio', twilio.signed(WEBHOOK, params).signature) } },
        metadata,
        { onStale: 'decide-again' },
      );
      await hasRead;
      await post(params).expect(200);
      resume();
      // its append at the revision it read loses; decided again on the fresh stream, the delivery is known
      expect((await onSecond).events).toEqual([]);
      expect(reads).toBe(2);
      expect(await streamTypes(stream)).toEqual(['PhoneMessageStatusReported']);
    } finally {
      await second.close();
    }
  });

  it('refuses a replay after a restart: what was received is in the log, not in the process', async () => {
    const params = statusCallback('SMrestart', 'sent');
    await post(params).expect(200);
    // the process goes away (its stores close, its files stay) and a new one starts on the same files
    await app.app.close();
    await closeCore(app.core);
    app = await startTestAppIn(app.dataDir, env());
    // (the new process's reactors catch up on their own time: the message's stream is what this request may not grow)
    const stream = phoneMessageStreamName('twilio', 'SMrestart');
    await post(params).expect(403);
    expect(await streamTypes(stream)).toEqual(['PhoneMessageStatusReported']);
    await post(statusCallback('SMrestart', 'delivered')).expect(200);
    expect(await streamTypes(stream)).toEqual(['PhoneMessageStatusReported', 'PhoneMessageStatusReported']);
  });
});
