/**
 * `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) in Debian's Chromium against the built
 * app on SQLite with the demo data, for /login, /prenota, a patient's /home and /messaggi (logged in through the API,
 * the session cookie passed as a header) and a doctor's public page /medici/giulia-rossi (server-rendered, the one page
 * whose SEO score has a goal: 100). Prints performance, accessibility, best-practices and SEO scores against the
 * goals, the main timings and the compressed JavaScript each page downloaded. LIGHTHOUSE_RUNS (default 1) runs
 * each page more times: the machine is shared, so single figures are noisy. LIGHTHOUSE_KEEP=<folder> keeps each
 * run's JSON report there (login-1.json, prenota-1.json, home-1.json…) for reading the diagnostics;
 * LIGHTHOUSE_PAGES=/login,/home audits only those pages. Then the installability of the app: Chromium's
 * `Page.getInstallabilityErrors` on a patient's /home once the service worker controls it (no error is the goal).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { login as loginInBrowser, startServer } from '../frontend/e2e/harness';
import { APP_MODULE, BOOKING_PAGE, brotliBytes, firstLoadFiles, FRONTEND_DIST, readManifest } from '../frontend/src/test/firstLoad';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--mute-audio',
];
const LIGHTHOUSE_CLI = resolve(__dirname, '../node_modules/lighthouse/cli/index.js');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? '1');
const KEEP = process.env.LIGHTHOUSE_KEEP ? resolve(process.env.LIGHTHOUSE_KEEP) : undefined;
const PASSWORD = 'Password123!';

const GOALS = { performance: 90, accessibility: 100, 'best-practices': 95, seo: 100 } as const;
type Category = keyof typeof GOALS;

interface PageToAudit {
  label: string;
  path: string;
  email?: string;
  /** a page for search engines: its SEO score has a goal (the app's own pages are not meant to be found) */
  seo?: boolean;
}

const ALL_PAGES: readonly PageToAudit[] = [
  { label: '/login', path: '/login' },
  { label: '/prenota', path: '/prenota' },
  { label: '/home (paziente)', path: '/home', email: 'paziente1@example.it' },
  { label: '/messaggi (paziente)', path: '/messaggi', email: 'paziente1@example.it' },
  { label: '/medici/giulia-rossi', path: '/medici/giulia-rossi', seo: true },
];
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
const PAGES = ONLY ? ALL_PAGES.filter((page) => ONLY.includes(page.path)) : ALL_PAGES;

interface Report {
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number; url?: string }[] } }
  >;
}

/** the weighted audits of accessibility and best practices that did not pass: what keeps them under the goal */
const failedAudits = (r: Report, seo: boolean) =>
  (seo ? (['accessibility', 'best-practices', 'seo'] as const) : (['accessibility', 'best-practices'] as const)).flatMap((c) =>
    r.categories[c].auditRefs.filter((ref) => ref.weight > 0 && r.audits[ref.id] && (r.audits[ref.id].score ?? 1) < 1).map((ref) => `${c}: ${ref.id}`),
  );

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]);

/** a session cookie for the demo account, as the login page would get it (again if a kept-alive socket was closed) */
async function sessionCookie(base: string, email: string, attempts = 3): Promise<string> {
  try {
    return await login(base, email);
  } catch (error) {
    if (attempts <= 1) throw error;
    return sessionCookie(base, email, attempts - 1);
  }
}

async function login(base: string, email: string): Promise<string> {
  const visitor = await fetch(`${base}/api/auth/session`);
  const { csrfToken } = (await visitor.json()) as { csrfToken: string };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: cookiesOf(visitor).join('; ') },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`accesso di ${email} non riuscito: ${login.status}`);
  return [...cookiesOf(visitor), ...cookiesOf(login)].join('; ');
}

