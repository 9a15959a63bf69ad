import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { startApp } from '../app';
import { defaultErasureLedger, loadConfig } from '../../platform/config/config';
import { openCore, closeCore } from '../infrastructure/core';
import { FIRST_ADMINISTRATOR_STREAM } from '@studio/contracts';
import { UsersService } from '../../areas/accounts/users';
import { createFirstAdministrator, type SetupResult } from './setup';

const root = join(__dirname, '..', '..', '..', '..');
const cli = join(__dirname, 'cli.ts');
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-setup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(defaultErasureLedger(dir), { force: true });
  }
});

const env = (dataDir: string) => ({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const admin = { email: 'titolare@example.it', password: 'orto-di-Carlo-1987', name: 'Carla', surname: 'Bruni' };

async function eventsIn(dataDir: string) {
  const core = await openCore(loadConfig(env(dataDir)));
  try {
    return await core.eventStore.readAll();
  } finally {
    await closeCore(core);
  }
}

/** the real command line, as `npm run setup` runs it (through swc instead of the build) */
function runCli(dataDir: string, args: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', cli, ...args], { cwd: root, env: { ...process.env, ...env(dataDir) } });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
    child.stdin.end(stdin ?? '');
  });
}

describe('first administrator (npm run setup)', () => {
  it('creates the administrator on an empty store, then refuses with nothing appended', async () => {
    const dataDir = freshDir();
    const first = await createFirstAdministrator(env(dataDir), admin);
    expect(first.ok).toBe(true);
    expect(first.lines.join('\n')).toMatch(/Prossimi passi/);
    const events = await eventsIn(dataDir);
    expect(events.map((e) => [e.type, (e.data as { role?: string }).role])).toEqual([
      ['FirstAdministratorChosen', undefined],
      ['EmailClaimed', undefined],
      ['UserRegistered', 'admin'],
    ]);
    expect(events.map((e) => e.data.userId)).toEqual([first.ok && first.userId, first.ok && first.userId, first.ok && first.userId]);
    expect(JSON.stringify(events)).not.toContain(admin.email);

    const again = await createFirstAdministrator(env(dataDir), { ...admin, email: 'altro@example.it' });
    expect(again).toMatchObject({ ok: false, code: 1 });
    expect(again.lines[0]).toMatch(/esiste già almeno un account del personale/);
    expect(await eventsIn(dataDir)).toHaveLength(3);
  });

  it('two runs at once on an empty store: one administrator; the other is refused in Italian and appends nothing', async () => {
    const dataDir = freshDir();
    // the store's files made once, empty: two first openings in one process would only race on SQLite's schema
    expect(await eventsIn(dataDir)).toEqual([]);
    const results = await Promise.all([
      createFirstAdministrator(env(dataDir), admin),
      createFirstAdministrator(env(dataDir), { ...admin, email: 'socia@example.it', name: 'Sofia' }),
    ]);
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    const winner = results.find((r) => r.ok)!;
    const loser = results.find((r) => !r.ok)!;
    expect(loser).toMatchObject({ ok: false, code: 1 });
    expect(loser.lines[0]).toMatch(/^Configurazione iniziale rifiutata: /);
    const events = await eventsIn(dataDir);
    expect(events.map((e) => e.type)).toEqual(['FirstAdministratorChosen', 'EmailClaimed', 'UserRegistered']);
    expect(new Set(events.map((e) => e.data.userId))).toEqual(new Set([winner.ok && winner.userId]));
  });

  it('two command lines at once on an empty store: one exits 0, the other 1, one administrator', async () => {
    const dataDir = freshDir();
    const flags = (email: string) => ['--email', email, '--password', admin.password, '--name', admin.name, '--surname', admin.surname];
    const runs = await Promise.all([runCli(dataDir, flags(admin.email)), runCli(dataDir, flags('socia@example.it'))]);
    expect(runs.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(runs.find((r) => r.code === 1)!.err).toMatch(/Configurazione iniziale rifiutata/);
    expect((await eventsIn(dataDir)).map((e) => e.type)).toEqual(['FirstAdministratorChosen', 'EmailClaimed', 'UserRegistered']);
  });

  it('refuses an address a patient already holds before choosing anyone, appending nothing', async () => {
    const dataDir = freshDir();
    const config = loadConfig({ ...env(dataDir), PORT: '0', SEED_DEMO: 'false' });
    config.frontendDist = null;
    const app = await startApp(config, { listen: false });
    try {
      const agent = request.agent(app.app.getHttpServer());
      const csrf = (await agent.get('/api/auth/session')).body.csrfToken as string;
      const patient = {
        name: 'Pia',
        surname: 'Neri',
        email: admin.email,
        password: 'segreta123',
        phone: '+39 333 1234567',
        taxcode: 'RSSMRA75C22H50MA',
        consent: true,
      };
      await agent.post('/api/auth/register').set('X-CSRF-Token', csrf).send(patient).expect(201);
    } finally {
      await app.close();
    }
    const before = (await eventsIn(dataDir)).length;
    const refused = await createFirstAdministrator(env(dataDir), admin);
    expect(refused).toMatchObject({ ok: false, code: 1, lines: ['Dato non valido: esiste già un account con questa email.'] });
    expect(await eventsIn(dataDir)).toHaveLength(before);
    // another address still makes the first administrator
    expect((await createFirstAdministrator(env(dataDir), { ...admin, email: 'titolare2@example.it' })).ok).toBe(true);
  });

  it('a run whose address is taken between its check and its claim gives the choice back: the next run creates the administrator', async () => {
    const dataDir = freshDir();
    const config = loadConfig({ ...env(dataDir), PORT: '0', SEED_DEMO: 'false' });
    config.frontendDist = null;
    const app = await startApp(config, { listen: false });
    try {
      const agent = request.agent(app.app.getHttpServer());
      const csrf = (await agent.get('/api/auth/session')).body.csrfToken as string;
      const patient = {
        name: 'Pia',
        surname: 'Neri',
        email: admin.email,
        password: 'segreta123',
        phone: '+39 333 1234567',
        taxcode: 'RSSMRA75C22H50MA',
        consent: true,
      };
      await agent.post('/api/auth/register').set('X-CSRF-Token', csrf).send(patient).expect(201);
    } finally {
      await app.close();
    }
    // as if the patient had registered after the run's check
    const check = jest.spyOn(UsersService.prototype, 'emailClaimable').mockResolvedValue(true);
    let lost: SetupResult;
    try {
      lost = await createFirstAdministrator(env(dataDir), admin);
    } finally {
      check.mockRestore();
    }
    expect(lost).toMatchObject({ ok: false, code: 1, lines: ['Dato non valido: esiste già un account con questa email.'] });
    const setupEvents = async () => (await eventsIn(dataDir)).filter((e) => e.stream === FIRST_ADMINISTRATOR_STREAM).map((e) => e.type);
    expect(await setupEvents()).toEqual(['FirstAdministratorChosen', 'FirstAdministratorAbandoned']);
    const next = await createFirstAdministrator(env(dataDir), { ...admin, email: 'titolare2@example.it' });
    expect(next.ok).toBe(true);
    expect(await setupEvents()).toEqual(['FirstAdministratorChosen', 'FirstAdministratorAbandoned', 'FirstAdministratorChosen']);
  });

  it('refuses invalid data and a weak password in Italian, appending nothing', async () => {
    const dataDir = freshDir();
    const weak = await createFirstAdministrator(env(dataDir), { ...admin, password: 'password123' });
    expect(weak).toMatchObject({ ok: false, code: 2 });
    expect(weak.lines.join('\n')).toMatch(/tra le più usate/);
    const bad = await createFirstAdministrator(env(dataDir), { ...admin, email: 'non-una-email', name: '' });
    expect(bad.lines.join('\n')).toMatch(/Email non valida/);
    expect(await eventsIn(dataDir)).toHaveLength(0);
  });

  it('the command line asks without flags, exits 0 with the next steps, and refuses a second run with a non-zero exit', async () => {
    const dataDir = freshDir();
    const asked = await runCli(dataDir, [], `${admin.name}\n${admin.surname}\n${admin.email}\n${admin.password}\n`);
    expect(asked.err).toBe('');
    expect(asked.code).toBe(0);
    expect(asked.out).toMatch(/Amministratore creato: Carla Bruni <titolare@example.it>/);
    expect(asked.out).not.toContain(admin.password);
    const second = await runCli(dataDir, ['--email', 'altro@example.it', '--password', admin.password, '--name', 'A', '--surname', 'B']);
    expect(second.code).toBe(1);
    expect(second.err).toMatch(/Configurazione iniziale rifiutata/);
    expect(await eventsIn(dataDir)).toHaveLength(3);
    const usage = await runCli(dataDir, ['--email', 'solo@example.it']);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/^Uso: npm run setup/);
  });

  it('the app says how to create the first administrator while there is none, and the one created logs in', async () => {
    const dataDir = freshDir();
    const config = loadConfig({ ...env(dataDir), PORT: '0', SEED_DEMO: 'false' });
    config.frontendDist = null;
    let app = await startApp(config, { listen: false });
    try {
      const status = await request(app.app.getHttpServer()).get('/api/auth/setup-status').expect(200);
      expect(status.body).toEqual({ needsSetup: true, command: expect.stringMatching(/^npm run setup -- --email/) });
    } finally {
      await app.close();
    }
    expect((await createFirstAdministrator(env(dataDir), admin)).ok).toBe(true);
    app = await startApp(config, { listen: false });
    try {
      await app.core.changes.waitFor(await app.core.eventStore.headPosition());
      expect((await request(app.app.getHttpServer()).get('/api/auth/setup-status')).body.needsSetup).toBe(false);
      const agent = request.agent(app.app.getHttpServer());
      const csrf = (await agent.get('/api/auth/session')).body.csrfToken as string;
      const login = await agent.post('/api/auth/login').set('X-CSRF-Token', csrf).send({ email: admin.email, password: admin.password }).expect(200);
      expect(login.body.user).toMatchObject({ role: 'admin', name: 'Carla Bruni' });
    } finally {
      await app.close();
    }
  });
});

describe('demo data and production', () => {
  it('production seeds nothing unless SEED_DEMO=true, and then warns at every start', async () => {
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: freshDir(), PUBLIC_URL: 'https://studio.example.it' }).seedDemo).toBe(false);
    const dataDir = freshDir();
    const config = loadConfig({ ...env(dataDir), NODE_ENV: 'production', SEED_DEMO: 'true', PORT: '0', PUBLIC_URL: 'https://studio.example.it' });
    config.frontendDist = null;
    const lines: string[] = [];
    const logStream = new Writable({ write: (c: Buffer, _e, done) => (lines.push(c.toString()), done()) });
    for (let start = 0; start < 2; start++) {
      const app = await startApp(config, { listen: false, logStream: logStream as never });
      await app.close();
    }
    expect(lines.filter((l) => l.includes('SEED_DEMO=true in produzione'))).toHaveLength(2);
  });
});
