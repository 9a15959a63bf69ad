import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxBinary, startLocalNginx, writeLocalNginxConfig } from '../../../../tooling/local-nginx';

/**
 * The TLS proxy's limits per client address (deploy/nginx/, mounted by docker-compose.yml), run for real
 * in Debian's nginx in front of a stub backend. A flood of sockets from one address stops at nginx.
 * Without nginx installed (`apt-get install nginx-light`) the section is skipped, and says so.
 */
const nginx = nginxBinary();
if (!nginx) console.warn('nginx non installato: i test dei limiti del proxy (deploy/nginx/) sono saltati (apt-get install nginx-light).');
const withNginx = nginx ? describe : describe.skip;

withNginx('the proxy’s limits per client address (deploy/nginx/)', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'proxy-limits-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('nginx accepts the limits and the locations (nginx -t)', () => {
    expect(() => writeLocalNginxConfig(nginx!, join(work, 'check'), 8080, [3000])).not.toThrow();
  });

  it('holds one address to 20 concurrent socket.io requests: the rest are refused at the proxy with the app’s Italian 429', async () => {
    // the backend holds every socket.io request open (as a websocket or a long poll would) until released
    const held: ServerResponse[] = [];
    let reachedTwenty!: () => void;
    let pastTheLimit!: () => void;
    const twenty = new Promise<void>((r) => (reachedTwenty = r));
    // without the limit every request reaches the backend: the test ends there, and fails, instead of waiting
    const overflow = new Promise<void>((r) => (pastTheLimit = r));
    const backend = createServer((req: IncomingMessage, res: ServerResponse) => {
      held.push(res);
      if (held.length === 20) reachedTwenty();
      if (held.length > 20) pastTheLimit();
    });
    await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
    const proxy = await startLocalNginx(nginx!, join(work, 'run'), [(backend.address() as AddressInfo).port]);
    try {
      const answers = Array.from({ length: 25 }, () => fetch(`${proxy.base}/socket.io/?EIO=4&transport=polling`));
      // the five beyond the limit are answered by nginx while the twenty are still held open by the backend
      const settled: Response[] = [];
      const fiveAnswered = new Promise<void>((done) => {
        for (const answer of answers)
          void answer.then((r) => {
            settled.push(r);
            if (settled.length === 5) done();
          });
      });
      await Promise.race([Promise.all([fiveAnswered, twenty]), overflow]);
      expect(held.length).toBe(20);
      expect(settled.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
      expect(settled[0].headers.get('content-type')).toMatch(/application\/json/);
      expect(settled[0].headers.get('retry-after')).toBe('5');
      expect(await settled[0].json()).toEqual({
        error: { code: 'troppe_richieste', message: 'Troppe richieste da questo indirizzo: attendi qualche secondo e riprova.' },
      });
      for (const res of held) res.end('ok');
      expect((await Promise.all(answers)).filter((r) => r.status === 200)).toHaveLength(20);
    } finally {
      for (const res of held) if (!res.writableEnded) res.end();
      await proxy.stop();
      await new Promise((r) => backend.close(r));
    }
  });
});
