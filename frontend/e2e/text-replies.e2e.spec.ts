import { resolve } from 'node:path';
import { practiceInstant } from '@studio/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startPaypalStandIn, type PaypalStandIn } from '../../backend/src/areas/payments/paypal/paypal-stand-in';
import { paypalEnv } from '../../backend/src/testing/payments';
import { WHATSAPP_WEBHOOK, textRepliesSuite } from '../../backend/src/testing/text-replies';
import { until } from '../../backend/src/testing/until';
import { answerIntakeQuestionnaire, launchChromium, login, registerPatient } from './harness';

const TIME_ZONE = 'Europe/Rome';
const PHONE = { width: 390, height: 844 };
const booking = (page: Page) => page.locator('#doing_booking');

// The reminder comes due by the app's clock, which only a test in the same process can move (the server of the other
// browser tests runs on the real time): here the app runs in jest's process, on a clock standing at the real now (so
// the browser's days and the server's agree) and moved by the test to the reminder's hour, serving the built frontend.
let pp: PaypalStandIn | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  pp = await startPaypalStandIn();
  browser = await launchChromium();
});
const now = new Date().toISOString();
const suite = textRepliesSuite({
  now,
  today: now,
  sms: true,
  // no quiet hours: the confirmation leaves at once whatever the real hour the test runs at
  reminders: { channels: ['whatsapp', 'sms', 'email'], hoursBefore: [24], quietHours: null },
  env: () => ({ ...paypalEnv(pp!), PAYPAL_SDK_URL: pp!.sdkUrl, FRONTEND_DIST: resolve(__dirname, '../dist'), PRACTICE_TIME_ZONE: TIME_ZONE }),
});
afterAll(async () => {
  await browser?.close();
  await pp?.close();
});

/** a new patient on a phone, logged in, who agreed at /profilo to be written to on one channel at this mobile */
async function patientOnPhone(surname: string, channel: 'sms' | 'whatsapp', mobile: string): Promise<Page> {
  const context: BrowserContext = await browser!.newContext({ viewport: PHONE });
  const email = `${surname.toLowerCase()}+${Date.now()}@example.it`;
  await registerPatient(context, suite.app.url, { name: 'Carla', surname, email, phone: mobile });
  const page = await context.newPage();
  await page.goto(`${suite.app.url}/profilo`);
  await page.locator(`#channel-${channel}`).check();
  await page.getByLabel('Cellulare per SMS e WhatsApp').fill(mobile);
  await page.getByRole('button', { name: 'Salva le scelte' }).click();
  await page.getByText('Scelte salvate.').waitFor();
  return page;
}

/** the app settles (reactors, read models, the outbox by its clock) until `ok` holds about what the stand-ins received */
const sendUntil = <T>(received: () => T, ok: (v: T) => boolean) =>
  until(
    async () => {
      await suite.settle();
      return received();
    },
    ok,
    15_000,
  );

