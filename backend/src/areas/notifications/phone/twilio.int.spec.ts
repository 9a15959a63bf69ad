import { phoneMessageStreamName } from '@studio/contracts';
import request from 'supertest';
import { lastRequestPosition, startTestApp, type TestApp } from '../../../testing/test-app';
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

  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    app = await startTestApp({
      PUBLIC_URL,
      TWILIO_BASE_URL: twilio.baseUrl,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_SMS_FROM: twilio.smsFrom,
      TWILIO_WHATSAPP_FROM: twilio.whatsappFrom,
    });
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
    // Twilio retries the same request until it gets a 2xx: the same signed form again appends nothing
    const params = { Body: 'SI', From: 'whatsapp:+393331234567', MessageSid: first.sid, SmsStatus: 'received', To: twilio.whatsappFrom };
    const again = twilio.signed(WEBHOOK, params);
    await request(app.app.getHttpServer()).post('/api/webhooks/twilio').set('X-Twilio-Signature', again.signature).type('form').send(params).expect(200);
    // (the answer to a number of no patient follows, once, from the replies' reactor)
    expect((await streamTypes(stream)).filter((t) => t === 'PhoneReplyReceived')).toHaveLength(1);
  });

  it('answers 403 to a forged, altered or unsigned message and appends nothing', async () => {
    const before = await lastRequestPosition(app);
    const params = { Body: 'ANNULLA', From: '+393331234567', MessageSid: 'SMforged', SmsStatus: 'received', To: twilio.smsFrom };
    const post = () => request(app.app.getHttpServer()).post('/api/webhooks/twilio').type('form');
    // signed with another token
    await post()
      .set('X-Twilio-Signature', twilioSignature('another-token', WEBHOOK, params))
      .send(params)
      .expect(403);
    // a genuine signature over another body
    const genuine = twilio.signed(WEBHOOK, { ...params, Body: 'SI' });
    await post().set('X-Twilio-Signature', genuine.signature).send(params).expect(403);
    // signed for another address
    const elsewhere = twilio.signed('https://altro.example.it/api/webhooks/twilio', params);
    await post().set('X-Twilio-Signature', elsewhere.signature).send(params).expect(403);
    await post().send(params).expect(403);
    expect(await lastRequestPosition(app)).toBe(before);
    expect(await streamTypes(phoneMessageStreamName('twilio', 'SMforged'))).toEqual([]);
  });
});
