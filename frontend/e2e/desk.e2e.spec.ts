import type { Page } from 'playwright-core';
import { login, seriousAxeViolations, serverAndBrowser } from './harness';

/** a valid codice fiscale (check character included) */
const TAXCODE = 'VRDLCU80A01H501G';
const SARA_TAXCODE = 'LLSSRA90A41H501V';

/** the next working day after today (the demo opens Monday to Friday) */
function nextWorkingDay(): string {
  const day = new Date(Date.now() + 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** the segreteria's "Prenota per un paziente": the patient found by surname, Marco Bianchi, the first free time of `day` */
async function holdForPatient(page: Page, surname: string, day: string): Promise<void> {
  await page.getByTestId('front-desk-book').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Cerca un paziente').fill(surname);
  await dialog.getByRole('radio').first().check();
  await dialog.getByLabel('Medico').selectOption({ label: 'Marco Bianchi' });
  await dialog.getByLabel('Giorno').fill(day);
  const time = dialog.getByLabel('Ora', { exact: true });
  await time.locator('option').nth(1).waitFor({ state: 'attached' });
  await time.selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Riserva l’orario' }).click();
  await dialog.getByText('Orario riservato per').waitFor();
  await dialog.getByRole('button', { name: 'Chiudi' }).last().click();
}

describe('the desk in a real browser: a cash payment from a patient without a codice fiscale, and the receipt at once', () => {
  const env = serverAndBrowser();

  it('the segreteria lands on her day at the practice, the agenda, not on /disponibilita', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await login(page, env.server.url, 'admin@example.it', (url) => !url.pathname.startsWith('/login'));
    expect(new URL(page.url()).pathname).toBe('/agenda');
  });

  it('admin → "Prenota per un paziente" → Luca Verdi (no codice fiscale) → Riserva; Agenda → Contanti, the first visit’s 80 € → Registra pagamento asks for the codice fiscale and succeeds', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await login(page, env.server.url, 'admin@example.it', (url) => !url.pathname.startsWith('/login'));
    await page.goto(`${env.server.url}/home`);
    const day = nextWorkingDay();
    await holdForPatient(page, 'Verdi', day);

    await page.goto(`${env.server.url}/agenda?day=${day}&view=day`);
    await page.getByLabel('Medico').selectOption({ label: 'Marco Bianchi' });
    const row = page.locator('tr[data-status="held"]').filter({ hasText: 'Luca Verdi' });
    await row.waitFor();
    await row.getByLabel('Metodo di pagamento allo studio').selectOption({ label: 'Contanti' });
    // a first visit with this doctor: the amount starts from the first visit's price, never the 50 € check-up's
    expect(await row.getByLabel('Importo pagato allo studio (€)').inputValue()).toBe('80,00');
    await row.getByRole('button', { name: 'Registra pagamento' }).click();
    // the patient's profile has no codice fiscale and no earlier payment has one: the receipt needs it, asked here
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Codice fiscale del paziente').fill(TAXCODE);
    await dialog.getByRole('button', { name: 'Registra pagamento' }).click();
    const paid = page.locator('tr[data-status="confirmed"]').filter({ hasText: 'Luca Verdi' });
    await paid.or(page.getByRole('alert')).first().waitFor();
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);
    expect(await paid.textContent()).toContain('80,00');
    // the receipt, printable at once from the same row
    const receipt = paid.getByRole('link', { name: /Ricevuta/ });
    await receipt.waitFor();
    const href = (await receipt.getAttribute('href'))!;
    const pdf = await page.request.get(`${env.server.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  });

  it('the next payment of the same patient does not ask again: the codice fiscale of the earlier payment is reused', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await login(page, env.server.url, 'admin@example.it', (url) => !url.pathname.startsWith('/login'));
    await page.goto(`${env.server.url}/home`);
    const day = nextWorkingDay();
    await holdForPatient(page, 'Verdi', day);
    await page.goto(`${env.server.url}/agenda?day=${day}&view=day`);
    await page.getByLabel('Medico').selectOption({ label: 'Marco Bianchi' });
    const row = page.locator('tr[data-status="held"]').filter({ hasText: 'Luca Verdi' });
    await row.waitFor();
    // a returning patient now (the visit paid above comes first): the check-up's 50 € is the visit's price
    expect(await row.getByLabel('Importo pagato allo studio (€)').inputValue()).toBe('50,00');
    await row.getByRole('button', { name: 'Registra pagamento' }).click();
    await page.locator('tr[data-status="confirmed"]').filter({ hasText: 'Luca Verdi' }).nth(1).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('a new patient created at the desk ("Nuovo paziente"), booked and paid in cash at once', async () => {
    // the CSP forbids inline scripts; the test's own axe-core is injected inline, so only the test bypasses it
    const page = await (await env.browser.newContext({ bypassCSP: true })).newPage();
    await login(page, env.server.url, 'admin@example.it', (url) => !url.pathname.startsWith('/login'));
    await page.goto(`${env.server.url}/home`);
    await page.getByTestId('front-desk-book').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Nuovo paziente' }).click();
    const form = page.getByRole('dialog', { name: 'Nuovo paziente' });
    await form.getByLabel('Nome', { exact: true }).fill('Sara');
    await form.getByLabel('Cognome', { exact: true }).fill('Allosportello');
    await form.getByLabel('Telefono', { exact: true }).fill('333 9876543');
    await form.getByRole('button', { name: 'Registra il paziente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prenota per un paziente' });
    await dialog.getByRole('radio', { name: /Sara Allosportello/, checked: true }).waitFor();
    await dialog.getByLabel('Medico').selectOption({ label: 'Marco Bianchi' });
    await dialog.getByLabel('Giorno').fill(nextWorkingDay());
    const time = dialog.getByLabel('Ora', { exact: true });
    await time.locator('option').nth(1).waitFor({ state: 'attached' });
    await time.selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Riserva l’orario' }).click();
    await dialog.getByText('Orario riservato per Sara Allosportello').waitFor();
    // a new patient's untyped visit is a first visit: its price, not the cheaper check-up's
    expect(await dialog.getByLabel('Importo pagato allo studio (€)').inputValue()).toBe('80,00');
    await dialog.getByRole('button', { name: 'Registra pagamento' }).click();
    const taxcodeDialog = page.getByRole('dialog', { name: 'Codice fiscale per la ricevuta' });
    await taxcodeDialog.waitFor();
    // the dialog the walk of every route cannot reach (it opens only for a patient with no codice fiscale on file)
    expect(await seriousAxeViolations(page)).toEqual([]);
    await taxcodeDialog.getByRole('button', { name: 'Registra pagamento' }).click();
    await taxcodeDialog.getByText('Codice fiscale non valido', { exact: false }).waitFor();
    await taxcodeDialog.getByLabel('Codice fiscale del paziente').fill(SARA_TAXCODE);
    await taxcodeDialog.getByRole('button', { name: 'Registra pagamento' }).click();
    await dialog.getByText('Pagamento registrato: la visita è confermata.').waitFor();
    await dialog.getByRole('link', { name: 'Ricevuta (PDF)' }).waitFor();
  });

  it('the patient at the centre: the doctor’s patients list, the agenda links to the patient, /pazienti/:id names them', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await login(page, env.server.url, 'medico2@example.it', (url) => !url.pathname.startsWith('/login'));
    await page.goto(`${env.server.url}/pazienti`);
    await page.getByRole('heading', { name: 'Pazienti', level: 1 }).waitFor();
    await page.getByLabel('Cerca un paziente').fill('333 987');
    const sara = page.getByRole('link', { name: 'Allosportello Sara' });
    await sara.waitFor();
    await page.getByRole('link', { name: 'Verdi Luca' }).waitFor({ state: 'detached' });
    await page.getByLabel('Cerca un paziente').fill('verdi');
    await page.getByRole('link', { name: 'Verdi Luca' }).click();
    const header = page.getByTestId('patient-header');
    await header.getByRole('heading', { name: 'Luca Verdi', level: 1 }).waitFor();
    expect(await header.textContent()).toContain('Prossima visita');
    expect(await page.title()).toContain('Luca Verdi');

    await page.goto(`${env.server.url}/agenda?day=${nextWorkingDay()}&view=day`);
    const link = page.locator('tr[data-status="confirmed"]').getByRole('link', { name: 'Luca Verdi' }).first();
    await link.click();
    await page.getByTestId('patient-header').getByRole('heading', { name: 'Luca Verdi' }).waitFor();

    // the week calendar names who booked each slot (not a bare "Prenotato")
    await page.goto(`${env.server.url}/disponibilita`);
    await page.locator('#calendar .slot-content').first().waitFor();
    const monday = (iso: string) => {
      const d = new Date(`${iso}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
      return d.toISOString().slice(0, 10);
    };
    if (monday(nextWorkingDay()) !== monday(new Date().toISOString().slice(0, 10)))
      await page.getByRole('button', { name: /^(Settimana|Giorni) successiv/ }).click();
    await page.locator('#calendar .slot-patient', { hasText: 'Luca Verdi' }).first().waitFor();
  });
});

