import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Response as PageResponse } from 'playwright-core';
import { freePort, nginxBinary, startLocalNginx } from '../../tooling/local-nginx';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer, type RunningServer } from './harness';
import { allowOrigins, answerAndPay, chooseHour, chooseHourAndRegister, hostHears, hostSite, receivedEvents } from './widget-steps';

// the widget as a practice deploys it: the app behind the production proxy's nginx over HTTPS (a self-signed
// certificate made here; the browser told to accept it, this test only), at https://127.0.0.1:<port>, and the practice's
// website on http://localhost:<port2>, another site. The frame's cookies are then third-party cookies: they reach the
// app only as SameSite=None; Secure, and only while the browser allows third-party cookies. Where it blocks them the
// frame says so and offers the booking in a tab of its own, where the cookies are first-party again.
//
// The browser's own setting decides, as a person's would: Chromium's "cookie controls" (profile.cookie_controls_mode,
// 0 allow, 1 block third-party cookies) in a profile of its own. Playwright's ordinary contexts are incognito
// profiles, and this Chromium (156) blocks third-party cookies there and in a new profile alike (the cookie refused
// for "UserPreferences"), so the allowing case needs the setting said.

const nginx = nginxBinary();
const withNginx = nginx ? describe : describe.skip;

interface SetCookie {
  url: string;
  line: string;
}

/** every Set-Cookie the app sends the browser in this context, as written on the wire */
function recordSetCookies(context: BrowserContext, appOrigin: string): { seen: SetCookie[]; settled(): Promise<void> } {
  const seen: SetCookie[] = [];
  const pending: Promise<void>[] = [];
  context.on('response', (response: PageResponse) => {
    if (!response.url().startsWith(appOrigin)) return;
    pending.push(
      response.headersArray().then(
        (headers) => {
          for (const h of headers) if (h.name.toLowerCase() === 'set-cookie') for (const line of h.value.split('\n')) seen.push({ url: response.url(), line });
        },
        () => undefined,
      ),
    );
  });
  return { seen, settled: async () => void (await Promise.all(pending)) };
}

/** a Chromium profile with third-party cookies allowed or blocked (the setting of chrome://settings/cookies) */
async function profile(dir: string, blockThirdPartyCookies: boolean): Promise<BrowserContext> {
  mkdirSync(join(dir, 'Default'), { recursive: true });
  writeFileSync(join(dir, 'Default', 'Preferences'), JSON.stringify({ profile: { cookie_controls_mode: blockThirdPartyCookies ? 1 : 0 } }));
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    ignoreHTTPSErrors: true,
    reducedMotion: 'reduce',
    viewport: { width: 1000, height: 900 },
  });
}

