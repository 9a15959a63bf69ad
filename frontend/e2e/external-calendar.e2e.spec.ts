import type { Page } from 'playwright-core';
import * as text from '../src/i18n/it';
import { radicaleInstalled, startRadicale, type RadicaleServer } from '../../backend/src/testing/radicale';
import { login, serverAndBrowser } from './harness';

/** Monday of next week (the demo opens Giulia Rossi 09:00–13:00 on weekdays until the end of the week after next) */
function nextMonday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + ((8 - day.getUTCDay()) % 7 || 7));
  return day.toISOString().slice(0, 10);
}

const busy = text.availability.status.busy;
const slot = (page: Page, date: string, title: string) => page.locator(`#calendar [data-date="${date}"] .slot-content[title="${title}"]`);

/** the doctor's week calendar, on next week */
async function nextWeek(page: Page, base: string, date: string): Promise<void> {
  await page.goto(`${base}/disponibilita`);
  await page.locator('#calendar .slot-content').first().waitFor();
  await page.getByRole('button', { name: text.availability.nextWeek }).click();
  await page.locator(`#calendar [data-date="${date}"] .slot-content`).first().waitFor();
}

const describeWithRadicale = radicaleInstalled() ? describe : describe.skip;
if (!radicaleInstalled()) console.warn('radicale non è installato (apt-get install radicale): il test del calendario esterno nel browser è saltato.');

describeWithRadicale('an external calendar in a real browser: a week synced with Radicale', () => {
  let radicale: RadicaleServer;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  const env = serverAndBrowser(() => ({ CALDAV_ALLOWED_ORIGINS: radicale.origin }));
  afterAll(async () => {
    await radicale?.stop();
  });

  it('the doctor connects Radicale on /calendario-esterno; an event there closes its hour after "Sincronizza ora", and a patient no longer sees it', async () => {
    const monday = nextMonday();
    const doctor = await (await env.browser.newContext()).newPage();
    await login(doctor, env.server.url, 'medico1@example.it', '**/disponibilita**');

    await doctor.goto(`${env.server.url}/calendario-esterno`);
    await doctor.getByRole('heading', { name: text.externalCalendar.title }).waitFor();
    await doctor.getByText(text.externalCalendar.notConnected).waitFor();
    await doctor.getByLabel(text.externalCalendar.url).fill(radicale.calendarUrl);
    await doctor.getByLabel(text.externalCalendar.username).fill(radicale.username);
    await doctor.getByLabel(text.externalCalendar.password).fill(radicale.password);
    await doctor.getByRole('button', { name: text.externalCalendar.connect }).click();
    await doctor.getByText(text.externalCalendar.connected(radicale.calendarUrl)).waitFor();
    expect(await doctor.getByRole('alert').count()).toBe(0);

    // the calendar was empty: Monday 10:00 is still open
    await nextWeek(doctor, env.server.url, monday);
    await slot(doctor, monday, 'Disponibile 10:00–10:30').waitFor();

    // the dentist on Monday 10:00–11:00, Rome time, as another calendar app would write it
    await radicale.put(
      'dentista.ics',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Prova//Calendario//IT',
        'BEGIN:VEVENT',
        'UID:dentista-e2e',
        'DTSTAMP:20260101T000000Z',
        'SUMMARY:Dentista',
        `DTSTART;TZID=Europe/Rome:${monday.replace(/-/g, '')}T100000`,
        `DTEND;TZID=Europe/Rome:${monday.replace(/-/g, '')}T110000`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    await doctor.goto(`${env.server.url}/calendario-esterno`);
    await doctor.getByRole('button', { name: text.externalCalendar.syncNow }).click();
    await doctor.getByText(text.externalCalendar.synced(2, 0)).waitFor();

    await nextWeek(doctor, env.server.url, monday);
    await slot(doctor, monday, `${busy} 10:00–10:30`).waitFor();
    await slot(doctor, monday, `${busy} 10:30–11:00`).waitFor();
    expect(await slot(doctor, monday, 'Disponibile 09:30–10:00').count()).toBe(1);
    expect(await slot(doctor, monday, 'Disponibile 11:00–11:30').count()).toBe(1);

    // the patient's booking page offers Monday's other hours, not 10:00 and 10:30
    const patient = await (await env.browser.newContext()).newPage();
    await login(patient, env.server.url, 'paziente1@example.it', '**/home');
    await patient.goto(`${env.server.url}/prenota`);
    await patient.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
    const booking = patient.locator('#doing_booking');
    await booking.locator(`[data-date="${monday}"]`).click();
    await booking.locator('[data-hour]').first().waitFor();
    const hours = await booking.locator('[data-hour]').evaluateAll((els) => els.map((e) => e.getAttribute('data-hour')));
    expect(hours).toEqual(expect.arrayContaining(['09:30', '11:00']));
    expect(hours).not.toContain('10:00');
    expect(hours).not.toContain('10:30');
  });
});
