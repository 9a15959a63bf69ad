import { sameToken } from '../../../platform/auth/guards';
import { client, startTestApp, type TestApp } from '../../../testing/test-app';
import request from 'supertest';

describe('auth over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp()));
  afterAll(() => app.close());

  it('logs in each demo role with an httpOnly session cookie', async () => {
    for (const [email, role] of [
      ['medico1@example.it', 'doctor'],
      ['paziente1@example.it', 'patient'],
      ['admin@example.it', 'admin'],
      ['auditor@example.it', 'auditor'],
    ]) {
      const agent = request.agent(app.app.getHttpServer());
      const first = await agent.get('/api/auth/session').expect(200);
      expect(first.body.user).toBeNull();
      const login = await agent.post('/api/auth/login').set('X-CSRF-Token', first.body.csrfToken).send({ email, password: 'Password123!' }).expect(200);
      expect(login.body.user).toMatchObject({ role, id: app.ids[email] });
      const cookie = String(login.headers['set-cookie']);
      expect(cookie).toMatch(/sid=/);
      expect(cookie).toMatch(/HttpOnly/i);
      const session = await agent.get('/api/auth/session').expect(200);
      expect(session.body.user.role).toBe(role);
    }
  });

  it('says in Italian when the credentials are wrong, the same for an unknown email', async () => {
    const c = await client(app);
    const wrong = await c.agent.post('/api/auth/login').set('X-CSRF-Token', c.csrf).send({ email: 'medico1@example.it', password: 'sbagliata' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe('Email o password non corretti.');
    const unknown = await c.agent.post('/api/auth/login').set('X-CSRF-Token', c.csrf).send({ email: 'nessuno@example.it', password: 'x' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
    const invalid = await c.agent.post('/api/auth/login').set('X-CSRF-Token', c.csrf).send({ email: 'non-una-email', password: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toMatch(/Email non valida/);
  });

  it('requires the CSRF token to log in and changes the session id at login', async () => {
    const agent = request.agent(app.app.getHttpServer());
    const s = await agent.get('/api/auth/session');
    const before = String(s.headers['set-cookie']);
    expect((await agent.post('/api/auth/login').send({ email: 'medico1@example.it', password: 'Password123!' })).status).toBe(403);
    const login = await agent.post('/api/auth/login').set('X-CSRF-Token', s.body.csrfToken).send({ email: 'medico1@example.it', password: 'Password123!' });
    expect(String(login.headers['set-cookie']).split(';')[0]).not.toBe(before.split(';')[0]);
  });

  it('refuses a wrong CSRF token of the right length, for a visitor and for a logged-in user, appending nothing', async () => {
    const flip = (t: string) => t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A');
    const visitor = await client(app);
    const wrong = await visitor.agent
      .post('/api/auth/login')
      .set('X-CSRF-Token', flip(visitor.csrf))
      .send({ email: 'medico1@example.it', password: 'Password123!' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('csrf_non_valido');
    const doctor = await client(app, 'medico1@example.it');
    expect(flip(doctor.csrf)).toHaveLength(doctor.csrf.length);
    const before = await app.core.eventStore.headPosition();
    const res = await doctor.agent
      .post('/disponibilita/toggle')
      .set('X-CSRF-Token', flip(doctor.csrf))
      .send({ for: app.ids['medico1@example.it'], start: '2030-03-07T15:00:00Z', end: '2030-03-07T15:30:00Z' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('csrf_non_valido');
    // another visitor's valid token is not this session's
    const other = await client(app);
    expect((await doctor.agent.post('/api/auth/logout').set('X-CSRF-Token', other.csrf)).status).toBe(403);
    expect(await app.core.eventStore.headPosition()).toBe(before);
  });

  it("a visitor's token is bound to its signed cookie: a cookie the attacker made up is refused", async () => {
    const forged = 'inventato-dall-attaccante.firma-falsa';
    const res = await request(app.app.getHttpServer())
      .post('/api/auth/login')
      .set('Cookie', `csrf=${forged}`)
      .set('X-CSRF-Token', forged)
      .send({ email: 'medico1@example.it', password: 'Password123!' });
    expect(res.status).toBe(403);
  });

  it('logs out', async () => {
    const c = await client(app, 'medico1@example.it');
    const out = await c.agent.post('/api/auth/logout').set('X-CSRF-Token', c.csrf).expect(200);
    expect(out.body.user).toBeNull();
    expect((await c.agent.get('/api/me/bookings')).status).toBe(401);
  });

  it('keeps personal data out of the events in clear', async () => {
    const events = await app.core.eventStore.readAll({ streamPrefixes: ['user-'] });
    const raw = JSON.stringify(events);
    expect(raw).not.toMatch(/medico1@example\.it|Giulia|Rossi/);
    expect(events.filter((e) => e.type === 'UserRegistered')).toHaveLength(5);
  });

  it('lists doctors with their names, for visitors too', async () => {
    const c = await client(app);
    const res = await c.agent.get('/api/doctors').expect(200);
    expect(res.body.map((d: { name: string }) => d.name)).toEqual(['Giulia Rossi', 'Marco Bianchi']);
  });

  it('answers unknown API paths with an Italian JSON 404', async () => {
    const res = await request(app.app.getHttpServer()).get('/api/nulla');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Risorsa non trovata.');
  });
});

describe('sameToken', () => {
  it('compares by content, whatever the lengths, without throwing', () => {
    expect(sameToken('abcdef', 'abcdef')).toBe(true);
    expect(sameToken('abcdef', 'abcdeg')).toBe(false);
    expect(sameToken('abcdef', 'abc')).toBe(false);
    expect(sameToken('', 'abc')).toBe(false);
  });
});
