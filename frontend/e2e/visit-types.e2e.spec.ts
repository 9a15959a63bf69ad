import type { Browser, Page } from 'playwright-core';
import { it as text } from '../src/i18n/it';
import { login, serverAndBrowser } from './harness';

// visit types, staff side in a real browser: the doctor creates a 60-minute first visit on /tipi-visita and a weekly
// schedule on /disponibilita ("Orario settimanale", applied to the coming weeks); two new patients book it on /prenota,
// one at 390 px and one at 1366 px, and both slots of each visit turn red on the doctor's calendar, live (no reload).
const a = text.availability;
const v = text.visitTypes;

const booking = (page: Page) => page.locator('#doing_booking');

/** a new patient registered through the form, at the given viewport width */
async function newPatient(browser: Browser, base: string, width: number, height: number, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
  await page.goto(`${base}/registrazione`);
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByLabel('Cognome', { exact: true }).fill('Prima');
  await page.getByLabel('Email', { exact: true }).fill(`${name.toLowerCase()}.${Date.now()}@example.it`);
  await page.getByLabel('Password', { exact: true }).fill('Password123!');
  await page.getByLabel('Telefono', { exact: true }).fill('+39 333 1234567');
  await page.getByLabel('Codice fiscale', { exact: true }).fill('RSSMRA85T10A562S');
  await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.waitForURL('**/home');
  return page;
}

/** /prenota: medico1, the visit type, a day and an hour; answers { date, hour } */
async function chooseVisit(page: Page, base: string, visitTypeId: string, date?: string): Promise<{ date: string; hour: string }> {
  await page.goto(`${base}/prenota`);
  await page.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
  await booking(page).locator(`[data-visit-type-id="${visitTypeId}"]`).click();
  await booking(page).locator('[data-date]:not([disabled])').first().waitFor();
  const day = date ?? (await booking(page).locator('[data-date]:not([disabled])').first().getAttribute('data-date'))!;
  await booking(page).locator(`[data-date="${day}"]`).click();
  await booking(page).locator('[data-hour]').first().waitFor();
  const hour = (await booking(page).locator('[data-hour]').first().getAttribute('data-hour'))!;
  await booking(page).locator(`[data-hour="${hour}"]`).click();
  return { date: day, hour };
}

const plus30 = (hhmm: string) => {
  const m = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)) + 30;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
/** the doctor's calendar cells of one status and time in the week shown (the grid's labels carry the time only) */
const cells = (page: Page, status: string, from: string) => page.locator(`#calendar .slot-content[title="${a.slotLabel(status, from, plus30(from))}"]`);
/** waits until the week shows `n` cells of that status and time */
const countIs = (page: Page, status: string, from: string, n: number) =>
  page.waitForFunction(
    ([sel, count]) => document.querySelectorAll(sel).length === count,
    [`#calendar .slot-content[title="${a.slotLabel(status, from, plus30(from))}"]`, n] as const,
    { timeout: 10_000 },
  );
/** whole weeks from the Monday of `from` to the Monday of `to` (ISO days) */
const weeksBetween = (from: string, to: string) => {
  const monday = (d: string) => Date.parse(`${d}T00:00:00Z`) - ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) * 86_400_000;
  return Math.round((monday(to) - monday(from)) / (7 * 86_400_000));
};

