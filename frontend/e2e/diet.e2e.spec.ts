import type { Locator, Page } from 'playwright-core';
import { login, serverAndBrowser } from './harness';

const meal = (page: Page, name: string) => page.locator(`.diet-meal[data-meal="${name}"]`);

/** adds a row to a meal and chooses a food (or a category) by its name */
async function addRow(page: Page, mealName: string, food: string, grams?: string): Promise<Locator> {
  const card = meal(page, mealName);
  const before = await card.locator('tr.diet-row').count();
  await card.getByRole('button', { name: 'Aggiungi riga' }).click();
  const row = card.locator('tr.diet-row').nth(before);
  // the searchable picker: type the name, choose the option that is exactly it
  const picker = row.getByRole('combobox').first();
  await picker.fill(food);
  await row
    .getByRole('option')
    .filter({ has: page.locator('.combobox-label', { hasText: new RegExp(`^${food}$`) }) })
    .first()
    .click();
  if (grams !== undefined) {
    const input = row.locator('input[type=number]');
    await input.fill(grams);
    await input.blur();
  }
  return row;
}

describe('diet editor in a real browser', () => {
  const env = serverAndBrowser();

  it('a doctor builds a day of meals, sets the portions to 14, edits a summary cell; the patient sees the diet on /home', async () => {
    const base = env.server.url;
    // the patient holds an hour with medico1 through the booking page: medico1 may now keep their diet
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
    await doctor.locator('#edit-diet form#editform').waitFor();
    await doctor.getByRole('heading', { name: 'Dieta di Luca Verdi' }).waitFor();

    // a day of meals: foods and a category; grams are rounded to the base weight on leaving the field
    await addRow(doctor, 'colazione', 'Latte parzialmente scremato');
    await addRow(doctor, 'colazione', 'Fette biscottate', '40');
    const pasta = await addRow(doctor, 'pranzo', 'Pasta di semola', '90');
    expect(await pasta.locator('input[type=number]').inputValue()).toBe('80');
    expect(await pasta.locator('.diet-kcal').textContent()).toBe('282');
    await addRow(doctor, 'pranzo', 'Verdure');
    await addRow(doctor, 'pranzo', 'Olio extravergine di oliva');
    await addRow(doctor, 'merenda', 'Mela');
    await addRow(doctor, 'cena', 'Merluzzo');
    await addRow(doctor, 'cena', 'Pane integrale');

    // the server's summaries follow every change
    const pranzoSummary = meal(doctor, 'pranzo').locator('.meal-summary');
    await pranzoSummary.locator('tr', { hasText: 'Pasta di semola' }).waitFor();
    await doctor.locator('#current-summary').getByText('kcal al giorno').waitFor();
    await doctor.locator('#current-summary .recharts-pie').waitFor();

    // portions: the alert shows until the two tables add up to 14
    const alert = doctor.locator('#portions-alert');
    await doctor.getByRole('button', { name: 'Aggiungi categoria (pranzo)' }).click();
    await doctor.getByLabel('Categoria Pranzo 1').selectOption({ label: 'Cereali e tuberi' });
    await doctor.getByLabel('Volte a settimana Pranzo 1').fill('7');
    await doctor.getByRole('button', { name: 'Aggiungi categoria (cena)' }).click();
    await doctor.getByLabel('Categoria Cena 1').selectOption({ label: 'Pesce' });
    await doctor.getByLabel('Volte a settimana Cena 1').fill('3');
    expect(await alert.textContent()).toContain('ora sono 10');
    await doctor.getByLabel('Volte a settimana Cena 1').fill('7');
    await alert.waitFor({ state: 'detached' });
    await doctor.locator('.diet-block[data-category-id]').filter({ hasText: 'Pesce' }).waitFor();

    // notes in the rich-text field
    const notes = doctor.locator('#diet-notes');
    await notes.click();
    await doctor.keyboard.type("Bere due litri d'acqua al giorno.");
    // the whole line bold, then a link: an email-like text becomes mailto:
    await doctor.keyboard.press('ControlOrMeta+A');
    await doctor.getByRole('button', { name: 'Grassetto' }).click();
    await doctor.getByLabel('Collegamento').fill('studio@example.it');
    await doctor.getByRole('button', { name: 'Applica' }).click();
    await notes.locator('a[href="mailto:studio@example.it"] strong, strong a[href="mailto:studio@example.it"]').first().waitFor();
    await doctor.getByRole('button', { name: 'Salva la dieta' }).click();
    await doctor.getByText('Dieta salvata.').waitFor();

    // an editable summary cell: edit mode, new grams, leave; the table shows the server's answer and the diet reloads
    await pranzoSummary.getByRole('button', { name: 'Modifica i grammi' }).click();
    const cell = pranzoSummary.locator('tr', { hasText: 'Pasta di semola' }).locator('[data-payload-attr]');
    await cell.click();
    await doctor.keyboard.press('ControlOrMeta+A');
    await doctor.keyboard.type('170');
    await pranzoSummary.getByRole('button', { name: 'Salva i grammi' }).click();
    await pranzoSummary.locator('tr', { hasText: 'Pasta di semola' }).locator('td', { hasText: /^565$/ }).waitFor();
    expect(await cell.textContent()).toBe('160');
    await doctor.waitForFunction(
      () => (document.querySelector('.diet-meal[data-meal="pranzo"] tr.diet-row input[type=number]') as HTMLInputElement | null)?.value === '160',
    );

    // the patient sees the diet on /home, printable
    await patient.goto(`${base}/home`);
    const mine = patient.locator('#my-diet');
    await mine.getByRole('heading', { name: 'La tua dieta' }).waitFor();
    await mine.locator('tr', { hasText: 'Pasta di semola' }).locator('td', { hasText: /^160$/ }).waitFor();
    expect(await mine.textContent()).toContain("Bere due litri d'acqua al giorno.");
    await mine.locator('a[href="mailto:studio@example.it"]').waitFor();
    await mine.getByRole('button', { name: 'Stampa o salva in PDF' }).waitFor();
    // printed, the page is the diet alone
    await patient.emulateMedia({ media: 'print' });
    expect(await patient.locator('.app-header').isVisible()).toBe(false);
    expect(await mine.isVisible()).toBe(true);
    expect(await mine.getByRole('button', { name: 'Stampa o salva in PDF' }).isVisible()).toBe(false);
  });

  it('on a phone (390 px) the meal summary fits: every column shown, nothing to scroll sideways', async () => {
    // Luca Verdi is medico1's patient since the hold above
    const phone = await (await env.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await login(phone, env.server.url, 'medico1@example.it', '**/disponibilita');
    const patients = (await (await phone.request.get(`${env.server.url}/api/diets/patients`)).json()) as { id: string; name: string }[];
    await phone.goto(`${env.server.url}/diete/${patients.find((p) => p.name.includes('Verdi'))!.id}`);
    await phone.locator('#edit-diet form#editform').waitFor();
    await addRow(phone, 'cena', 'Olio extravergine di oliva');
    await addRow(phone, 'cena', 'Riso integrale');
    const summary = meal(phone, 'cena').locator('.meal-summary');
    await summary.locator('tr', { hasText: 'Riso integrale' }).waitFor();
    const fits = await summary.locator('table').evaluate((table) => {
      const box = table.parentElement!;
      return { table: Math.ceil(table.getBoundingClientRect().right), viewport: window.innerWidth, scrolls: box.scrollWidth > box.clientWidth + 1 };
    });
    expect(fits.scrolls).toBe(false);
    expect(fits.table).toBeLessThanOrEqual(fits.viewport);
  });

  it('the new-food form in a browser set to English: "3,3" is 3.3, and 110 g of macronutrients in 100 g is invalid before the server says so', async () => {
    const page = await (await env.browser.newContext({ locale: 'en-US' })).newPage();
    await login(page, env.server.url, 'medico1@example.it', '**/disponibilita');
    await page.goto(`${env.server.url}/alimenti`);
    await page.getByRole('button', { name: 'Nuovo alimento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo alimento' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Ceci secchi dello studio');
    await dialog.getByLabel('Categoria', { exact: true }).selectOption({ label: 'Legumi' });
    await dialog.getByLabel('Kcal / 100 g').fill('316');
    await dialog.getByLabel('Peso base (g)').fill('50');
    await dialog.getByLabel('Proteine / 100 g').fill('40');
    await dialog.getByLabel('Carboidrati / 100 g').fill('50');
    const fat = dialog.getByLabel('Grassi / 100 g');
    await fat.fill('20');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    // no green tick on what the server refuses: the three macronutrients invalid, with its reason, nothing sent
    expect(await fat.evaluate((e) => (e as HTMLInputElement).validity.valid)).toBe(false);
    await dialog.getByText('Proteine, carboidrati e grassi insieme non possono superare 100 g su 100 g.').first().waitFor();
    await fat.fill('3,3');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'detached' });
    const foods = (await (await page.request.get(`${env.server.url}/api/studio-foods`)).json()) as { name: string; fat: number }[];
    expect(foods.find((f) => f.name === 'Ceci secchi dello studio')?.fat).toBe(3.3);
  });
});
