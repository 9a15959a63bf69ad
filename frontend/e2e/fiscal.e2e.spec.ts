import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { create } from 'xmlbuilder2';
import { strFromU8, unzipSync } from 'fflate';
import { login, serverAndBrowser, answerIntakeQuestionnaire } from './harness';

const TAXCODE = 'RSSMRA85T10A562S';
const PRODUCT = 'Prima visita nutrizionale';
const YEAR = new Date().getFullYear();

/** pdf-parse's text of a PDF, in a plain node process (pdf.js loads its worker with a dynamic import jest's VM refuses) */
const pdfText = (buf: Buffer): string =>
  execFileSync(
    process.execPath,
    [
      '-e',
      "const {PDFParse}=require('pdf-parse');const c=[];process.stdin.on('data',d=>c.push(d)).on('end',async()=>{const p=new PDFParse({data:Buffer.concat(c)});process.stdout.write((await p.getText()).text);await p.destroy();})",
    ],
    { input: buf, cwd: __dirname },
  )
    .toString('utf8')
    .replace(/\s+/g, ' ');

describe('fiscal receipts in a real browser', () => {
  const env = serverAndBrowser();

  it('a patient pays 80,00 €, downloads the receipt with 2,00 € stamp duty; the doctor sees it in /fiscale and exports the year', async () => {
    const patient = await (await env.browser.newContext()).newPage();
    await login(patient, env.server.url, 'paziente1@example.it', '**/home');
    await patient.goto(`${env.server.url}/prenota`);
    const booking = patient.locator('#doing_booking');
    await patient.getByLabel('Medico').selectOption({ label: 'Giulia Rossi' });
    const freeDay = booking.locator('[data-date]:not([disabled])').first();
    await freeDay.waitFor();
    await freeDay.click();
    const firstHour = booking.locator('[data-hour]').first();
    await firstHour.waitFor();
    await firstHour.click();
    await booking.locator('button[type=submit]').click();
    await patient.waitForURL('**/prenota/questionario?**');
    await answerIntakeQuestionnaire(patient);

    // 80,00 €, no coupon, no opposition to the Sistema TS
    const card = patient.locator('[data-id]').filter({ hasText: PRODUCT });
    await card.waitFor();
    expect(await card.getAttribute('data-price')).toBe('8000');
    await card.click();
    await patient.getByLabel('Codice fiscale', { exact: true }).fill(TAXCODE);
    await patient.getByLabel('Indirizzo di fatturazione', { exact: true }).fill('Via Roma 1, 20100 Milano');
    expect(await patient.getByLabel(/Mi oppongo alla trasmissione al Sistema Tessera Sanitaria/).isChecked()).toBe(false);
    const pay = patient.locator('#paypal-button-container [data-paypal-stand-in="pay"]');
    await pay.waitFor();
    await pay.click();
    await patient.waitForURL('**/home', { timeout: 15_000 });

    // /home links the numbered receipt; its PDF holds the stamp duty
    const link = patient.getByRole('link', { name: `Ricevuta n. 1/${YEAR} (PDF)` });
    await link.waitFor({ timeout: 15_000 });
    const pdf = await patient.context().request.get(new URL((await link.getAttribute('href'))!, env.server.url).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = pdfText(await pdf.body());
    expect(text).toContain(`Ricevuta sanitaria n. 1/${YEAR}`);
    // the laid-out receipt: the visit's line, the duty the patient bears, the total charged
    expect(text).toMatch(/Prima visita nutrizionale: visita del .* 80,00 €/);
    expect(text).toContain('Imposta di bollo (a carico del paziente) 2,00 €');
    expect(text).toContain('Totale 82,00 €');

    // the HTML receipt on /home is the same document: the list names the doctor, the view shows number, issuer, lines
    const pdfHref = await link.getAttribute('href');
    const orderRow = link.locator('xpath=ancestor::tr');
    expect(await orderRow.textContent()).toContain('Giulia Rossi');
    await orderRow.getByRole('button', { name: 'Stampa ricevuta' }).click();
    await patient.getByRole('heading', { name: `Ricevuta sanitaria n. 1/${YEAR}` }).waitFor();
    const view = patient.getByTestId('receipt-page-receipt');
    expect((await view.locator('tr').filter({ hasText: 'Imposta di bollo (a carico del paziente)' }).textContent())!.replace(/\s/g, ' ')).toContain('2,00 €');
    expect((await view.getByRole('row', { name: /^Totale / }).textContent())!.replace(/\s/g, ' ')).toContain('82,00 €');
    expect(await patient.getByText('Dott.ssa Giulia Rossi').first().isVisible()).toBe(true);
    expect(await patient.getByRole('link', { name: 'Scarica il PDF' }).getAttribute('href')).toBe(pdfHref);

    // the doctor's /fiscale: the row, the totals, the year's file
    const doctor = await (await env.browser.newContext({ acceptDownloads: true })).newPage();
    await login(doctor, env.server.url, 'medico1@example.it', '**/disponibilita**');
    await doctor.goto(`${env.server.url}/fiscale`);
    const row = doctor
      .getByTestId('fiscal-table')
      .locator('tbody tr')
      .filter({ hasText: `1/${YEAR}` });
    await row.waitFor();
    const rowText = (await row.textContent())!.replace(/\s/g, ' ');
    expect(rowText).toContain('Ricevuta');
    expect(rowText).toContain('82,00 €');
    expect((await doctor.getByTestId('fiscal-total').textContent())!.replace(/\s/g, ' ')).toContain('82,00 €');
    const [download] = await Promise.all([doctor.waitForEvent('download'), doctor.getByRole('link', { name: 'Scarica il file per il Sistema TS' }).click()]);
    // the file is served zipped, as the Sistema TS channel takes it
    const [xml] = Object.values(unzipSync(readFileSync((await download.path())!))).map((bytes) => strFromU8(bytes));
    const parsed = create(xml).end({ format: 'object' }) as any;
    const document = [parsed.precompilata.documentoSpesa].flat()[0];
    expect(document.idSpesa.numDocumentoFiscale.numDocumento).toBe(`1/${YEAR}`);
    expect(document.flagOpposizione).toBe('0');
    expect([document.voceSpesa].flat().map((v: any) => v.importo)).toEqual(['80.00', '2.00']);
  });
});
