import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { DEMO_PASSWORD } from '../../app/seed/demo-seed';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { IMMUTABLE } from './frontend-files';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, not supertest or fetch: they would decode the body and hide what went on the wire */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** a built app as vite leaves it: hashed assets with their .br and .gz, index.html, a public file */
function fakeBuild(): { dist: string; script: string } {
  const dist = mkdtempSync(join(tmpdir(), 'studio-dist-'));
  mkdirSync(join(dist, 'assets'));
  const script = `export const pagina = ${JSON.stringify('prenota '.repeat(500))};\n`;
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
  writeFileSync(join(dist, 'assets', 'font-Zz9.woff2'), Buffer.alloc(64, 7));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="it"><title>Studio Medico</title><div id="root"></div></html>');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Studio Medico', start_url: '/home', display: 'standalone' }));
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => undefined);\n');
  return { dist, script };
}

describe('the built app: hashed assets compressed and immutable, pages and API no-store', () => {
  let app: TestApp;
  let build: ReturnType<typeof fakeBuild>;
  const asset = '/assets/index-AbC123.js';
  beforeAll(async () => {
    build = fakeBuild();
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', FRONTEND_DIST: build.dist });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(build.dist, { recursive: true, force: true });
  });

  it('a hashed script goes out as its brotli file when the browser takes brotli, cached for a year', async () => {
    const res = await rawGet(app.url + asset, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.body.length).toBeLessThan(build.script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(build.script);
    // helmet's headers stay on the files too
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gzip when brotli is not accepted, the plain file when nothing is', async () => {
    const gz = await rawGet(app.url + asset, { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(build.script);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await rawGet(app.url + asset, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(build.script);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
  });

  it('a hashed file with no compressed copy is sent as it is, immutable; a public file for an hour', async () => {
    const font = await rawGet(`${app.url}/assets/font-Zz9.woff2`, { 'Accept-Encoding': 'br, gzip' });
    expect(font.status).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['cache-control']).toBe(IMMUTABLE);
    const icon = await rawGet(`${app.url}/favicon.svg`);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('the web app manifest is JSON of its own type, revalidated before every use', async () => {
    const res = await rawGet(`${app.url}/manifest.webmanifest`, { Accept: '*/*' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.body.toString())).toMatchObject({ start_url: '/home', display: 'standalone' });
  });

  it('the service worker is a script at the root, revalidated before every use; the CSP lets the page register it', async () => {
    const res = await rawGet(`${app.url}/sw.js`, { Accept: '*/*' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // no Service-Worker-Allowed: its scope is its own folder, the root
    expect(res.headers['service-worker-allowed']).toBeUndefined();
    const page = await rawGet(`${app.url}/home`, { Accept: 'text/html' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self'(;|$)/);
    expect(csp).toMatch(/manifest-src 'self'(;|$)/);
    // still strict: no inline or eval'd script anywhere
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it('a missing asset is a 404 that is not cached', async () => {
    const res = await rawGet(`${app.url}/assets/index-Old999.js`, { 'Accept-Encoding': 'br', Accept: '*/*' });
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('only the files the build left are served: the disk is listed once at start, not looked up per request', async () => {
    // a file that appears after start is not served (every API call would otherwise cost a stat of the disk)
    writeFileSync(join(build.dist, 'assets', 'late-Qq1.js'), 'export {};');
    const late = await rawGet(app.url + '/assets/late-Qq1.js');
    expect(late.status).toBe(404);
    expect(late.headers['cache-control']).toBe('no-store');
    const favicon = await rawGet(app.url + '/favicon.svg');
    expect(favicon.status).toBe(200);
  });

  it('the page (index.html, on any path or asked by name) is no-store', async () => {
    for (const path of ['/prenota', '/home', '/index.html']) {
      const res = await rawGet(app.url + path, { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' });
      expect({ path, status: res.status, cache: res.headers['cache-control'] }).toEqual({ path, status: 200, cache: 'no-store' });
      expect(res.body.toString()).toContain('<div id="root">');
    }
  });

  it('JSON of the API is no-store and compressed when large', async () => {
    const cookieOf = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
    const visitor = await request(app.app.getHttpServer()).get('/api/auth/session').expect(200);
    const login = await request(app.app.getHttpServer())
      .post('/api/auth/login')
      .set('Cookie', cookieOf(visitor).join('; '))
      .set('X-CSRF-Token', visitor.body.csrfToken as string)
      .send({ email: 'medico1@example.it', password: DEMO_PASSWORD })
      .expect(200);
    const cookie = [...cookieOf(visitor), ...cookieOf(login)].join('; ');
    const week = `/disponibilita/json?for=${app.ids['medico1@example.it']}&start=2030-03-04T00:00:00Z&end=2030-03-11T00:00:00Z`;
    const res = await rawGet(app.url + week, { 'Accept-Encoding': 'gzip', Cookie: cookie });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBe('gzip');
    const events = JSON.parse(gunzipSync(res.body).toString()) as unknown[];
    expect(events.length).toBeGreaterThan(10);

    const session = await rawGet(`${app.url}/api/auth/session`, { 'Accept-Encoding': 'gzip' });
    expect(session.headers['cache-control']).toBe('no-store');
  });
});