withNginx(`the booking widget on another site, over HTTPS${nginx ? '' : ' (saltato: nginx non installato)'}`, () => {
  let certDir: string;
  let server: RunningServer;
  let proxy: { base: string; stop(): Promise<void> };
  let host: Server;
  let hostOrigin: string;
  let appOrigin: string;
  // each test's browser, closed after all even when a test fails midway
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    certDir = mkdtempSync(join(tmpdir(), 'studio-widget-tls-'));
    const cert = join(certDir, 'cert.pem');
    const key = join(certDir, 'key.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert,
    ], { stdio: 'ignore' }); // prettier-ignore
    const proxyPort = await freePort();
    appOrigin = `https://127.0.0.1:${proxyPort}`;
    // as a production deployment behind its proxy: the public https address, the proxy trusted, Secure cookies
    server = await startServer({ PUBLIC_URL: appOrigin, TRUST_PROXY: 'loopback', COOKIE_SECURE: 'true' });
    proxy = await startLocalNginx(nginx!, join(certDir, 'nginx'), [Number(new URL(server.url).port)], { port: proxyPort, tls: { cert, key } });
    host = await hostSite(appOrigin);
    hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
    // the administrator's list, straight to the app as the proxy would forward it
    await allowOrigins(server.url, [hostOrigin], { 'X-Forwarded-Proto': 'https' });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve()));
    await proxy?.stop();
    await server?.stop();
    rmSync(certDir, { recursive: true, force: true });
  });

  test('the frame books with its cookies SameSite=None; Secure, CSRF still checked, and the host hears the events', async () => {
    const context = await profile(join(certDir, 'allowing'), false);
    contexts.push(context);
    const cookies = recordSetCookies(context, appOrigin);
    const page = await context.newPage();
    await page.goto(`${hostOrigin}/`);
    const frame = page.frameLocator('iframe[title="Prenota una visita"]');
    await frame.locator('#doing_booking').waitFor();
    const appFrame = page.frames().find((f) => f.url().startsWith(appOrigin))!;
    // what the frame's notice asks the browser: here the frame has its cookies
    expect(await appFrame.evaluate(() => document.hasStorageAccess())).toBe(true);
    await chooseHourAndRegister(frame, `widget.tls.${Date.now()}@example.it`);
    await hostHears(page, 'prenotazione:riservata');
    await answerAndPay(frame);

    // on the wire: the session's and the visitor's CSRF cookie went out SameSite=None; Secure (and httpOnly)
    await cookies.settled();
    for (const name of ['sid', 'csrf']) {
      const lines = cookies.seen.filter((c) => c.line.startsWith(`${name}=`));
      expect(lines.length).toBeGreaterThan(0);
      for (const { line } of lines) {
        expect(line).toMatch(/;\s*SameSite=None/i);
        expect(line).toMatch(/;\s*Secure/i);
        expect(line).toMatch(/;\s*HttpOnly/i);
      }
    }
    // and kept by the browser as such, for the app's site
    const jar = await context.cookies(appOrigin);
    expect(jar.find((c) => c.name === 'sid')).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true });

    // inside the frame the session is sent back (the patient is logged in there), and a write without the token is
    // still refused although the cookie travels with it
    const probe = await appFrame.evaluate(async () => {
      const session = (await (await fetch('/api/auth/session', { headers: { 'X-Widget': '1' } })).json()) as { user?: { role?: string } };
      const write = await fetch('/api/auth/logout', { method: 'POST', headers: { 'X-Widget': '1' } });
      return { role: session.user?.role, status: write.status, body: (await write.json()) as { error?: { code?: string } } };
    });
    expect(probe).toEqual({ role: 'patient', status: 403, body: expect.objectContaining({ error: expect.objectContaining({ code: 'csrf_non_valido' }) }) });

    const events = (await receivedEvents(page)).filter((m) => String(m.data?.type ?? '').startsWith('prenotazione:'));
    expect(events.map((m) => m.data.type)).toEqual(['prenotazione:riservata', 'prenotazione:confermata']);
    for (const m of events) {
      expect(m.origin).toBe(appOrigin);
      expect(Object.keys(m.data).every((k) => k === 'type' || k === 'doctorId')).toBe(true);
    }
  });

  test('with third-party cookies blocked the frame says so, and its link opens the booking in a tab that books', async () => {
    const context = await profile(join(certDir, 'blocking'), true);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${hostOrigin}/`);
    const frame = page.frameLocator('iframe[title="Prenota una visita"]');
    const notice = frame.getByRole('status').filter({ hasText: 'Il browser blocca i cookie in questa cornice' });
    await notice.waitFor({ timeout: 20_000 });
    // the browser refuses the frame's cookie: the visitor's CSRF cookie, sent SameSite=None; Secure, is not kept
    expect((await context.cookies(appOrigin)).map((c) => c.name)).toEqual([]);

    const [tab] = await Promise.all([context.waitForEvent('page'), notice.getByRole('link', { name: 'apri la prenotazione in una nuova scheda' }).click()]);
    await tab.waitForLoadState();
    const opened = new URL(tab.url());
    expect(`${opened.origin}${opened.pathname}`).toBe(`${appOrigin}/prenota`);
    expect(opened.searchParams.get('medico')).toBe('giulia-rossi');
    // not the widget any more: a page of its own, with first-party cookies
    expect(opened.searchParams.has('widget')).toBe(false);
    await chooseHourAndRegister(tab, `widget.tab.${Date.now()}@example.it`);
    await answerAndPay(tab);
    // first-party, the session keeps the app's ordinary SameSite=Lax
    expect((await context.cookies(appOrigin)).find((c) => c.name === 'sid')).toMatchObject({ sameSite: 'Lax', secure: true });

    // a visitor who goes on in the frame anyway is told again on the registration page, before a registration that
    // could not succeed; that link opens the booking with the doctor already chosen
    await chooseHour(frame);
    const again = frame.getByRole('status').filter({ hasText: 'Il browser blocca i cookie in questa cornice' });
    await frame.getByRole('button', { name: 'Registrati' }).waitFor();
    await again.waitFor({ timeout: 20_000 });
    const href = new URL((await again.getByRole('link').getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe(`${appOrigin}/prenota`);
    const doctorId = href.searchParams.get('medico');
    expect(doctorId).toMatch(/\S/);
    // the doctor's id, the one the frame booked with: the same page the tab above opened by slug
    const doctors = (await (await tab.request.get(`${appOrigin}/api/doctors`)).json()) as { id: string; slug: string }[];
    expect(doctors.find((d) => d.id === doctorId)?.slug).toBe('giulia-rossi');
    // and the tab it opens starts there: the doctor's visit types or free days, with no doctor to choose
    const [second] = await Promise.all([context.waitForEvent('page'), again.getByRole('link').click()]);
    await second.locator('#doing_booking').locator('[data-visit-type-id], [data-date]:not([disabled])').first().waitFor({ timeout: 20_000 });
  });
});
