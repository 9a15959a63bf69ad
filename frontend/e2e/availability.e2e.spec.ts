import type { Page } from 'playwright-core';
import { it as text } from '../src/i18n/it';
import { login, serverAndBrowser } from './harness';

const slot = (page: Page, title: string) => page.locator(`#calendar .slot-content[title="${title}"]`);

describe('availability calendar in a real browser', () => {
  const env = serverAndBrowser();

  it('a doctor toggles a slot and a second page on the same calendar sees it turn without reloading', async () => {
    const doctorPage = await (await env.browser.newContext()).newPage();
    await login(doctorPage, env.server.url, 'medico1@example.it', '**/disponibilita**');
    const doctorId = await doctorPage.locator('#currentuser').inputValue();
    expect(doctorId).not.toBe('');
    expect(await doctorPage.locator('#start_working_hour').inputValue()).toBe('8');
    expect(await doctorPage.locator('#end_working_hour').inputValue()).toBe('19');

    // the secretary watches the same doctor's week in another browser
    const adminPage = await (await env.browser.newContext()).newPage();
    await login(adminPage, env.server.url, 'admin@example.it', '**/agenda**');
    await adminPage.goto(`${env.server.url}/disponibilita?for=${doctorId}`);
    await adminPage.locator('#calendar .slot-content').first().waitFor();
    await adminPage.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await adminPage.getByText('Aggiornamenti in tempo reale attivi').waitFor();

    const closed = 'Non disponibile 08:00–08:30';
    const open = 'Disponibile 08:00–08:30';
    await doctorPage.locator('#calendar .slot-content').first().waitFor();
    const closedBefore = await slot(adminPage, closed).count();
    const openBefore = await slot(adminPage, open).count();
    expect(closedBefore).toBeGreaterThan(0);

    await slot(doctorPage, closed).first().click();
    // the doctor's own page takes the toggle's answer
    await doctorPage.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n, [
      `#calendar .slot-content[title="${open}"]`,
      openBefore + 1,
    ] as const);

    // the other page turns through socket.io, with no reload
    await adminPage.waitForFunction(
      ([sel, n]) => document.querySelectorAll(sel).length === n,
      [`#calendar .slot-content[title="${open}"]`, openBefore + 1] as const,
      {
        timeout: 10_000,
      },
    );
    expect(await slot(adminPage, closed).count()).toBe(closedBefore - 1);
    expect(await adminPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // and back again, from the secretary's page this time
    await slot(adminPage, open).first().click();
    await doctorPage.waitForFunction(
      ([sel, n]) => document.querySelectorAll(sel).length === n,
      [`#calendar .slot-content[title="${open}"]`, openBefore] as const,
      {
        timeout: 10_000,
      },
    );
  });

  it('the header toggle opens the side navigation and pads body and header', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await login(page, env.server.url, 'medico1@example.it', '**/disponibilita**');
    const toggle = page.locator('header button[aria-controls]');
    const before = await page.evaluate(() => getComputedStyle(document.body).paddingLeft);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // the padding slides in (a 0.2 s transition): wait until it reaches the side navigation's width
    await page.waitForFunction(() => getComputedStyle(document.body).paddingLeft === '256px', undefined, { timeout: 5_000 });
    expect(before).toBe('0px');
    // the padding follows the open state at once; the side navigation's code is a chunk of its own, and Escape is
    // its keyboard handler: wait for it to be shown before pressing (under load the chunk can arrive after the padding)
    await page.locator('#sidenav').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('refuses a patient on the calendar page with an Italian message', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await page.goto(`${env.server.url}/login`);
    await page.getByLabel('Email').fill('paziente1@example.it');
    await page.getByLabel('Password').fill('Password123!');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL('**/home');
    await page.goto(`${env.server.url}/disponibilita`);
    // the page's own refusal (not the API's generic 403 text), and no calendar behind it
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: text.app.forbiddenTitle }).waitFor();
    expect(await alert.getByText(text.app.forbiddenText, { exact: true }).count()).toBe(1);
    expect(await page.locator('#calendar').count()).toBe(0);
    expect(await page.getByText('Non hai i permessi per questa operazione.').count()).toBe(0);
  });
});
