import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';

// the steps the widget's browser tests share (widget.e2e.spec.ts, widget-cross-site.e2e.spec.ts): the administrator's
// list of host origins, the practice's website with the pasted line, and the booking from the hour to the confirmation

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]);

/**
 * PUT /api/settings/widget as the demo administrator, straight to the app. `headers` go on every call: behind the
 * HTTPS proxy the app's session cookie is Secure, so the calls say what the proxy would (X-Forwarded-Proto: https).
 */
export async function allowOrigins(base: string, origins: string[], headers: Record<string, string> = {}): Promise<void> {
  const visitor = await fetch(`${base}/api/auth/session`, { headers });
  const { csrfToken } = (await visitor.json()) as { csrfToken: string };
  const cookie = cookiesOf(visitor).join('; ');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: cookie },
    body: JSON.stringify({ email: 'admin@example.it', password: 'Password123!' }),
  });
  if (!login.ok) throw new Error(`accesso dell'amministratore non riuscito: ${login.status} ${await login.text()}`);
  const session = (await login.json()) as { csrfToken: string };
  const put = await fetch(`${base}/api/settings/widget`, {
    method: 'PUT',
    headers: {
      ...headers,
      'Content-Type': 'application/json',
      'X-CSRF-Token': session.csrfToken,
      Cookie: [...cookiesOf(visitor), ...cookiesOf(login)].join('; '),
    },
    body: JSON.stringify({ allowedOrigins: origins }),
  });
  if (!put.ok) throw new Error(`origini del widget non salvate: ${put.status} ${await put.text()}`);
}

/** the practice's website on loopback: one page with the pasted line, recording what the frame posts */
export function hostSite(appOrigin: string): Promise<Server> {
  const page = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Studio Esempio</title></head><body>
<h1>Studio Esempio</h1>
<script>window.received = []; window.addEventListener('message', function (e) { window.received.push({ origin: e.origin, data: e.data }); });</script>
<script src="${appOrigin}/widget.js" data-medico="giulia-rossi" async></script>
</body></html>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** the events the host page has heard from the frame (hostSite's window.received) */
export const receivedEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: { origin: string; data: Record<string, unknown> }[] }).received);

/** waits until the host page has heard `type` */
export async function hostHears(page: Page, type: string): Promise<void> {
  await page.waitForFunction((t) => (window as unknown as { received: { data: { type?: string } }[] }).received.some((m) => m.data?.type === t), type, {
    timeout: 20_000,
  });
}

/** the booking page, in the widget's frame (a FrameLocator) or in a tab of its own (a Page) */
export type BookingScope = Pick<Page, 'locator' | 'getByLabel' | 'getByRole' | 'getByTestId'>;

/** the doctor comes chosen (data-medico): a visit type where the doctor has them, the first free hour, "Salva" */
export async function chooseHour(scope: BookingScope): Promise<void> {
  const booking = scope.locator('#doing_booking');
  await booking.locator('[data-visit-type-id], [data-date]:not([disabled])').first().waitFor({ timeout: 20_000 });
  if ((await booking.locator('[data-visit-type-id]').count()) > 0) await booking.locator('[data-visit-type-id]').first().click();
  await booking.locator('[data-date]:not([disabled])').first().click();
  await booking.locator('[data-hour]').first().click();
  await booking.locator('button[type=submit]').click();
}

/** the hour, then a new patient registers (the registration holds the hour) */
export async function chooseHourAndRegister(scope: BookingScope, email: string): Promise<void> {
  await chooseHour(scope);
  await scope.getByLabel('Nome', { exact: true }).fill('Widget');
  await scope.getByLabel('Cognome', { exact: true }).fill('Esterno');
  await scope.getByLabel('Email', { exact: true }).fill(email);
  await scope.getByLabel('Password', { exact: true }).fill('Password123!');
  await scope.getByLabel('Telefono', { exact: true }).fill('3331234567');
  await scope.getByLabel('Codice fiscale', { exact: true }).fill('RSSMRA85T10A562S');
  await scope.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
  await scope.getByRole('button', { name: 'Registrati' }).click();
}

/** the questionnaire, when the doctor has one, then the payment (the local PayPal stand-in), up to the confirmation */
export async function answerAndPay(scope: BookingScope): Promise<void> {
  const question = (id: string) => scope.locator(`fieldset[data-question="${id}"]`);
  await scope.locator('fieldset[data-question], [data-id]').first().waitFor({ timeout: 20_000 });
  if ((await scope.locator('fieldset[data-question]').count()) > 0) {
    await question('allergie').getByLabel('No', { exact: true }).check();
    await question('alimentazione').getByLabel('Onnivora').check();
    await question('frequenza').getByLabel('1–2 volte').check();
    await question('pasti').getByLabel('3', { exact: true }).check();
    await question('patologie').getByLabel('No', { exact: true }).check();
    await question('farmaci').getByLabel('No', { exact: true }).check();
    await scope.getByRole('button', { name: 'Invia le risposte' }).click();
  }
  // a doctor without visit types: the product is chosen on the payment page, a first visit for a new patient
  const firstVisit = scope.locator('[data-id]').filter({ hasText: 'Prima visita' });
  await firstVisit.waitFor({ timeout: 20_000 });
  if ((await firstVisit.getAttribute('data-selected')) !== 'true') await firstVisit.click();
  await scope.getByTestId('charge-total').waitFor({ timeout: 20_000 });
  await scope.getByLabel('Codice fiscale', { exact: true }).fill('RSSMRA85T10A562S');
  await scope.getByLabel('Indirizzo di fatturazione', { exact: true }).fill('Via Roma 1, 20100 Milano');
  await scope.locator('#paypal-button-container [data-paypal-stand-in="pay"]').click();
  await scope.getByRole('heading', { name: 'Prenotazione confermata' }).waitFor({ timeout: 20_000 });
}
