import { phoneMessageStreamName } from '@studio/contracts';
import request from 'supertest';
import { lastRequestPosition, startTestApp, type TestApp } from '../../../testing/test-app';
import type { ProviderRefusal } from './messaging.port';
import { metaAdapter } from './meta.adapter';
import { metaSignature } from './meta-signature';
import { startMetaStandIn, type MetaStandIn } from './meta-stand-in';

const PUBLIC_URL = 'https://studio.example.it';
const WEBHOOK = `${PUBLIC_URL}/api/webhooks/whatsapp`;

describe('Meta WhatsApp Cloud API: the adapter against the stand-in, the handshake and the signed webhook', () => {
  let meta: MetaStandIn;
  let app: TestApp;
  let adapter: ReturnType<typeof metaAdapter>;
  const text = (to: string) => ({ channel: 'whatsapp' as const, to, body: 'Promemoria: visita domani alle 09:00.', idempotencyKey: 'reminder-1' });
  const template = (to: string, name = 'promemoria_visita') => ({
    ...text(to),
    template: { name, language: 'it', parameters: ['Studio Rossi', 'martedì 5 marzo alle 09:00'] },
  });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('accepted');
      },
      (e: unknown) => e as ProviderRefusal,
    );
  const statuses = async (id: string) =>
    (await app.core.eventStore.readStream(phoneMessageStreamName('meta', id)).catch(() => [])).map(
      (e) => e.data as { status: string; errorCode: string | null },
    );
  const server = () => request(app.app.getHttpServer());

  beforeAll(async () => {
    meta = await startMetaStandIn();
    app = await startTestApp({
      PUBLIC_URL,
      WHATSAPP_BASE_URL: meta.baseUrl,
      WHATSAPP_API_VERSION: meta.apiVersion,
      WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
      WHATSAPP_TOKEN: meta.token,
      WHATSAPP_APP_SECRET: meta.appSecret,
      WHATSAPP_VERIFY_TOKEN: meta.verifyToken,
    });
    meta.reachVia = app.url;
    adapter = metaAdapter({ ...app.core.config.whatsapp!, timeoutMs: 500 });
  });
  afterAll(async () => {
    await app.close();
    await meta.close();
  });

  it('answers the handshake with the challenge for our verify token only', async () => {
    const handshake = (token: string) =>
      server().get('/api/webhooks/whatsapp').query({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' });
    const ok = await handshake(meta.verifyToken).expect(200);
    expect(ok.text).toBe('1158201444');
    await handshake('another-token').expect(403);
  });

  it('sends an approved template outside the window, JSON with the Bearer token, and records its statuses once', async () => {
    const accepted = await adapter.send(template('+393331234567'));
    expect(accepted.providerMessageId).toMatch(/^wamid\./);
    expect(meta.messages.at(-1)).toMatchObject({ to: '393331234567', type: 'template', template: { name: 'promemoria_visita', language: 'it' } });
    expect(await meta.flushWebhooks(WEBHOOK)).toEqual([200, 200]);
    expect((await statuses(accepted.providerMessageId)).map((s) => s.status)).toEqual(['sent', 'delivered']);
  });

  it('reports a free-form text outside the 24-hour window as failed 131047 on the webhook', async () => {
    const accepted = await adapter.send(text('+393331234568'));
    await meta.flushWebhooks(WEBHOOK);
    expect(await statuses(accepted.providerMessageId)).toEqual([expect.objectContaining({ status: 'failed', errorCode: '131047' })]);
  });

  it('refuses an unapproved template for good, and a rate limit for now', async () => {
    expect(await refusal(adapter.send(template('+393331234567', 'non_approvato')))).toMatchObject({ code: '132001', permanent: true });
    meta.fault({ kind: 'rate_limit', retryAfterSeconds: 3 });
    expect(await refusal(adapter.send(template('+393331234567')))).toMatchObject({ code: '130429', permanent: false, retryAfterMs: 3000 });
    meta.fault({ kind: 'slow', ms: 1500 });
    expect(await refusal(adapter.send(template('+393331234567')))).toMatchObject({ code: 'network', permanent: false });
    meta.fault({ kind: 'lost' });
    expect(await refusal(adapter.send(template('+393331234567')))).toMatchObject({ code: 'network', permanent: false });
  });

  it('records a reply once, sealed, however often Meta delivers it', async () => {
    const { status, id } = await meta.reply(WEBHOOK, '+393331234567', '2');
    expect(status).toBe(200);
    const events = await app.core.eventStore.readStream(phoneMessageStreamName('meta', id));
    expect(events[0].type).toBe('PhoneReplyReceived');
    expect(JSON.stringify(events[0].data)).not.toContain('393331234567');
    expect(await app.core.personalData.open((events[0].data as { body: Parameters<typeof app.core.personalData.open>[0] }).body)).toBe('2');
    // the same delivery again (Meta retries until a 2xx): nothing appended
    const again = meta.signed({
      object: 'whatsapp_business_account',
      entry: [{ id: 'W', changes: [{ field: 'messages', value: { messages: [{ from: '393331234567', id, type: 'text', text: { body: '2' } }] } }] }],
    });
    await server()
      .post('/api/webhooks/whatsapp')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', again.signature)
      .send(again.raw)
      .expect(200);
    const again2 = await app.core.eventStore.readStream(phoneMessageStreamName('meta', id));
    expect(again2.filter((e) => e.type === 'PhoneReplyReceived')).toHaveLength(1);
  });

  it('answers 403 to a forged, altered or unsigned body and appends nothing', async () => {
    const before = await lastRequestPosition(app);
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        { id: 'W', changes: [{ field: 'messages', value: { messages: [{ from: '393331234567', id: 'wamid.forged', type: 'text', text: { body: '2' } }] } }] },
      ],
    };
    const raw = JSON.stringify(body);
    const post = (signature?: string) => {
      const r = server().post('/api/webhooks/whatsapp').set('Content-Type', 'application/json');
      return (signature ? r.set('X-Hub-Signature-256', signature) : r).send(raw);
    };
    await post(metaSignature('another-secret', raw)).expect(403);
    await post(metaSignature(meta.appSecret, raw.replace('"2"', '"1"'))).expect(403);
    await post().expect(403);
    expect(await lastRequestPosition(app)).toBe(before);
    expect(await statuses('wamid.forged')).toEqual([]);
  });
});
