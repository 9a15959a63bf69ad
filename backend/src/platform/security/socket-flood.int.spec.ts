import { io, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { TOO_MANY_SOCKETS_MESSAGE } from './socket-limits';

/** one socket from `from` (X-Forwarded-For, trusted from loopback): resolves connected or refused */
function attempt(app: TestApp, from: string, opened: Socket[]): Promise<'connected' | 'refused'> {
  const socket = io(app.url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'x-forwarded-for': from } });
  opened.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', () => resolve('refused'));
  });
}

describe('sockets per client address (RATE_LIMIT_SOCKETS_PER_CLIENT)', () => {
  let app: TestApp;
  const opened: Socket[] = [];
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SOCKETS_PER_CLIENT: '20', TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    opened.forEach((s) => s.disconnect());
    await app?.close();
  });

  it('500 sockets from one address at once: 20 connect, 480 are refused; another address still connects; a closed one frees its place', async () => {
    const outcomes = await Promise.all(Array.from({ length: 500 }, () => attempt(app, '10.20.30.40', opened)));
    expect(outcomes.filter((o) => o === 'connected')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(480);
    expect(await attempt(app, '10.20.30.41', opened)).toBe('connected');

    const one = opened.find((s, i) => i < 500 && s.connected)!;
    const gone = new Promise((resolve) => one.once('disconnect', resolve));
    one.disconnect();
    await gone;
    // the server sees the close a moment after the client: ask until the place is free (bounded)
    let again: 'connected' | 'refused' = 'refused';
    for (let i = 0; i < 50 && again === 'refused'; i++) {
      again = await attempt(app, '10.20.30.40', opened);
      if (again === 'refused') await new Promise((r) => setTimeout(r, 20));
    }
    expect(again).toBe('connected');
    expect(await attempt(app, '10.20.30.40', opened)).toBe('refused');
  });

  it('a client at its limit is refused before the handshake work, with the same answers: 403 in Italian with the app headers on polling, 400 on websocket; an open connection still polls', async () => {
    const from = '10.20.30.50';
    const held = await Promise.all(Array.from({ length: 20 }, () => attempt(app, from, opened)));
    expect(held.every((o) => o === 'connected')).toBe(true);

    const polling = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`, { headers: { 'x-forwarded-for': from } });
    expect(polling.status).toBe(403);
    expect(await polling.json()).toEqual({ code: 4, message: TOO_MANY_SOCKETS_MESSAGE });
    expect(polling.headers.get('x-content-type-options')).toBe('nosniff');
    expect(polling.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(polling.headers.get('cache-control')).toBe('no-store');
    expect(polling.headers.get('set-cookie')).toBeNull();

    const socket = io(app.url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'x-forwarded-for': from } });
    opened.push(socket);
    const error = await new Promise<Error & { description?: unknown }>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('websocket error');

    // a connection under the limit from another address polls normally (open, then its sid's requests)
    const open = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`, { headers: { 'x-forwarded-for': '10.20.30.51' } });
    expect(open.status).toBe(200);
    const sid = (JSON.parse((await open.text()).slice(1)) as { sid: string }).sid;
    const next = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
      method: 'POST',
      body: '40',
      headers: { 'x-forwarded-for': '10.20.30.51', 'content-type': 'text/plain' },
    });
    expect(next.status).toBe(200);
  });
});
