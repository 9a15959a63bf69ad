import { REMINDER_SETTINGS_STREAM } from '@studio/contracts';
import { client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../testing/test-app';

const settings = {
  channels: ['whatsapp', 'sms', 'email'],
  hoursBefore: [24, 48],
  quietHours: { from: '21:00', to: '08:00' },
  whatsappProvider: 'twilio',
  senderName: 'StudioVerdi',
};

describe('PUT /api/settings/reminders', () => {
  let app: TestApp;
  let admin: Client;
  let doctor: Client;
  let patient: Client;
  const put = (c: Client, body: unknown) => c.agent.put('/api/settings/reminders').set('X-CSRF-Token', c.csrf).send(body);

  beforeAll(async () => {
    app = await startTestApp();
    [admin, doctor, patient] = await Promise.all([client(app, 'admin@example.it'), client(app, 'medico1@example.it'), client(app, 'paziente1@example.it')]);
  });
  afterAll(() => app?.close());

  it('shows the defaults before any setting, with the texts’ SMS parts and cost', async () => {
    const res = await admin.agent.get('/api/settings/reminders').expect(200);
    expect(res.body.settings).toEqual({
      channels: ['email', 'push'],
      hoursBefore: [48, 24],
      quietHours: { from: '21:00', to: '08:00' },
      whatsappProvider: 'meta',
      senderName: '',
    });
    const reminder = res.body.previews.find((p: { kind: string }) => p.kind === 'reminder');
    expect(reminder).toMatchObject({ encoding: 'GSM-7', segments: 1, estimatedCents: 8 });
    expect(reminder.text).toContain('Rispondi 1 per confermare, 2 per disdire.');
  });

  it('sets them as the administrator, applied at once, and the same again appends nothing', async () => {
    const res = await put(admin, settings).expect(200);
    expect(res.body.settings).toEqual({ ...settings, hoursBefore: [48, 24] });
    expect((await admin.agent.get('/api/settings/reminders').expect(200)).body.settings.channels).toEqual(['whatsapp', 'sms', 'email']);
    const before = await lastRequestPosition(app);
    await put(admin, settings).expect(200);
    expect(await lastRequestPosition(app)).toBe(before);
    expect((await app.core.eventStore.readStream(REMINDER_SETTINGS_STREAM)).map((e) => e.type)).toEqual(['ReminderSettingsSet']);
  });

  it('refuses a doctor and a patient', async () => {
    await put(doctor, settings).expect(403);
    await put(patient, settings).expect(403);
    await doctor.agent.get('/api/settings/reminders').expect(403);
  });

  it('refuses in Italian a bad hour, a repeated channel, an unknown provider, a long sender, writing nothing', async () => {
    const before = await lastRequestPosition(app);
    const bad = [
      { ...settings, quietHours: { from: '25:00', to: '08:00' } },
      { ...settings, channels: ['sms', 'sms'] },
      { ...settings, whatsappProvider: 'altro' },
      { ...settings, senderName: 'Studio Medico Verdi' },
      { ...settings, hoursBefore: [0] },
    ];
    for (const body of bad) {
      const res = await put(admin, body).expect(400);
      expect(JSON.stringify(res.body)).toMatch(/non valido|al massimo|Almeno|Ogni canale|Opzione|Valore/i);
    }
    expect(await lastRequestPosition(app)).toBe(before);
  });
});
