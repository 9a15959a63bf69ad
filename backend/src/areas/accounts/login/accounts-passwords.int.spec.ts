import { FORGOT_PASSWORD_ANSWER, slotId } from '@studio/contracts';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { DEMO_PASSWORD } from '../../../app/seed/demo-seed';
import { settle } from '../../../testing/settle';
import { startTestSmtp, type TestSmtp } from '../../../testing/smtp';
import { client, lastRequestPosition, ManualClock, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { registerPatients } from '../../../testing/patients';

const PUBLIC_URL = 'https://studio.example.it';
const clock = new ManualClock(new Date('2030-03-04T06:00:00Z'));
let app: TestApp;
let smtp: TestSmtp;

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)!.value[0].address;
/** the mail to `address` whose subject matches, waiting for it (a real SMTP server on loopback) */
async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  for (let n = smtp.received.length + 1; ; n++) {
    const found = smtp.received.find((m) => to(m) === address && subject.test(m.subject ?? ''));
    if (found) return found;
    await smtp.waitFor(n, 10_000);
  }
}
/** the token of the link under PUBLIC_URL in a message's text */
const tokenIn = (mail: ParsedMail, page: string) => {
  const match = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/${page}\\?token=(\\S+)`).exec(mail.text ?? '');
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]);
};
const post = (c: Client, path: string, body: object) => c.agent.post(path).set('X-CSRF-Token', c.csrf).send(body);
const login = async (email: string, password: string) => {
  const c = await client(app);
  return post(c, '/api/auth/login', { email, password });
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, NOTIFY_POLL_MS: '0', HOLD_SWEEP_SECONDS: '0' }, new Date('2030-03-04T06:00:00Z'), clock);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('passwords and sessions', () => {
  it('a forgotten password: 202 with the same body for a known and an unknown address; only the known one gets a link', async () => {
    const patient = await client(app, 'paziente1@example.it');
    const visitor = await client(app);
    const known = await post(visitor, '/api/auth/password/forgot', { email: 'paziente1@example.it' }).expect(202);
    const unknown = await post(visitor, '/api/auth/password/forgot', { email: 'nessuno@example.it' }).expect(202);
    expect(known.body).toEqual(FORGOT_PASSWORD_ANSWER);
    expect(unknown.body).toEqual(known.body);
    const mail = await mailTo('paziente1@example.it', /Nuova password/);
    expect(mail.text).toMatch(/60 minuti/);
    const token = tokenIn(mail, 'nuova-password');
    // every reaction to both requests has run and the outbox has sent all it decided: an absence that can be asserted
    await settle(app);
    expect(smtp.received.some((m) => to(m) === 'nessuno@example.it')).toBe(false);

    const before = await lastRequestPosition(app);
    const forged = await post(visitor, '/api/auth/password/reset', { token: `${token}x`, password: 'orto-di-Carlo-1987' });
    expect(forged.status).toBe(410);
    expect((await post(visitor, '/api/auth/password/reset', { token, password: 'password123' })).status).toBe(400);
    expect(await lastRequestPosition(app)).toBe(before);

    await post(visitor, '/api/auth/password/reset', { token, password: 'orto-di-Carlo-1987' }).expect(200);
    // every session of the account ended
    expect((await patient.agent.get('/api/me/profile')).status).toBe(401);
    expect((await login('paziente1@example.it', DEMO_PASSWORD)).status).toBe(401);
    expect((await login('paziente1@example.it', 'orto-di-Carlo-1987')).status).toBe(200);
    const reused = await post(visitor, '/api/auth/password/reset', { token, password: 'orto-di-Carlo-1999' });
    expect(reused.status).toBe(410);
    expect(reused.body.error.code).toBe('link_non_valido');
  });

  it('a reset link past 60 minutes is refused as expired', async () => {
    const visitor = await client(app);
    const sent = smtp.received.length;
    await post(visitor, '/api/auth/password/forgot', { email: 'auditor@example.it' }).expect(202);
    await smtp.waitFor(sent + 1);
    const token = tokenIn(await mailTo('auditor@example.it', /Nuova password/), 'nuova-password');
    clock.advance(60);
    const res = await post(visitor, '/api/auth/password/reset', { token, password: 'orto-di-Carlo-1987' });
    clock.set('2030-03-04T06:00:00Z');
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe('link_scaduto');
  });

  it('changing the password ends the other sessions and keeps this one', async () => {
    const [here, elsewhere] = [await client(app, 'auditor@example.it'), await client(app, 'auditor@example.it')];
    const wrong = await post(here, '/api/me/password', { currentPassword: 'sbagliata', newPassword: 'orto-di-Carlo-1987' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('La password attuale non è corretta.');
    expect((await post(here, '/api/me/password', { currentPassword: DEMO_PASSWORD, newPassword: '1234567890' })).status).toBe(400);
    await post(here, '/api/me/password', { currentPassword: DEMO_PASSWORD, newPassword: 'orto-di-Carlo-1987' }).expect(200);
    expect((await here.agent.get('/api/me/profile')).status).toBe(200);
    expect((await elsewhere.agent.get('/api/me/profile')).status).toBe(401);
    expect((await login('auditor@example.it', 'orto-di-Carlo-1987')).status).toBe(200);
  });

  it('"esci da tutti i dispositivi" ends every session of the account, this one too', async () => {
    const [here, elsewhere] = [await client(app, 'medico1@example.it'), await client(app, 'medico1@example.it')];
    const res = await post(here, '/api/me/logout-everywhere', {}).expect(200);
    expect(res.body.user).toBeNull();
    expect((await here.agent.get('/api/me/profile')).status).toBe(401);
    expect((await elsewhere.agent.get('/api/me/profile')).status).toBe(401);
  });

  it('the profile shows and edits one’s own contact details', async () => {
    const [p] = await registerPatients(app, 1);
    const profile = await p.agent.get('/api/me/profile').expect(200);
    expect(profile.body).toMatchObject({ id: p.id, email: p.email, roles: ['patient'], activeRole: 'patient' });
    const edited = await p.agent
      .put('/api/me/profile')
      .set('X-CSRF-Token', p.csrf)
      .send({ name: 'Paola', surname: 'Gialli', phone: '+39 333 1234567' })
      .expect(200);
    expect(edited.body).toMatchObject({ name: 'Paola', surname: 'Gialli', phone: '+39 333 1234567', email: p.email });
    const bad = await p.agent.put('/api/me/profile').set('X-CSRF-Token', p.csrf).send({ name: '', surname: 'Gialli' });
    expect(bad.status).toBe(400);
    expect((await request(app.app.getHttpServer()).get('/api/me/profile')).status).toBe(401);
  });
});

describe('patients confirm their email', () => {
  const meta = () => ({ userId: 'system', role: 'system' as const, at: clock.now().toISOString(), correlationId: 'c', causationId: 'c' });
  /** a confirmed visit, appended as the payment flow would, so the outbox decides its messages and reminder */
  async function confirmedVisit(bookingId: string, patientId: string, start: string) {
    const doctorId = app.ids['medico1@example.it'];
    const end = start.replace(':00:00Z', ':30:00Z');
    await app.core.eventStore.append(
      `booking-${bookingId}`,
      [
        {
          type: 'BookingHeld',
          data: { bookingId, patientId, doctorId, slotId: slotId(doctorId, start), start, end, expiresAt: '2030-03-04T06:15:00.000Z' },
          metadata: meta(),
        },
        { type: 'BookingConfirmed', data: { bookingId, orderId: `o-${bookingId}` }, metadata: meta() },
      ],
      { expectedRevision: 'no_stream' },
    );
  }

  it('a registered patient gets a link; until followed the agenda marks the address and no reminder goes to it', async () => {
    const c = await client(app);
    const email = 'nuova.paziente@example.it';
    const reg = await post(c, '/api/auth/register', {
      name: 'Nadia',
      surname: 'Sala',
      email,
      password: 'segreta123',
      phone: '333 1234567',
      taxcode: 'RSSMRA85T10A562S',
      consent: true,
    }).expect(201);
    const patientId = reg.body.user.id as string;
    const link = await mailTo(email, /Conferma il tuo indirizzo email/);
    const token = tokenIn(link, 'conferma-email');
    const me = { agent: c.agent, csrf: reg.body.csrfToken as string };
    expect((await me.agent.get('/api/me/profile')).body.emailConfirmed).toBe(false);

    await confirmedVisit('conferma-1', patientId, '2030-03-06T09:00:00Z');
    await settle(app);
    const doctor = await client(app, 'medico1@example.it');
    const agenda = await doctor.agent.get(`/api/doctors/${app.ids['medico1@example.it']}/agenda`).query({ from: '2030-03-06', to: '2030-03-06' }).expect(200);
    expect(agenda.body.find((i: { id: string }) => i.id === 'conferma-1')).toMatchObject({ emailUnconfirmed: true });
    // the reminder's time comes: dropped, not sent
    clock.set('2030-03-05T09:00:00Z');
    await settle(app);
    expect(smtp.received.filter((m) => to(m) === email).map((m) => m.subject)).not.toContainEqual(expect.stringMatching(/Promemoria/));
    const reminder = await app.core.eventStore.readStream('notification-reminder-conferma-1-0-patient');
    expect(reminder.map((e) => [e.type, (e.data as { reason?: string }).reason])).toContainEqual(['NotificationCancelled', 'email non confermata']);
    clock.set('2030-03-04T06:00:00Z');

    const forged = await post(await client(app), '/api/auth/email/confirm', { token: `${token}x` });
    expect(forged.status).toBe(410);
    await post(await client(app), '/api/auth/email/confirm', { token }).expect(200);
    expect((await me.agent.get('/api/me/profile')).body.emailConfirmed).toBe(true);
    const agendaAfter = await doctor.agent.get(`/api/doctors/${app.ids['medico1@example.it']}/agenda`).query({ from: '2030-03-06', to: '2030-03-06' });
    expect(agendaAfter.body.find((i: { id: string }) => i.id === 'conferma-1').emailUnconfirmed).toBeUndefined();
    // confirmed: the next visit's reminder is sent
    await confirmedVisit('conferma-2', patientId, '2030-03-07T09:00:00Z');
    await settle(app);
    clock.set('2030-03-06T09:00:00Z');
    await settle(app);
    clock.set('2030-03-04T06:00:00Z');
    expect((await mailTo(email, /Promemoria/)).subject).toMatch(/giovedì 7 marzo 2030/);
    expect((await post(me, '/api/me/email/confirmation', {})).status).toBe(409);
  });
});

describe('forgotten passwords are rate limited', () => {
  let limited: TestApp;
  beforeAll(async () => (limited = await startTestApp({ RATE_LIMIT_PASSWORD_RESET: '2', NOTIFY_POLL_MS: '0' })));
  afterAll(() => limited.close());
  it('past the limit per client the answer is a 429 in Italian', async () => {
    const c = await client(limited);
    for (const email of ['a@example.it', 'b@example.it']) await post(c, '/api/auth/password/forgot', { email }).expect(202);
    const res = await post(c, '/api/auth/password/forgot', { email: 'c@example.it' });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toMatch(/Troppe richieste di nuova password/);
  });
});
