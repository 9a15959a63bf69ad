/**
 * `npm run screenshots`: the main screens of every role, on a phone (390×844) and a desktop (1366×800), as PNGs in
 * test-results/screenshots/ (<role>-<screen>-<size>.png), so a reviewer can look without logging in. The app runs
 * built, on a fresh demo data dir, exactly as the all-routes browser test runs it.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchChromium, startServer } from '../frontend/e2e/harness';
import { contextFor, createFixtures, SCREENS, settle, VIEWPORTS, type Viewer } from '../frontend/e2e/screens';

const OUT = resolve(__dirname, '../test-results/screenshots');
const VIEWERS: readonly Viewer[] = ['visitor', 'patient', 'doctor', 'admin', 'auditor'];

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const fixtures = await createFixtures(browser, server.url);
    let count = 0;
    for (const viewer of VIEWERS) {
      const context = await contextFor(browser, server.url, viewer);
      const page = await context.newPage();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        for (const screen of SCREENS.filter((s) => s.main && s.roles.includes(viewer))) {
          await page.goto(`${server.url}${screen.path(fixtures)}`);
          await settle(page);
          if (screen.prepare) await screen.prepare(page);
          await page.screenshot({ path: resolve(OUT, `${viewer}-${screen.name}-${viewport.name}.png`), fullPage: true });
          count += 1;
        }
      }
      await context.close();
    }
    console.log(`${count} schermate in ${OUT}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
