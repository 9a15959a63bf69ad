import { login, registerPatient, serverAndBrowser } from './harness';

describe('waiting list in a real browser', () => {
  const env = serverAndBrowser();

  it('one patient waits, another lets their slot go: the first gets the email and the held slot on /home', async () => {
    const base = env.server.url;
    // the waiting patient (paziente1) joins medico1's list for the first day with free hours
    const waiting = await (await env.browser.newContext()).newPage();
    await login(waiting, base, 'paziente1@example.it', '**/home');
    await waiting.goto(`${base}/prenota`);
    await waiting.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
    const date = (await waiting.locator('#doing_booking [data-date]:not([disabled])').first().getAttribute('data-date'))!;
    await waiting.getByLabel('Dal giorno', { exact: true }).fill(date);
    await waiting.getByLabel('Al giorno', { exact: true }).fill(date);
    await waiting.getByRole('button', { name: 'Mettimi in lista d’attesa' }).click();
    await waiting.getByText('Sei in lista d’attesa').waitFor();
    await waiting.goto(`${base}/home`);
    await waiting.getByText('Le tue liste d’attesa').waitFor();
    expect(await waiting.locator('.app-my-bookings li[data-status="held"]').count()).toBe(0);

    // another patient holds an hour of that day, then lets it go from /home
    const otherContext = await env.browser.newContext();
    await registerPatient(otherContext, base, { name: 'Sara', surname: 'Neri', email: `sara.neri+${Date.now()}@example.it`, phone: '+39 333 7654321' });
    const doctors = (await (await otherContext.request.get(`${base}/api/doctors`)).json()) as { id: string; name: string }[];
    const doctorId = doctors.find((d) => d.name === 'Giulia Rossi')!.id;
    const slots = (await (await otherContext.request.get(`${base}/disponibilita/query?for=${doctorId}&date=${date}`)).json()) as { id: string; hour: string }[];
    const { csrfToken } = await (await otherContext.request.get(`${base}/api/auth/session`)).json();
    const held = await otherContext.request.post(`${base}/prenotazioni`, {
      headers: { 'X-CSRF-Token': csrfToken },
      data: { doctor_id: doctorId, availability_id: slots[0].id },
    });
    expect(held.status()).toBe(201);
    const other = await otherContext.newPage();
    await other.goto(`${base}/home`);
    await other.getByRole('button', { name: 'Libera l’orario' }).click();
    await other.getByText('L’orario è stato liberato.').waitFor();

    // the first in line now holds it, shown on /home
    const heldRow = waiting.locator('.app-my-bookings li[data-status="held"]');
    for (let i = 0; i < 20 && (await heldRow.count()) === 0; i++) {
      await waiting.waitForTimeout(500);
      await waiting.reload();
    }
    await heldRow.first().waitFor();
    expect(await heldRow.count()).toBe(1);
    expect(await heldRow.first().textContent()).toContain(slots[0].hour);

    // and the offer email, in the local outbox the admin reads at /posta
    const admin = await (await env.browser.newContext()).newPage();
    await login(admin, base, 'admin@example.it', '**/agenda**');
    await admin.goto(`${base}/posta`);
    const offer = admin.locator('[data-mail-to="paziente1@example.it"]').filter({ hasText: 'Si è liberato un orario' });
    await offer.first().waitFor({ timeout: 15_000 });
    await offer.first().getByRole('button').click();
    await offer.first().getByText('Lo teniamo per te fino alle').waitFor();
  });
});
