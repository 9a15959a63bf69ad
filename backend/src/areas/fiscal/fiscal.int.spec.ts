import { codiceFiscaleCheckChar, receiptsStreamName, slotId, type ReceiptDocument } from '@studio/contracts';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { create } from 'xmlbuilder2';
import { validateXML } from 'xmllint-wasm';
import { startPaypalStandIn, type PaypalStandIn } from '../payments/paypal/paypal-stand-in';
import { until } from '../../testing/until';
import { registerPatients, type TestPatient } from '../../testing/patients';
import { ManualClock, client, startTestApp, type TestApp } from '../../testing/test-app';
import { productsForFirstBookings } from '../../testing/payments';
import { UsersService } from '../accounts/users/users.service';
import { ReceiptsFlowService } from './receipts/receipts-flow.service';
import { expectSameAsPdf, pdfStreams, pdfText, stsKeyDir } from './fiscal.fixtures';

// demo seed: today = Monday 2030-03-04; medico1 (forfettario, stamp duty to the patient) open 09:00–13:00 on weekdays
const NOW = '2030-03-04T06:00:00.000Z';
const TAXCODE = 'RSSMRA80A01H501' + codiceFiscaleCheckChar('RSSMRA80A01H501');
const PROFILE = {
  registeredName: 'Dott. Luca Verdi',
  title: 'Dietista',
  albo: 'Albo dei Dietisti n. 12',
  taxcode: 'VRDLCU70A01F205' + codiceFiscaleCheckChar('VRDLCU70A01F205'),
  vatNumber: '12345678903',
  address: 'Via Po 3, Torino',
  regime: 'ordinario',
  stampDutyToPatient: false,
};

