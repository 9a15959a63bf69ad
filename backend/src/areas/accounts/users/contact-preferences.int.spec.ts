import { contactPreferencesStreamName } from '@studio/contracts';
import { client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { ContactPreferencesService } from './contact-preferences.service';

describe('PUT /api/me/contact-preferences: consent per channel, as events, and the mobile in E.164', () => {
  let app: TestApp;
  let patient: Client;
  let doctor: Client;
  let patientId: string;
  const put = (c: Client, body: unknown) => c.agent.put('/api/me/contact-preferences').set('X-CSRF-Token', c.csrf).send(body);

  beforeAll(async () => {
    app = await startTestApp();
    [patient, doctor] = await Promise.all([client(app, 'paziente1@example.it'), client(app, 'medico1@example.it')]);
    patientId = app.ids['paziente1@example.it'];
  });
  afterAll(() => app?.close());

  it('starts with email and push, no SMS nor WhatsApp', async () => {
    const res = await patient.agent.get('/api/me/contact-preferences').expect(200);
    expect(res.body.channels).toEqual({ email: true, sms: false, whatsapp: false, push: true });
    expect(res.body.setAt).toBeNull();
  });

  it('records the choice with its words and time, the number understood as typed and sealed', async () => {
    const res = await put(patient, { email: true, sms: false, whatsapp: true, push: false, phone: '333 123 4567' }).expect(200);
    expect(res.body).toMatchObject({ channels: { email: true, sms: false, whatsapp: true, push: false }, phone: '+393331234567' });
    const [event] = await app.core.eventStore.readStream(contactPreferencesStreamName(patientId));
    expect(event.type).toBe('ContactPreferencesSet');
    const data = event.data as { wording: Record<string, string>; at: string };
    expect(Object.keys(data.wording).sort()).toEqual(['email', 'whatsapp']);
    expect(data.wording.whatsapp).toContain('senza dati clinici');
    expect(data.at).toBeTruthy();
    expect(JSON.stringify(event.data)).not.toContain('3331234567');
    const service = app.app.get(ContactPreferencesService);
    expect(await service.patientByPhone('+393331234567')).toBe(patientId);
  });

  it('appends nothing for the same choice again', async () => {
    const before = await lastRequestPosition(app);
    await put(patient, { email: true, sms: false, whatsapp: true, push: false }).expect(200);
    expect(await lastRequestPosition(app)).toBe(before);
  });

  it('refuses in Italian a number that is none, and SMS without a number; a doctor may not', async () => {
    const before = await lastRequestPosition(app);
    const bad = await put(patient, { email: true, sms: true, whatsapp: false, push: true, phone: '12' }).expect(400);
    expect(bad.body.error.message).toContain('Numero di cellulare non valido');
    await put(patient, { email: true, sms: 'si', whatsapp: false, push: true }).expect(400);
    await put(doctor, { email: true, sms: true, whatsapp: false, push: true }).expect(403);
    expect(await lastRequestPosition(app)).toBe(before);
  });

  it('turns a channel off by STOP, once per reply message', async () => {
    const service = app.app.get(ContactPreferencesService);
    const metadata = { userId: 'system', role: 'system' as const, at: new Date().toISOString(), correlationId: 'c', causationId: 'c' };
    await service.optOut(patientId, 'whatsapp', 'wamid.stop', metadata);
    await service.optOut(patientId, 'whatsapp', 'wamid.stop', metadata);
    const types = (await app.core.eventStore.readStream(contactPreferencesStreamName(patientId))).map((e) => e.type);
    expect(types).toEqual(['ContactPreferencesSet', 'ContactChannelOptedOut']);
    expect(await service.channels(patientId)).toMatchObject({ whatsapp: false, email: true });
  });
});
