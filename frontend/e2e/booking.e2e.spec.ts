import type { Page } from 'playwright-core';
import { login, serverAndBrowser } from './harness';

// a visitor's socket learns only free or not free (never who took it), so the page says the hour is gone
const HOUR_GONE = 'L’orario che avevi scelto non è più disponibile: scegline un altro.';
const CHOOSE_FIRST = "Seleziona prima un giorno e un'ora per procedere";

const booking = (page: Page) => page.locator('#doing_booking');
const submit = (page: Page) => booking(page).locator('button[type=submit]');
const day = (page: Page, date: string) => booking(page).locator(`[data-date="${date}"]`);
const hour = (page: Page, hhmm: string) => booking(page).locator(`[data-hour="${hhmm}"]`);

/** the booking page on medico1 (Giulia Rossi), live updates acknowledged */
async function openBooking(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/prenota`);
  await page.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
  await booking(page).locator('[data-date]:not([disabled])').first().waitFor();
  await booking(page).locator('[data-live="online"]').waitFor({ timeout: 10_000 });
}

async function chooseDay(page: Page, date: string): Promise<void> {
  await day(page, date).click();
  await booking(page).locator('[data-hour]').first().waitFor();
}

describe('booking in a real browser: two patients, one slot', () => {
  const env = serverAndBrowser();

  it('A registers and holds an hour; B, watching the same day, sees it vanish without reloading', async () => {
    // patient A registers through the form
    const a = await (await env.browser.newContext()).newPage();
    await a.goto(`${env.server.url}/registrazione`);
    const form = a.locator('form.needs-validation');
    expect(await form.getAttribute('action')).toBe('/registrazione');
    await a.getByLabel('Nome', { exact: true }).fill('Mario');
    await a.getByLabel('Cognome', { exact: true }).fill('Rossi');
    await a.getByLabel('Email', { exact: true }).fill(`mario.rossi+${Date.now()}@example.it`);
    await a.getByLabel('Password', { exact: true }).fill('Password123!');
    await a.getByLabel('Telefono', { exact: true }).fill('+39 333 1234567');
    await a.getByLabel('Codice fiscale', { exact: true }).fill('RSSMRA85T10A562S');
    await a.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
    await a.getByRole('button', { name: 'Registrati' }).click();
    await a.waitForURL('**/home');

    // patient B opens the booking page on medico1, chooses the first free day and its first hour
    const b = await (await env.browser.newContext()).newPage();
    await login(b, env.server.url, 'paziente1@example.it', '**/home');
    await openBooking(b, env.server.url);
    expect(await booking(b).locator('input[name=availability_id]').inputValue()).toBe('0');
    expect(await submit(b).isDisabled()).toBe(true);
    expect((await submit(b).textContent())?.trim()).toBe(CHOOSE_FIRST);
    const date = (await booking(b).locator('[data-date]:not([disabled])').first().getAttribute('data-date'))!;
    await chooseDay(b, date);
    const hhmm = (await booking(b).locator('[data-hour]').first().getAttribute('data-hour'))!;
    await hour(b, hhmm).click();
    expect((await submit(b).textContent())?.trim()).toBe('Salva');
    expect(await submit(b).isEnabled()).toBe(true);
    await b.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // A chooses the same day and hour and presses Salva
    await openBooking(a, env.server.url);
    await chooseDay(a, date);
    await hour(a, hhmm).click();
    await submit(a).click();
    await a.waitForURL('**/prenota/questionario?**');
    await a.getByText(/Orario riservato per te fino alle \d{2}:\d{2}/).waitFor();

    // B: the hour vanishes at once, the choice is undone, an alert says why
    await hour(b, hhmm).waitFor({ state: 'detached', timeout: 10_000 });
    await b.getByRole('alert').filter({ hasText: HOUR_GONE }).waitFor();
    expect(await booking(b).locator('input[name=availability_id]').inputValue()).toBe('0');
    expect(await submit(b).isDisabled()).toBe(true);
    expect((await submit(b).textContent())?.trim()).toBe(CHOOSE_FIRST);
    expect(await b.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // A answers the doctor's questionnaire (enabler rules), lands on the payment step, and finds the held booking at /home
    const question = (id: string) => a.locator(`fieldset[data-question="${id}"]`);
    await question('allergie').getByLabel('Sì, quali?').check();
    const allergies = question('allergie').getByLabel('Quali allergie o intolleranze?');
    expect(await allergies.isEnabled()).toBe(true);
    await allergies.fill('Lattosio');
    await question('alimentazione').getByLabel('Altro (specificare)').check();
    expect(await question('alimentazione').getByLabel('Specifica il tipo di alimentazione').isEnabled()).toBe(true);
    await question('alimentazione').getByLabel('Onnivora').check();
    expect(await question('alimentazione').getByLabel('Specifica il tipo di alimentazione').isDisabled()).toBe(true);
    await question('frequenza').getByLabel('1–2 volte').check();
    await question('pasti').getByLabel('3', { exact: true }).check();
    await question('patologie').getByLabel('No', { exact: true }).check();
    await question('farmaci').getByLabel('No', { exact: true }).check();
    await a.getByRole('button', { name: 'Invia le risposte' }).click();
    await a.waitForURL('**/pagamento?**');
    await a.getByText('Prima visita nutrizionale').first().waitFor();
    await a.goto(`${env.server.url}/home`);
    const held = a.locator('li[data-status="held"]');
    await held.waitFor();
    expect(await held.textContent()).toContain('Giulia Rossi');
    expect(await held.textContent()).toContain(hhmm);
  });

  it('a visitor chooses first, registers, and the hour is held for them', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await openBooking(page, env.server.url);
    const date = (await booking(page).locator('[data-date]:not([disabled])').first().getAttribute('data-date'))!;
    await chooseDay(page, date);
    const hhmm = (await booking(page).locator('[data-hour]').last().getAttribute('data-hour'))!;
    await hour(page, hhmm).click();
    await submit(page).click();
    await page.waitForURL('**/registrazione');

    // an invalid form is blocked by the browser checks
    await page.getByRole('button', { name: 'Registrati' }).click();
    expect(await page.locator('form.needs-validation.was-validated').count()).toBe(1);
    expect(page.url()).toMatch(/\/registrazione$/);

    await page.getByLabel('Nome', { exact: true }).fill('Anna');
    await page.getByLabel('Cognome', { exact: true }).fill('Bianchi');
    await page.getByLabel('Email', { exact: true }).fill(`anna.bianchi+${Date.now()}@example.it`);
    await page.getByLabel('Password', { exact: true }).fill('Password123!');
    await page.getByLabel('Telefono', { exact: true }).fill('3331234567');
    await page.getByLabel('Codice fiscale', { exact: true }).fill('RSSMRA85T10A562S');
    await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.waitForURL('**/prenota/questionario?**');
    await page.getByText(/Orario riservato per te fino alle \d{2}:\d{2}/).waitFor();
  });
});
