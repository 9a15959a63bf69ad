import { slotId } from '@studio/contracts';
import { TEST_TAXCODE } from './payments';
import { settle } from './settle';
import type { TestPatient } from './patients';
import { client, ManualClock, startTestApp, type Client, type TestApp } from './test-app';
import { startMetaStandIn, type MetaStandIn } from '../areas/notifications/phone/meta-stand-in';
import { startTwilioStandIn, type TwilioStandIn } from '../areas/notifications/phone/twilio-stand-in';

// the setup the replies' specs share: the demo seed (today = Monday 2030-03-04; medico1 open 09:00–13:00 on weekdays),
// Meta's stand-in for WhatsApp and, when asked, Twilio's for SMS, both reaching the app at PUBLIC_URL
export const PUBLIC_URL = 'https://studio.example.it';
export const WHATSAPP_WEBHOOK = `${PUBLIC_URL}/api/webhooks/whatsapp`;
export const SMS_WEBHOOK = `${PUBLIC_URL}/api/webhooks/twilio`;

export interface TextRepliesSuiteOptions {
  /** what the app takes for now at start (the test moves it) */
  now: string;
  /** SMS through Twilio's stand-in as well as WhatsApp through Meta's */
  sms: boolean;
  /** the practice's reminders (PUT /api/settings/reminders), WhatsApp by Meta */
  reminders: { channels: string[]; hoursBefore: number[]; quietHours: { from: string; to: string } | null };
  /** the day the demo seed starts from (startTestApp's default, 2030-03-04, when omitted) */
  today?: string;
  /** more settings for the app, read when it starts (a browser test's built frontend and PayPal stand-in) */
  env?: () => Record<string, string>;
}

export interface TextRepliesSuite {
  readonly app: TestApp;
  readonly clock: ManualClock;
  readonly meta: MetaStandIn;
  /** only with `sms` */
  readonly twilio: TwilioStandIn;
  readonly doctor: Client;
  readonly medico1: string;
  /** lets the reactors and the outbox handle what was appended, the outbox sending what is due by the clock */
  settle(): Promise<void>;
  /** the patient books `start` with medico1, paid at the desk in cash: the booking's id */
  bookAndPay(patient: TestPatient, start: string): Promise<string>;
  /** the patient agrees to be written to on these channels, at this number */
  consent(patient: TestPatient, channels: { sms: boolean; whatsapp: boolean }, phone: string): Promise<void>;
  /** the types of a stream's events, in order ([] for no stream) */
  types(stream: string): Promise<string[]>;
  count(stream: string, type: string): Promise<number>;
}

/** registers the suite's beforeAll and afterAll (in the describe it is called in, or the file's top level) */
export function textRepliesSuite(options: TextRepliesSuiteOptions): TextRepliesSuite {
  const clock = new ManualClock(new Date(options.now));
  let app: TestApp | undefined;
  let meta: MetaStandIn | undefined;
  let twilio: TwilioStandIn | undefined;
  let doctor: Client;
  let medico1: string;

  beforeAll(async () => {
    [meta, twilio] = await Promise.all([startMetaStandIn(), options.sms ? startTwilioStandIn() : undefined]);
    app = await startTestApp(
      {
        PUBLIC_URL,
        PRACTICE_NAME: 'Studio Rossi',
        NOTIFY_POLL_MS: '0',
        HOLD_SWEEP_SECONDS: '0',
        CANCELLATION_CUTOFF_HOURS: '12',
        ...(twilio
          ? { TWILIO_BASE_URL: twilio.baseUrl, TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_SMS_FROM: twilio.smsFrom }
          : {}),
        WHATSAPP_BASE_URL: meta.baseUrl,
        WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
        WHATSAPP_TOKEN: meta.token,
        WHATSAPP_APP_SECRET: meta.appSecret,
        ...options.env?.(),
      },
      options.today ? new Date(options.today) : undefined,
      clock,
    );
    meta.reachVia = app.url;
    if (twilio) twilio.reachVia = app.url;
    medico1 = app.ids['medico1@example.it'];
    doctor = await client(app, 'medico1@example.it');
    const admin = await client(app, 'admin@example.it');
    await admin.agent
      .put('/api/settings/reminders')
      .set('X-CSRF-Token', admin.csrf)
      .send({ ...options.reminders, whatsappProvider: 'meta' })
      .expect(200);
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([meta?.close(), twilio?.close()]);
  });

  const types = async (stream: string) => (await app!.core.eventStore.readStream(stream).catch(() => [])).map((e) => e.type);
  return {
    get app() {
      return app!;
    },
    clock,
    get meta() {
      return meta!;
    },
    get twilio() {
      if (!twilio) throw new Error('suite senza SMS: { sms: true } per il sostituto di Twilio');
      return twilio;
    },
    get doctor() {
      return doctor;
    },
    get medico1() {
      return medico1;
    },
    settle: () => settle(app!),
    async bookAndPay(patient, start) {
      const bookingId = (
        await patient.agent
          .post('/prenotazioni')
          .set('X-CSRF-Token', patient.csrf)
          .send({ doctor_id: medico1, availability_id: slotId(medico1, start) })
          .expect(201)
      ).body.id as string;
      await doctor.agent
        .post(`/api/bookings/${bookingId}/desk-payment`)
        .set('X-CSRF-Token', doctor.csrf)
        .send({ method: 'cash', amountCents: 8000, taxcode: TEST_TAXCODE })
        .expect(201);
      return bookingId;
    },
    async consent(patient, channels, phone) {
      await patient.agent
        .put('/api/me/contact-preferences')
        .set('X-CSRF-Token', patient.csrf)
        .send({ email: true, push: false, ...channels, phone })
        .expect(200);
    },
    types,
    count: async (stream, type) => (await types(stream)).filter((t) => t === type).length,
  };
}
