import type { Page } from 'playwright-core';
import { login, serverAndBrowser, answerIntakeQuestionnaire } from './harness';

const booking = (page: Page) => page.locator('#doing_booking');
/** a valid codice fiscale (check character included) */
const TAXCODE = 'RSSMRA85T10A562S';
const PRODUCT = 'Prima visita nutrizionale';

/** a free day at least two days ahead: well before the 24-hour cut-off */
async function chooseDayAhead(page: Page): Promise<string> {
  const days = booking(page).locator('[data-date]:not([disabled])');
  await days.first().waitFor();
  const earliest = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const dates = await days.evaluateAll((els) => els.map((e) => e.getAttribute('data-date')!));
  const date = dates.find((d) => d >= earliest);
  if (!date) throw new Error('nessun giorno libero fra almeno due giorni');
  await booking(page).locator(`[data-date="${date}"]`).click();
  return date;
}

describe('a practice’s week in a real browser: pay, cancel before the cut-off, refund; the hour comes back live; the agenda follows', () => {
  const env = serverAndBrowser();

  it('a patient books and pays, cancels and sees the refund; another patient sees the hour come back; the doctor’s agenda shows the name, then the cancellation', async () => {
    // the patient: medico1, a day two days ahead, its first hour
    const patient = await (await env.browser.newContext()).newPage();
    await patient.goto(`${env.server.url}/prenota`);
    await patient.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
    const date = await chooseDayAhead(patient);
    const firstHour = booking(patient).locator('[data-hour]').first();
    await firstHour.waitFor();
    const hhmm = (await firstHour.getAttribute('data-hour'))!;
    await firstHour.click();
    await booking(patient).locator('button[type=submit]').click();
    await patient.waitForURL('**/registrazione');
    const surname = `Neri${Date.now()}`;
    await patient.getByLabel('Nome', { exact: true }).fill('Carla');
    await patient.getByLabel('Cognome', { exact: true }).fill(surname);
    await patient.getByLabel('Email', { exact: true }).fill(`carla.neri+${Date.now()}@example.it`);
    await patient.getByLabel('Password', { exact: true }).fill('Password123!');
    await patient.getByLabel('Telefono', { exact: true }).fill('3331234567');
    await patient.getByLabel('Codice fiscale', { exact: true }).fill(TAXCODE);
    await patient.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
    await patient.getByRole('button', { name: 'Registrati' }).click();
    await patient.waitForURL('**/prenota/questionario?**');

    // leaves the questionnaire for /home: the held booking says "Continua", with its countdown and the policy
    await patient.goto(`${env.server.url}/home`);
    const held = patient.locator('li[data-status="held"]');
    await held.waitFor();
    expect(await held.textContent()).toContain('Orario riservato per te fino alle');
    expect(await held.textContent()).toContain('24 ore prima');
    await held.getByRole('link', { name: 'Continua' }).click();
    await patient.waitForURL('**/prenota/questionario?**');

    await answerIntakeQuestionnaire(patient);

    // the payment page says what is being paid for; the tax code given at registration is there
    const summary = patient.locator('.app-payment-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Giulia Rossi');
    expect(await summary.textContent()).toContain(hhmm);
    await patient
      .getByLabel('Codice fiscale', { exact: true })
      .and(patient.locator(`[value="${TAXCODE}"]`))
      .waitFor();
    await patient.locator('[data-id]').filter({ hasText: PRODUCT }).click();
    expect(await summary.textContent()).toContain(PRODUCT);
    await patient.getByLabel('Indirizzo di fatturazione', { exact: true }).fill('Via Roma 1, 20100 Milano');

    // the doctor's agenda on that day, open before the payment
    const doctor = await (await env.browser.newContext()).newPage();
    await login(doctor, env.server.url, 'medico1@example.it', '**/disponibilita**');
    await doctor.goto(`${env.server.url}/agenda?day=${date}&view=day`);
    await doctor.locator('.app-agenda').waitFor();
    await doctor.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // pay (the SDK stand-in plays the buyer)
    const pay = patient.locator('#paypal-button-container [data-paypal-stand-in="pay"]');
    await pay.waitFor();
    await pay.click();
    await patient.waitForURL('**/home', { timeout: 15_000 });
    const confirmed = patient.locator('li[data-status="confirmed"]');
    await confirmed.waitFor();

    // the agenda shows who is coming, without reloading
    const row = doctor.locator('tr[data-booking-id]').filter({ hasText: surname });
    await doctor.locator('tr[data-booking-id][data-status="confirmed"]').filter({ hasText: surname }).waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain('Carla');
    expect(await row.textContent()).toContain('3331234567');

    // a second patient watches the booking page on that day: the hour is taken
    const watcher = await (await env.browser.newContext()).newPage();
    await watcher.goto(`${env.server.url}/prenota`);
    await watcher.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
    await booking(watcher).locator(`[data-date="${date}"]`).click();
    await booking(watcher).locator('[data-hour]').first().waitFor();
    expect(await booking(watcher).locator(`[data-hour="${hhmm}"]`).count()).toBe(0);
    await watcher.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // the patient cancels before the cut-off: told about the refund first, then refunded
    await confirmed.getByRole('button', { name: 'Disdici' }).click();
    const dialog = patient.getByRole('dialog');
    expect(await dialog.textContent()).toContain('ricevi il rimborso completo');
    await dialog.getByRole('button', { name: 'Sì, disdici' }).click();
    await patient.getByText('La visita è stata disdetta e il pagamento ti è stato rimborsato per intero.').waitFor();
    const cancelled = patient.locator('li[data-status="cancelled"]');
    await cancelled.waitFor();
    expect(await cancelled.textContent()).toContain('Rimborsata');

    // the hour is back on the second patient's page, without a reload
    await booking(watcher).locator(`[data-hour="${hhmm}"]`).waitFor({ timeout: 10_000 });
    expect(await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // and the agenda shows the cancellation and the refund, still without a reload
    await doctor.locator(`tr[data-booking-id][data-status="cancelled"]`).filter({ hasText: surname }).waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain('rimborsato');
    expect(await doctor.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});
