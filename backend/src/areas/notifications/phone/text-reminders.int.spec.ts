import { bookingStreamName, notificationStreamName, type EventMetadata } from '@studio/contracts';
import { client, ManualClock, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { registerPatients } from '../../../testing/patients';
import { settle as settleApp } from '../../../testing/settle';
import { until } from '../../../testing/until';
import { startMetaStandIn, type MetaStandIn } from './meta-stand-in';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-stand-in';

const PUBLIC_URL = 'https://studio.example.it';
const clock = new ManualClock(new Date('2026-10-01T10:00:00.000Z'));
let app: TestApp;
let meta: MetaStandIn;
let twilio: TwilioStandIn;
let admin: Client;
let patient: string;
let doctor: string;

const metadata = (): EventMetadata => ({ userId: 'system', role: 'system', at: clock.now().toISOString(), correlationId: 'c', causationId: 'c' });
const append = (bookingId: string, type: string, data: object) =>
  app.core.eventStore.append(bookingStreamName(bookingId), [{ type, data, metadata: metadata() }], { expectedRevision: 'any' });
async function book(bookingId: string, start: string, end: string, patientId = patient) {
  await append(bookingId, 'BookingHeld', {
    bookingId,
    patientId,
    doctorId: doctor,
    slotId: `${doctor}_${start}`,
    start,
    end,
    expiresAt: clock.now().toISOString(),
  });
  await append(bookingId, 'BookingConfirmed', { bookingId, orderId: `o-${bookingId}` });
}
/** lets the reactors decide and the worker send, until nothing more comes (a failure's next channel is decided after the first send) */
const settle = () => settleApp(app);
const decided = async (id: string) => {
  const events = await app.core.eventStore.readStream(notificationStreamName(id)).catch(() => []);
  return { types: events.map((e) => e.type), first: events[0]?.data as { dueAt: string; channel: string; fallback: string[] } | undefined, events };
};

beforeAll(async () => {
  [meta, twilio] = await Promise.all([startMetaStandIn(), startTwilioStandIn()]);
  app = await startTestApp(
    {
      PUBLIC_URL,
      PRACTICE_NAME: 'Studio Rossi',
      NOTIFY_POLL_MS: '0',
      HOLD_SWEEP_SECONDS: '0',
      TWILIO_BASE_URL: twilio.baseUrl,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_SMS_FROM: twilio.smsFrom,
      TWILIO_WHATSAPP_FROM: twilio.whatsappFrom,
      WHATSAPP_BASE_URL: meta.baseUrl,
      WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
      WHATSAPP_TOKEN: meta.token,
      WHATSAPP_APP_SECRET: meta.appSecret,
    },
    new Date('2026-10-01T06:00:00Z'),
    clock,
  );
  meta.reachVia = app.url;
  twilio.reachVia = app.url;
  patient = app.ids['paziente1@example.it'];
  doctor = app.ids['medico1@example.it'];
  admin = await client(app, 'admin@example.it');
  const settings = { channels: ['whatsapp', 'sms', 'email'], hoursBefore: [48, 24], quietHours: { from: '21:00', to: '08:00' }, whatsappProvider: 'meta' };
  await admin.agent.put('/api/settings/reminders').set('X-CSRF-Token', admin.csrf).send(settings).expect(200);
  const p = await client(app, 'paziente1@example.it');
  await p.agent
    .put('/api/me/contact-preferences')
    .set('X-CSRF-Token', p.csrf)
    .send({ email: true, sms: true, whatsapp: true, push: false, phone: '333 123 4567' })
    .expect(200);
});
afterAll(async () => {
  await app?.close();
  await Promise.all([meta?.close(), twilio?.close()]);
});

describe('reminders by WhatsApp and SMS through the outbox', () => {
  // Monday 5 October 2026, 09:00 in Rome (07:00Z): booked on Thursday 1 October at 12:00 in Rome
  const start = '2026-10-05T09:00:00Z';

  it('confirms at booking on WhatsApp with the approved template, the number and words sealed in the log', async () => {
    await book('b1', start, '2026-10-05T09:30:00Z');
    await settle();
    const sent = meta.messages.filter((m) => m.to === '393331234567');
    expect(sent).toEqual([expect.objectContaining({ type: 'template', template: expect.objectContaining({ name: 'conferma_prenotazione', language: 'it' }) })]);
    expect(sent[0].template!.parameters).toEqual(['Studio Rossi', expect.any(String), 'lun 05/10 ore 09:00', '']);
    const confirmation = await decided('text-confirmation-b1-0');
    expect(confirmation.types).toEqual(['NotificationDecided', 'NotificationSending', 'NotificationSent']);
    const sentEvent = confirmation.events[2].data as { messageId: string; transport: string; content: object };
    expect(sentEvent).toMatchObject({ messageId: sent[0].id, transport: 'meta' });
    expect(JSON.stringify(confirmation.events)).not.toContain('3331234567');
    expect(await app.core.personalData.open(sentEvent.content as never)).toMatchObject({ to: '+393331234567' });
  });

  it('schedules the 48- and 24-hour reminders, and sends each when due, once', async () => {
    const r48 = await decided('text-reminder-b1-0-48h');
    const r24 = await decided('text-reminder-b1-0-24h');
    expect(r48.first).toMatchObject({ dueAt: '2026-10-03T07:00:00.000Z', channel: 'whatsapp', fallback: ['sms', 'email'] });
    expect(r24.first).toMatchObject({ dueAt: '2026-10-04T07:00:00.000Z' });
    clock.set('2026-10-03T07:00:00.000Z');
    await settle();
    await settle();
    expect(meta.messages.filter((m) => m.template?.name === 'promemoria_visita')).toHaveLength(1);
  });

  it('falls back to SMS when WhatsApp refuses for good (template not approved), shown as not delivered on WhatsApp', async () => {
    meta.approvedTemplates.delete('promemoria_visita');
    clock.set('2026-10-04T07:00:00.000Z');
    await settle();
    const failed = await decided('text-reminder-b1-0-24h');
    expect(failed.types).toEqual(['NotificationDecided', 'NotificationSending', 'NotificationFailed']);
    expect(failed.events[2].data).toMatchObject({ retryAt: null, permanent: true });
    const sms = twilio.messages.filter((m) => m.to === '+393331234567');
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toMatch(/^Studio Rossi: promemoria visita con .* lun 05\/10 ore 09:00\. Rispondi 1 per confermare, 2 per disdire\.$/);
    expect((await decided('text-reminder-b1-0-24h~sms')).types).toContain('NotificationSent');
    meta.approvedTemplates.add('promemoria_visita');
  });

  it('holds a text due in the quiet hours until 08:00, unless the visit is before 10:00 the next day', async () => {
    clock.set('2026-10-06T10:00:00.000Z');
    // Friday 9 October at 21:30 in Rome: the 24-hour reminder would leave on Thursday at 21:30, held to Friday 08:00
    await book('b2', '2026-10-09T21:30:00Z', '2026-10-09T22:00:00Z');
    await settle();
    expect((await decided('text-reminder-b2-0-24h')).first?.dueAt).toBe('2026-10-09T06:00:00.000Z');
    // booked on Thursday 8 October at 22:30 in Rome: for Friday at 11:00 the confirmation waits until 08:00 …
    clock.set('2026-10-08T20:30:00.000Z');
    await book('b3', '2026-10-09T11:00:00Z', '2026-10-09T11:30:00Z');
    // … for Friday at 09:00 it leaves at once, and so does the reminder of a visit inside the last window
    await book('b6', '2026-10-09T09:00:00Z', '2026-10-09T09:30:00Z');
    await settle();
    expect((await decided('text-confirmation-b3-0')).first?.dueAt).toBe('2026-10-09T06:00:00.000Z');
    expect((await decided('text-confirmation-b6-0')).first?.dueAt).toBe('2026-10-08T20:30:00.000Z');
    expect((await decided('text-reminder-b6-0-24h')).first?.dueAt).toBe('2026-10-08T20:30:00.000Z');
  });

  it('cancels the pending texts of a cancelled visit at once, and never sends them', async () => {
    clock.set('2026-10-07T10:00:00.000Z');
    await book('b4', '2026-10-12T11:00:00Z', '2026-10-12T11:30:00Z');
    await settle();
    expect((await decided('text-reminder-b4-0-48h')).types).toEqual(['NotificationDecided']);
    await append('b4', 'BookingCancelled', {
      bookingId: 'b4',
      patientId: patient,
      doctorId: doctor,
      slotId: `${doctor}_2026-10-12T11:00:00Z`,
      start: '2026-10-12T11:00:00Z',
      end: '2026-10-12T11:30:00Z',
      by: 'patient',
      reason: null,
      refund: 'full',
      at: clock.now().toISOString(),
    });
    // the clock has not moved: cancelled by the cancellation itself, not when due
    const cancelled = (r: Awaited<ReturnType<typeof decided>>) => r.types.includes('NotificationCancelled');
    const r48 = await until(() => decided('text-reminder-b4-0-48h'), cancelled);
    const r24 = await until(() => decided('text-reminder-b4-0-24h'), cancelled);
    expect(r48.types).toEqual(['NotificationDecided', 'NotificationCancelled']);
    expect(r24.types).toEqual(['NotificationDecided', 'NotificationCancelled']);
    expect(r48.events[1].data).toMatchObject({ reason: 'visita annullata', at: '2026-10-07T10:00:00.000Z' });
    // the confirmation had left already: nothing to cancel there
    expect((await decided('text-confirmation-b4-0')).types).toEqual(['NotificationDecided', 'NotificationSending', 'NotificationSent']);
    const before = meta.messages.length;
    clock.set('2026-10-10T09:00:00.000Z');
    await settle();
    expect((await decided('text-reminder-b4-0-48h')).types).toHaveLength(2);
    expect(meta.messages.slice(before).filter((m) => m.template?.parameters.includes('lun 12/10 ore 11:00'))).toEqual([]);
  });

  it('cancels the texts of a moved visit’s old time at once and decides those of the new time', async () => {
    clock.set('2026-10-07T11:00:00.000Z');
    await book('b8', '2026-10-13T11:00:00Z', '2026-10-13T11:30:00Z');
    await settle();
    await append('b8', 'BookingRescheduled', {
      bookingId: 'b8',
      patientId: patient,
      doctorId: doctor,
      fromSlotId: `${doctor}_2026-10-13T11:00:00Z`,
      fromStart: '2026-10-13T11:00:00Z',
      fromEnd: '2026-10-13T11:30:00Z',
      slotId: `${doctor}_2026-10-16T11:00:00Z`,
      start: '2026-10-16T11:00:00Z',
      end: '2026-10-16T11:30:00Z',
      sequence: 1,
      by: 'patient',
      at: clock.now().toISOString(),
    });
    const cancelled = (r: Awaited<ReturnType<typeof decided>>) => r.types.includes('NotificationCancelled');
    const old = await until(() => decided('text-reminder-b8-0-24h'), cancelled);
    expect(old.events[1].data).toMatchObject({ reason: 'visita spostata' });
    expect((await until(() => decided('text-reminder-b8-0-48h'), cancelled)).types).toEqual(['NotificationDecided', 'NotificationCancelled']);
    const next = await until(
      () => decided('text-reminder-b8-1-24h'),
      (r) => r.types.length > 0,
    );
    expect(next.types).toEqual(['NotificationDecided']);
    // the visit's wall clock is Rome's: 11:00 there is 09:00Z
    expect(next.first).toMatchObject({ dueAt: '2026-10-15T09:00:00.000Z', channel: 'whatsapp' });
  });

  it('sends no text to a patient who gave no consent', async () => {
    const [other] = await registerPatients(app, 1, 'senza-consenso');
    await book('b5', '2026-10-20T09:00:00Z', '2026-10-20T09:30:00Z', other.id);
    await settle();
    expect((await decided('text-confirmation-b5-0')).types).toEqual([]);
  });

  it('lists for the segreteria, and marks on the agenda, a text that reached no phone; shows a confirmation by reply', async () => {
    clock.set('2026-10-12T10:00:00.000Z');
    const [only] = await registerPatients(app, 1, 'solo-whatsapp');
    await only.agent
      .put('/api/me/contact-preferences')
      .set('X-CSRF-Token', only.csrf)
      .send({ email: true, sms: false, whatsapp: true, push: false, phone: '333 777 8888' })
      .expect(200);
    meta.approvedTemplates.delete('conferma_prenotazione');
    await book('b7', '2026-10-20T09:00:00Z', '2026-10-20T09:30:00Z', only.id);
    await settle();
    meta.approvedTemplates.add('conferma_prenotazione');
    const list = (await admin.agent.get('/api/reminders/undelivered').expect(200)).body;
    expect(list).toEqual([expect.objectContaining({ bookingId: 'b7', patientId: only.id, channel: 'whatsapp', errorCode: expect.stringContaining('132001') })]);
    const doctorClient = await client(app, 'medico1@example.it');
    await doctorClient.agent.get('/api/reminders/undelivered').expect(403);
    const agenda = (await admin.agent.get(`/api/doctors/${doctor}/agenda?from=2026-10-20&to=2026-10-20`).expect(200)).body as {
      id: string;
      reminderUndelivered?: true;
    }[];
    expect(agenda.find((a) => a.id === 'b7')).toMatchObject({ reminderUndelivered: true });
  });
});
