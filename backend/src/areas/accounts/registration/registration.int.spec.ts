import {
  CONTACT_CONSENT_WORDING,
  DUPLICATE_EMAIL_MESSAGE,
  PRIVACY_VERSION,
  contactPreferencesStreamName,
  emailClaimStreamName,
  userStreamName,
  type Sealed,
} from '@studio/contracts';
import request from 'supertest';
import { UsersService } from '../users';
import { client, lastRequestPosition, startTestApp, type TestApp } from '../../../testing/test-app';

const form = (email: string) => ({
  name: 'Sara',
  surname: 'Neri',
  email,
  password: 'segreta123',
  phone: '+39 333 1234567',
  taxcode: 'RSSMRA75C22H50MA', // omocodic
  consent: true,
});

describe('patient registration over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp()));
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  // what requests appended (the outbox appends the confirmation email on its own time, as role 'system')
  const head = () => lastRequestPosition(app);
  const register = async (body: object) => {
    const c = await client(app);
    return { ...c, res: await c.agent.post('/api/auth/register').set('X-CSRF-Token', c.csrf).send(body) };
  };

  it('registers a patient, logs them in with a new session id, and records the privacy consent', async () => {
    const c = await client(app);
    const before = String((await c.agent.get('/api/auth/session')).headers['set-cookie'] ?? '');
    const res = await c.agent.post('/api/auth/register').set('X-CSRF-Token', c.csrf).send(form('sara.neri@example.it')).expect(201);
    expect(res.body).toEqual({ user: { id: expect.any(String), role: 'patient', name: 'Sara Neri' }, csrfToken: expect.any(String) });
    expect(String(res.headers['set-cookie']).split(';')[0]).not.toBe(before.split(';')[0]);
    const id = res.body.user.id as string;
    expect((await c.agent.get('/api/auth/session').expect(200)).body.user).toEqual(res.body.user);
    // logged in: a patient-only call works with the new token
    expect((await c.agent.get('/api/questionnaires').expect(200)).body).toEqual([]);

    const events = await app.core.eventStore.readStream(userStreamName(id));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'ConsentRecorded', 'EmailConfirmationRequested']);
    expect(events[1].data).toEqual({ userId: id, document: 'privacy', version: PRIVACY_VERSION, at: events[1].metadata.at });
    expect(events[0].metadata).toMatchObject({ userId: id, role: 'patient' });
    const claim = await app.core.eventStore.readStream(emailClaimStreamName(app.core.personalData.lookupHash('sara.neri@example.it')));
    expect(claim.map((e) => [e.type, e.data.userId])).toEqual([['EmailClaimed', id]]);
    // personal data only sealed, and complete once opened
    expect(JSON.stringify([...events, ...claim])).not.toMatch(/Sara|Neri|sara\.neri|333 1234567|RSSMRA75C22H50MA/i);
    expect(await app.core.personalData.open(events[0].data.personal as Sealed)).toEqual({
      name: 'Sara',
      surname: 'Neri',
      email: 'sara.neri@example.it',
      phone: '+39 333 1234567',
      taxcode: 'RSSMRA75C22H50MA',
    });

    const again = await client(app);
    const login = await again.agent
      .post('/api/auth/login')
      .set('X-CSRF-Token', again.csrf)
      .send({ email: 'Sara.Neri@example.it', password: 'segreta123' })
      .expect(200);
    expect(login.body.user).toEqual({ id, role: 'patient', name: 'Sara Neri' });
  });

  it('accepts the HTML form: form-encoded, token in _token, checkbox "on"; always a patient', async () => {
    const c = await client(app);
    const res = await c.agent
      .post('/api/auth/register')
      .type('form')
      .send({ ...form('modulo@example.it'), consent: 'on', _token: c.csrf, role: 'admin' })
      .expect(201);
    // a role smuggled into the form is ignored: registration makes patients only
    expect(res.body.user).toMatchObject({ name: 'Sara Neri', role: 'patient' });
  });

  it('records the SMS and WhatsApp consent of the form, with its words and the registration’s mobile, as /profilo does', async () => {
    const c = await client(app);
    const res = await c.agent
      .post('/api/auth/register')
      .type('form')
      .send({ ...form('consenso.sms@example.it'), phone: '333 123 4567', consent: 'on', smsConsent: 'on', _token: c.csrf })
      .expect(201);
    const id = res.body.user.id as string;
    const events = await app.core.eventStore.readStream(contactPreferencesStreamName(id));
    expect(events.map((e) => e.type)).toEqual(['ContactPreferencesSet']);
    expect(events[0].data).toMatchObject({
      userId: id,
      channels: { email: true, sms: true, whatsapp: false, push: true },
      wording: { sms: CONTACT_CONSENT_WORDING.sms },
      via: 'registration',
      at: events[0].metadata.at,
    });
    expect(Object.keys(events[0].data.wording as object)).toEqual(['sms']);
    expect(JSON.stringify(events)).not.toContain('3331234567');
    const view = (await c.agent.get('/api/me/contact-preferences').expect(200)).body;
    expect(view).toMatchObject({ channels: { sms: true, whatsapp: false }, phone: '+393331234567', setAt: events[0].metadata.at });

    // no box ticked: no choice recorded (the defaults, as before); a number that is no phone with a box ticked: 400
    const plain = await register(form('senza.consenso@example.it'));
    expect(plain.res.status).toBe(201);
    expect(await app.core.eventStore.readStream(contactPreferencesStreamName(plain.res.body.user.id)).catch(() => [])).toEqual([]);
    const position = await head();
    const refused = await register({ ...form('numero.fisso@example.it'), phone: '123456', whatsappConsent: true });
    expect(refused.res.status).toBe(400);
    expect(refused.res.body.error.message).toMatch(/^Per SMS e WhatsApp serve un numero di cellulare/);
    expect(await head()).toBe(position);
  });

  it('refuses each invalid field with an Italian message, appending nothing', async () => {
    const cases: [object, RegExp][] = [
      [{ name: undefined }, /^Inserisci il nome\.$/],
      [{ surname: '   ' }, /^Inserisci il cognome\.$/],
      [{ email: undefined }, /^Inserisci l’email\.$/],
      [{ email: 'sara@' }, /^Email non valida\.$/],
      [{ password: 'corta' }, /^La password deve avere almeno 10 caratteri\.$/],
      [{ password: 'qwertyuiop' }, /^Questa password è tra le più usate/],
      [{ phone: '' }, /^Inserisci il numero di telefono\.$/],
      [{ phone: '333-abc' }, /^Numero di telefono non valido/],
      [{ taxcode: 'RSSMRA75C22H501A' }, /^Codice fiscale non valido/], // wrong check character
      [{ taxcode: 'RSSMRA75C22' }, /^Codice fiscale non valido/],
      [{ consent: false }, /^Devi accettare l’informativa sulla privacy\.$/],
      [{ consent: undefined }, /^Devi accettare l’informativa sulla privacy\.$/],
    ];
    const position = await head();
    for (const [change, message] of cases) {
      const { res } = await register({ ...form('invalido@example.it'), ...change });
      expect({ change, status: res.status, message: res.body.error?.message }).toEqual({ change, status: 400, message: expect.stringMatching(message) });
    }
    const missingBody = await register({});
    expect(missingBody.res.status).toBe(400);
    expect(await head()).toBe(position);
  });

  it('requires the CSRF token', async () => {
    const res = await request(app.app.getHttpServer()).post('/api/auth/register').send(form('senza-token@example.it'));
    expect(res.status).toBe(403);
  });

  it('refuses an email already registered, whatever its case, appending nothing', async () => {
    await register(form('doppia@example.it'));
    const position = await head();
    for (const email of ['doppia@example.it', ' DOPPIA@Example.it ', 'paziente1@example.it', 'medico1@example.it']) {
      const { res } = await register(form(email));
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'email_esistente', message: DUPLICATE_EMAIL_MESSAGE });
    }
    expect(await head()).toBe(position);
  });

  it('lets only one of two concurrent registrations with the same email through', async () => {
    const [a, b] = await Promise.all([register(form('gara@example.it')), register(form('Gara@example.it'))]);
    expect([a.res.status, b.res.status].sort()).toEqual([201, 409]);
    const hash = app.core.personalData.lookupHash('gara@example.it');
    const accounts = await app.core.readModels.find('users', { email_hash: hash });
    expect(accounts).toHaveLength(1);
  });

  it('holds even when both requests passed the read-model check: the email stream decides', async () => {
    // as if both had looked before either was written: only the event store can tell them apart
    jest.spyOn(app.app.get(UsersService), 'emailTaken').mockResolvedValue(false);
    const results = await Promise.all([1, 2, 3].map(() => register(form('corsa@example.it'))));
    expect(results.map((r) => r.res.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((r) => r.res.status === 409)) expect(r.res.body.error.message).toBe(DUPLICATE_EMAIL_MESSAGE);
    const hash = app.core.personalData.lookupHash('corsa@example.it');
    const registered = (await app.core.eventStore.readAll({ streamPrefixes: ['user-'] })).filter(
      (e) => e.type === 'UserRegistered' && e.data.emailHash === hash,
    );
    expect(registered).toHaveLength(1);
    expect(await app.core.eventStore.readStream(emailClaimStreamName(hash))).toHaveLength(1);
  });

  it('after an erasure the address is free: a new registration with it is a new person, and nothing tells it was ever used', async () => {
    const first = await register(form('rinasce@example.it'));
    expect(first.res.status).toBe(201);
    const erasedId = first.res.body.user.id as string;
    const admin = await client(app, 'admin@example.it');
    await admin.agent.post(`/api/audit/patients/${erasedId}/erase`).set('X-CSRF-Token', admin.csrf).expect(200);

    const again = await register({ ...form('Rinasce@example.it'), name: 'Lia' });
    expect(again.res.status).toBe(201);
    const newId = again.res.body.user.id as string;
    expect(newId).not.toBe(erasedId);
    expect(again.res.body.user).toEqual({ id: newId, role: 'patient', name: 'Lia Neri' });
    const hash = app.core.personalData.lookupHash('rinasce@example.it');
    const claims = await app.core.eventStore.readStream(emailClaimStreamName(hash));
    expect(claims.map((e) => e.data.userId)).toEqual([erasedId, newId]);
    // the erased person stays erased: the new one logs in as themselves, with nothing of the old account
    const visitor = await client(app);
    const login = await visitor.agent.post('/api/auth/login').set('X-CSRF-Token', visitor.csrf).send({ email: 'rinasce@example.it', password: 'segreta123' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: newId, name: 'Lia Neri' });
    expect((await app.app.get(UsersService).get(erasedId))?.erased).toBe(true);

    // the address belongs to a live account again: the next registration is refused
    const position = await head();
    const third = await register(form('rinasce@example.it'));
    expect(third.res.status).toBe(409);
    expect(third.res.body.error).toEqual({ code: 'email_esistente', message: DUPLICATE_EMAIL_MESSAGE });
    expect(await head()).toBe(position);
  });

  it('of concurrent registrations after an erasure only one takes the freed address', async () => {
    const first = await register(form('contesa@example.it'));
    const admin = await client(app, 'admin@example.it');
    await admin.agent.post(`/api/audit/patients/${first.res.body.user.id}/erase`).set('X-CSRF-Token', admin.csrf).expect(200);
    jest.spyOn(app.app.get(UsersService), 'emailTaken').mockResolvedValue(false);
    const results = await Promise.all([1, 2, 3, 4].map(() => register(form('contesa@example.it'))));
    expect(results.map((r) => r.res.status).sort()).toEqual([201, 409, 409, 409]);
    const hash = app.core.personalData.lookupHash('contesa@example.it');
    expect(await app.core.eventStore.readStream(emailClaimStreamName(hash))).toHaveLength(2);
    const registered = (await app.core.eventStore.readAll({ streamPrefixes: ['user-'] })).filter(
      (e) => e.type === 'UserRegistered' && e.data.emailHash === hash,
    );
    expect(registered).toHaveLength(2);
  });
});
