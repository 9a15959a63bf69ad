import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const ROOT = resolve(__dirname, '../..');
const AXE = require.resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: number;
  targets: string[];
}

/** axe-core's violations on the page as it is now (an open dialog included) */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
}

/** the serious and critical ones, as lines a failing expectation shows */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `axe ${v.impact} ${v.id} ×${v.nodes} (${v.targets.join(' | ')})`);
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? res(address.port) : rej(new Error('nessuna porta'))));
    });
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** the built app as a user runs it (node backend/dist/main.js) on an empty data dir: demo data seeded; `extraEnv` adds settings (SMTP_URL…) */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
    cwd: ROOT,
    // the browser tests register and log in many users from one address: lift the rate limits here only
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_ACCOUNT: '100000',
      RATE_LIMIT_LOGIN_CLIENT: '100000',
      RATE_LIMIT_LOGIN_SLOWDOWN: '100000',
      RATE_LIMIT_REGISTRATION: '100000',
      RATE_LIMIT_HOLD: '100000',
      RATE_LIMIT_COUPON: '100000',
      RATE_LIMIT_SOCKET: '100000',
      RATE_LIMIT_SOCKETS_PER_CLIENT: '100000',
      RATE_LIMIT_PASSWORD_RESET: '100000',
      RATE_LIMIT_EMAIL_CONFIRMATION: '100000',
      RATE_LIMIT_PASSWORD_CHECK: '100000',
      RATE_LIMIT_WEBHOOK: '100000',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`il server è uscito con codice ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/auth/session`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('il server non è partito entro 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's chromium, and the flags this machine's closed network needs (launchChromium; a persistent profile uses them too) */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--force-prefers-reduced-motion',
];

/**
 * Debian's chromium, headless, with the flags this machine's closed network needs, and with
 * prefers-reduced-motion on: the app then has no transitions, so a test that measures a colour or a
 * position measures the final state, not a frame of a 0.15 s transition.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  // Playwright's contexts emulate "no-preference" unless told otherwise, which overrides the flag above: every
  // context of the tests asks for reduced motion (seen: the chosen hour measured mid-transition at 1.66:1)
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = (options = {}) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** the app server and a browser for one describe block: started before its tests, stopped after */
export function serverAndBrowser(extraEnv: () => Record<string, string> = () => ({})): { readonly server: RunningServer; readonly browser: Browser } {
  const running: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    running.server = await startServer(extraEnv());
    running.browser = await launchChromium();
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return {
    get server() {
      return running.server!;
    },
    get browser() {
      return running.browser!;
    },
  };
}

/** logs in through the login page with the demo password, and waits for the page the role lands on */
export async function login(page: Page, base: string, email: string, landing: string | ((url: URL) => boolean)): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Password123!');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(landing);
}

/** answers the demo intake questionnaire (no allergies unless typed, omnivore…) and waits for the payment page */
export async function answerIntakeQuestionnaire(page: Page, allergies?: string): Promise<void> {
  const question = (id: string) => page.locator(`fieldset[data-question="${id}"]`);
  if (allergies) {
    await question('allergie').getByLabel('Sì, quali?').check();
    await question('allergie').getByLabel('Quali allergie o intolleranze?').fill(allergies);
  } else {
    await question('allergie').getByLabel('No', { exact: true }).check();
  }
  await question('alimentazione').getByLabel('Onnivora').check();
  await question('frequenza').getByLabel('1–2 volte').check();
  await question('pasti').getByLabel('3', { exact: true }).check();
  await question('patologie').getByLabel('No', { exact: true }).check();
  await question('farmaci').getByLabel('No', { exact: true }).check();
  await page.getByRole('button', { name: 'Invia le risposte' }).click();
  await page.waitForURL('**/pagamento?**');
}

/** a new patient registered through the API in this browser context (its cookies log the context in) */
export async function registerPatient(
  context: BrowserContext,
  base: string,
  patient: { name: string; surname: string; email: string; phone: string },
): Promise<void> {
  const { csrfToken } = await (await context.request.get(`${base}/api/auth/session`)).json();
  const res = await context.request.post(`${base}/api/auth/register`, {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { ...patient, password: 'Password123!', taxcode: 'RSSMRA85T10A562S', consent: true },
  });
  if (res.status() !== 201) throw new Error(`registrazione: ${res.status()} ${await res.text()}`);
}
