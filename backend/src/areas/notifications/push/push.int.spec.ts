import { NEW_MESSAGE_PUSH, notificationStreamName, pushStreamName } from '@studio/contracts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { decryptPush, deviceKeys, startPushStandIn, vapidClaims, type DeviceKeys, type PushStandIn } from '../../../testing/push-service-stand-in';
import { client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { PushChannel } from '../mail';
import type { WebPushChannel } from './web-push-channel';

describe('Web Push through the outbox: subscriptions, a loopback push service that decrypts, 410, forged endpoints', () => {
  let app: TestApp;
  let service: PushStandIn;
  let doctor: Client;
  let auditor: Client;
  let patient: TestPatient;
  let device: DeviceKeys;

  const post = (c: Client, path: string, body: object) => c.agent.post(path).set('X-CSRF-Token', c.csrf).send(body);
  const subscription = (endpoint: string, keys = device) => ({ endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.authBase64 } });
  async function until<T>(what: () => T | undefined | Promise<T | undefined>, label: string): Promise<T> {
    for (let i = 0; i < 300; i++) {
      const value = await what();
      if (value !== undefined) return value;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${label}`);
  }
  const streamTypes = async (stream: string) => (await app.core.eventStore.readStream(stream).catch(() => [])).map((e) => e.type);

  beforeAll(async () => {
    service = await startPushStandIn();
    const keysDir = mkdtempSync(join(tmpdir(), 'vapid-'));
    app = await startTestApp({
      PUSH_ALLOWED_ENDPOINTS: service.origin,
      VAPID_KEYS_FILE: join(keysDir, 'vapid.json'),
      VAPID_SUBJECT: 'mailto:studio@example.it',
    });
    // the test's own CA, as NODE_EXTRA_CA_CERTS would add it for the whole process
    (app.app.get(PushChannel) as WebPushChannel).extraCa = [service.certificate];
    [doctor, auditor] = await Promise.all(['medico1@example.it', 'auditor@example.it'].map((e) => client(app, e)));
    [patient] = await registerPatients(app, 1, 'push');
    await post(patient, '/api/me/care-shares', { doctorId: app.ids['medico1@example.it'] }).expect(200);
    device = deviceKeys();
  });
  afterAll(async () => {
    await app.close();
    await service.close();
  });

  it('a message from the doctor reaches the device encrypted, saying only that there is a message, with TTL, Urgency and a VAPID JWT', async () => {
    const { publicKey } = (await (await client(app)).agent.get('/api/push/public-key').expect(200)).body;
    await post(patient, '/api/me/push-subscriptions', subscription(`${service.origin}/device/1`)).expect(201);
    const sent = (await post(doctor, `/api/patients/${patient.id}/messages`, { text: 'Le analisi vanno bene, segreto clinico.' }).expect(201)).body;
    const push = await until(() => service.received.find((r) => r.path === '/device/1'), 'the push');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('normal');
    const { claims, k } = vapidClaims(String(push.headers.authorization));
    expect(k).toBe(publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe('mailto:studio@example.it');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    const payload = JSON.parse(decryptPush(push.body, device));
    expect(payload).toEqual({ title: 'Studio', body: NEW_MESSAGE_PUSH, topic: 'new_message', url: '/messaggi' });
    expect(push.body.toString('latin1')).not.toContain('segreto');
    // once only, through the outbox, marked sent on the push channel
    const stream = notificationStreamName(`push-message-${sent.id}`);
    await until(async () => ((await streamTypes(stream)).includes('NotificationSent') ? true : undefined), 'NotificationSent');
    const events = await app.core.eventStore.readStream(stream);
    expect(events.map((e) => e.type)).toEqual(['NotificationDecided', 'NotificationSending', 'NotificationSent']);
    expect((events[2].data as { transport: string }).transport).toBe('push');
  });

  it('a device the push service answers 410 is removed; the others still get the push', async () => {
    const gone = deviceKeys();
    await post(patient, '/api/me/push-subscriptions', subscription(`${service.origin}/gone/2`, gone)).expect(201);
    expect((await patient.agent.get('/api/me/push-settings').expect(200)).body.subscriptions).toBe(2);
    await post(doctor, `/api/patients/${patient.id}/messages`, { text: 'Secondo messaggio' }).expect(201);
    await until(async () => ((await streamTypes(pushStreamName(patient.id))).includes('PushUnsubscribed') ? true : undefined), 'the removal');
    expect((await patient.agent.get('/api/me/push-settings').expect(200)).body.subscriptions).toBe(1);
    expect(service.received.filter((r) => r.path === '/device/1')).toHaveLength(2);
  });

  it('a topic opted out of is not pushed (the outbox cancels it, saying why)', async () => {
    await patient.agent
      .put('/api/me/push-settings')
      .set('X-CSRF-Token', patient.csrf)
      .send({ optedOut: ['new_message'] })
      .expect(200);
    const sent = (await post(doctor, `/api/patients/${patient.id}/messages`, { text: 'Terzo' }).expect(201)).body;
    const stream = notificationStreamName(`push-message-${sent.id}`);
    await until(async () => ((await streamTypes(stream)).includes('NotificationCancelled') ? true : undefined), 'the cancellation');
    const [, cancelled] = await app.core.eventStore.readStream(stream);
    expect((cancelled.data as { reason: string }).reason).toBe('argomento escluso dal destinatario');
    await patient.agent.put('/api/me/push-settings').set('X-CSRF-Token', patient.csrf).send({ optedOut: [] }).expect(200);
  });

  it('a push service that answers 503 leaves the push failed and retried later by the outbox, never lost', async () => {
    const [busy] = await registerPatients(app, 1, 'push-occupato');
    await post(busy, '/api/me/care-shares', { doctorId: app.ids['medico1@example.it'] }).expect(200);
    await post(busy, '/api/me/push-subscriptions', subscription(`${service.origin}/busy/1`)).expect(201);
    const sent = (await post(doctor, `/api/patients/${busy.id}/messages`, { text: 'Quarto' }).expect(201)).body;
    const stream = notificationStreamName(`push-message-${sent.id}`);
    await until(async () => ((await streamTypes(stream)).includes('NotificationFailed') ? true : undefined), 'the failure');
    const failed = (await app.core.eventStore.readStream(stream)).find((e) => e.type === 'NotificationFailed')!;
    expect(failed.data).toMatchObject({ attempt: 1, error: expect.stringContaining('HTTP 503') });
    expect((failed.data as { retryAt: string | null }).retryAt).not.toBeNull();
  });

  it.each([
    ['loopback IPv4 on a port not allowed', 'https://127.0.0.1:1/x'],
    ['a private IPv4 network', 'https://10.1.2.3/push/abc'],
    ['loopback IPv6', 'https://[::1]/push/abc'],
    ['IPv4-mapped IPv6 of a private address', 'https://[::ffff:192.168.1.1]/push'],
    ['link-local', 'https://169.254.169.254/latest/meta-data'],
    ['a name that resolves to loopback', 'https://localhost/push/abc'],
    ['plain http', 'http://push.example.com/abc'],
  ])('refuses a forged subscription to %s (400, Italian, nothing written)', async (_what, endpoint) => {
    const before = (await streamTypes(pushStreamName(patient.id))).length;
    const res = await post(patient, '/api/me/push-subscriptions', subscription(endpoint)).expect(400);
    expect(res.body.error.message).toBe('Indirizzo del servizio di notifica non ammesso: deve essere https e pubblico.');
    expect((await streamTypes(pushStreamName(patient.id))).length).toBe(before);
  });

  it('refuses malformed keys, staff and the auditor; DELETE removes the device', async () => {
    const bad = await post(patient, '/api/me/push-subscriptions', { endpoint: `${service.origin}/x`, keys: { p256dh: 'corta', auth: 'x' } }).expect(400);
    expect(bad.body.error.message).toMatch(/p256dh|auth/);
    await post(doctor, '/api/me/push-subscriptions', subscription(`${service.origin}/doctor`)).expect(403);
    await post(auditor, '/api/me/push-subscriptions', subscription(`${service.origin}/auditor`)).expect(403);
    await patient.agent
      .delete('/api/me/push-subscriptions')
      .set('X-CSRF-Token', patient.csrf)
      .send(subscription(`${service.origin}/device/1`))
      .expect(200);
    expect((await patient.agent.get('/api/me/push-settings').expect(200)).body.subscriptions).toBe(0);
  });
});
