import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverAndBrowser } from './harness';

// the widget on the practice's own site: a host page on another loopback origin (another port of localhost) pastes the
// one script line; the booking runs in its frame through registration, hold, questionnaire and payment, and the host
// hears prenotazione:riservata and prenotazione:confermata, with nothing about the patient. A host not in the
// administrator's list is refused the frame.

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]);

/** PUT /api/settings/widget as the demo administrator */
async function allowOrigins(base: string, origins: string[]): Promise<void> {
  const visitor = await fetch(`${base}/api/auth/session`);
  const { csrfToken } = (await visitor.json()) as { csrfToken: string };
  const cookie = cookiesOf(visitor).join('; ');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: cookie },
    body: JSON.stringify({ email: 'admin@example.it', password: 'Password123!' }),
  });
  const session = (await login.json()) as { csrfToken: string };
  const put = await fetch(`${base}/api/settings/widget`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken, Cookie: [...cookiesOf(visitor), ...cookiesOf(login)].join('; ') },
    body: JSON.stringify({ allowedOrigins: origins }),
  });
  if (!put.ok) throw new Error(`origini del widget non salvate: ${put.status} ${await put.text()}`);
}

/** the practice's website: one page with the pasted line, recording what the frame posts */
function hostSite(appOrigin: string): Promise<Server> {
  const page = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Studio Esempio</title></head><body>
<h1>Studio Esempio</h1>
<script>window.received = []; window.addEventListener('message', function (e) { window.received.push({ origin: e.origin, data: e.data }); });</script>
<script src="${appOrigin}/widget.js" data-medico="giulia-rossi" async></script>
</body></html>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('the booking widget on another origin', () => {
  const env = serverAndBrowser();
  let host: Server;
  let hostPort: number;
  // the app as widget.js names it (PUBLIC_URL's default): http://localhost:<port>
  const appOrigin = () => `http://localhost:${new URL(env.server.url).port}`;

  beforeAll(async () => {
    host = await hostSite(appOrigin());
    hostPort = (host.address() as AddressInfo).port;
    await allowOrigins(env.server.url, [`http://localhost:${hostPort}`]);
  });
  afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

  test('a visitor books from the host page; the host hears the hold and the confirmation, without personal data', async () => {
    const page = await (await env.browser.newContext({ viewport: { width: 1000, height: 900 } })).newPage();
    await page.goto(`http://localhost:${hostPort}/`);
    const frame = page.frameLocator('iframe[title="Prenota una visita"]');
    const booking = frame.locator('#doing_booking');
    // the doctor comes chosen (data-medico); a visit type first where the doctor has them
    await booking.locator('[data-visit-type-id], [data-date]:not([disabled])').first().waitFor({ timeout: 20_000 });
    if ((await booking.locator('[data-visit-type-id]').count()) > 0) await booking.locator('[data-visit-type-id]').first().click();
    await booking.locator('[data-date]:not([disabled])').first().click();
    await booking.locator('[data-hour]').first().click();
    await booking.locator('button[type=submit]').click();

    await frame.getByLabel('Nome', { exact: true }).fill('Widget');
    await frame.getByLabel('Cognome', { exact: true }).fill('Esterno');
    await frame.getByLabel('Email', { exact: true }).fill(`widget.${Date.now()}@example.it`);
    await frame.getByLabel('Password', { exact: true }).fill('Password123!');
    await frame.getByLabel('Telefono', { exact: true }).fill('3331234567');
    await frame.getByLabel('Codice fiscale', { exact: true }).fill('RSSMRA85T10A562S');
    await frame.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
    await frame.getByRole('button', { name: 'Registrati' }).click();

    await page.waitForFunction(
      () => (window as unknown as { received: { data: { type?: string } }[] }).received.some((m) => m.data?.type === 'prenotazione:riservata'),
      undefined,
      {
        timeout: 20_000,
      },
    );

    // the questionnaire, when the doctor has one, then the payment (the local PayPal stand-in)
    const question = (id: string) => frame.locator(`fieldset[data-question="${id}"]`);
    await frame.locator('fieldset[data-question], [data-id]').first().waitFor({ timeout: 20_000 });
    if ((await frame.locator('fieldset[data-question]').count()) > 0) {
      await question('allergie').getByLabel('No', { exact: true }).check();
      await question('alimentazione').getByLabel('Onnivora').check();
      await question('frequenza').getByLabel('1–2 volte').check();
      await question('pasti').getByLabel('3', { exact: true }).check();
      await question('patologie').getByLabel('No', { exact: true }).check();
      await question('farmaci').getByLabel('No', { exact: true }).check();
      await frame.getByRole('button', { name: 'Invia le risposte' }).click();
    }
    // a doctor without visit types: the product is chosen on the payment page, a first visit for a new patient
    const firstVisit = frame.locator('[data-id]').filter({ hasText: 'Prima visita' });
    await firstVisit.waitFor({ timeout: 20_000 });
    if ((await firstVisit.getAttribute('data-selected')) !== 'true') await firstVisit.click();
    await frame.getByTestId('charge-total').waitFor({ timeout: 20_000 });
    await frame.getByLabel('Codice fiscale', { exact: true }).fill('RSSMRA85T10A562S');
    await frame.getByLabel('Indirizzo di fatturazione', { exact: true }).fill('Via Roma 1, 20100 Milano');
    await frame.locator('#paypal-button-container [data-paypal-stand-in="pay"]').click();
    await frame.getByRole('heading', { name: 'Prenotazione confermata' }).waitFor({ timeout: 20_000 });

    const received = await page.evaluate(() => (window as unknown as { received: { origin: string; data: Record<string, unknown> }[] }).received);
    const events = received.filter((m) => typeof m.data?.type === 'string' && String(m.data.type).startsWith('prenotazione:'));
    expect(events.map((m) => m.data.type)).toEqual(['prenotazione:riservata', 'prenotazione:confermata']);
    for (const m of events) {
      expect(m.origin).toBe(appOrigin());
      // the event and the doctor, nothing about the patient
      expect(Object.keys(m.data).every((k) => k === 'type' || k === 'doctorId')).toBe(true);
      expect(JSON.stringify(m.data)).not.toMatch(/Widget|Esterno|RSSMRA|example\.it/);
    }
  });

  test('a site not in the administrator’s list is refused the frame', async () => {
    const page = await (await env.browser.newContext()).newPage();
    const refused = page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 20_000 });
    // the same host page, reached as 127.0.0.1: another origin, not listed
    await page.goto(`http://127.0.0.1:${hostPort}/`);
    expect((await refused).text()).toMatch(/frame-ancestors http:\/\/localhost:\d+"?\. The request has been blocked|Refused to frame/);
  });
});