describe('the weight chart of /home on a phone (390 px)', () => {
  const env = serverAndBrowser();

  it('labels more than the last date: four measurements a fortnight apart, at least three dates on the axis', async () => {
    // the patient becomes medico2's patient (a visit paid at the desk, through the API), who records four weights
    const doctor = await (await env.browser.newContext()).newPage();
    await login(doctor, env.server.url, 'medico2@example.it', (url) => !url.pathname.startsWith('/login'));
    const api = doctor.request;
    const base = env.server.url;
    const csrfOf = async (r: typeof api) => ((await (await r.get(`${base}/api/auth/session`)).json()) as { csrfToken: string }).csrfToken;
    const csrf = await csrfOf(api);
    const doctors = (await (await api.get(`${base}/api/doctors`)).json()) as { id: string; name: string }[];
    const medico2 = doctors.find((d) => d.name === 'Marco Bianchi')!.id;
    const admin = await (await env.browser.newContext()).newPage();
    await login(admin, base, 'admin@example.it', (url) => !url.pathname.startsWith('/login'));
    const adminCsrf = await csrfOf(admin.request);
    const found = (await (await admin.request.get(`${base}/api/patients?q=Luca`)).json()) as { id: string; name: string; surname: string }[];
    const luca = found.find((p) => `${p.name} ${p.surname}` === 'Luca Verdi')!;
    const [slot] = (await (await api.get(`${base}/disponibilita/query?for=${medico2}&date=${nextWorkingDay()}`)).json()) as { id: string }[];
    const held = await admin.request.post(`${base}/api/patients/${luca.id}/holds`, {
      headers: { 'X-CSRF-Token': adminCsrf },
      data: { doctor_id: medico2, availability_id: slot.id },
    });
    const bookingId = ((await held.json()) as { id: string }).id;
    const paid = await admin.request.post(`${base}/api/bookings/${bookingId}/desk-payment`, {
      headers: { 'X-CSRF-Token': adminCsrf },
      data: { method: 'cash', amountCents: 8000, taxcode: TAXCODE },
    });
    expect(paid.status()).toBe(201);
    for (const [date, weightKg] of [
      ['2026-09-01', 82.4],
      ['2026-09-15', 81.6],
      ['2026-09-29', 80.9],
      ['2026-10-13', 80.1],
    ] as const) {
      const res = await api.post(`${env.server.url}/api/patients/${luca.id}/measurements`, {
        headers: { 'X-CSRF-Token': csrf },
        data: { date, weightKg, heightCm: 178 },
      });
      expect(res.status()).toBe(201);
    }

    const phone = await (await env.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await login(phone, env.server.url, 'paziente1@example.it', '**/home');
    const chart = phone.getByTestId('weight-trend');
    // the cards show together once all have answered; the chart's code loads when it comes near the viewport
    await chart.waitFor();
    await chart.scrollIntoViewIfNeeded();
    const dates = chart.locator('.recharts-xAxis-tick-labels text');
    await dates.first().waitFor({ state: 'attached' });
    const labels = (await dates.allTextContents()).filter((d) => d.trim());
    expect(labels.length).toBeGreaterThanOrEqual(3);
  });

  it('the doctor’s availability on a phone shows each slot’s full label ("Non disponibile", not "Non disponi…")', async () => {
    const phone = await (await env.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await login(phone, env.server.url, 'medico1@example.it', '**/disponibilita**');
    const labels = phone.locator('#calendar .slot-content');
    await labels.first().waitFor();
    const cut = await labels.evaluateAll((els) =>
      els
        .filter((e) => {
          // cut across (an ellipsis) or below the slot's box (a third line the 45 px slot hides)
          const box = (e.closest('.fc-event') ?? e).getBoundingClientRect();
          return e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().bottom > box.bottom + 1;
        })
        .map((e) => e.textContent),
    );
    expect(cut).toEqual([]);
  });

  it('the demo’s "Orario settimanale" shows what is open: Monday 9–13 for Giulia Rossi, Sunday closed', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await login(page, env.server.url, 'medico1@example.it', '**/disponibilita**');
    const panel = page.getByRole('region', { name: 'Orario settimanale' });
    const monday = panel.getByRole('group', { name: 'Lunedì' });
    await monday.getByLabel('Lunedì, fascia 1: dalle').waitFor();
    expect(await monday.getByLabel('Lunedì, fascia 1: dalle').inputValue()).toBe('09:00');
    expect(await monday.getByLabel('Lunedì, fascia 1: alle').inputValue()).toBe('13:00');
    expect(await panel.getByRole('group', { name: 'Domenica' }).textContent()).toContain('Chiuso');
    expect(await panel.getByText(/^Nessun orario settimanale/).count()).toBe(0);
  });
});
