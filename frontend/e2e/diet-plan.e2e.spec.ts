import type { Page } from 'playwright-core';
import { login, serverAndBrowser } from './harness';

const meal = (page: Page, name: string) => page.locator(`.diet-meal[data-meal="${name}"]`);

describe('the weekly plan in a real browser', () => {
  const env = serverAndBrowser();

  it('a doctor makes Thursday a different day, names a meal and saves; the patient sees the days, today first, and the shopping list', async () => {
    const base = env.server.url;
    const patient = await (await env.browser.newContext()).newPage();
    await login(patient, base, 'paziente1@example.it', '**/home');
    await patient.goto(`${base}/prenota`);
    const booking = patient.locator('#doing_booking');
    await patient.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
    await booking.locator('[data-date]:not([disabled])').first().click();
    await booking.locator('[data-hour]').first().click();
    await booking.locator('button[type=submit]').click();
    await patient.waitForURL('**/prenota/questionario**');

    const doctor = await (await env.browser.newContext()).newPage();
    await login(doctor, base, 'medico1@example.it', '**/disponibilita');
    await doctor.goto(`${base}/diete`);
    await doctor.getByRole('listitem').filter({ hasText: 'Luca Verdi' }).getByRole('link', { name: 'Apri la dieta' }).click();
    await doctor.getByRole('heading', { name: 'Dieta di Luca Verdi' }).waitFor();

    // Monday: pasta at lunch
    const lunch = meal(doctor, 'pranzo');
    await lunch.getByRole('button', { name: 'Aggiungi riga' }).click();
    const picker = lunch.locator('tr.diet-row').first().getByRole('combobox').first();
    await picker.fill('Pasta di semola');
    await lunch
      .getByRole('option')
      .filter({ has: doctor.locator('.combobox-label', { hasText: /^Pasta di semola$/ }) })
      .first()
      .click();
    // Thursday: a copy of Monday, then 160 g instead of 80
    await doctor.getByRole('combobox', { name: 'Duplica giorno Lunedì' }).selectOption('giovedi');
    await doctor.getByRole('tab', { name: 'Giovedì', selected: true }).waitFor();
    const thursdayGrams = meal(doctor, 'pranzo').locator('tr.diet-row input[type=number]').first();
    await thursdayGrams.fill('160');
    await thursdayGrams.blur();
    // the keyboard moves back to Monday, which still has 80 g
    await doctor.getByRole('tab', { name: 'Giovedì' }).press('ArrowLeft');
    await doctor.getByRole('tab', { name: 'Lunedì', selected: true }).waitFor();
    expect(await meal(doctor, 'pranzo').locator('tr.diet-row input[type=number]').first().inputValue()).toBe('80');
    await doctor.getByLabel('Nome del pasto (Merenda)').fill('Spuntino del pomeriggio');
    await doctor.getByRole('button', { name: 'Salva la dieta' }).click();
    await doctor.getByText('Dieta salvata.').waitFor();

    // the patient, on a phone: seven day tabs, today first, and 3 × 80 + 4 × 160 = 880 g of pasta for the week
    await patient.setViewportSize({ width: 390, height: 844 });
    await patient.goto(`${base}/home`);
    const mine = patient.locator('#my-diet');
    await mine.getByRole('heading', { name: 'La tua dieta' }).waitFor();
    const tabs = mine.getByRole('tab');
    expect(await tabs.count()).toBe(7);
    expect(await tabs.first().textContent()).toMatch(/\(oggi\)$/);
    await mine.getByText('Pasta di semola: 880 g').waitFor();
    // the page does not scroll sideways (the tabs scroll within their row) and each tab is a 44 px touch target
    expect(await patient.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect((await tabs.first().boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await mine.getByRole('tab', { name: 'Giovedì' }).click();
    await mine.getByRole('tabpanel').locator('tr', { hasText: 'Pasta di semola' }).locator('td', { hasText: /^160$/ }).waitFor();
  });
});
