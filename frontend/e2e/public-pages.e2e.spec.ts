import { serverAndBrowser } from './harness';

// the public pages in a real browser with JavaScript off, as a crawler or a blocked script sees them: the doctor's page
// carries its content and its JSON-LD, fits a 390 px phone, and its "Prenota" opens /prenota (JavaScript on) with the
// doctor chosen.
describe('public pages', () => {
  const env = serverAndBrowser();

  test('a doctor’s page without JavaScript: the content, JSON-LD parsed, no horizontal overflow at 390 px', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const response = await page.goto(`${env.server.url}/medici/giulia-rossi`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').textContent()).resolves.toContain('Giulia Rossi');
    expect(await page.title()).toContain('Giulia Rossi');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Visite');
    expect(text).toContain('Prossimi giorni liberi');
    // the demo seed opens the next weeks: some free day is listed
    expect(await page.locator('section[aria-labelledby="giorni"] li').count()).toBeGreaterThan(0);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks).toHaveLength(1);
    const ld = JSON.parse(blocks[0]) as Record<string, unknown>;
    expect(ld['@type']).toBe('Physician');
    expect(ld.name).toContain('Giulia Rossi');
    expect(typeof ld.medicalSpecialty).toBe('string');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/medici\/giulia-rossi$/);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain('Giulia Rossi');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    // no script ran: the page is the server's HTML, not the app
    expect(await page.locator('#root').count()).toBe(0);
    await context.close();
  });

  test('the practice’s page lists the doctors; "Prenota" opens /prenota with the doctor chosen', async () => {
    const noScript = await env.browser.newContext({ javaScriptEnabled: false });
    const studio = await noScript.newPage();
    await studio.goto(`${env.server.url}/studio`);
    const links = await studio.locator('main a[href^="/medici/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining(['/medici/giulia-rossi', '/medici/marco-bianchi']));
    expect((JSON.parse((await studio.locator('script[type="application/ld+json"]').textContent())!) as { '@type': string })['@type']).toBe('MedicalBusiness');
    await noScript.close();

    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/medici/giulia-rossi`);
    await page
      .getByRole('link', { name: /^Prenota/ })
      .first()
      .click();
    await page.waitForURL(/\/prenota\?medico=giulia-rossi/);
    await page.waitForFunction(
      () => (document.getElementById('booking-doctor') as HTMLSelectElement | null)?.selectedOptions[0]?.textContent?.trim() === 'Giulia Rossi',
      undefined,
      { timeout: 10_000 },
    );
    await context.close();
  });
});
