import { answerIntakeQuestionnaire, login, serverAndBrowser } from './harness';

/** a valid codice fiscale (check character included) */
const TAXCODE = 'RSSMRA85T10A562S';

const plus30 = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  const end = h * 60 + m + 30;
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
};
/** the Monday (UTC) of a YYYY-MM-DD's week */
const mondayOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000;
};

/**
 * A visit type's booking, the patient's side in a real browser on a phone (390 px) and a laptop (1366 px): the doctor offers a 60-minute first visit; the
 * patient books it from its visit type (both slots turn red live on the doctor's calendar), pays it priced by the type, lands on /home on the confirmation (heading
 * focused, .ics), then moves it on the day grid of /prenota.
 */
describe('booking a 60-minute visit type, paying, the confirmation and a move, on a phone and a laptop', () => {
  const env = serverAndBrowser();

  let typeCreated = false;
  it.each([390, 1366])('at %i px: visit type → day → hour → questionnaire → payment by the type → confirmation → move from the day grid', async (width) => {
    // the doctor creates the visit type (the API the doctor's screens use)
    const doctor = await (await env.browser.newContext()).newPage();
    await login(doctor, env.server.url, 'medico1@example.it', '**/disponibilita**');
    const session = (await (await doctor.request.get(`${env.server.url}/api/auth/session`)).json()) as { user: { id: string }; csrfToken: string };
    if (!typeCreated) {
      const created = await doctor.request.post(`${env.server.url}/api/doctors/${session.user.id}/visit-types`, {
        headers: { 'X-CSRF-Token': session.csrfToken },
        data: { name: 'Prima visita completa', minutes: 60, priceCents: 9000, mode: 'studio', noticeMinutes: 0 },
      });
      expect(created.status()).toBe(201);
      typeCreated = true;
    }

    const context = await env.browser.newContext({ viewport: { width, height: 844 } });
    const patient = await context.newPage();
    await login(patient, env.server.url, 'paziente1@example.it', '**/home');
    await patient.goto(`${env.server.url}/prenota`);
    await patient.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
    const type = patient.locator('[data-visit-type-id]').filter({ hasText: 'Prima visita completa' });
    await type.click();
    // a day more than 24 hours ahead (before the cut-off, so it can still be moved)
    await patient.locator('#doing_booking [data-date]:not([disabled])').first().waitFor();
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const dates = await patient.locator('#doing_booking [data-date]:not([disabled])').evaluateAll((els) => els.map((e) => e.getAttribute('data-date')!));
    const date = dates.find((d) => d >= later)!;
    await patient.locator(`#doing_booking [data-date="${date}"]`).click();
    const hour = patient.locator('#doing_booking [data-hour]').first();
    await hour.waitFor();
    const hhmm = (await hour.getAttribute('data-hour'))!;
    await hour.click();

    // the doctor's calendar on that week, open beside it: both slots of the visit turn red without a reload
    await doctor.locator('#calendar .slot-content').first().waitFor();
    const weeksAhead = Math.round((mondayOf(date) - mondayOf(new Date().toISOString().slice(0, 10))) / (7 * 86_400_000));
    for (let i = 0; i < weeksAhead; i++) {
      await doctor.locator('#calendar').getByRole('button', { name: /succ/i }).first().click();
      await doctor.locator('#calendar .slot-content').first().waitFor();
    }
    await doctor.getByText('Aggiornamenti in tempo reale attivi').waitFor();
    await doctor.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const titles = [`${hhmm}–${plus30(hhmm)}`, `${plus30(hhmm)}–${plus30(plus30(hhmm))}`];
    const countTitled = (t: string) => doctor.evaluate((title) => document.querySelectorAll(`#calendar .slot-content[title="${title}"]`).length, t);
    const before = await Promise.all(titles.map((span) => countTitled(`Prenotato ${span}`)));
    await patient.locator('#doing_booking button[type=submit]').click();
    await patient.waitForURL(/\/(prenota\/questionario|pagamento)\?/);
    if (patient.url().includes('/questionario')) await answerIntakeQuestionnaire(patient);

    // priced by the visit type: its product chosen already, the only one
    const card = patient.locator('[data-id][data-selected="true"]');
    await card.waitFor();
    expect(await patient.locator('[data-id]').count()).toBe(1);
    expect(await card.getAttribute('data-price')).toBe('9000');
    await patient.getByTestId('charge-total').waitFor();
    await patient.getByLabel('Codice fiscale', { exact: true }).fill(TAXCODE);
    await patient.getByLabel('Indirizzo di fatturazione', { exact: true }).fill('Via Roma 1, 20100 Milano');
    const pay = patient.locator('#paypal-button-container [data-paypal-stand-in="pay"]');
    await pay.waitFor();
    await pay.click();

    // the doctor's calendar: both slots booked (red), still the same page
    for (const [i, span] of titles.entries()) {
      await doctor.waitForFunction(
        ([t, n]) => document.querySelectorAll(`#calendar .slot-content[title="${t}"]`).length === n,
        [`Prenotato ${span}`, before[i] + 1] as const,
        { timeout: 15_000 },
      );
    }
    expect(await doctor.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // /home opens on the confirmation, its heading focused, nothing wider than the phone
    await patient.waitForURL('**/home', { timeout: 15_000 });
    const heading = patient.getByRole('heading', { name: 'Prenotazione confermata' });
    await heading.waitFor();
    await patient.waitForFunction(() => document.activeElement?.id === 'booking-confirmation-title');
    const confirmation = patient.locator('.app-booking-confirmation');
    expect(await confirmation.textContent()).toContain('Prima visita completa');
    expect(await confirmation.textContent()).toContain('60 minuti');
    expect(await confirmation.textContent()).toContain(hhmm);
    expect(await patient.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const ics = await confirmation.getByRole('link', { name: 'Aggiungi al calendario' }).getAttribute('href');
    const file = await patient.request.get(`${env.server.url}${ics}`);
    expect(file.status()).toBe(200);
    expect(await file.text()).toContain('BEGIN:VEVENT');

    // move it: the day grid of /prenota inside the dialog, then an hour where the whole visit fits
    const bookingId = (await confirmation.getAttribute('data-booking-id'))!;
    const item = patient.locator(`li[data-booking-id="${bookingId}"]`);
    await item.getByRole('button', { name: 'Sposta' }).click();
    const dialog = patient.getByRole('dialog');
    const days = dialog.locator('[data-date]');
    await days.first().waitFor();
    expect(await days.count()).toBe(28);
    const otherDay = dialog.locator(`[data-date][data-free="true"]:not([data-date="${date}"])`).first();
    await otherDay.click();
    const newHour = dialog.locator('[data-slot-id]').first();
    await newHour.waitFor();
    await newHour.click();
    await dialog.getByRole('button', { name: 'Sposta la visita' }).click();
    await patient.getByText('La visita è stata spostata.').waitFor();
    await context.close();
    await doctor.context().close();
  });
});
