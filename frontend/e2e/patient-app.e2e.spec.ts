import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { APIRequestContext, Page } from 'playwright-core';
import { decryptPush, deviceKeys, startPushStandIn, vapidClaims, type PushStandIn } from '../../backend/src/testing/push-service-stand-in';
import { login, serverAndBrowser } from './harness';
import { createFixtures } from './screens';

/**
 * The patient's app on a phone (390 × 844) with the doctor on a desktop: a lunch logged in the food diary with a photo,
 * read by the doctor with its photo and commented; the comment's push reaches the patient's device (a push service on
 * loopback that decrypts it) saying nothing of the comment; the patient reads the comment; a lab PDF sent in a message
 * is filed by the doctor into the record's attachments.
 */
const LUNCH = 'Pasta al pomodoro e insalata di finocchi';
const COMMENT = 'Ottima scelta, aggiungi una porzione di legumi due volte a settimana';
const PDF_NAME = 'esami-sangue.pdf';

/** a photo of a plate as a phone would take it: a JPEG larger than the 1600 px the server keeps */
const plateJpeg = () =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** a one-page lab report */
const labPdf = () =>
  new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text('Emocromo: emoglobina 14,2 g/dL; ferritina 85 ng/mL');
    doc.end();
  });

async function csrf(api: APIRequestContext, base: string): Promise<string> {
  return ((await (await api.get(`${base}/api/auth/session`)).json()) as { csrfToken: string }).csrfToken;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function until<T>(probe: () => T | undefined, label: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`tempo scaduto in attesa di ${label}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the patient's app at 390 px: diary with a photo, the doctor's comment and its push, a lab PDF filed into the record", () => {
  let service: PushStandIn;
  const keysDir = mkdtempSync(join(tmpdir(), 'e2e-push-'));
  beforeAll(async () => {
    service = await startPushStandIn();
  });
  afterAll(async () => {
    await service?.close();
  });
  const env = serverAndBrowser(() => {
    // the server process trusts the test push service's self-signed certificate as an operator would add a CA
    const ca = join(keysDir, 'push-ca.pem');
    writeFileSync(ca, service.certificate);
    return {
      PUSH_ALLOWED_ENDPOINTS: service.origin,
      NODE_EXTRA_CA_CERTS: ca,
      VAPID_KEYS_FILE: join(keysDir, 'vapid.json'),
      VAPID_SUBJECT: 'mailto:studio@example.it',
    };
  });

  it('logs a lunch with a photo, the doctor comments, the push arrives without the comment, the PDF is filed', async () => {
    const base = env.server.url;
    // a paid visit of the demo patient with medico1 (the API, as in the clinical record's browser test): medico1 treats them
    const { patientId } = await createFixtures(env.browser, base);

    const patient = await (await env.browser.newContext({ locale: 'it-IT', viewport: { width: 390, height: 844 } })).newPage();
    await login(patient, base, 'paziente1@example.it', '**/home');
    const doctor = await (await env.browser.newContext({ locale: 'it-IT', viewport: { width: 1366, height: 900 } })).newPage();
    await login(doctor, base, 'medico1@example.it', '**/disponibilita');

    // Headless Chromium cannot subscribe to a real push service (no FCM/Mozilla endpoint, no permission prompt): the
    // patient's page session (its cookies and CSRF token) registers a subscription as PushManager.subscribe() would
    // give it, pointing at the loopback HTTPS push service that PUSH_ALLOWED_ENDPOINTS lets through
    const device = deviceKeys();
    const api = patient.context().request;
    const subscribed = await api.post(`${base}/api/me/push-subscriptions`, {
      headers: { 'X-CSRF-Token': await csrf(api, base) },
      data: { endpoint: `${service.origin}/device/paziente1`, keys: { p256dh: device.p256dh, auth: device.authBase64 } },
    });
    expect(subscribed.status()).toBe(201);

    // 1. the patient logs a lunch with a photo of the plate
    await patient.goto(`${base}/diario`);
    await patient.getByRole('heading', { name: 'Registra un pasto' }).waitFor();
    await patient.getByLabel('Pasto', { exact: true }).selectOption('pranzo');
    await patient.getByLabel('Che cosa hai mangiato').fill(LUNCH);
    await patient.getByLabel('Foto del piatto').setInputFiles({ name: 'pranzo.jpg', mimeType: 'image/jpeg', buffer: await plateJpeg() });
    await patient.getByRole('button', { name: 'Salva il pasto' }).click();
    await patient.getByRole('status').getByText('Pasto registrato.').waitFor();
    const mine = patient.getByRole('article', { name: /^Pranzo, / }).filter({ hasText: LUNCH });
    await mine.getByRole('img', { name: /^Foto del pasto: Pranzo del / }).waitFor();
    expect(await noSidewaysScroll(patient)).toBe(true);

    // 2. the doctor reads the diary from the record, with the photo, and comments
    await doctor.goto(`${base}/pazienti/${patientId}`);
    await doctor.getByRole('link', { name: 'Diario alimentare' }).click();
    await doctor.waitForURL(`**/pazienti/${patientId}/diario`);
    const entry = doctor.locator('li').filter({ has: doctor.getByRole('article', { name: /^Pranzo, / }).filter({ hasText: LUNCH }) });
    const photo = entry.getByRole('img', { name: /^Foto del pasto: Pranzo del / });
    await photo.scrollIntoViewIfNeeded();
    await doctor.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await photo.elementHandle());
    // the photo the doctor is served: the server's cleaned JPEG, resized to 1600 px on its long side
    const served = await doctor.context().request.get(new URL((await photo.getAttribute('src'))!, base).href);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\/jpeg/);
    const meta = await sharp(await served.body()).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    expect(meta.exif).toBeUndefined();
    await entry.getByRole('textbox', { name: /^Commento a Pranzo del / }).fill(COMMENT);
    await entry.getByRole('button', { name: 'Commenta' }).click();
    await entry.getByText('Commento inviato: il paziente lo vede nel suo diario.').waitFor();

    // 3. the push reaches the device, encrypted; decrypted it says there is a comment, never what it says
    const push = await until(() => service.received.find((r) => r.path === '/device/paziente1'), 'la notifica push del commento');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe(String(72 * 3600));
    expect(push.headers.urgency).toBe('low');
    expect(vapidClaims(String(push.headers.authorization)).claims.aud).toBe(service.origin);
    const payload = decryptPush(push.body, device);
    expect(JSON.parse(payload)).toEqual({ title: 'Studio', body: 'Hai un nuovo commento sul tuo diario.', topic: 'diary_comment', url: '/diario' });
    expect(payload).not.toContain('legumi');
    expect(payload).not.toContain(LUNCH);

    // 4. the patient reads the comment in the diary
    await patient.goto(`${base}/diario`);
    const commented = patient.getByRole('article', { name: /^Pranzo, / }).filter({ hasText: LUNCH });
    await commented.getByText('Commenti del medico').waitFor();
    await commented.getByText(COMMENT).waitFor();
    expect(await commented.getByText(/\(Giulia Rossi, /).count()).toBe(1);

    // 5. the patient sends the lab PDF to the doctor in a message
    const pdf = await labPdf();
    await patient.goto(`${base}/messaggi`);
    await patient.getByRole('button', { name: 'Giulia Rossi' }).click();
    const conversation = patient.getByRole('region', { name: 'Conversazione con Giulia Rossi' });
    await conversation
      .getByLabel('Allega un file (PDF, JPEG o PNG, al massimo 10 MB)')
      .setInputFiles({ name: PDF_NAME, mimeType: 'application/pdf', buffer: pdf });
    await conversation.getByRole('button', { name: 'Invia il file' }).click();
    await conversation.getByRole('link', { name: `Apri ${PDF_NAME}` }).waitFor();
    expect(await noSidewaysScroll(patient)).toBe(true);

    // 6. the doctor files it into the record in one step; it is among the record's attachments, the same bytes
    await doctor.goto(`${base}/messaggi/${patientId}`);
    const received = doctor.locator('li').filter({ has: doctor.getByRole('link', { name: `Apri ${PDF_NAME}` }) });
    await received.getByRole('button', { name: 'Archivia nella cartella' }).click();
    await received.getByText('Archiviato nella cartella').waitFor();
    await doctor.goto(`${base}/pazienti/${patientId}`);
    const attachments = doctor
      .locator('section, .card')
      .filter({ has: doctor.getByRole('heading', { name: 'Allegati', exact: true }) })
      .last();
    const filed = attachments.getByRole('link', { name: PDF_NAME, exact: true });
    await filed.waitFor();
    const download = await doctor.context().request.get(new URL((await filed.getAttribute('href'))!, base).href);
    expect(download.status()).toBe(200);
    expect(Buffer.compare(await download.body(), pdf)).toBe(0);

    // the comment was pushed once; nothing else about the diary reached the device
    const diaryPushes = service.received
      .filter((r) => r.path === '/device/paziente1')
      .map((r) => JSON.parse(decryptPush(r.body, device)) as { topic: string })
      .filter((p) => p.topic === 'diary_comment');
    expect(diaryPushes).toHaveLength(1);
  });
});
