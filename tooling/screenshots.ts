/**
 * `npm run screenshots`: the main screens of every role, on a phone (390×844) and a desktop (1366×800), as PNGs in
 * test-results/screenshots/ (<role>-<screen>-<size>.png), so a reviewer can look without logging in. The app runs
 * built, on a fresh demo data dir, exactly as the all-routes browser test runs it. Four of them, the visible screen
 * only, also go to docs/img/ for docs/interfaccia.md.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchChromium, startServer } from '../frontend/e2e/harness';
import { contextFor, createFixtures, SCREENS, settle, VIEWPORTS, type Viewer } from '../frontend/e2e/screens';

const OUT = resolve(__dirname, '../test-results/screenshots');
const VIEWERS: readonly Viewer[] = ['visitor', 'patient', 'doctor', 'admin', 'auditor'];
/** the four docs/interfaccia.md shows (docs/img, committed): the visible screen only, so each stays under 200 KB */
const README_DIR = resolve(__dirname, '../docs/img');
const README_SHOTS: Record<string, string> = {
  'patient-prenota-scelta-telefono': 'prenota-telefono.png',
  'doctor-disponibilita-desktop': 'settimana-medico.png',
  'doctor-agenda-giorno-desktop': 'agenda.png',
  'doctor-dieta-desktop': 'dieta.png',
};

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  mkdirSync(README_DIR, { recursive: true });
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
          const name = `${viewer}-${screen.name}-${viewport.name}`;
          await page.screenshot({ path: resolve(OUT, `${name}.png`), fullPage: true });
          const readme = README_SHOTS[name];
          if (readme) await page.screenshot({ path: resolve(README_DIR, readme), clip: { x: 0, y: 0, width: viewport.width, height: viewport.height } });
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
