import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { login, startServer, type RunningServer } from './harness';

const PASSWORD = 'Password123!';

/** a client of the API with its own cookies, as a browser would be: the setup of the test, not what it tests */
async function apiClient(base: string, email: string) {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => res.headers.getSetCookie().forEach((c) => cookies.set(c.split('=')[0], c.split(';')[0]));
  const call = async (method: string, path: string, body?: unknown, csrf?: string) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: [...cookies.values()].join('; '), ...(csrf ? { 'X-CSRF-Token': csrf } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    keep(res);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  const { csrfToken } = await call('GET', '/api/auth/session');
  const { user, csrfToken: token } = await call('POST', '/api/auth/login', { email, password: PASSWORD }, csrfToken);
  return {
    id: user.id as string,
    get: (path: string) => call('GET', path),
    send: (method: string, path: string, body: unknown) => call(method, path, body, token),
  };
}

/** the patient holds an hour with medico1 (who may then keep their diet), and medico1 saves a diet with pasta at lunch */
async function patientWithDiet(base: string): Promise<void> {
  const patient = await apiClient(base, 'paziente1@example.it');
  const doctor = await apiClient(base, 'medico1@example.it');
  const doctorId = doctor.id;
  let slot: { id: string } | undefined;
  for (let day = 2; !slot && day < 30; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    slot = ((await patient.get(`/disponibilita/query?for=${doctorId}&date=${date}`)) as { id: string }[])[0];
  }
  if (!slot) throw new Error('nessun orario libero per medico1 nei prossimi 30 giorni');
  await patient.send('POST', '/prenotazioni', { doctor_id: doctorId, availability_id: slot.id });
  const foods = (await doctor.get('/api/studio-foods')) as { id: number; name: string; categoryId: number }[];
  const food = (name: string) => foods.find((f) => f.name === name)!;
  await doctor.send('PUT', `/api/patients/${patient.id}/diet`, {
    meals: { pranzo: [{ id: 'p1', item: food('Pasta di semola').id, grams: 80 }], cena: [{ id: 'n1', item: food('Merluzzo').id, grams: 150 }] },
    portions: {},
    notes: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bere due litri di acqua' }] }] },
    revision: null,
  });
}

/** a page controlled by the app's service worker, once it has installed and activated */
async function controlledReload(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

describe('the patient’s app, installable and readable offline (390 px)', () => {
  let server: RunningServer | undefined;
  let context: BrowserContext | undefined;
  let profile = '';
  beforeAll(async () => {
    server = await startServer();
    await patientWithDiet(server.url);
    // a profile on disk, not an incognito context: Chromium does not offer to install an app from incognito
    profile = mkdtempSync(join(tmpdir(), 'studio-pwa-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-sync'],
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('the manifest is linked and Chromium finds nothing that keeps the app from being installed', async () => {
    const page = await context!.newPage();
    await login(page, server!.url, 'paziente1@example.it', '**/home');
    await controlledReload(page);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const cdp = await context!.newCDPSession(page);
    // the manifest's icons are fetched and checked asynchronously: asked until the answer settles
    let errors: { errorId: string }[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      errors = ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors;
      if (errors.length === 0) break;
      await page.waitForTimeout(500);
    }
    expect(errors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${server!.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    await page.close();
  });

  it('after a visit, /home opens offline: "Sei offline", today’s meals, the diet card and the next visit from the last answers', async () => {
    const page = await context!.newPage();
    await page.goto(`${server!.url}/home`);
    await controlledReload(page);
    const diet = page.locator('#my-diet');
    await diet.getByText('Pasta di semola').first().waitFor();
    await page.getByRole('heading', { name: 'Le tue prenotazioni' }).waitFor();
    expect(await page.getByText('Sei offline').count()).toBe(0);

    // no connection, and no server either: every answer from now on comes from the device
    await context!.setOffline(true);
    await server!.stop();
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Sei offline' }).waitFor();
    await diet.getByText('Pasta di semola').first().waitFor();
    expect(await diet.getByText('Bere due litri di acqua').count()).toBe(1);
    // "Oggi" first: today's meals of the plan, to tick as eaten (on the device, offline too)
    const today = page.getByRole('region', { name: 'Oggi' });
    await today.getByText('Pasta di semola 80 g').waitFor();
    await today.getByRole('button', { name: 'Mangiato: Pranzo' }).click();
    expect(await today.getByRole('button', { name: 'Mangiato: Pranzo' }).getAttribute('aria-pressed')).toBe('true');
    // the bookings card read its copy too: the held hour with medico1, not the card's error
    await page.getByRole('heading', { name: 'Le tue prenotazioni' }).waitFor();
    await page.getByText('Riservata, in attesa di pagamento').first().waitFor();
    expect(await page.getByText('Impossibile caricare le tue prenotazioni.').count()).toBe(0);
    const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    await page.close();
  });
});
