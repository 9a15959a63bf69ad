import type { Socket } from 'socket.io-client';
import { connect, nextChange, sessionCookieOf, watch } from '../testing/sockets';
import { client, startTestApp, type TestApp } from '../testing/test-app';

/**
 * The Fastify bench variant (app-fastify.ts) must run what BENCH_ONLY=fastify drives: login, CSRF, the toggle and its
 * push, with the app's headers, and sockets that know their session. Its other specs run with TEST_HTTP_ADAPTER=fastify.
 */
describe('the Fastify bench variant runs the toggle path end to end', () => {
  let app: TestApp;
  const sockets: Socket[] = [];
  const before = process.env.TEST_HTTP_ADAPTER;
  beforeAll(async () => {
    process.env.TEST_HTTP_ADAPTER = 'fastify';
    app = await startTestApp();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await app.close();
    if (before === undefined) delete process.env.TEST_HTTP_ADAPTER;
    else process.env.TEST_HTTP_ADAPTER = before;
  });

  it('a doctor logs in, a write without the CSRF token is refused, a toggle answers with the headers and is pushed', async () => {
    const medico1 = app.ids['medico1@example.it'];
    const doctor = await client(app, 'medico1@example.it');
    const slot = { for: medico1, start: '2030-03-05T16:00:00Z', end: '2030-03-05T16:30:00Z' };
    const refused = await doctor.agent.post('/disponibilita/toggle').send(slot).expect(403);
    expect(refused.body.error.code).toBe('csrf_non_valido');

    const watcher = await connect(app);
    sockets.push(watcher);
    await watch(watcher, medico1);
    const pushed = nextChange(watcher, (m) => m.slot.start === slot.start);
    const toggled = await doctor.agent.post('/disponibilita/toggle').set('X-CSRF-Token', doctor.csrf).send(slot).expect(200);
    expect(toggled.headers['cache-control']).toBe('no-store');
    expect(toggled.headers['x-content-type-options']).toBe('nosniff');
    expect(toggled.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(toggled.headers['x-powered-by']).toBeUndefined();
    expect(toggled.body.status).toBe('available');
    expect((await pushed).slot).toMatchObject({ id: toggled.body.id, status: 'available' });
  });

  it("a socket opened with the session knows it: the logout closes that session's sockets", async () => {
    const leaving = await client(app, 'medico1@example.it');
    const socket = await connect(app, sessionCookieOf(leaving.agent));
    sockets.push(socket);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    await leaving.agent.post('/api/auth/logout').set('X-CSRF-Token', leaving.csrf).expect(200);
    await closed;
    expect(socket.connected).toBe(false);
  });
});
