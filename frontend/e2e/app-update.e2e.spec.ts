import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium, startServer, type RunningServer } from './harness';

const BUILT_APP = resolve(__dirname, '../dist');
/** what the second version of the app adds to its page, so a test can tell which version a page runs */
const NEW_VERSION_MARK = '<meta name="versione-di-prova" content="2">';

interface WorkerVersion {
  versionId: string;
  scriptURL: string;
  status: 'new' | 'installing' | 'installed' | 'activating' | 'activated' | 'redundant';
}

/** the versions of the app's worker as Chromium's ServiceWorker domain reports them, kept up to date */
async function followWorkerVersions(page: Page): Promise<{ cdp: CDPSession; versions: Map<string, WorkerVersion> }> {
  const cdp = await page.context().newCDPSession(page);
  const versions = new Map<string, WorkerVersion>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }: { versions: WorkerVersion[] }) => {
    for (const version of updated) versions.set(version.versionId, version);
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, versions };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`mai avvenuto: ${what}`);
}

const runsNewVersion = (page: Page) => page.evaluate(() => document.querySelector('meta[name="versione-di-prova"]') !== null);

describe('an update of the app is taken whole at the next open, never half-way', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let served = '';
  beforeAll(async () => {
    // a copy of the build that the test can turn into the next version while the server runs
    served = mkdtempSync(join(tmpdir(), 'studio-update-'));
    cpSync(BUILT_APP, served, { recursive: true });
    server = await startServer({ FRONTEND_DIST: served });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (served) rmSync(served, { recursive: true, force: true });
  });

  it('a page open during the update keeps its version, even when reloaded; the next open after it closes runs the new one', async () => {
    const open = await context!.newPage();
    await open.goto(`${server!.url}/prenota`);
    await open.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await open.reload();
    await open.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await open.getByRole('heading', { level: 1 }).waitFor();
    expect(await runsNewVersion(open)).toBe(false);

    // the next build: a new page, and the worker's precache names it with a new revision (as the build does)
    const index = join(served, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('<head>', `<head>${NEW_VERSION_MARK}`));
    const workerFile = join(served, 'sw.js');
    const worker = readFileSync(workerFile, 'utf8');
    const withNewRevision = worker.replace(/\{"revision":"[0-9a-f]+","url":"\/"\}/, '{"revision":"versione-2","url":"/"}');
    expect(withNewRevision).not.toBe(worker);
    writeFileSync(workerFile, withNewRevision);

    // the browser checks the worker (as it does on a navigation): the new one installs and waits
    const { cdp, versions } = await followWorkerVersions(open);
    await open.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    });
    await until(() => [...versions.values()].some((v) => v.status === 'installed'), 'la nuova versione installata e in attesa');
    const newVersion = [...versions.values()].find((v) => v.status === 'installed')!.versionId;
    expect(await open.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null)).toBe(true);

    // the open page goes on with the version it started with, a reload included: never half of each
    await open.reload();
    await open.getByRole('heading', { level: 1 }).waitFor();
    expect(await runsNewVersion(open)).toBe(false);
    expect(await open.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null)).toBe(true);

    // the app is closed: with no page of the old version left, the new worker takes over
    const watcher = await context!.newPage();
    const followed = await followWorkerVersions(watcher);
    await cdp.detach();
    await open.close();
    await until(() => followed.versions.get(newVersion)?.status === 'activated', 'la nuova versione attiva');
    await followed.cdp.detach();

    // the next open: the new version, whole
    await watcher.goto(`${server!.url}/prenota`);
    await watcher.getByRole('heading', { level: 1 }).waitFor();
    expect(await runsNewVersion(watcher)).toBe(true);
    expect(await watcher.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await watcher.close();
  });
});
