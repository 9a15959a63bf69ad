/**
 * The built app (backend/dist/main.js) in production mode, as `node backend/dist/main.js` runs on a server:
 * behind a TLS-terminating proxy on loopback (written here with node:https, certificate made by openssl), and
 * refusing to start, with one Italian sentence and no stack trace, on each configuration it must not run with.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(120_000);

const MAIN = join(__dirname, '../dist/main.js');
const work = mkdtempSync(join(tmpdir(), 'produzione-'));

/** a self-signed certificate; `dates` makes openssl's own CA sign it with those validity dates (an expired one) */
function makeCertificate(name: string, commonName: string, dates?: { start: string; end: string }): { key: string; cert: string; certPath: string } {
  const dir = join(work, name);
  mkdirSync(dir);
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  if (!dates) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyPath,
        '-out',
        certPath,
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        '-addext',
        `subjectAltName=DNS:${commonName}`,
      ],
      { stdio: 'ignore' },
    );
  } else {
    writeFileSync(join(dir, 'index.txt'), '');
    writeFileSync(join(dir, 'serial'), '01\n');
    writeFileSync(
      join(dir, 'ca.cnf'),
      `[ca]\ndefault_ca = d\n[d]\ndatabase = ${dir}/index.txt\nnew_certs_dir = ${dir}\nserial = ${dir}/serial\ndefault_md = sha256\npolicy = p\n[p]\ncommonName = supplied\n`,
    );
    execFileSync('openssl', ['req', '-new', '-newkey', 'rsa:1024', '-nodes', '-keyout', keyPath, '-out', join(dir, 'r.csr'), '-subj', `/CN=${commonName}`], {
      stdio: 'ignore',
    });
    execFileSync(
      'openssl',
      [
        'ca',
        '-batch',
        '-config',
        join(dir, 'ca.cnf'),
        '-selfsign',
        '-keyfile',
        keyPath,
        '-in',
        join(dir, 'r.csr'),
        '-out',
        certPath,
        '-startdate',
        dates.start,
        '-enddate',
        dates.end,
        '-notext',
      ],
      { stdio: 'ignore' },
    );
  }
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath };
}

/** the Sistema TS certificate as its portal hands it out: binary DER */
function derCertificate(name: string): string {
  const { certPath } = makeCertificate(name, 'Sistema TS di prova');
  const der = join(work, name, 'SanitelCF.cer');
  execFileSync('openssl', ['x509', '-in', certPath, '-outform', 'DER', '-out', der]);
  return der;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** the built React app stands in as one page: the test is about the server */
const frontendDist = join(work, 'frontend');
mkdirSync(frontendDist);
writeFileSync(join(frontendDist, 'index.html'), '<!doctype html><html lang="it"><title>Studio</title><div id="root"></div></html>');

const secret = () => randomBytes(32).toString('hex');

/** a production environment that starts; each refusal test breaks one thing of it */
function productionEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(join(work, 'dati-')),
    FRONTEND_DIST: frontendDist,
    SESSION_SECRET: secret(),
    LOOKUP_SECRET: secret(),
    PUBLIC_URL: 'https://prenota.studio.example.it',
    TRUST_PROXY: 'loopback',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    HOLD_SWEEP_SECONDS: '0',
    PORT: '0',
    ...extra,
  };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  return env;
}

/** runs the app until it exits on its own: its exit code and what it printed */
function runUntilExit(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`l'app non è uscita: ${stdout}\n${stderr}`));
      // a watchdog, not a measure: an app refusing to start exits in a second; a loaded machine may take longer
    }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

/** a refusal: exit code 1, "Avvio rifiutato: …" in Italian, and no stack trace ("    at …" lines) */
function expectRefusal(result: { code: number | null; stderr: string }, message: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/^Avvio rifiutato: /m);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toMatch(/Error:/);
}

describe('start-time checks in production', () => {
  it('PUBLIC_URL unset: refused', async () => {
    expectRefusal(await runUntilExit(productionEnv({ PUBLIC_URL: undefined })), /PUBLIC_URL non è impostato/);
  });

  it('a public default secret (the old docker-compose default): refused', async () => {
    expectRefusal(await runUntilExit(productionEnv({ SESSION_SECRET: 'cambia-questo-segreto-di-sessione' })), /SESSION_SECRET ha un valore pubblico/);
    expectRefusal(await runUntilExit(productionEnv({ LOOKUP_SECRET: 'x'.repeat(40) })), /LOOKUP_SECRET è troppo semplice/);
  });

  it('an expired Sistema TS certificate: refused, with its expiry date', async () => {
    const { certPath } = makeCertificate('sts-scaduto', 'Sistema TS scaduto', { start: '20200101000000Z', end: '20210101000000Z' });
    expectRefusal(await runUntilExit(productionEnv({ STS_CERT_PATH: certPath })), /Sistema TS .* è scaduto il 1 gennaio 2021/);
  });

  it('a Sistema TS certificate that is neither PEM nor DER: refused', async () => {
    const path = join(work, 'non-un-certificato.cer');
    writeFileSync(path, 'questo non è un certificato');
    expectRefusal(await runUntilExit(productionEnv({ STS_CERT_PATH: path })), /non è un certificato X\.509/);
  });

  it('a busy port: explained', async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '0.0.0.0', r));
    const { port } = busy.address() as AddressInfo;
    try {
      expectRefusal(await runUntilExit(productionEnv({ PORT: String(port) })), new RegExp(`la porta ${port} è già in uso`));
    } finally {
      await new Promise((r) => busy.close(r));
    }
  });
});