function audit(url: string, cookie: string | undefined, output: string): Report {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--output=json',
    `--output-path=${output}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    '--quiet',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  // on a busy machine Chromium's DevTools protocol sometimes answers too late (Network.getResponseBody): that run is
  // lost, not the whole measure; it is tried again, twice at most, and said
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, encoding: 'utf8' });
    if (result.status === 0) return JSON.parse(readFileSync(output, 'utf8')) as Report;
    const reason = (result.stderr || result.stdout).trim().split('\n')[0];
    if (attempt === 3) throw new Error(`lighthouse su ${url}: ${result.stderr || result.stdout}`);
    console.log(`  ${url}: Lighthouse non riuscito (${reason}), di nuovo`);
  }
}

const score = (r: Report, c: Category) => Math.round((r.categories[c].score ?? 0) * 100);
const seconds = (r: Report, id: string) => `${((r.audits[id]?.numericValue ?? 0) / 1000).toFixed(1)} s`;
const scriptKb = (r: Report) =>
  (r.audits['network-requests']?.details?.items ?? []).filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024;

/** simulated throttling scales the CPU time it observes: on a busy machine every score drops, so it is printed */
const load = () =>
  `carico medio della macchina (1, 5, 15 min): ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

/**
 * What keeps Chromium from offering to install the app on a patient's /home: the ids of
 * `Page.getInstallabilityErrors`, asked once the service worker controls the page (empty: installable). A profile on
 * disk, not an incognito context, where Chromium never installs.
 */
async function installabilityErrors(base: string): Promise<string[]> {
  const profile = mkdtempSync(join(tmpdir(), 'studio-installabile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new'),
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await loginInBrowser(page, base, 'paziente1@example.it', '**/home');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    // the manifest's icons are fetched and checked asynchronously: asked again while the answer may still change
    let errors: string[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      errors = answer.installabilityErrors.map((e) => e.errorId);
      if (errors.length === 0) break;
      await page.waitForTimeout(500);
    }
    return errors;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const manifest = readManifest();
  const kb = (files: string[]) => (brotliBytes(FRONTEND_DIST, files) / 1000).toFixed(1);
  const first = firstLoadFiles(manifest, BOOKING_PAGE);
  console.log(
    `/prenota prima di mostrarsi: JavaScript ${kb(first.scripts)} KB e CSS ${kb(first.styles)} KB (brotli, ${first.scripts.length} + ${first.styles.length} file)`,
  );
  const working = firstLoadFiles(manifest, APP_MODULE);
  console.log(
    `/prenota pronta all’uso: JavaScript ${kb(working.scripts)} KB e CSS ${kb(working.styles)} KB (brotli, ${working.scripts.length} + ${working.styles.length} file)`,
  );
  console.log(`all’inizio, ${load()}`);
  const server = await startServer();
  if (KEEP) mkdirSync(KEEP, { recursive: true });
  const outDir = KEEP ?? mkdtempSync(join(tmpdir(), 'studio-lighthouse-'));
  const rows: string[][] = [];
  let met = true;
  try {
    for (const page of PAGES) {
      for (let run = 1; run <= RUNS; run++) {
        // a fresh session each run: Lighthouse's cold load is a first visit
        const cookie = page.email ? await sessionCookie(server.url, page.email) : undefined;
        const report = audit(server.url + page.path, cookie, join(outDir, `${page.path.slice(1).replace(/\//g, '-')}-${run}.json`));
        const scores = (Object.keys(GOALS) as Category[]).map((c) => {
          if (c === 'seo' && !page.seo) return String(score(report, c));
          const ok = score(report, c) >= GOALS[c];
          met &&= ok;
          return `${score(report, c)}${ok ? '' : ' ✗'}`;
        });
        const row = [
          page.label,
          String(run),
          ...scores,
          seconds(report, 'first-contentful-paint'),
          seconds(report, 'largest-contentful-paint'),
          `${Math.round(report.audits['total-blocking-time']?.numericValue ?? 0)} ms`,
          (report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
          `${scriptKb(report).toFixed(1)} KB`,
        ];
        // each run as it ends: a whole run takes minutes
        console.log(row.join(' | '));
        const failed = failedAudits(report, page.seo ?? false);
        if (failed.length > 0) console.log(`  non superati: ${failed.join(', ')}`);
        rows.push(row);
      }
    }
    const errors = await installabilityErrors(server.url);
    met &&= errors.length === 0;
    console.log(errors.length === 0 ? 'installabile (/home, paziente): sì' : `installabile (/home, paziente): no ✗ (${errors.join(', ')})`);
  } finally {
    if (!KEEP) rmSync(outDir, { recursive: true, force: true });
    else console.log(`rapporti JSON in ${KEEP}`);
    await server.stop();
  }
  const header = ['pagina', 'giro', 'prestazioni', 'accessibilità', 'buone pratiche', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'JS scaricato (compresso)'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`alla fine, ${load()}`);
  console.log(`Lighthouse (telefono, throttling simulato), ${CHROMIUM}`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    met
      ? 'Obiettivi raggiunti (prestazioni ≥ 90, accessibilità 100, buone pratiche ≥ 95, SEO 100 sulla pagina pubblica, app installabile).'
      : 'Obiettivi non raggiunti dove c’è ✗ (prestazioni ≥ 90, accessibilità 100, buone pratiche ≥ 95, SEO 100 sulla pagina pubblica, app installabile).',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
