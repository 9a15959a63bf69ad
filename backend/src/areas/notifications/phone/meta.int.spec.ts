import { phoneMessageStreamName } from '@studio/contracts';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { TextRepliesService } from './text-replies.service';
import type { ProviderRefusal } from './messaging.port';
import { metaAdapter } from './meta.adapter';
import { metaSignature } from './meta-signature';
import { startMetaStandIn, type MetaStandIn } from './meta-stand-in';
import { deliveryId, metaReports, PhoneWebhooksService } from './phone-webhooks.service';

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
  const head = () => app.core.eventStore.headPosition();
  const postSigned = (body: unknown) => {
    const { raw, signature } = meta.signed(body);
    return server().post('/api/webhooks/whatsapp').set('Content-Type', 'application/json').set('X-Hub-Signature-256', signature).send(raw);
  };
  const statusBatch = (id: string, statuses: string[], timestamp = '1709542800') => ({
    object: 'whatsapp_business_account',
    entry: [
      { id: 'W', changes: [{ field: 'messages', value: { statuses: statuses.map((status) => ({ id, status, timestamp, recipient_id: '393331234567' })) } }] },
    ],
  });

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
    // the answers to replies are the replies' specs': here the log grows only by what the webhooks append
    await app.app.get(TextRepliesService).onModuleDestroy();
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
    // the last webhook (delivered) replayed as it was: refused, nothing appended
    const before = await head();
    expect(await meta.replayLast()).toBe(403);
    expect(await head()).toBe(before);
  });

  it('accepts each distinct status update about one message, several in a batch, and refuses each one replayed', async () => {
    const id = 'wamid.sequence';
    await postSigned(statusBatch(id, ['sent', 'delivered'])).expect(200, { received: 2 });
    await postSigned(statusBatch(id, ['read'])).expect(200, { received: 1 });
    expect((await statuses(id)).map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    const before = await head();
    const replay = await postSigned(statusBatch(id, ['sent', 'delivered'])).expect(403);
    expect(replay.body).toEqual({ error: { code: 'richiesta_ripetuta', message: 'Questa richiesta firmata è già stata ricevuta.' } });
    await postSigned(statusBatch(id, ['read'])).expect(403);
    expect(await head()).toBe(before);
    // a distinct delivery (another timestamp) repeating a known status is accepted, adds no status, and its replay is refused
    await postSigned(statusBatch(id, ['read'], '1709542900')).expect(200);
    await postSigned(statusBatch(id, ['read'], '1709542900')).expect(403);
    expect((await statuses(id)).map((s) => s.status)).toEqual(['sent', 'delivered', 'read', undefined]);
  });

  it('of two copies of one webhook arriving together, one is recorded and the other refused', async () => {
    const before = await head();
    const answers = await Promise.all([postSigned(statusBatch('wamid.twice', ['sent'])), postSigned(statusBatch('wamid.twice', ['sent']))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    expect((await statuses('wamid.twice')).map((s) => s.status)).toEqual(['sent']);
    expect(await head()).toBe(before + 1);
  });

  it('completes a batch cut short: Meta sending it again records the reports still missing', async () => {
    // the process died after the first report of a batch of two: the first is recorded with the batch's delivery
    const batch = statusBatch('wamid.cut', ['sent', 'delivered']);
    const signature = meta.signed(batch).signature;
    const webhooks = app.app.get(PhoneWebhooksService);
    const [first] = metaReports(batch);
    expect(await webhooks.record('meta', { ...first, delivery: deliveryId('meta', signature, 0) })).toBe(true);
    await postSigned(batch).expect(200, { received: 2 });
    expect((await statuses('wamid.cut')).map((s) => s.status)).toEqual(['sent', 'delivered']);
    await postSigned(batch).expect(403);
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
    // the same signed delivery again (a replay): refused, nothing appended
    const before = await head();
    expect(await meta.replayLast()).toBe(403);
    expect(await head()).toBe(before);
    // the same message in another delivery (without the contacts): accepted, the reply still recorded once
    await postSigned({
      object: 'whatsapp_business_account',
      entry: [{ id: 'W', changes: [{ field: 'messages', value: { messages: [{ from: '393331234567', id, type: 'text', text: { body: '2' } }] } }] }],
    }).expect(200);
    const again = await app.core.eventStore.readStream(phoneMessageStreamName('meta', id));
    expect(again.map((e) => e.type)).toEqual(['PhoneReplyReceived', 'PhoneReportRepeated']);
  });

  it('answers 403 to a forged, altered or unsigned body and appends nothing', async () => {
    const before = await head();
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
    const unsigned = await post().expect(403);
    expect(unsigned.body).toEqual({ error: { code: 'firma_non_valida', message: 'Firma del messaggio non valida.' } });
    expect(await head()).toBe(before);
    expect(await statuses('wamid.forged')).toEqual([]);
  });
});