describe('fiscal documents: receipts, PDF, Sistema TS export', () => {
  const clock = new ManualClock(new Date(NOW));
  let pp: PaypalStandIn;
  let app: TestApp;
  let keyDir: string;
  let medico1: string;
  let products: { id: string; name: string; priceCents: number }[];
  let nextSlot = 0;

  beforeAll(async () => {
    keyDir = stsKeyDir();
    pp = await startPaypalStandIn();
    app = await startTestApp(
      {
        HOLD_SWEEP_SECONDS: '0',
        PAYPAL_BASE_URL: pp.baseUrl,
        PAYPAL_CLIENT_ID: pp.clientId,
        PAYPAL_CLIENT_SECRET: pp.clientSecret,
        STS_CERT_PATH: join(keyDir, 'cert.pem'),
      },
      undefined,
      clock,
    );
    medico1 = app.ids['medico1@example.it'];
    products = await productsForFirstBookings(app);
  });
  afterAll(async () => {
    await app.close();
    await pp.close();
    rmSync(keyDir, { recursive: true, force: true });
  });

  async function pay(patient: TestPatient, doctorId = medico1, productName = 'Prima visita nutrizionale', extra: Record<string, string> = {}) {
    const n = nextSlot++;
    const start = `2030-03-${String(5 + Math.floor(n / 8)).padStart(2, '0')}T${String(9 + Math.floor((n % 8) / 2)).padStart(2, '0')}:${n % 2 ? '30' : '00'}:00Z`;
    const hold = await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: doctorId, availability_id: slotId(doctorId, start) })
      .expect(201);
    const product = products.find((p) => p.name === productName)!;
    const created = await patient.agent
      .post('/api/paypal/orders')
      .set('X-CSRF-Token', patient.csrf)
      .send({ booking_id: hold.body.id, product: product.id })
      .expect(201);
    pp.approve(created.body.id);
    await patient.agent
      .post('/prenotazioni/conferma')
      .type('form')
      .send({
        _token: patient.csrf,
        transaction: created.body.id,
        status: 'COMPLETED',
        product: product.id,
        taxcode: TAXCODE,
        billing: 'Via Roma 1, 00100 Roma',
        ...extra,
      })
      .expect(200);
    return { orderId: created.body.id as string, start, bookingId: hold.body.id as string };
  }
  const fiscal = () => app.app.get(ReceiptsFlowService);
  const receiptsOf = async (doctorId: string) =>
    (await app.core.eventStore.readStream(receiptsStreamName(doctorId, 2030)))
      .filter((e) => e.type === 'ReceiptIssued')
      .map((e) => e.data as { number: number; orderId: string; totalCents: number });

  it('a payment of 80,00 € issues receipt 1/2030 with 2,00 € stamp duty and the opposition; the PDF says so', async () => {
    const [patient] = await registerPatients(app, 1);
    const { orderId, bookingId } = await pay(patient, medico1, 'Prima visita nutrizionale', { opposizione_sts: 'on' });
    await fiscal().issuePending(medico1);
    const [receipt] = await receiptsOf(medico1);
    expect(receipt).toMatchObject({ number: 1, orderId, totalCents: 8200 });

    const res = await patient.agent
      .get(`/api/orders/${orderId}/receipt.pdf`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.body as Buffer);
    expect(text).toContain('Ricevuta sanitaria n. 1/2030');
    expect(text).toContain('Dott.ssa Giulia Rossi');
    expect(text).toContain(`Codice fiscale: ${TAXCODE}`);
    // a table: description, then the amount in its right-aligned column
    expect(text).toMatch(/Prima visita nutrizionale: visita del \S+ alle ore \S+ 80,00 €/);
    expect(text).toContain('Imposta di bollo (a carico del paziente) 2,00 €');
    expect(text).toMatch(/Totale \d+,00 €/);
    // no virtual-stamp authorisation in this doctor's profile: the physical stamp's identifier
    expect(text).toContain('Identificativo della marca da bollo');
    expect(text).not.toContain('assolta in modo virtuale');
    expect(text).toContain('regime forfettario');
    expect(text).toContain(`Identificativo della transazione PayPal: ${orderId}`);
    expect(text).toContain('Metodo: PayPal (pagamento tracciabile)');
    expect(text).toContain('si è opposto alla trasmissione');
    // the practice's letterhead numbers its pages
    expect(text).toContain('Pagina 1 di 1');

    // the HTML receipt on /home is this document: number, date, issuer with fiscal data, patient, lines, wording, PDF link
    const html = (await patient.agent.get(`/api/orders/${orderId}/receipt`).expect(200)).body as ReceiptDocument;
    expect(html.pages.map((p) => p.title)).toEqual(['Ricevuta sanitaria n. 1/2030']);
    expect(html.doctorName).toBe('Dott.ssa Giulia Rossi');
    expect(html.pdfUrl).toBe(`/api/orders/${orderId}/receipt.pdf`);
    expect(html.pages[0].lines.find((l) => l.stampDuty)).toEqual({ label: 'Imposta di bollo (a carico del paziente)', amount: '2,00 €', stampDuty: true });
    expect(html.pages[0].lines.at(-1)).toEqual({ label: 'Totale', amount: '82,00 €', total: true });
    expect(html.pages[0].paragraphs.map((p) => p.heading)).toEqual(['Imposta di bollo', 'Regime IVA', 'Pagamento', 'Sistema Tessera Sanitaria']);
    expectSameAsPdf(html, text);
    // the patient's list names the doctor of each order
    const mine = (await patient.agent.get('/api/me/orders').expect(200)).body as { id: string; doctorName: string }[];
    expect(mine.find((o) => o.id === orderId)?.doctorName).toBe('Giulia Rossi');
    // the default logo (/logo.svg) is drawn as vector graphics in the header band: its cross, in its colour (#0b6e6e)
    expect(pdfStreams(res.body as Buffer)).toMatch(/0\.0431372\d* 0\.4313725\d* 0\.4313725\d* scn/);

    // another patient cannot; the doctor can, and the patient's access log says so
    const [other] = await registerPatients(app, 1, 'altro');
    await other.agent.get(`/api/orders/${orderId}/receipt.pdf`).expect(404);
    await other.agent.get(`/api/orders/${orderId}/receipt`).expect(404);
    const doctor = await client(app, 'medico1@example.it');
    await doctor.agent.get(`/api/orders/${orderId}/receipt.pdf`).expect(200);
    const log = (await patient.agent.get('/api/me/access-log').expect(200)).body as { viewerId: string }[];
    expect(log.some((e) => e.viewerId === medico1)).toBe(true);
    expect((await patient.agent.get('/api/me/receipts').expect(200)).body).toEqual([{ orderId, label: '1/2030', creditNote: null }]);
    // the booking's page (the agenda's red slot) finds it for its doctor, not for another
    expect((await doctor.agent.get(`/api/fiscal/bookings/${bookingId}/receipts`).expect(200)).body).toEqual([{ orderId, label: '1/2030', creditNote: null }]);
    const medico2 = await client(app, 'medico2@example.it');
    expect((await medico2.agent.get(`/api/fiscal/bookings/${bookingId}/receipts`).expect(200)).body).toEqual([]);
    await medico2.agent.get(`/api/orders/${orderId}/receipt.pdf`).expect(404);
  });

  it('concurrent confirmations get consecutive numbers: no gap, no duplicate', async () => {
    const patients = await registerPatients(app, 6, 'gara');
    const before = (await receiptsOf(medico1)).length;
    await Promise.all(patients.map((p) => pay(p, medico1, 'Visita di controllo')));
    // the workflows of the six orders raced each other too
    const orders = (await app.core.readModels.find<{ orderId: string }>('fiscal_orders', { doctor_id: medico1 })).map((d) => d.doc.orderId);
    await Promise.all(orders.map((o) => fiscal().issueFor(o)));
    await fiscal().issuePending(medico1);
    const numbers = (await receiptsOf(medico1)).map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: before + 6 }, (_, i) => i + 1));
    expect(new Set((await receiptsOf(medico1)).map((r) => r.orderId)).size).toBe(numbers.length);
  });

  it('a doctor without a fiscal profile: the payment succeeds, receipts wait with an Italian message, then go out in order', async () => {
    const users = app.app.get(UsersService);
    const meta = { userId: 'system', role: 'system' as const, at: NOW, correlationId: 'c', causationId: 'c' };
    const { userId: doctorId } = await users.register(
      { role: 'doctor', email: 'senza-profilo@example.it', password: 'Password123!', name: 'Luca', surname: 'Verdi' },
      meta,
    );
    const admin = await client(app, 'admin@example.it');
    for (const start of ['2030-03-05T09:00:00Z', '2030-03-05T09:30:00Z']) {
      await admin.agent
        .post('/disponibilita/toggle')
        .set('X-CSRF-Token', admin.csrf)
        .send({ for: doctorId, start, end: new Date(Date.parse(start) + 1_800_000).toISOString() })
        .expect(200);
    }
    const [a, b] = await registerPatients(app, 2, 'attesa');
    const saved = nextSlot;
    nextSlot = 0;
    const first = await pay(a, doctorId, 'Visita di controllo');
    const second = await pay(b, doctorId, 'Prima visita nutrizionale');
    nextSlot = saved;
    await fiscal().issuePending(doctorId);
    expect(await receiptsOf(doctorId)).toEqual([]);
    const view = (await admin.agent.get(`/api/fiscal/profiles/${doctorId}`).expect(200)).body;
    expect(view).toMatchObject({ profile: null, pendingReceipts: 2 });
    expect(view.blockedMessage).toMatch(/Profilo fiscale incompleto: 2 pagamenti attendono la ricevuta/);
    // the patient is never told: the receipt just is not there yet
    await a.agent.get(`/api/orders/${first.orderId}/receipt.pdf`).expect(404);

    // a wrong partita IVA is refused in Italian and appends nothing
    const head = await app.core.eventStore.headPosition();
    const bad = await admin.agent
      .put(`/api/fiscal/profiles/${doctorId}`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ ...PROFILE, vatNumber: '12345678900' })
      .expect(400);
    expect(bad.body.error.message).toMatch(/Partita IVA non valida/);
    expect(await app.core.eventStore.headPosition()).toBe(head);
    // another doctor may not set it
    const medico = await client(app, 'medico1@example.it');
    await medico.agent.put(`/api/fiscal/profiles/${doctorId}`).set('X-CSRF-Token', medico.csrf).send(PROFILE).expect(403);

    // a malformed authorisation date is refused in Italian
    const badStamp = await admin.agent
      .put(`/api/fiscal/profiles/${doctorId}`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ ...PROFILE, virtualStamp: { number: '12345', date: '15/01/2024' } })
      .expect(400);
    expect(badStamp.body.error.message).toMatch(/bollo virtuale non valida/);
    const withStamp = { ...PROFILE, virtualStamp: { number: '2024/123', date: '2024-01-15' } };
    await admin.agent.put(`/api/fiscal/profiles/${doctorId}`).set('X-CSRF-Token', admin.csrf).send(withStamp).expect(200);
    // the receipts that waited go out by a reaction to the profile: wait for that state
    const done = await until(
      async () => (await admin.agent.get(`/api/fiscal/profiles/${doctorId}`).expect(200)).body,
      (v) => v.pendingReceipts === 0,
      60_000,
    );
    expect(done.profile.virtualStamp).toEqual({ number: '2024/123', date: '2024-01-15' });
    expect(done).toMatchObject({ pendingReceipts: 0, blockedMessage: null, demo: false, profile: { vatNumber: '12345678903', regime: 'ordinario' } });
    const issued = await receiptsOf(doctorId);
    expect(issued.map((r) => [r.number, r.orderId])).toEqual([
      [1, first.orderId],
      [2, second.orderId],
    ]);
    // stamp duty not charged to the patient: the total stays 80,00 €
    expect(issued[1].totalCents).toBe(8000);
    // the doctor pays the duty virtually: the receipt says so with the authorisation, and no stamp identifier to fill
    const pdf = await b.agent
      .get(`/api/orders/${second.orderId}/receipt.pdf`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain('Imposta di bollo assolta in modo virtuale, autorizzazione n. 2024/123 del 15/01/2024.');
    expect(text).toContain('Imposta di bollo di 2,00 € a carico del professionista');
    expect(text).toContain('Totale 80,00 €');
    expect(text).not.toContain('Identificativo della marca da bollo');
    // the profile's personal fields are sealed in the event
    const [set] = (await app.core.eventStore.readStream(`fiscal-${doctorId}`)).map((e) => JSON.stringify(e.data));
    expect(set).not.toContain(PROFILE.taxcode);
    expect(set).not.toContain('Via Po');
  });

  it('a refund after the receipt issues a credit note by itself (reacting to PaymentRefunded), referencing the receipt; the PDF shows it', async () => {
    const [patient] = await registerPatients(app, 1, 'rimborso');
    const { orderId } = await pay(patient, medico1, 'Visita di controllo');
    await fiscal().issuePending(medico1);
    const receipt = (await receiptsOf(medico1)).find((r) => r.orderId === orderId)!;
    // what the cancellation flow appends on the order stream once PayPal refunded the capture
    const order = await app.core.eventStore.readStream(`order-${orderId}`);
    const captureId = (order.find((e) => e.type === 'PaymentCaptured')!.data as { captureId: string }).captureId;
    const { position } = await app.core.eventStore.append(
      `order-${orderId}`,
      [
        {
          type: 'PaymentRefunded',
          data: { orderId, captureId, refundId: 'RIMB-1', status: 'COMPLETED', reason: 'Visita annullata dallo studio.' },
          metadata: { userId: 'system', role: 'system', at: NOW, correlationId: 'c', causationId: 'c' },
        },
      ],
      { expectedRevision: order[order.length - 1].revision },
    );
    await app.core.changes.waitFor(position);
    const credit = async () =>
      (await app.core.eventStore.readStream(receiptsStreamName(medico1, 2030)))
        .filter((e) => e.type === 'CreditNoteIssued')
        .map((e) => e.data as { number: number; receiptId: string; receiptNumber: number; totalCents: number });
    for (let i = 0; i < 50 && (await credit()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await credit()).toEqual([expect.objectContaining({ number: 1, receiptId: `ricevuta-${orderId}`, receiptNumber: receipt.number, totalCents: 5000 })]);
    // running again issues nothing more
    await fiscal().issuePending(medico1);
    expect(await credit()).toHaveLength(1);
    const res = await patient.agent
      .get(`/api/orders/${orderId}/receipt.pdf`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    const text = pdfText(res.body as Buffer);
    expect(text).toContain('Nota di credito NC 1/2030');
    expect(text).not.toContain('n. NC');
    expect(text).toContain(`Storno della ricevuta n. ${receipt.number}/2030`);
    const html = (await patient.agent.get(`/api/orders/${orderId}/receipt`).expect(200)).body as ReceiptDocument;
    expect(html.pages.map((p) => p.title)).toEqual([`Ricevuta sanitaria n. ${receipt.number}/2030`, 'Nota di credito NC 1/2030']);
    expect(html.pages[1].lines.at(-1)).toEqual({ label: 'Importo stornato', amount: '50,00 €', total: true });
    expectSameAsPdf(html, text);

    // the practice's own logo, uploaded in /impostazioni (a PNG), is the one printed: an image in the PDF
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    expect(res.body.toString('latin1')).not.toContain('/Subtype /Image');
    const admin = await client(app, 'admin@example.it');
    await admin.agent.put('/api/settings/practice/logo').set('X-CSRF-Token', admin.csrf).set('Content-Type', 'image/png').send(PNG).expect(200);
    const withLogo = await patient.agent
      .get(`/api/orders/${orderId}/receipt.pdf`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect((withLogo.body as Buffer).toString('latin1')).toContain('/Subtype /Image');
    expect((await patient.agent.get('/api/me/receipts').expect(200)).body).toEqual([{ orderId, label: `${receipt.number}/2030`, creditNote: 'NC 1/2030' }]);
  });

  it('exports the year in the Sistema TS format: valid against the XSD, codici fiscali encrypted, opposition honoured', async () => {
    const doctor = await client(app, 'medico1@example.it');
    await doctor.agent.get('/api/fiscal/sts-export').query({ year: 2030, doctor: app.ids['medico2@example.it'] }).expect(403);
    await doctor.agent.get('/api/fiscal/sts-export').query({ year: 'abc', doctor: medico1 }).expect(400);
    const res = await doctor.agent
      .get('/api/fiscal/sts-export')
      .query({ year: 2030, doctor: medico1 })
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    // zipped, as the channel takes it
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('spese-sanitarie-2030.zip');
    const xml = strFromU8(unzipSync(res.body as Buffer)['spese-sanitarie-2030.xml']);
    const xsd = readFileSync(join(__dirname, 'sts', '730_precompilata.xsd'), 'utf8');
    const validation = await validateXML({ xml: [{ fileName: 'spese.xml', contents: xml }], schema: [{ fileName: 'sts.xsd', contents: xsd }] });
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);

    const parsed = create(xml).end({ format: 'object' }) as any;
    const docs = [parsed.precompilata.documentoSpesa].flat();
    const receipts = await receiptsOf(medico1);
    // one document per receipt, and the credit note as a refund of its receipt
    expect(docs).toHaveLength(receipts.length + 1);
    const refund = docs.find((d: any) => d.flagOperazione === 'R');
    expect(refund.idSpesa.numDocumentoFiscale.numDocumento).toBe('NC-1/2030');
    expect(refund.idRimborso.numDocumentoFiscale.numDocumento).toMatch(/^\d+\/2030$/);
    expect([refund.voceSpesa].flat().map((v: any) => v.importo)).toEqual(['50.00']);
    // Node refuses PKCS#1 v1.5 private decryption (CVE-2023-46809): the test decrypts with openssl
    const decrypt = (b64: string) =>
      execFileSync('openssl', ['pkeyutl', '-decrypt', '-inkey', join(keyDir, 'key.pem'), '-pkeyopt', 'rsa_padding_mode:pkcs1'], {
        input: Buffer.from(b64, 'base64'),
      }).toString('utf8');
    expect(decrypt(parsed.precompilata.proprietario.cfProprietario)).toBe('RSSGLI80A41H501W');
    // the refunded patient did not oppose: the refund record carries their code too
    expect(decrypt(refund.cfCittadino)).toBe(TAXCODE);
    const first = docs.find((d: any) => d.idSpesa.numDocumentoFiscale.numDocumento === '1/2030');
    expect(first).toMatchObject({ flagOperazione: 'I', pagamentoTracciato: 'SI', tipoDocumento: 'F', flagOpposizione: '1' });
    expect(first.idSpesa.pIva).toBe('01234567897');
    expect(first.cfCittadino).toBeUndefined();
    // service and stamp duty as two items
    expect([first.voceSpesa].flat().map((v: any) => [v.tipoSpesa, v.importo, v.naturaIVA])).toEqual([
      ['SP', '80.00', 'N2.2'],
      ['SP', '2.00', 'N1'],
    ]);
    const second = docs.find((d: any) => d.idSpesa.numDocumentoFiscale.numDocumento === '2/2030');
    expect(second.flagOpposizione).toBe('0');
    expect(decrypt(second.cfCittadino)).toBe(TAXCODE);
    expect([second.voceSpesa].flat().map((v: any) => v.importo)).toEqual(['50.00']);
  });
});
