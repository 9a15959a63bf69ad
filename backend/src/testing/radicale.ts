import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Radicale (Debian's package) on loopback: a real CalDAV server for the tests, with one user and one calendar */
export interface RadicaleServer {
  origin: string;
  /** the calendar collection's URL */
  calendarUrl: string;
  username: string;
  password: string;
  /** writes (or replaces) one calendar object, as a client like Thunderbird or iOS would */
  put(name: string, ics: string): Promise<void>;
  remove(name: string): Promise<void>;
  /**
   * Many objects at once, written straight into the collection's folder as Radicale's own storage keeps them (one
   * file per object): what a bench fills a calendar with, far faster than a PUT each. Before the first sync only;
   * resolves once Radicale has read them (its CTag asked once, which makes it read and cache every object).
   */
  writeFiles(objects: readonly { name: string; ics: string }[]): Promise<void>;
  /** one object's text, null when there is none */
  get(name: string): Promise<string | null>;
  stop(): Promise<void>;
}

/** whether Debian's radicale is installed here (`.ci/run` installs it) */
export const radicaleInstalled = (): boolean => spawnSync('radicale', ['--version'], { stdio: 'ignore' }).status === 0;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('nessuna porta'))));
    });
  });

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export async function startRadicale(): Promise<RadicaleServer> {
  const dir = mkdtempSync(join(tmpdir(), 'radicale-'));
  const port = await freePort();
  const username = 'medico';
  const password = 'password-per-le-app';
  mkdirSync(join(dir, 'collections/collection-root', username, 'studio'), { recursive: true });
  writeFileSync(join(dir, 'collections/collection-root', username, 'studio/.Radicale.props'), JSON.stringify({ tag: 'VCALENDAR', 'D:displayname': 'Studio' }));
  writeFileSync(join(dir, 'users'), `${username}:${password}\n`);
  writeFileSync(
    join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[rights]',
      'type = owner_only',
      '[logging]',
      'level = warning',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('radicale', ['--config', join(dir, 'config')], { stdio: 'ignore' });
  for (let attempt = 0; !(await answers(port)); attempt++) {
    if (child.exitCode !== null || attempt > 300) throw new Error('Radicale non è partito');
    await new Promise((r) => setTimeout(r, 100));
  }
  const origin = `http://127.0.0.1:${port}`;
  const calendarUrl = `${origin}/${username}/studio/`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const send = async (method: string, name: string, body?: string) => {
    const res = await fetch(calendarUrl + name, { method, headers: { Authorization: authorization, 'Content-Type': 'text/calendar; charset=utf-8' }, body });
    if (!res.ok) throw new Error(`${method} ${name}: ${res.status}`);
  };
  return {
    origin,
    calendarUrl,
    username,
    password,
    put: (name, ics) => send('PUT', name, ics),
    remove: (name) => send('DELETE', name),
    async writeFiles(objects) {
      for (const o of objects) writeFileSync(join(dir, 'collections/collection-root', username, 'studio', o.name), o.ics);
      const res = await fetch(calendarUrl, {
        method: 'PROPFIND',
        headers: { Authorization: authorization, Depth: '0', 'Content-Type': 'application/xml' },
        body: '<?xml version="1.0"?><propfind xmlns="DAV:" xmlns:cs="http://calendarserver.org/ns/"><prop><cs:getctag/></prop></propfind>',
      });
      if (res.status !== 207) throw new Error(`PROPFIND dopo la scrittura: ${res.status}`);
      await res.text();
    },
    async get(name) {
      const res = await fetch(calendarUrl + encodeURIComponent(name), { headers: { Authorization: authorization } });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`GET ${name}: ${res.status}`);
      return res.text();
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
