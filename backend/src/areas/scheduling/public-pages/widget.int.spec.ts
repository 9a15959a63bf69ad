import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

/** frame-ancestors of an answer's CSP */
const ancestors = (csp: string | undefined) => /frame-ancestors ([^;]*)/.exec(csp ?? '')?.[1];

describe('the booking widget: allowed origins, frame-ancestors, widget.js', () => {
  let app: TestApp;
  let admin: Client;
  let doctor: Client;
  let visitor: Client;
  let dist: string;

  beforeAll(async () => {
    // a built app of one page, so that /prenota is answered with index.html
    dist = mkdtempSync(join(tmpdir(), 'studio-widget-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', FRONTEND_DIST: dist, PUBLIC_URL: 'https://prenota.studio.it', TRUST_PROXY: 'loopback' });
    [admin, doctor, visitor] = await Promise.all([client(app, 'admin@example.it'), client(app, 'medico1@example.it'), client(app)]);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const framed = (path: string) => visitor.agent.get(path).set('Accept', 'text/html').set('Sec-Fetch-Dest', 'iframe');

  it('until the administrator lists origins, nothing may frame the booking', async () => {
    const res = await framed('/prenota?medico=giulia-rossi').expect(200);
    expect(ancestors(res.headers['content-security-policy'])).toBe("'none'");
  });

  it('the administrator lists origins: the booking’s pages in a frame allow exactly them, every other answer keeps none', async () => {
    const res = await admin.agent
      .put('/api/settings/widget')
      .set('X-CSRF-Token', admin.csrf)
      .send({ allowedOrigins: ['https://www.studio-esempio.it/', 'http://127.0.0.1:8080'] })
      .expect(200);
    expect(res.body).toEqual({ allowedOrigins: ['https://www.studio-esempio.it', 'http://127.0.0.1:8080'] });
    expect((await admin.agent.get('/api/settings/widget').expect(200)).body).toEqual(res.body);
    for (const path of ['/prenota?medico=giulia-rossi', '/prenota/questionario', '/registrazione', '/pagamento']) {
      const page = await framed(path).expect(200);
      expect(ancestors(page.headers['content-security-policy'])).toBe('https://www.studio-esempio.it http://127.0.0.1:8080');
      expect(page.headers['x-frame-options']).toBeUndefined();
      expect(page.headers.vary).toMatch(/Sec-Fetch-Dest/);
    }
    // widget.js's own frame address says so for browsers without Sec-Fetch-Dest
    const viaQuery = await visitor.agent.get('/prenota?medico=giulia-rossi&widget=1').set('Accept', 'text/html').expect(200);
    expect(ancestors(viaQuery.headers['content-security-policy'])).toBe('https://www.studio-esempio.it http://127.0.0.1:8080');
    // the same page opened as a page, any other page in a frame, the API, the public pages: 'none'
    expect(ancestors((await visitor.agent.get('/prenota').set('Accept', 'text/html').expect(200)).headers['content-security-policy'])).toBe("'none'");
    expect(ancestors((await framed('/impostazioni').expect(200)).headers['content-security-policy'])).toBe("'none'");
    expect(ancestors((await framed('/api/doctors').expect(200)).headers['content-security-policy'])).toBe("'none'");
    expect(ancestors((await framed('/medici/giulia-rossi').expect(200)).headers['content-security-policy'])).toBe("'none'");
  });

  it('every refusal is in Italian and appends nothing', async () => {
    const before = await lastRequestPosition(app);
    const put = (who: Client, body: unknown) => who.agent.put('/api/settings/widget').set('X-CSRF-Token', who.csrf).send(body);
    expect((await put(admin, { allowedOrigins: ['http://www.studio.it'] }).expect(400)).body.error.message).toMatch(/Origine non valida/);
    expect((await put(admin, { allowedOrigins: ["https://a.it 'unsafe-inline'"] }).expect(400)).body.error.message).toMatch(/Origine non valida/);
    expect((await put(admin, { allowedOrigins: 'https://a.it' }).expect(400)).body.error.message).toMatch(/allowedOrigins|Origini consentite/);
    await put(doctor, { allowedOrigins: [] }).expect(403);
    await put(visitor, { allowedOrigins: [] }).expect(401);
    await doctor.agent.get('/api/settings/widget').expect(403);
    expect(await lastRequestPosition(app)).toBe(before);
  });

  it('GET /widget.js: a script any site may load, that frames /prenota with the doctor and says the events', async () => {
    const res = await visitor.agent.get('/widget.js').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.text).toContain('var base = "https://prenota.studio.it";');
    expect(res.text).toContain("'data-medico'");
    expect(res.text).toContain('["prenotazione:riservata","prenotazione:confermata"]');
    expect(res.text).toContain('Apri la prenotazione in una nuova scheda');
    // it is a script, not the app's page, even to a browser that asks for HTML
    expect((await visitor.agent.get('/widget.js').set('Accept', 'text/html').expect(200)).headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('in the widget’s frame over HTTPS the cookies are SameSite=None; Secure, with CSRF kept; everywhere else Lax', async () => {
    const overHttps = { 'X-Forwarded-Proto': 'https' };
    const sameSite = (cookies: string[] | undefined, name: string) => cookies?.find((c) => c.startsWith(`${name}=`))?.match(/SameSite=(\w+)/i)?.[1];
    const widget = request(app.app.getHttpServer());
    const session = await widget.get('/api/auth/session').set(overHttps).set('X-Widget', '1').expect(200);
    const visitorCookies = session.headers['set-cookie'] as unknown as string[];
    const csrfCookie = visitorCookies.find((c) => !c.startsWith('sid='))!;
    expect(csrfCookie).toMatch(/SameSite=None/i);
    expect(csrfCookie).toMatch(/; Secure/i);
    // a write without the token is refused, in the frame too
    await widget
      .post('/api/auth/login')
      .set(overHttps)
      .set('X-Widget', '1')
      .set(
        'Cookie',
        visitorCookies.map((c) => c.split(';')[0]),
      )
      .send({ email: 'paziente1@example.it', password: 'Password123!' })
      .expect(403);
    const login = await widget
      .post('/api/auth/login')
      .set(overHttps)
      .set('X-Widget', '1')
      .set(
        'Cookie',
        visitorCookies.map((c) => c.split(';')[0]),
      )
      .set('X-CSRF-Token', session.body.csrfToken)
      .send({ email: 'paziente1@example.it', password: 'Password123!' })
      .expect(200);
    const sid = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('sid='))!;
    expect(sameSite([sid], 'sid')).toMatch(/none/i);
    expect(sid).toMatch(/; Secure/i);
    // the same over plain HTTP, or without the header: Lax
    const plain = await request(app.app.getHttpServer()).get('/api/auth/session').set('X-Widget', '1').expect(200);
    expect(sameSite(plain.headers['set-cookie'] as unknown as string[], csrfCookie.split('=')[0])).toMatch(/lax/i);
    const page = await request(app.app.getHttpServer()).get('/api/auth/session').set(overHttps).expect(200);
    expect(sameSite(page.headers['set-cookie'] as unknown as string[], csrfCookie.split('=')[0])).toMatch(/lax/i);
  });
});
