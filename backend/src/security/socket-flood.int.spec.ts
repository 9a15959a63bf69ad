import { io, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../testing/test-app';

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
  }, 60_000);
});
