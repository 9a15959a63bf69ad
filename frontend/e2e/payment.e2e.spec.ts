import type { Page } from 'playwright-core';
import { login, serverAndBrowser, answerIntakeQuestionnaire } from './harness';

const booking = (page: Page) => page.locator('#doing_booking');
const submit = (page: Page) => booking(page).locator('button[type=submit]');
/** a valid codice fiscale (check character included) */
const TAXCODE = 'RSSMRA85T10A562S';
const PRODUCT = 'Prima visita nutrizionale';

/** the number of calendar events whose title is e.g. "Prenotato 09:00–09:30" */
const slotsTitled = (page: Page, title: string) => page.evaluate((t) => document.querySelectorAll(`#calendar .slot-content[title="${t}"]`).length, title);

function endOf(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const end = h * 60 + m + 30;
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

/** the Monday (UTC) of a YYYY-MM-DD's week */
function mondayOf(date: string): number {
  const d = new Date(`${date}T00:00:00Z`);
  return d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000;
}

describe('the whole patient journey in a real browser, paid through the PayPal SDK stand-in', () => {
  const env = serverAndBrowser();

  it('doctor, day, hour, registration, questionnaire, product, coupon, PayPal → /home confirmed; the doctor sees the slot turn red live', async () => {
    // a visitor chooses medico1, the first free day and its first hour
    const patient = await (await env.browser.newContext()).newPage();
    await patient.goto(`${env.server.url}/prenota`);
    await patient.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
    const freeDay = booking(patient).locator('[data-date]:not([disabled])').first();
    await freeDay.waitFor();
    const date = (await freeDay.getAttribute('data-date'))!;
    await freeDay.click();
    const firstHour = booking(patient).locator('[data-hour]').first();
    await firstHour.waitFor();
    const hhmm = (await firstHour.getAttribute('data-hour'))!;
    const span = `${hhmm}–${endOf(hhmm)}`;

    // the doctor's calendar, open beside it on that week
    const doctor = await (await env.browser.newContext()).newPage();
    await login(doctor, env.server.url, 'medico1@example.it', '**/disponibilita**');
    await doctor.locator('#calendar .slot-content').first().waitFor();
    const weeksAhead = Math.round((mondayOf(date) - mondayOf(new Date().toISOString().slice(0, 10))) / (7 * 86_400_000));
    for (let i = 0; i < weeksAhead; i++) {
      await doctor.locator('#calendar').getByRole('button', { name: /succ/i }).first().click();
      await doctor.locator('#calendar .slot-content').first().waitFor();
    }
    await doctor.getByText('Aggiornamenti in tempo reale attivi').waitFor();
    await doctor.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const bookedBefore = await slotsTitled(doctor, `Prenotato ${span}`);

    // Salva → registration → the hour is held
    await firstHour.click();
    await submit(patient).click();
    await patient.waitForURL('**/registrazione');
    await patient.getByLabel('Nome', { exact: true }).fill('Carla');
    await patient.getByLabel('Cognome', { exact: true }).fill('Neri');
    await patient.getByLabel('Email', { exact: true }).fill(`carla.neri+${Date.now()}@example.it`);
    await patient.getByLabel('Password', { exact: true }).fill('Password123!');
    await patient.getByLabel('Telefono', { exact: true }).fill('3331234567');
    await patient.getByLabel('Codice fiscale', { exact: true }).fill(TAXCODE);
    await patient.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
    await patient.getByRole('button', { name: 'Registrati' }).click();
    await patient.waitForURL('**/prenota/questionario?**');

    // the doctor's page: the hour is red (held) without a reload
    await doctor.waitForFunction((t) => document.querySelectorAll(`#calendar .slot-content[title="${t}"]`).length > 0, `In attesa di pagamento ${span}`, {
      timeout: 10_000,
    });

    // the intake questionnaire
    await answerIntakeQuestionnaire(patient);

    // a product, one at a time, in green
    const card = patient.locator('[data-id]').filter({ hasText: PRODUCT });
    await card.waitFor();
    const priceCents = Number(await card.getAttribute('data-price'));
    await card.click();
    expect(await card.getAttribute('class')).toContain('border-success');

    // the coupon, trimmed; the check button goes, prices are discounted
    await patient.getByLabel('Coupon', { exact: true }).fill('  benvenuto10 ');
    await patient.getByRole('button', { name: 'Verifica' }).click();
    await patient.getByText('Coupon valido!').waitFor();
    expect(await patient.getByLabel('Coupon', { exact: true }).isDisabled()).toBe(true);
    expect(await patient.getByRole('button', { name: 'Verifica' }).count()).toBe(0);
    const discounted = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format((priceCents - (priceCents * 10) / 100) / 100);
    expect((await card.textContent())?.replace(/\s/g, ' ')).toContain(discounted.replace(/\s/g, ' '));

    // billing first: the PayPal area says so
    const pay = patient.locator('#paypal-button-container [data-paypal-stand-in="pay"]');
    await pay.waitFor();
    await patient.getByTestId('payment-area').click({ position: { x: 5, y: 5 } });
    await patient.getByText("Devi specificare sia il codice fiscale che l'indirizzo di fatturazione").waitFor();
    await patient.getByLabel('Codice fiscale', { exact: true }).fill(TAXCODE);
    await patient.getByLabel('Indirizzo di fatturazione', { exact: true }).fill('Via Roma 1, 20100 Milano');

    // the charge names the coupon as the practice wrote it, whatever the case typed
    await patient.getByTestId('charge-summary').getByText('Sconto coupon BENVENUTO10', { exact: true }).waitFor();

    // "paga con PayPal o con carta": the card button the real SDK shows Italian buyers, and the payment by card
    // (the SDK stand-in plays the buyer): created and captured by our server, confirmed, /home
    const cardButton = patient.locator('#paypal-button-container [data-paypal-stand-in="card"]');
    expect(await cardButton.textContent()).toContain('Carta di debito o di credito');
    await cardButton.click();
    await patient.waitForURL('**/home', { timeout: 15_000 });
    // the confirmation names the product paid for, not "Visita: Visita"
    const confirmation = patient.locator('.app-booking-confirmation');
    await confirmation.waitFor();
    await confirmation.getByText(PRODUCT, { exact: true }).waitFor();
    const confirmed = patient.locator('li[data-status="confirmed"]');
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain('Giulia Rossi');
    expect(await confirmed.textContent()).toContain(hhmm);
    const order = patient.locator('tr[data-order-id]');
    await order.waitFor();
    expect(await order.textContent()).toContain(PRODUCT);
    expect(await order.textContent()).toContain('BENVENUTO10');
    // the receipt listed, the erasure box lists it among what stays (never "Non ci sono ricevute a tuo nome" beside it)
    await order
      .getByRole('link', { name: /Ricevuta/ })
      .first()
      .waitFor();
    await patient.getByTestId('erasure-kept').waitFor();
    expect(await patient.getByText('Non ci sono ricevute a tuo nome').count()).toBe(0);

    // the doctor's page turned the hour from held to booked, still without reloading
    await doctor.waitForFunction(
      ([t, n]) => document.querySelectorAll(`#calendar .slot-content[title="${t}"]`).length === n,
      [`Prenotato ${span}`, bookedBefore + 1] as const,
      { timeout: 10_000 },
    );
    expect(await slotsTitled(doctor, `In attesa di pagamento ${span}`)).toBe(0);
    expect(await doctor.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});
