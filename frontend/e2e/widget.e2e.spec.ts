import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverAndBrowser } from './harness';
import { allowOrigins, answerAndPay, chooseHourAndRegister, hostHears, hostSite, receivedEvents } from './widget-steps';

// the widget on the practice's own site: a host page on another loopback origin (another port of localhost) pastes the
// one script line; the booking runs in its frame through registration, hold, questionnaire and payment, and the host
// hears prenotazione:riservata and prenotazione:confermata, with nothing about the patient. A host not in the
// administrator's list is refused the frame. Another port is another origin but the same site, so no third-party
// cookie rule applies here: widget-cross-site.e2e.spec.ts has the host on another site and the app over HTTPS.

describe('the booking widget on another origin', () => {
  const env = serverAndBrowser();
  let host: Server;
  let hostPort: number;
  // the app as widget.js names it (PUBLIC_URL's default): http://localhost:<port>
  const appOrigin = () => `http://localhost:${new URL(env.server.url).port}`;

  beforeAll(async () => {
    host = await hostSite(appOrigin());
    hostPort = (host.address() as AddressInfo).port;
    await allowOrigins(env.server.url, [`http://localhost:${hostPort}`]);
  });
  afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

  test('a visitor books from the host page; the host hears the hold and the confirmation, without personal data', async () => {
    const page = await (await env.browser.newContext({ viewport: { width: 1000, height: 900 } })).newPage();
    await page.goto(`http://localhost:${hostPort}/`);
    const frame = page.frameLocator('iframe[title="Prenota una visita"]');
    await chooseHourAndRegister(frame, `widget.${Date.now()}@example.it`);
    await hostHears(page, 'prenotazione:riservata');
    await answerAndPay(frame);

    const received = await receivedEvents(page);
    const events = received.filter((m) => typeof m.data?.type === 'string' && String(m.data.type).startsWith('prenotazione:'));
    expect(events.map((m) => m.data.type)).toEqual(['prenotazione:riservata', 'prenotazione:confermata']);
    for (const m of events) {
      expect(m.origin).toBe(appOrigin());
      // the event and the doctor, nothing about the patient
      expect(Object.keys(m.data).every((k) => k === 'type' || k === 'doctorId')).toBe(true);
      expect(JSON.stringify(m.data)).not.toMatch(/Widget|Esterno|RSSMRA|example\.it/);
    }
  });

  test('a site not in the administrator’s list is refused the frame', async () => {
    const page = await (await env.browser.newContext()).newPage();
    const refused = page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 20_000 });
    // the same host page, reached as 127.0.0.1: another origin, not listed
    await page.goto(`http://127.0.0.1:${hostPort}/`);
    expect((await refused).text()).toMatch(/frame-ancestors http:\/\/localhost:\d+"?\. The request has been blocked|Refused to frame/);
  });
});
