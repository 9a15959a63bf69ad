import { slotId } from '@studio/contracts';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { DEMO_PASSWORD } from '../../../app/seed/demo-seed';
import { connect, sessionCookieOf } from '../../../testing/sockets';
import { startTestSmtp, type TestSmtp } from '../../../testing/smtp';
import { client, lastRequestPosition, ManualClock, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { registerPatients } from '../../../testing/patients';
import { UsersService } from '../users';

const PUBLIC_URL = 'https://studio.example.it';
const clock = new ManualClock(new Date('2030-03-04T06:00:00Z'));
let app: TestApp;
let smtp: TestSmtp;
let admin: Client;

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
  admin = await client(app, 'admin@example.it');
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('first start', () => {
  it('says no setup is needed once a staff account exists', async () => {
    const res = await request(app.app.getHttpServer()).get('/api/auth/setup-status').expect(200);
    expect(res.body).toEqual({ needsSetup: false, command: expect.stringContaining('npm run setup --') });
  });
});

describe('staff invitations', () => {
  let token: string;

  it('only the administrator invites; bad input is refused in Italian, appending nothing', async () => {
    const before = await lastRequestPosition(app);
    const doctor = await client(app, 'medico1@example.it');
    expect((await post(doctor, '/api/staff/invitations', { email: 'x@example.it', role: 'doctor', name: 'A', surname: 'B' })).status).toBe(403);
    const bad = await post(admin, '/api/staff/invitations', { email: 'non-una-email', role: 'patient', name: '', surname: 'B' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/Email non valida|Ruolo non valido|Inserisci il nome/);
    const taken = await post(admin, '/api/staff/invitations', { email: 'medico2@example.it', role: 'doctor', name: 'A', surname: 'B' });
    expect(taken.status).toBe(409);
    expect(await lastRequestPosition(app)).toBe(before);
  });

  it('invites a doctor: 201, an email with a link under PUBLIC_URL valid 72 hours, the account listed as invited', async () => {
    const res = await post(admin, '/api/staff/invitations', { email: 'nuova.medica@example.it', role: 'doctor', name: 'Elena', surname: 'Neri' }).expect(201);
    expect(res.body).toMatchObject({
      name: 'Elena Neri',
      email: 'nuova.medica@example.it',
      roles: ['doctor'],
      status: 'invited',
      invitationExpiresAt: '2030-03-07T06:00:00.000Z',
    });
    const mail = await mailTo('nuova.medica@example.it', /Invito/);
    expect(mail.text).toMatch(/72 ore/);
    token = tokenIn(mail, 'invito');
    // the token is never in the log
    expect(JSON.stringify(await app.core.eventStore.readAll())).not.toContain(token.split('.')[2]);
    const list = await admin.agent.get('/api/staff').expect(200);
    expect(list.body.find((m: { email: string }) => m.email === 'nuova.medica@example.it')).toMatchObject({ status: 'invited' });
    // not bookable before accepting
    expect((await request(app.app.getHttpServer()).get('/api/doctors')).body.map((d: { name: string }) => d.name)).not.toContain('Elena Neri');
  });

  it('a forged or altered token, or a weak password, gets an Italian 4xx and appends nothing', async () => {
    const before = await lastRequestPosition(app);
    const visitor = await client(app);
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const forged = await post(visitor, '/api/auth/invitations/accept', { token: altered, password: 'orto-di-Carlo-1987' });
    expect(forged.status).toBe(410);
    expect(forged.body.error.message).toMatch(/invito non è valido/);
    const weak = await post(visitor, '/api/auth/invitations/accept', { token, password: 'qwertyuiop' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toMatch(/tra le più usate/);
    const short = await post(visitor, '/api/auth/invitations/accept', { token, password: 'corta' });
    expect(short.body.error.message).toMatch(/almeno 10 caratteri/);
    expect(await lastRequestPosition(app)).toBe(before);
  });

  it('accepting sets the password and logs the doctor in (201), who opens slots; the link works once', async () => {
    const visitor = await client(app);
    const res = await post(visitor, '/api/auth/invitations/accept', { token, password: 'orto-di-Carlo-1987' }).expect(201);
    expect(res.body.user).toMatchObject({ role: 'doctor', name: 'Elena Neri' });
    const doctorId = res.body.user.id as string;
    const doctor = { agent: visitor.agent, csrf: res.body.csrfToken as string };
    const opened = await post(doctor, '/disponibilita/toggle', { for: doctorId, start: '2030-03-06T09:00:00Z', end: '2030-03-06T09:30:00Z' });
    expect(opened.status).toBe(200);
    expect((await request(app.app.getHttpServer()).get('/api/doctors')).body.map((d: { name: string }) => d.name)).toContain('Elena Neri');
    const again = await post(await client(app), '/api/auth/invitations/accept', { token, password: 'orto-di-Carlo-1988' });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('invito_usato');
    expect((await login('nuova.medica@example.it', 'orto-di-Carlo-1987')).status).toBe(200);
  });

  it('an invitation past 72 hours is refused as expired', async () => {
    await post(admin, '/api/staff/invitations', { email: 'revisore@example.it', role: 'auditor', name: 'Rita', surname: 'Conti' }).expect(201);
    const late = tokenIn(await mailTo('revisore@example.it', /Invito/), 'invito');
    clock.advance(72 * 60);
    const before = await lastRequestPosition(app);
    const res = await post(await client(app), '/api/auth/invitations/accept', { token: late, password: 'orto-di-Carlo-1987' });
    clock.set('2030-03-04T06:00:00Z');
    expect(res.status).toBe(410);
    expect(res.body.error).toEqual({ code: 'invito_scaduto', message: expect.stringMatching(/scaduto/) });
    expect(await lastRequestPosition(app)).toBe(before);
  });
});

describe('one email, one account: invitations claim the address in the log', () => {
  const invitation = (email: string) => ({ email, role: 'doctor', name: 'Ada', surname: 'Sala' });
  const registration = (email: string) => ({
    name: 'Sara',
    surname: 'Neri',
    email,
    password: 'segreta123',
    phone: '+39 333 1234567',
    taxcode: 'RSSMRA75C22H50MA',
    consent: true,
  });
  const hashOf = (email: string) => app.core.personalData.lookupHash(email);
  /** every event ever appended about the address: its claims and the accounts made with it */
  const eventsFor = async (email: string) =>
    (await app.core.eventStore.readAll({ streamPrefixes: ['user-', 'email-'] })).filter((e) => e.data.emailHash === hashOf(email)).map((e) => e.type);
  afterEach(() => jest.restoreAllMocks());

  it('an invitation to an erased patient’s address is a new person, who accepts and logs in', async () => {
    const visitor = await client(app);
    const registered = await post(visitor, '/api/auth/register', registration('cancellata@example.it')).expect(201);
    await post(admin, `/api/audit/patients/${registered.body.user.id}/erase`, {}).expect(200);
    const invited = await post(admin, '/api/staff/invitations', invitation('cancellata@example.it')).expect(201);
    expect(invited.body).toMatchObject({ name: 'Ada Sala', email: 'cancellata@example.it', status: 'invited' });
    expect(invited.body.id).not.toBe(registered.body.user.id);
    const accepted = await post(await client(app), '/api/auth/invitations/accept', {
      token: tokenIn(await mailTo('cancellata@example.it', /Invito/), 'invito'),
      password: 'orto-di-Carlo-1987',
    }).expect(201);
    expect(accepted.body.user).toMatchObject({ id: invited.body.id, role: 'doctor', name: 'Ada Sala' });
    expect((await login('cancellata@example.it', 'orto-di-Carlo-1987')).body.user).toMatchObject({ id: invited.body.id });
    expect(await eventsFor('cancellata@example.it')).toEqual(['EmailClaimed', 'UserRegistered', 'EmailClaimed', 'StaffInvited']);
  });

  it('six invitations to one address at once: one 201, five Italian 409s, one claim and one account appended', async () => {
    // as if all had looked before any was written: only the event store can tell them apart
    jest.spyOn(app.app.get(UsersService), 'emailTaken').mockResolvedValue(false);
    const before = await lastRequestPosition(app);
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(() => post(admin, '/api/staff/invitations', invitation('sei.volte@example.it'))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409))
      expect(r.body.error).toEqual({ code: 'email_esistente', message: 'Esiste già un account con questa email.' });
    expect(await eventsFor('sei.volte@example.it')).toEqual(['EmailClaimed', 'StaffInvited']);
    const appended = (await app.core.eventStore.readAll()).filter((e) => e.position > before && e.metadata.role !== 'system');
    expect(appended.map((e) => e.type)).toEqual(['EmailClaimed', 'StaffInvited']);
    const staff = (await admin.agent.get('/api/staff').expect(200)).body as { email: string }[];
    expect(staff.filter((m) => m.email === 'sei.volte@example.it')).toHaveLength(1);
  });

  it('an invitation and a patient registration for one address at once: one account', async () => {
    jest.spyOn(app.app.get(UsersService), 'emailTaken').mockResolvedValue(false);
    const visitor = await client(app);
    const [invited, registered] = await Promise.all([
      post(admin, '/api/staff/invitations', invitation('contesa@example.it')),
      post(visitor, '/api/auth/register', registration('contesa@example.it')),
    ]);
    expect([invited.status, registered.status].sort()).toEqual([201, 409]);
    const loser = invited.status === 409 ? invited : registered;
    expect(loser.body.error.code).toBe('email_esistente');
    const accounts = (await eventsFor('contesa@example.it')).filter((t) => t !== 'EmailClaimed');
    expect(accounts).toHaveLength(1);
    expect(['UserRegistered', 'StaffInvited']).toContain(accounts[0]);
    expect((await eventsFor('contesa@example.it')).filter((t) => t === 'EmailClaimed')).toHaveLength(1);
  });
});

describe('roles, deactivation', () => {
  it('gives a doctor the administrator role too: one account, acting in one role at a time', async () => {
    const medico1 = app.ids['medico1@example.it'];
    const res = await admin.agent
      .put(`/api/staff/${medico1}/roles`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ roles: ['doctor', 'admin'] })
      .expect(200);
    expect(res.body.roles).toEqual(['doctor', 'admin']);
    const owner = await client(app, 'medico1@example.it');
    expect((await owner.agent.get('/api/auth/session')).body.user).toMatchObject({ role: 'doctor', roles: ['doctor', 'admin'] });
    expect((await owner.agent.get('/api/staff')).status).toBe(403);
    const switched = await post(owner, '/api/me/role', { role: 'admin' }).expect(200);
    expect(switched.body.user.role).toBe('admin');
    expect((await owner.agent.get('/api/staff')).status).toBe(200);
    expect((await post(owner, '/api/me/role', { role: 'auditor' })).status).toBe(403);
    // still a doctor for visitors
    expect((await request(app.app.getHttpServer()).get(`/api/doctors/${medico1}`)).status).toBe(200);
    const bad = await admin.agent
      .put(`/api/staff/${medico1}/roles`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ roles: ['patient'] });
    expect(bad.status).toBe(400);
  });

  it('deactivating a doctor ends their sessions and sockets, refuses their login, hides them, lists their future visits', async () => {
    const medico2 = app.ids['medico2@example.it'];
    const [p] = await registerPatients(app, 1);
    const held = await post(p, '/prenotazioni', { doctor_id: medico2, availability_id: slotId(medico2, '2030-03-05T14:00:00Z') }).expect(201);
    const doctor = await client(app, 'medico2@example.it');
    const socket = await connect(app, sessionCookieOf(doctor.agent as never));
    const closed = new Promise<string>((resolve) => (socket.once('disconnect', resolve), setTimeout(() => resolve('ancora aperto'), 5000).unref()));
    const res = await post(admin, `/api/staff/${medico2}/deactivate`, {}).expect(200);
    expect(res.body.member).toMatchObject({ status: 'deactivated' });
    expect(res.body.futureBookings).toEqual([expect.objectContaining({ bookingId: held.body.id, start: '2030-03-05T14:00:00Z', status: 'held' })]);
    const listed = await admin.agent.get(`/api/staff/${medico2}/future-bookings`).expect(200);
    expect(listed.body).toEqual(res.body.futureBookings);
    expect((await doctor.agent.get(`/api/staff/${medico2}/future-bookings`)).status).toBe(401);
    expect(await closed).toBe('io server disconnect');
    expect((await doctor.agent.get('/api/me/profile')).status).toBe(401);
    expect((await login('medico2@example.it', DEMO_PASSWORD)).status).toBe(401);
    expect((await request(app.app.getHttpServer()).get('/api/doctors')).body.map((d: { id: string }) => d.id)).not.toContain(medico2);
    expect((await request(app.app.getHttpServer()).get(`/api/doctors/${medico2}`)).status).toBe(404);
    // and not bookable by a direct call either
    expect((await request(app.app.getHttpServer()).get('/disponibilita/query').query({ for: medico2, date: '2030-03-06' })).status).toBe(404);
    const hold = await post(p, '/prenotazioni', { doctor_id: medico2, availability_id: slotId(medico2, '2030-03-06T14:00:00Z') });
    expect(hold.status).toBe(404);
    // nothing was cancelled
    expect((await p.agent.get(`/prenotazioni/${held.body.id}`).set('Accept', 'application/json')).body.status).toBe('held');
    const again = await post(admin, `/api/staff/${medico2}/deactivate`, {});
    expect(again.status).toBe(409);
    await post(admin, `/api/staff/${medico2}/reactivate`, {}).expect(200);
    expect((await login('medico2@example.it', DEMO_PASSWORD)).status).toBe(200);
    expect((await request(app.app.getHttpServer()).get('/api/doctors')).body.map((d: { id: string }) => d.id)).toContain(medico2);
  });

  it('the last active administrator cannot be deactivated; a patient is not staff', async () => {
    // medico1 became an administrator above: take it back so admin@ is the last
    const medico1 = app.ids['medico1@example.it'];
    await admin.agent
      .put(`/api/staff/${medico1}/roles`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ roles: ['doctor'] })
      .expect(200);
    admin = await client(app, 'admin@example.it');
    const before = await lastRequestPosition(app);
    const res = await post(admin, `/api/staff/${app.ids['admin@example.it']}/deactivate`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ultimo_amministratore');
    const lastRole = await admin.agent
      .put(`/api/staff/${app.ids['admin@example.it']}/roles`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ roles: ['auditor'] });
    expect(lastRole.status).toBe(409);
    expect((await post(admin, `/api/staff/${app.ids['paziente1@example.it']}/deactivate`, {})).status).toBe(404);
    expect(await lastRequestPosition(app)).toBe(before);
  });
});
