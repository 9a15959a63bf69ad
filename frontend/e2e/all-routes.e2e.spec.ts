import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from './harness';
import { contextFor, createFixtures, SCREENS, settle, VIEWPORTS, type Fixtures, type Viewer } from './screens';

/**
 * Every route of every role, on a phone (390×844) and a desktop (1366×800): no horizontal scrolling of the
 * page, no console error, no serious or critical axe-core violation, a page title of its own.
 * The axe figures of every screen go to test-results/all-routes.json.
 */
const AXE = require.resolve('axe-core/axe.min.js');
const VIEWERS: readonly Viewer[] = ['visitor', 'patient', 'doctor', 'admin', 'auditor'];

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: number;
  targets: string[];
}

interface Visit {
  viewer: Viewer;
  screen: string;
  viewport: string;
  title: string;
  overflowPx: number;
  consoleErrors: string[];
  violations: AxeViolation[];
  /** how long the visit took, navigation to the end of the checks */
  ms: number;
}

async function audit(page: Page): Promise<AxeViolation[]> {
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

describe('every route of every role, on a phone and a desktop', () => {
  const env = serverAndBrowser();
  let fixtures: Fixtures;
  const visits: Visit[] = [];

  beforeAll(async () => {
    fixtures = await createFixtures(env.browser, env.server.url);
  }, 60_000);

  afterAll(() => {
    const dir = resolve(__dirname, '../../test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(resolve(dir, 'all-routes.json'), JSON.stringify(visits, null, 2));
  });

  for (const viewer of VIEWERS) {
    const screens = SCREENS.filter((s) => s.roles.includes(viewer));

    it(`${viewer}: ${screens.map((s) => s.name).join(', ')}`, async () => {
      const base = env.server.url;
      const context = await contextFor(env.browser, base, viewer);
      const page = await context.newPage();
      let consoleErrors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') consoleErrors.push(msg.text());
      });
      page.on('pageerror', (err) => consoleErrors.push(String(err)));
      const problems: string[] = [];
      try {
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize({ width: viewport.width, height: viewport.height });
          for (const screen of screens) {
            const where = `${viewer} ${screen.name} ${viewport.name}`;
            consoleErrors = [];
            const started = Date.now();
            await page.goto(`${base}${screen.path(fixtures)}`);
            await settle(page);
            if (screen.prepare) await screen.prepare(page);
            const title = await page.title();
            const overflowPx = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
            const violations = await audit(page);
            visits.push({ viewer, screen: screen.name, viewport: viewport.name, title, overflowPx, consoleErrors, violations, ms: Date.now() - started });

            if (!title.startsWith(screen.title)) problems.push(`${where}: titolo "${title}", atteso "${screen.title} …"`);
            if (overflowPx > 0) problems.push(`${where}: la pagina scorre in orizzontale di ${overflowPx}px`);
            for (const e of consoleErrors) problems.push(`${where}: errore in console: ${e.slice(0, 200)}`);
            for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
              problems.push(`${where}: axe ${v.impact} ${v.id} ×${v.nodes} (${v.targets.join(' | ')})`);
            }
          }
        }
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    }, 240_000);
  }
});
