import { bookingStreamName, conversationStreamName, notificationStreamName, phoneMessageStreamName, slotId } from '@studio/contracts';
import { NotificationsService } from '../mail/notifications.service';
import { TEST_TAXCODE } from '../../../testing/payments';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { client, ManualClock, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { startMetaStandIn, type MetaStandIn } from './meta-stand-in';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-stand-in';

// demo seed: today = Monday 2030-03-04; medico1 open 09:00–13:00 on weekdays
const PUBLIC_URL = 'https://studio.example.it';
const WHATSAPP_WEBHOOK = `${PUBLIC_URL}/api/webhooks/whatsapp`;
const SMS_WEBHOOK = `${PUBLIC_URL}/api/webhooks/twilio`;
const clock = new ManualClock(new Date('2030-03-04T06:00:00.000Z'));
let app: TestApp;
let meta: MetaStandIn;
let twilio: TwilioStandIn;
let notifications: NotificationsService;
let doctor: Client;
let medico1: string;

async function settle() {
  for (let i = 0; i < 4; i++) {
    await new Promise((r) => setTimeout(r, 200));
    await app.core.changes.waitFor(await app.core.eventStore.headPosition(), 5000);
    await notifications.runDue();
  }
}
const consent = (p: TestPatient, channels: { sms: boolean; whatsapp: boolean }, phone: string) =>
  p.agent
    .put('/api/me/contact-preferences')
    .set('X-CSRF-Token', p.csrf)
    .send({ email: true, push: false, ...channels, phone })
    .expect(200);
async function bookAndPay(p: TestPatient, start: string): Promise<string> {
  const bookingId = (
    await p.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', p.csrf)
      .send({ doctor_id: medico1, availability_id: slotId(medico1, start) })
      .expect(201)
  ).body.id as string;
  await doctor.agent
    .post(`/api/bookings/${bookingId}/desk-payment`)
    .set('X-CSRF-Token', doctor.csrf)
    .send({ method: 'cash', amountCents: 8000, taxcode: TEST_TAXCODE })
    .expect(201);
  return bookingId;
}
const types = async (stream: string) => (await app.core.eventStore.readStream(stream).catch(() => [])).map((e) => e.type);

beforeAll(async () => {
  [meta, twilio] = await Promise.all([startMetaStandIn(), startTwilioStandIn()]);
  app = await startTestApp(
    {
      PUBLIC_URL,
      PRACTICE_NAME: 'Studio Rossi',
      NOTIFY_POLL_MS: '0',
      HOLD_SWEEP_SECONDS: '0',
      CANCELLATION_CUTOFF_HOURS: '12',
      TWILIO_BASE_URL: twilio.baseUrl,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_SMS_FROM: twilio.smsFrom,
      WHATSAPP_BASE_URL: meta.baseUrl,
      WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
      WHATSAPP_TOKEN: meta.token,
      WHATSAPP_APP_SECRET: meta.appSecret,
    },
    undefined,
    clock,
  );
  meta.reachVia = app.url;
  twilio.reachVia = app.url;
  notifications = app.app.get(NotificationsService);
  medico1 = app.ids['medico1@example.it'];
  doctor = await client(app, 'medico1@example.it');
  const admin = await client(app, 'admin@example.it');
  await admin.agent
    .put('/api/settings/reminders')
    .set('X-CSRF-Token', admin.csrf)
    .send({ channels: ['whatsapp', 'sms', 'email'], hoursBefore: [48, 24], quietHours: { from: '21:00', to: '08:00' }, whatsappProvider: 'meta' })
    .expect(200);
});
afterAll(async () => {
  await app?.close();
  await Promise.all([meta?.close(), twilio?.close()]);
});

describe('answers by reply', () => {
  it('books, gets the confirmation and the 24-hour reminder on WhatsApp, answers "2" before the cut-off: cancelled, refunded, the slot offered by SMS to the next on the waiting list', async () => {
    // Monday 4 March, 10:00 in Rome (out of the quiet hours)
    clock.set('2030-03-04T09:00:00.000Z');
    const [booker, waiter] = await registerPatients(app, 2, 'risposte');
    await consent(booker, { sms: false, whatsapp: true }, '333 111 2222');
    await consent(waiter, { sms: true, whatsapp: false }, '333 333 4444');
    await waiter.agent
      .post('/api/waiting-list')
      .set('X-CSRF-Token', waiter.csrf)
      .send({ doctor_id: medico1, from: '2030-03-07', to: '2030-03-07' })
      .expect(201);
    // Thursday 7 March at 10:00 in Rome (09:00Z)
    const bookingId = await bookAndPay(booker, '2030-03-07T10:00:00Z');
    await settle();
    const toBooker = () => meta.messages.filter((m) => m.to === '393331112222');
    expect(toBooker().map((m) => m.template?.name)).toEqual(['conferma_prenotazione']);
    clock.set('2030-03-05T09:00:00.000Z');
    await settle();
    clock.set('2030-03-06T09:00:00.000Z');
    await settle();
    expect(toBooker().map((m) => m.template?.name)).toEqual(['conferma_prenotazione', 'promemoria_visita', 'promemoria_visita']);
    await meta.flushWebhooks(WHATSAPP_WEBHOOK);

    const { status, id } = await meta.reply(WHATSAPP_WEBHOOK, '+393331112222', '2');
    expect(status).toBe(200);
    await settle();
    const cancelled = (await app.core.eventStore.readStream(bookingStreamName(bookingId))).find((e) => e.type === 'BookingCancelled');
    expect(cancelled?.data).toMatchObject({ by: 'patient', refund: 'full' });
    expect((await app.core.eventStore.readStream(phoneMessageStreamName('meta', id))).at(-1)?.data).toMatchObject({ answer: 'cancelled', bookingId });
    // the reply replayed: refused, cancelled once and told once
    const told = toBooker().length;
    expect(await meta.replayLast()).toBe(403);
    await settle();
    expect((await types(bookingStreamName(bookingId))).filter((t) => t === 'BookingCancelled')).toHaveLength(1);
    expect(toBooker()).toHaveLength(told);
    // told on WhatsApp, inside the window the reply opened: free text
    expect(toBooker().at(-1)).toMatchObject({ type: 'text', body: expect.stringContaining("disdetta. Ti rimborsiamo l'intero pagamento.") });
    // the waiting list's offer, by SMS to the next patient
    const offer = twilio.messages.find((m) => m.to === '+393333334444');
    expect(offer?.body).toMatch(/^Studio Rossi: si è liberato un posto, visita con .* gio 07\/03 ore 10:00/);
  });

  it('confirms by "SI", forwards anything else to the segreteria, opts out by STOP; a reply delivered twice is answered once', async () => {
    const [patient] = await registerPatients(app, 1, 'conferma');
    await consent(patient, { sms: true, whatsapp: false }, '+39 333 555 6666');
    clock.set('2030-03-06T10:00:00.000Z');
    const bookingId = await bookAndPay(patient, '2030-03-08T11:00:00Z');
    await settle();
    const toPatient = () => twilio.messages.filter((m) => m.to === '+393335556666');
    expect(toPatient().map((m) => m.body)).toEqual([expect.stringContaining('prenotata visita')]);

    const yes = await twilio.reply(SMS_WEBHOOK, '+393335556666', 'Sì');
    await settle();
    expect((await app.core.eventStore.readStream(phoneMessageStreamName('twilio', yes.sid))).at(-1)?.data).toMatchObject({ answer: 'confirmed', bookingId });
    expect(toPatient().at(-1)?.body).toContain('confermata');
    const agenda = (await doctor.agent.get(`/api/doctors/${medico1}/agenda?from=2030-03-08&to=2030-03-08`).expect(200)).body as {
      id: string;
      confirmedByPatient?: true;
    }[];
    expect(agenda.find((a) => a.id === bookingId)).toMatchObject({ confirmedByPatient: true });

    const other = await twilio.reply(SMS_WEBHOOK, '+393335556666', 'Arrivo con 10 minuti di ritardo');
    await settle();
    expect(await types(conversationStreamName(patient.id))).toContain('MessageSent');
    expect(toPatient().at(-1)?.body).toContain('lo abbiamo passato alla segreteria');
    const sent = toPatient().length;
    // the same signed message again (a replay): refused, no second answer
    expect(await twilio.replayLast()).toBe(403);
    await settle();
    expect(toPatient()).toHaveLength(sent);
    expect((await types(conversationStreamName(patient.id))).filter((t) => t === 'MessageSent')).toHaveLength(1);

    await twilio.reply(SMS_WEBHOOK, '+393335556666', 'STOP');
    await settle();
    expect((await patient.agent.get('/api/me/contact-preferences').expect(200)).body.channels.sms).toBe(false);
    expect(await types(notificationStreamName(`text-answer-twilio-${other.sid}`))).toContain('NotificationSent');
  });
});
