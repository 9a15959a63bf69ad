import type { Locator, Page } from 'playwright-core';
import { answerIntakeQuestionnaire, seriousAxeViolations, serverAndBrowser } from './harness';
import { contextFor, createFixtures, settle, type Fixtures } from './screens';

/**
 * The clinical record in a real browser: a doctor records three visits' measurements, sees the chart and the energy need, sets
 * the targets, builds a diet that shows target against actual (and flags the allergy on its row), prints it, downloads
 * its PDF and sends it; the patient sees the weight trend on /home on a 390 px phone.
 */
const meal = (page: Page, name: string) => page.locator(`.diet-meal[data-meal="${name}"]`);

/** adds a row to a meal and chooses a food by typing part of its name in the picker */
async function addRow(page: Page, mealName: string, food: string, typed = food): Promise<Locator> {
  const card = meal(page, mealName);
  const before = await card.locator('tr.diet-row').count();
  await card.getByRole('button', { name: 'Aggiungi riga' }).click();
  const row = card.locator('tr.diet-row').nth(before);
  const picker = row.getByRole('combobox').first();
  await picker.fill(typed);
  const option = row.getByRole('option').filter({ has: page.locator('.combobox-label', { hasText: new RegExp(`^${food}$`) }) });
  // keyboard: down to the option, Enter chooses it
  const options = await row.getByRole('option').allTextContents();
  const index = options.findIndex((o) => o.startsWith(`${food} ·`));
  if (index < 0) throw new Error(`${food} non trovato tra: ${options.join(', ')}`);
  for (let i = 0; i < index; i++) await picker.press('ArrowDown');
  expect(await picker.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
  await picker.press('Enter');
  expect(await picker.inputValue()).toBe(food);
  return row;
}

describe('the clinical record in a real browser', () => {
  const env = serverAndBrowser();
  let fixtures: Fixtures;

  beforeAll(async () => {
    // the demo patient (Luca Verdi) has a paid visit with medico1: medico1 treats them
    fixtures = await createFixtures(env.browser, env.server.url);
  });

  it('three visits, the chart, the energy need, targets, a diet against them, printed, PDF, sent; the patient sees the trend at 390 px', async () => {
    const base = env.server.url;
    const doctorContext = await contextFor(env.browser, base, 'doctor');
    const doctor = await doctorContext.newPage();
    const errors: string[] = [];
    doctor.on('pageerror', (e) => errors.push(String(e)));
    await doctor.setViewportSize({ width: 1366, height: 900 });
    await doctor.goto(`${base}/pazienti/${fixtures.patientId}`);
    await settle(doctor);

    // the record: sex and birth date (the energy needs them), an allergy the diet will flag
    const recordCard = doctor.locator('.card', { has: doctor.getByRole('heading', { name: 'Anamnesi e dati clinici' }) });
    await doctor.locator('#record-sex').selectOption('M');
    await doctor.locator('#record-birthDate').fill('1985-12-10');
    // a box of the EU list, one typed
    await doctor.getByLabel('Lattosio (intolleranza)').check();
    await doctor.locator('#record-allergies').fill('arachidi');
    await recordCard.getByRole('button', { name: 'Salva' }).click();
    await recordCard.getByText('Salvato.').waitFor();

    // three visits, four weeks apart
    const visits = [
      { date: '2026-01-12', weight: '84,0' },
      { date: '2026-02-09', weight: '82,4' },
      { date: '2026-03-09', weight: '80,5' },
    ];
    const measurements = doctor.locator('.card', { has: doctor.getByRole('heading', { name: 'Misurazioni', exact: true }) });
    for (const [i, v] of visits.entries()) {
      await doctor.locator('#measurement-date').fill(v.date);
      await doctor.locator('#measurement-weightKg').fill(v.weight);
      await doctor.locator('#measurement-heightCm').fill('178');
      await doctor.locator('#measurement-waistCm').fill(String(96 - 2 * i));
      await doctor.locator('#measurement-hipCm').fill('102');
      await measurements.getByRole('button', { name: 'Registra la misurazione' }).click();
      await measurements.locator('tbody tr').nth(i).waitFor();
    }
    const rows = await measurements.locator('table').first().locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(3);
    // BMI one decimal with its WHO class: 80,5 / 1,78² = 25,4 → sovrappeso
    expect(rows[2]).toContain('80,5');
    expect(rows[2]).toContain('25,4');
    expect(rows[2]).toMatch(/sovrappeso/i);

    // the chart: one line through three points, named for screen readers, the same values in a table
    const chart = measurements.locator('[role=img][aria-label^="Grafico dell’andamento: Peso"]');
    await chart.locator('.recharts-line-curve').waitFor();
    expect(await chart.locator('.recharts-line-dots circle, .recharts-line-dot').count()).toBe(3);

    // the energy need: Mifflin–St Jeor with the latest weight, the record's sex and age, × PAL 1,45
    const bmr = doctor.getByTestId('bmr');
    await bmr.waitFor();
    expect(await bmr.textContent()).toMatch(/^[\d.]+ kcal$/);
    const tdee = await doctor.getByTestId('tdee').textContent();
    expect(tdee).toMatch(/^[\d.]+ kcal$/);

    // the targets: energy set to 2.400 kcal
    const targetsCard = doctor.locator('.card', { has: doctor.getByRole('heading', { name: 'Obiettivi della dieta' }) });
    await doctor.locator('#targets-energyKcal').fill('2400');
    await targetsCard.getByRole('button', { name: 'Salva' }).click();
    await targetsCard.getByText('Salvato.').waitFor();

    // the diet, from the record
    await doctor.getByRole('link', { name: 'Apri la dieta' }).click();
    await doctor.locator('#edit-diet form#editform').waitFor();
    const milk = await addRow(doctor, 'colazione', 'Latte parzialmente scremato', 'latte parz');
    await milk.locator('.diet-row-allergy').filter({ hasText: 'Attenzione: contiene lattosio' }).waitFor();
    await addRow(doctor, 'pranzo', 'Pasta di semola', 'semola');
    await addRow(doctor, 'cena', 'Merluzzo');
    // the picker says so when nothing matches
    const merenda = meal(doctor, 'merenda');
    await merenda.getByRole('button', { name: 'Aggiungi riga' }).click();
    await merenda.getByRole('combobox').fill('zzzz');
    await merenda.getByRole('status').filter({ hasText: 'Nessun alimento trovato' }).waitFor();
    await merenda.getByRole('combobox').press('Escape');
    await merenda.getByRole('button', { name: /Rimuovi riga/ }).click();
    // the allergy on the row that contains it, in words
    const nuts = await addRow(doctor, 'merenda', 'Arachidi tostate', 'arachidi');
    await nuts.locator('.diet-row-allergy').filter({ hasText: 'Attenzione: contiene arachidi' }).waitFor();

    await doctor.getByRole('button', { name: 'Aggiungi categoria (pranzo)' }).click();
    await doctor.getByLabel('Categoria Pranzo 1').selectOption({ label: 'Cereali e tuberi' });
    await doctor.getByLabel('Volte a settimana Pranzo 1').fill('7');
    await doctor.getByRole('button', { name: 'Aggiungi categoria (cena)' }).click();
    await doctor.getByLabel('Categoria Cena 1').selectOption({ label: 'Pesce' });
    await doctor.getByLabel('Volte a settimana Cena 1').fill('7');

    // target against actual, for the day
    const day = doctor.getByRole('table', { name: 'Obiettivi della giornata e valori della dieta' });
    const energyRow = day.locator('tr', { has: doctor.getByRole('rowheader', { name: 'Energia' }) });
    await energyRow.filter({ hasText: '2400 kcal' }).waitFor();
    expect(await energyRow.textContent()).toMatch(/sotto \(-\d+ %\)/);

    await doctor.getByRole('button', { name: 'Salva la dieta' }).click();
    await doctor.getByText('Dieta salvata.').waitFor();

    // print: window.print of the print view, which on paper is the only thing on the page
    await doctor.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await doctor.getByRole('button', { name: 'Stampa', exact: true }).click();
    expect(await doctor.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const sheet = doctor.getByTestId('diet-print-sheet');
    expect(await sheet.isVisible()).toBe(false);
    await doctor.emulateMedia({ media: 'print' });
    expect(await sheet.isVisible()).toBe(true);
    expect(await doctor.locator('#editform').isVisible()).toBe(false);
    expect(await doctor.locator('.app-header').isVisible()).toBe(false);
    expect(await sheet.textContent()).toContain('Pasta di semola');
    await doctor.emulateMedia({ media: 'screen' });

    // the PDF: the link the button is, answered by the server as a PDF
    const pdfHref = await doctor.getByRole('link', { name: 'Scarica PDF' }).getAttribute('href');
    expect(pdfHref).toBe(`/api/patients/${fixtures.patientId}/diet.pdf`);
    const pdf = await doctorContext.request.get(`${base}${pdfHref}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // sent to the patient: the local outbox holds a notice with the link to /home and none of the diet
    await doctor.getByRole('button', { name: 'Invia al paziente' }).click();
    await doctor.getByText(/Dieta inviata/).waitFor();
    const admin = await contextFor(env.browser, base, 'admin');
    let mail: { subject: string; text: string } | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      const outbox = (await (await admin.request.get(`${base}/api/posta`)).json()) as { subject: string; text: string }[];
      mail = outbox.find((m) => m.subject === 'La tua dieta è disponibile');
      if (!mail) await new Promise((r) => setTimeout(r, 200));
    }
    expect(mail).toBeDefined();
    expect(mail!.text).toMatch(/La tua pagina personale: http:\/\/[^/\s]+\/home\n/);
    expect(mail!.text).not.toMatch(/Pasta|Merluzzo|Arachidi|kcal/);
    await admin.close();
    expect(errors).toEqual([]);
    await doctorContext.close();

    // the patient's weight trend on /home, on a phone
    const patientContext = await contextFor(env.browser, base, 'patient');
    const patient = await patientContext.newPage();
    await patient.setViewportSize({ width: 390, height: 844 });
    await patient.goto(`${base}/home`);
    const trend = patient.getByTestId('weight-trend');
    // the chart's code loads when its box comes near the viewport (below the fold on a phone)
    await trend.scrollIntoViewIfNeeded();
    await trend.locator('.recharts-line-curve').waitFor();
    expect(await trend.getAttribute('role')).toBe('img');
    await patient.getByText(/Ultimo peso 80,5 kg/).waitFor();
    const box = (await trend.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(await patient.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await patientContext.close();
  }, 180_000);

  it('the allergies the patient typed in the questionnaire are proposed to the doctor and added to the record in one step', async () => {
    const base = env.server.url;
    const patientContext = await contextFor(env.browser, base, 'patient');
    const patient = await patientContext.newPage();
    await patient.goto(`${base}/prenota/questionario?booking=${fixtures.heldBookingId}&doctor=${fixtures.doctorId}`);
    // two of the EU list and one the list does not hold
    await answerIntakeQuestionnaire(patient, 'sedano, senape e kiwi');
    await patientContext.close();

    const doctorContext = await contextFor(env.browser, base, 'doctor');
    const doctor = await doctorContext.newPage();
    await doctor.goto(`${base}/pazienti/${fixtures.patientId}`);
    const proposal = doctor.getByTestId('proposed-allergies');
    await proposal.getByText('Sedano, Senape, kiwi').waitFor();
    expect(await seriousAxeViolations(doctor)).toEqual([]);
    await proposal.getByRole('button', { name: 'Aggiungi alla cartella' }).click();
    await proposal.waitFor({ state: 'detached' });

    // read again from the server: the record holds them, and nothing is proposed any more
    await doctor.reload();
    await doctor.getByRole('heading', { name: 'Anamnesi e dati clinici' }).waitFor();
    expect(await doctor.getByLabel('Sedano', { exact: true }).isChecked()).toBe(true);
    expect(await doctor.getByLabel('Senape', { exact: true }).isChecked()).toBe(true);
    expect(await doctor.locator('#record-allergies').inputValue()).toContain('kiwi');
    expect(await doctor.getByTestId('proposed-allergies').count()).toBe(0);
    await doctorContext.close();
  }, 120_000);
});
