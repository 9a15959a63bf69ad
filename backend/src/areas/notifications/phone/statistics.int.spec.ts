import { bookingStreamName, phoneMessageStreamName, type EventMetadata, type VisitStatistics } from '@studio/contracts';
import { client, ManualClock, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { registerPatients } from '../../../testing/patients';
import { until } from '../../../testing/until';

const clock = new ManualClock(new Date('2026-08-03T10:00:00.000Z'));
let app: TestApp;
let admin: Client;
let doctor: Client;
let medico1: string;
let medico2: string;
let withPhone: string;
let emailOnly: string;

const metadata = (): EventMetadata => ({ userId: 'system', role: 'system', at: clock.now().toISOString(), correlationId: 'c', causationId: 'c' });
const append = (stream: string, type: string, data: object) =>
  app.core.eventStore.append(stream, [{ type, data, metadata: metadata() }], { expectedRevision: 'any' });
async function book(bookingId: string, patientId: string, doctorId: string, start: string) {
  const end = start.replace(':00:00Z', ':30:00Z');
  await append(bookingStreamName(bookingId), 'BookingHeld', {
    bookingId,
    patientId,
    doctorId,
    slotId: `${doctorId}_${start}`,
    start,
    end,
    expiresAt: clock.now().toISOString(),
  });
  await append(bookingStreamName(bookingId), 'BookingConfirmed', { bookingId, orderId: `o-${bookingId}` });
}
const reply = (id: string, bookingId: string, patientId: string, answer: string) =>
  append(phoneMessageStreamName('meta', id), 'PhoneReplyAnswered', {
    provider: 'meta',
    providerMessageId: id,
    answer,
    patientId,
    bookingId,
    at: clock.now().toISOString(),
  });
const figures = (c: Client, query: string) => c.agent.get(`/api/statistics?${query}`);

beforeAll(async () => {
  app = await startTestApp({ NOTIFY_POLL_MS: '0', HOLD_SWEEP_SECONDS: '0' }, new Date('2026-08-03T06:00:00Z'), clock);
  medico1 = app.ids['medico1@example.it'];
  medico2 = app.ids['medico2@example.it'];
  admin = await client(app, 'admin@example.it');
  doctor = await client(app, 'medico1@example.it');
  const settings = { channels: ['whatsapp', 'sms', 'email'], hoursBefore: [48, 24], quietHours: null, whatsappProvider: 'meta' };
  await admin.agent.put('/api/settings/reminders').set('X-CSRF-Token', admin.csrf).send(settings).expect(200);
  const [a, b] = await registerPatients(app, 2, 'statistiche');
  withPhone = a.id;
  emailOnly = b.id;
  await a.agent
    .put('/api/me/contact-preferences')
    .set('X-CSRF-Token', a.csrf)
    .send({ email: true, sms: false, whatsapp: true, push: false, phone: '333 123 4567' })
    .expect(200);
  // September: one confirmed by reply (WhatsApp), one missed (email); October: one cancelled by reply; medico2's own
  await book('s1', withPhone, medico1, '2026-09-10T09:00:00Z');
  await book('s2', emailOnly, medico1, '2026-09-11T09:00:00Z');
  await book('s3', withPhone, medico1, '2026-10-05T09:00:00Z');
  await book('s4', emailOnly, medico2, '2026-10-06T09:00:00Z');
  await reply('r1', 's1', withPhone, 'confirmed');
  await append(bookingStreamName('s2'), 'BookingOutcomeRecorded', {
    bookingId: 's2',
    patientId: emailOnly,
    doctorId: medico1,
    outcome: 'no_show',
    at: clock.now().toISOString(),
  });
  await append(bookingStreamName('s3'), 'BookingCancelled', {
    bookingId: 's3',
    patientId: withPhone,
    doctorId: medico1,
    slotId: `${medico1}_2026-10-05T09:00:00Z`,
    start: '2026-10-05T09:00:00Z',
    end: '2026-10-05T09:30:00Z',
    by: 'patient',
    reason: null,
    refund: 'full',
    at: clock.now().toISOString(),
  });
  await reply('r3', 's3', withPhone, 'cancelled');
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/statistics', () => {
  it('counts visits, answers and no-shows by month and channel of the last reminder, before and after a chosen day', async () => {
    // the reminders are decided by the reactors: wait until each visit has its last one (four rows only then)
    const body = await until(
      async () => (await figures(admin, 'from=2026-09&to=2026-10&compareAt=2026-10-01').expect(200)).body as VisitStatistics,
      (b) => b.rows.length === 4 && b.rows.every((r) => r.channel !== 'none'),
    );
    expect(body.rows).toEqual([
      { month: '2026-09', channel: 'whatsapp', visits: 1, confirmedByReply: 1, cancelledByReply: 0, cancelled: 0, noShows: 0, noShowRate: 0 },
      { month: '2026-09', channel: 'email', visits: 1, confirmedByReply: 0, cancelledByReply: 0, cancelled: 0, noShows: 1, noShowRate: 1 },
      { month: '2026-10', channel: 'whatsapp', visits: 1, confirmedByReply: 0, cancelledByReply: 1, cancelled: 1, noShows: 0, noShowRate: null },
      { month: '2026-10', channel: 'email', visits: 1, confirmedByReply: 0, cancelledByReply: 0, cancelled: 0, noShows: 0, noShowRate: 0 },
    ]);
    expect(body.totals).toMatchObject({ visits: 4, noShows: 1, cancelled: 1, noShowRate: 1 / 3 });
    expect(body.comparison).toEqual({
      at: '2026-10-01',
      before: expect.objectContaining({ visits: 2, noShows: 1, noShowRate: 0.5 }),
      after: expect.objectContaining({ visits: 2, cancelledByReply: 1, noShowRate: 0 }),
    });
    const one = (await figures(admin, `from=2026-10&to=2026-10&doctorId=${medico2}`).expect(200)).body as VisitStatistics;
    expect(one.totals.visits).toBe(1);
    expect(one.comparison).toBeNull();
  });

  it('shows a doctor only their own visits, and refuses another doctor’s and the patients', async () => {
    const own = (await figures(doctor, 'from=2026-09&to=2026-10').expect(200)).body as VisitStatistics;
    expect(own.totals.visits).toBe(3);
    expect((await figures(doctor, `from=2026-09&to=2026-10&doctorId=${medico1}`).expect(200)).body.totals.visits).toBe(3);
    const refused = await figures(doctor, `from=2026-09&to=2026-10&doctorId=${medico2}`).expect(403);
    expect(refused.body.error.message).toBe('Puoi vedere solo le tue statistiche.');
    const patient = await client(app, 'paziente1@example.it');
    await figures(patient, 'from=2026-09&to=2026-10').expect(403);
  });

  it('answers 400 in Italian for months that are not', async () => {
    expect((await figures(admin, 'from=2026-13&to=2026-10').expect(400)).body.error.message).toContain('Mese non valido');
    expect((await figures(admin, 'from=2026-10&to=2026-09').expect(400)).body.error.message).toContain('Il mese finale deve seguire quello iniziale');
    expect((await figures(admin, 'from=2026-09&to=2026-10&compareAt=2026-02-30').expect(400)).body.error.message).toContain('Data non valida');
  });
});
