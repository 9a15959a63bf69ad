import type { ParsedMail } from 'mailparser';
import { startTestSmtp, type TestSmtp } from '../../backend/src/testing/smtp';
import { it as text } from '../src/i18n/it';
import { login, serverAndBrowser } from './harness';

const PUBLIC_URL = 'https://studio.example.it';
let smtp: TestSmtp;
beforeAll(async () => (smtp = await startTestSmtp()));
afterAll(() => smtp?.close());

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)!.value[0].address;
/** the message to `address` on the real SMTP server (loopback), waiting for it */
async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  for (let n = smtp.received.length + 1; ; n++) {
    const found = smtp.received.find((m) => to(m) === address && subject.test(m.subject ?? ''));
    if (found) return found;
    await smtp.waitFor(n, 20_000);
  }
}
/** the link of the message: under PUBLIC_URL, opened on the test server's address */
function linkIn(mail: ParsedMail, page: string, base: string): string {
  const match = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}(/${page}\\?token=\\S+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`nessun link /${page} nel messaggio: ${mail.text}`);
  return `${base}${match[1]}`;
}

describe('staff accounts and passwords in a real browser, emails from a real SMTP server', () => {
  const env = serverAndBrowser(() => ({ SMTP_URL: smtp.url, PUBLIC_URL, NOTIFY_POLL_MS: '500' }));

  it('the administrator invites a doctor, who accepts from the email and opens a slot', async () => {
    const admin = await (await env.browser.newContext()).newPage();
    await login(admin, env.server.url, 'admin@example.it', '**/agenda**');
    await admin.goto(`${env.server.url}/staff`);
    await admin.getByLabel(text.staff.name, { exact: true }).fill('Elena');
    await admin.getByLabel(text.staff.surname).fill('Neri');
    await admin.getByLabel(text.staff.email, { exact: true }).fill('elena.neri@example.it');
    await admin.getByLabel(text.staff.role, { exact: true }).selectOption({ label: 'Medico' });
    await admin.getByRole('button', { name: text.staff.invite }).click();
    await admin.getByText(text.staff.invited('elena.neri@example.it')).waitFor();
    await admin.getByRole('cell', { name: /Elena Neri/ }).waitFor();

    const invitation = await mailTo('elena.neri@example.it', /Invito/);
    const doctor = await (await env.browser.newContext()).newPage();
    await doctor.goto(linkIn(invitation, 'invito', env.server.url));
    await doctor.getByLabel(text.accounts.newPassword, { exact: true }).fill('orto-di-Elena-2030');
    await doctor.getByLabel(text.accounts.repeatPassword).fill('orto-di-Elena-2030');
    await doctor.getByRole('button', { name: text.accounts.inviteSubmit }).click();
    await doctor.waitForURL('**/disponibilita**');

    // a new doctor's week is all closed: open the first slot
    const closed = doctor.locator('#calendar .slot-content[title="Non disponibile 08:00–08:30"]');
    const open = '#calendar .slot-content[title="Disponibile 08:00–08:30"]';
    await closed.first().waitFor();
    expect(await doctor.locator(open).count()).toBe(0);
    await closed.first().click();
    await doctor.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, open);
    // bookable now: listed to visitors
    const doctors = (await (await fetch(`${env.server.url}/api/doctors`)).json()) as { name: string }[];
    expect(doctors.map((d) => d.name)).toContain('Elena Neri');
  });

  it('a patient resets a forgotten password from the email and logs in with the new one', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await page.goto(`${env.server.url}/login`);
    await page.getByRole('link', { name: text.login.forgotPassword }).click();
    await page.waitForURL('**/password-dimenticata');
    await page.getByLabel('Email').fill('paziente1@example.it');
    await page.getByRole('button', { name: text.accounts.forgotSubmit }).click();
    await page.getByRole('status').waitFor();

    const mail = await mailTo('paziente1@example.it', /Nuova password/);
    await page.goto(linkIn(mail, 'nuova-password', env.server.url));
    // the policy is checked in the browser too: a common password is refused before any call
    await page.getByLabel(text.accounts.newPassword, { exact: true }).fill('qwertyuiop');
    await page.getByLabel(text.accounts.repeatPassword).fill('qwertyuiop');
    await page.getByRole('button', { name: text.accounts.resetSubmit }).click();
    await page.getByText('Questa password è tra le più usate').waitFor();
    await page.getByLabel(text.accounts.newPassword, { exact: true }).fill('orto-di-Luca-2030');
    await page.getByLabel(text.accounts.repeatPassword).fill('orto-di-Luca-2030');
    await page.getByRole('button', { name: text.accounts.resetSubmit }).click();
    await page.getByText(text.accounts.resetDone).waitFor();

    await page.goto(`${env.server.url}/login`);
    await page.getByLabel('Email').fill('paziente1@example.it');
    await page.getByLabel('Password').fill('orto-di-Luca-2030');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL('**/home');
  });
});