describe('visit types and the weekly schedule, booked by patients at 390 px and 1366 px', () => {
  const env = serverAndBrowser();

  it('the doctor sets up a 60-minute first visit and a weekly schedule; two bookings turn both their slots red live', async () => {
    const doctor = await (await env.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await login(doctor, env.server.url, 'medico1@example.it', '**/disponibilita**');

    // /tipi-visita: a 60-minute first visit at 90 €
    await doctor.goto(`${env.server.url}/tipi-visita`);
    await doctor.getByLabel(v.name).fill('Prima visita completa');
    await doctor.getByLabel(v.duration).selectOption('60');
    await doctor.getByLabel(v.price).fill('90');
    await doctor.getByLabel(v.firstVisitOnly).check();
    await doctor.getByRole('button', { name: v.create }).click();
    await doctor.getByText(v.created('Prima visita completa')).waitFor();
    const visitTypeId = await doctor.evaluate(async () => {
      const me = (await (await fetch('/api/auth/session')).json()) as { user: { id: string } };
      const types = (await (await fetch(`/api/doctors/${me.user.id}/visit-types`)).json()) as { id: string; name: string }[];
      return types.find((t) => t.name === 'Prima visita completa')!.id;
    });

    // /disponibilita: "Orario settimanale" — mornings and afternoons Monday to Friday, applied to the next 4 weeks
    await doctor.goto(`${env.server.url}/disponibilita`);
    await doctor.getByRole('heading', { name: a.weeklyTitle }).waitFor();
    // the demo's schedule has the mornings already (09:00–13:00, Monday to Friday): the afternoon is one more range
    expect(await doctor.getByLabel(a.weeklyFrom('Lunedì', 1)).inputValue()).toBe('09:00');
    await doctor.getByRole('button', { name: a.weeklyAddRange('Lunedì') }).click();
    expect(await doctor.getByLabel(a.weeklyFrom('Lunedì', 2)).inputValue()).toBe('14:00');
    await doctor.getByRole('button', { name: a.weeklyCopyMonday }).click();
    await doctor.getByRole('button', { name: a.weeklySave }).click();
    await doctor.getByText(a.weeklySaved).waitFor();
    await doctor.getByLabel(a.applyWeeks).fill('4');
    await doctor.getByRole('button', { name: a.applyButton }).click();
    await doctor.getByText(/^Orario applicato: orari aperti \d+/).waitFor({ timeout: 30_000 });

    // patient 1 on a phone chooses the first free day and hour of the visit type
    const phone = await newPatient(env.browser, env.server.url, 390, 844, 'Lucia');
    const first = await chooseVisit(phone, env.server.url, visitTypeId);

    // the doctor's calendar shows that week; from here on it must change without a reload
    await doctor.goto(`${env.server.url}/disponibilita`);
    await doctor.locator('#calendar .slot-content').first().waitFor();
    const today = await doctor.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    for (let i = 0; i < weeksBetween(today, first.date); i++) {
      await doctor.getByRole('button', { name: a.nextWeek }).click();
      await doctor.locator('#calendar .slot-content').first().waitFor();
    }
    await cells(doctor, a.status.available, first.hour).first().waitFor();
    await doctor.getByText('Aggiornamenti in tempo reale attivi').waitFor();
    await doctor.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const heldAt = async (hour: string) => cells(doctor, a.status.held, hour).count();
    const before = { first: await heldAt(first.hour), second: await heldAt(plus30(first.hour)) };

    await booking(phone).locator('button[type=submit]').click();
    await phone.waitForURL('**/prenota/questionario?**');
    // both slots of the 60-minute visit turn red on the doctor's calendar
    await countIs(doctor, a.status.held, first.hour, before.first + 1);
    await countIs(doctor, a.status.held, plus30(first.hour), before.second + 1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // patient 2 on a laptop books the same day: the first hour where the whole visit still fits
    const laptop = await newPatient(env.browser, env.server.url, 1366, 768, 'Paolo');
    const second = await chooseVisit(laptop, env.server.url, visitTypeId, first.date);
    expect(second.hour).not.toBe(first.hour);
    expect(second.hour).not.toBe(plus30(first.hour));
    const before2 = { first: await heldAt(second.hour), second: await heldAt(plus30(second.hour)) };
    await booking(laptop).locator('button[type=submit]').click();
    await laptop.waitForURL('**/prenota/questionario?**');
    await countIs(doctor, a.status.held, second.hour, before2.first + 1);
    await countIs(doctor, a.status.held, plus30(second.hour), before2.second + 1);
    expect(await doctor.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  }, 180_000);
});