describe('the built app in production behind a TLS-terminating proxy on loopback', () => {
  let app: ChildProcess;
  let appPort: number;
  let proxy: https.Server;
  let proxyPort: number;
  let tls: { key: string; cert: string };
  let output = '';

  /** an HTTPS request to the proxy, trusting its certificate */
  function viaProxy(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = https.request(
        {
          host: '127.0.0.1',
          port: proxyPort,
          servername: 'localhost',
          ca: tls.cert,
          method,
          path,
          headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  beforeAll(async () => {
    tls = makeCertificate('proxy', 'localhost');
    appPort = await freePort();
    // the proxy: TLS outside, plain HTTP to the app, saying the client's address and that it came over https
    proxy = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: appPort,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': req.socket.remoteAddress ?? '' },
        },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyPort = (proxy.address() as AddressInfo).port;

    app = spawn(process.execPath, [MAIN], {
      env: productionEnv({
        PORT: String(appPort),
        PUBLIC_URL: `https://localhost:${proxyPort}`,
        // the demo accounts, asked for explicitly: the login needs someone to log in
        SEED_DEMO: 'true',
        STS_CERT_PATH: derCertificate('sts'),
        LOG_LEVEL: 'warn',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    app.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    app.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    for (let i = 0; ; i++) {
      if (app.exitCode !== null) throw new Error(`l'app è uscita (${app.exitCode}):\n${output}`);
      const up = await fetch(`http://127.0.0.1:${appPort}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 600) throw new Error(`l'app non è pronta:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    app?.kill('SIGTERM');
    if (app && app.exitCode === null) await new Promise((r) => app.once('exit', r));
    await new Promise((r) => proxy?.close(r));
  });

  it('logs in over HTTPS: a Secure session cookie, and the session knows who it is', async () => {
    const session = await viaProxy('GET', '/api/auth/session');
    expect(session.status).toBe(200);
    const csrfCookie = session.headers['set-cookie']!.find((c) => c.startsWith('csrf='))!;
    expect(csrfCookie).toMatch(/; Secure/i);
    const { csrfToken } = JSON.parse(session.body) as { csrfToken: string };

    const login = await viaProxy(
      'POST',
      '/api/auth/login',
      { cookie: csrfCookie.split(';')[0], 'x-csrf-token': csrfToken },
      { email: 'admin@example.it', password: 'Password123!' },
    );
    expect(login.status).toBeLessThan(300);
    const sid = login.headers['set-cookie']?.find((c) => c.startsWith('sid='));
    expect(sid).toMatch(/; Secure/i);
    expect(sid).toMatch(/; HttpOnly/i);

    const me = await viaProxy('GET', '/api/auth/session', { cookie: sid!.split(';')[0] });
    expect(JSON.parse(me.body)).toMatchObject({ user: { role: 'admin' } });
    // over HTTPS the page may ask the browser to upgrade and remember HTTPS
    expect(me.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(String(me.headers['content-security-policy'])).toMatch(/upgrade-insecure-requests/);
  });

  it('the same login over plain HTTP answers an Italian error saying what to configure, never a 200 without a cookie', async () => {
    const direct = `http://127.0.0.1:${appPort}`;
    const session = await fetch(`${direct}/api/auth/session`);
    const { csrfToken } = (await session.json()) as { csrfToken: string };
    const res = await fetch(`${direct}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: (session.headers.get('set-cookie') ?? '').split(';')[0] },
      body: JSON.stringify({ email: 'admin@example.it', password: 'Password123!' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/sid=/);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('connessione_non_sicura');
    expect(body.error.message).toMatch(/TRUST_PROXY/);
    expect(body.error.message).toMatch(/X-Forwarded-Proto/);
    // and the page itself is not blanked: no upgrade-insecure-requests over plain HTTP
    const page = await fetch(`${direct}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).not.toMatch(/upgrade-insecure-requests/);
  });

  it('GET / answers the app to any client; /healthz and /readyz answer monitors', async () => {
    const root = await viaProxy('GET', '/', { accept: '*/*' });
    expect(root.status).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const bare = await viaProxy('GET', '/');
    expect(bare.status).toBe(200);

    const health = await viaProxy('GET', '/healthz');
    expect(health.status).toBe(200);
    const ready = await viaProxy('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'pronto' });
  });

  it('the DER certificate of the Sistema TS was read at start and its expiry reported', () => {
    expect(output).toMatch(/Certificato del Sistema TS valido fino al \d+ \w+ \d{4}/);
    expect(output).not.toMatch(/^\s+at /m);
  });
});

describe('the projections worker (dist/worker.js) in production', () => {
  it('answers /healthz and /readyz on WORKER_HEALTH_PORT, for the container healthcheck; refuses a public secret', async () => {
    const port = await freePort();
    const worker = spawn(process.execPath, [join(__dirname, '../dist/worker.js')], {
      env: productionEnv({ WORKER_HEALTH_PORT: String(port) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    worker.stdout.on('data', (c: Buffer) => (said += c.toString()));
    worker.stderr.on('data', (c: Buffer) => (said += c.toString()));
    try {
      let ready: Response | null = null;
      for (let i = 0; i < 300 && !ready?.ok; i++) {
        if (worker.exitCode !== null) throw new Error(`il worker è uscito: ${said}`);
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
        if (!ready?.ok) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready?.status).toBe(200);
      expect(await ready!.json()).toMatchObject({ status: 'pronto' });
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      worker.kill('SIGTERM');
      if (worker.exitCode === null) await new Promise((r) => worker.once('exit', r));
    }
    const refused = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [join(__dirname, '../dist/worker.js')], {
        env: productionEnv({ LOOKUP_SECRET: 'cambia-questo-segreto-di-ricerca' }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.once('exit', (code) => resolve({ code, stderr }));
    });
    expectRefusal(refused, /LOOKUP_SECRET ha un valore pubblico/);
  });
});