describe('answers by WhatsApp, in a real browser', () => {
  it('a patient books and pays on a phone, gets the confirmation and the 24-hour reminder on WhatsApp, answers "2": /home and the agenda show it cancelled and refunded, the next on the waiting list is offered the slot by SMS', async () => {
    const { app, clock, meta, twilio } = suite;
    const base = app.url;
    const surname = `Riva${Date.now()}`;
    const booker = await patientOnPhone(surname, 'whatsapp', '333 111 2222');
    const waiter = await patientOnPhone(`Sala${Date.now()}`, 'sms', '333 333 4444');

    // the booker: medico1, a day at least two days ahead (so the reminder and the cut-off are still to come), its first hour
    await booker.goto(`${base}/prenota`);
    await booker.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
    const days = booking(booker).locator('[data-date]:not([disabled])');
    await days.first().waitFor();
    const earliest = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const date = (await days.evaluateAll((els) => els.map((e) => e.getAttribute('data-date')!))).find((d) => d >= earliest)!;
    expect(date).toBeDefined();
    await booking(booker).locator(`[data-date="${date}"]`).click();
    const firstHour = booking(booker).locator('[data-hour]').first();
    await firstHour.waitFor();
    const hhmm = (await firstHour.getAttribute('data-hour'))!;
    await firstHour.click();
    await booking(booker).locator('button[type=submit]').click();
    await booker.waitForURL(/\/(prenota\/questionario|pagamento)\?/);
    if (booker.url().includes('/questionario')) await answerIntakeQuestionnaire(booker);
    await booker.locator('[data-id]').filter({ hasText: 'Prima visita nutrizionale' }).click();
    await booker.getByLabel('Indirizzo di fatturazione', { exact: true }).fill('Via Roma 1, 20100 Milano');
    const pay = booker.locator('#paypal-button-container [data-paypal-stand-in="pay"]');
    await pay.waitFor();
    await pay.click();
    await booker.waitForURL('**/home');
    const confirmed = booker.locator('li[data-status="confirmed"]');
    await confirmed.waitFor();
    const bookingId = (await confirmed.getAttribute('data-booking-id'))!;

    // the confirmation on WhatsApp, and no reminder yet: the visit is more than 24 hours away
    const toBooker = () => meta.messages.filter((m) => m.to === '393331112222').map((m) => m.template?.name ?? m.type);
    expect(await sendUntil(toBooker, (names) => names.length > 0)).toEqual(['conferma_prenotazione']);

    // the other patient joins medico1's waiting list for that day, from the booking page
    await waiter.goto(`${base}/prenota`);
    await waiter.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
    await waiter.getByLabel('Dal giorno', { exact: true }).fill(date);
    await waiter.getByLabel('Al giorno', { exact: true }).fill(date);
    await waiter.getByRole('button', { name: 'Mettimi in lista d’attesa' }).click();
    await waiter.getByText('Sei in lista d’attesa').waitFor();
    await waiter.goto(`${base}/home`);
    await waiter.getByText('Le tue liste d’attesa').waitFor();

    // 24 hours before the visit (12 before the cut-off): the reminder comes due
    const visitAt = practiceInstant(`${date}T${hhmm}:00Z`, TIME_ZONE).getTime();
    clock.set(new Date(visitAt - 24 * 3_600_000).toISOString());
    expect(await sendUntil(toBooker, (names) => names.length > 1)).toEqual(['conferma_prenotazione', 'promemoria_visita']);
    expect((await meta.flushWebhooks(WHATSAPP_WEBHOOK)).every((s) => s === 200)).toBe(true);

    // the doctor's agenda on that day, open before the answer
    const doctor = await (await browser!.newContext()).newPage();
    await login(doctor, base, 'medico1@example.it', '**/disponibilita**');
    await doctor.goto(`${base}/agenda?day=${date}&view=day`);
    const row = doctor.locator('tr[data-booking-id]').filter({ hasText: surname });
    await row.and(doctor.locator('[data-status="confirmed"]')).waitFor();
    for (const page of [booker, doctor, waiter]) await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // the patient answers "2" on WhatsApp: Meta posts it signed with the app secret
    expect((await meta.reply(WHATSAPP_WEBHOOK, '+393331112222', '2')).status).toBe(200);

    // /home shows the visit cancelled and refunded, the agenda the cancellation and the refund, neither reloaded
    const cancelled = booker.locator(`li[data-booking-id="${bookingId}"][data-status="cancelled"]`);
    await cancelled.waitFor();
    expect(await cancelled.textContent()).toContain('Rimborsata');
    await row.and(doctor.locator('[data-status="cancelled"]')).waitFor();
    expect(await row.textContent()).toContain('rimborsato');

    // told on WhatsApp; the waiting patient holds the hour on /home and is offered it by SMS
    const told = await sendUntil(
      () => meta.messages.filter((m) => m.to === '393331112222').at(-1)?.body ?? '',
      (body) => body.includes('disdetta'),
    );
    expect(told).toContain("disdetta. Ti rimborsiamo l'intero pagamento.");
    const held = waiter.locator('li[data-status="held"]');
    await held.waitFor();
    expect(await held.textContent()).toContain(hhmm);
    const [, mm, dd] = date.split('-');
    const offer = await sendUntil(
      () => twilio.messages.find((m) => m.to === '+393333334444'),
      (m) => m !== undefined,
    );
    expect(offer?.body).toMatch(new RegExp(`^Studio Rossi: si è liberato un posto, visita con .* ${dd}/${mm} ore ${hhmm}`));
    for (const page of [booker, doctor, waiter]) expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});
