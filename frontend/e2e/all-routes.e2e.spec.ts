import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, serverAndBrowser, type AxeViolation } from './harness';
import { contextFor, createFixtures, SCREENS, settle, VIEWPORTS, type Fixtures, type Viewer } from './screens';

/**
 * Every route of every role, on a phone (390×844) and a desktop (1366×800): no horizontal scrolling of the
 * page, no console error, no serious or critical axe-core violation, a page title of its own.
 * The axe figures of every screen go to test-results/all-routes.json.
 */
const VIEWERS: readonly Viewer[] = ['visitor', 'patient', 'doctor', 'admin', 'auditor'];

interface Visit {
  viewer: Viewer;
  screen: string;
  viewport: string;
  title: string;
  overflowPx: number;
  consoleErrors: string[];
  violations: AxeViolation[];
  /** interactive elements under 44 × 44 px (phone only) */
  smallTargets: string[];
  /** how long the visit took, navigation to the end of the checks */
  ms: number;
}

/** the touch target WCAG 2.5.5 asks for, and what this app promises on a phone */
const TOUCH_PX = 44;

/**
 * Interactive elements smaller than 44 × 44 px on the page. A check box or radio counts with its label (the
 * whole row takes the tap); a link inside a sentence is exempt, as WCAG 2.5.5 allows for inline targets.
 */
/**
 * On a desktop, tables wider than the card or scroll box that holds them: their last columns (the actions) are cut
 * off or need sideways scrolling inside the page (the agenda's actions and the diet editor's targets, seen at 1366 px).
 */
async function tablesWiderThanTheirBox(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('table'))
      .filter((table) => table.getClientRects().length > 0)
      .flatMap((table) => {
        const box = table.parentElement!.closest<HTMLElement>('.table-responsive, .data-table-scroll, .card-body, main');
        if (!box) return [];
        const over = Math.round(table.getBoundingClientRect().right - (box.getBoundingClientRect().left + box.clientLeft + box.clientWidth));
        return over > 1 ? [`${table.getAttribute('aria-label') ?? table.className} (${over}px)`] : [];
      }),
  );
}

async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [tabindex="0"]';
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      // hidden until focused (the skip link), or a check box drawn as a button (.btn-check: its label is the target)
      if (el.closest('[aria-hidden="true"], .visually-hidden, .visually-hidden-focusable:not(:focus), .btn-check') || el.getClientRects().length === 0)
        continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (el.matches('[role=region], .data-table-scroll, .table-responsive')) continue;
      if (el.tagName === 'A' && style.display === 'inline') {
        const parentText = (el.parentElement?.textContent ?? '').replace(el.textContent ?? '', '').trim();
        if (parentText.length > 0) continue;
      }
      const target = el.matches('input[type=checkbox], input[type=radio]') ? (el.closest('.form-check, label') ?? el) : el;
      const box = target.getBoundingClientRect();
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim().slice(0, 40);
        out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return out;
  }, TOUCH_PX);
}

describe('every route of every role, on a phone and a desktop', () => {
  const env = serverAndBrowser();
  let fixtures: Fixtures;
  const visits: Visit[] = [];

  beforeAll(async () => {
    fixtures = await createFixtures(env.browser, env.server.url);
  });

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
            const violations = await axeViolations(page);
            const small = viewport.width < 500 ? await smallTargets(page) : [];
            const wideTables = viewport.width >= 500 ? await tablesWiderThanTheirBox(page) : [];
            visits.push({
              viewer,
              screen: screen.name,
              viewport: viewport.name,
              title,
              overflowPx,
              consoleErrors,
              violations,
              smallTargets: small,
              ms: Date.now() - started,
            });

            if (!title.startsWith(screen.title)) problems.push(`${where}: titolo "${title}", atteso "${screen.title} …"`);
            if (small.length > 0)
              problems.push(
                `${where}: bersagli sotto ${TOUCH_PX}×${TOUCH_PX}px: ${small.slice(0, 6).join(', ')}${small.length > 6 ? ` e altri ${small.length - 6}` : ''}`,
              );
            if (overflowPx > 0) problems.push(`${where}: la pagina scorre in orizzontale di ${overflowPx}px`);
            for (const table of wideTables) problems.push(`${where}: tabella più larga del suo riquadro: ${table}`);
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
      // a watchdog, not a measure: with five helpers and a CI loop on two cores a role's 40 visits took over 240 s
    }, 600_000);
  }
});
