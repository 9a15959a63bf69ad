import {
  FISCAL_RETENTION_STATEMENT,
  codiceFiscaleCheckChar,
  erasureRequestStreamName,
  receiptsStreamName,
  slotId,
  type ErasureInfoView,
} from '@studio/contracts';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { create } from 'xmlbuilder2';
import { startPaypalStandIn, type PaypalStandIn } from '../payments/paypal/paypal-stand-in';
import { registerPatients, type TestPatient } from '../../testing/patients';
import { ManualClock, client, startTestApp, type TestApp } from '../../testing/test-app';
import { productsForFirstBookings } from '../../testing/payments';
import { ReceiptsFlowService } from './receipts/receipts-flow.service';
import { FiscalRetentionService } from './fiscal-retention.service';
import { pdfText, stsKeyDir } from './fiscal.fixtures';

// demo seed: today = Monday 2030-03-04; medico1 (forfettario, stamp duty to the patient) open 09:00–13:00 on weekdays
const NOW = '2030-03-04T06:00:00.000Z';
const TAXCODE = 'RSSMRA80A01H501' + codiceFiscaleCheckChar('RSSMRA80A01H501');

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

  it('the patient asking for erasure is told what stays and why: their receipts, under a fiscal key, for 10 years (art. 2220 c.c., DPR 600/1973, GDPR 17(3)(b))', async () => {
    const [patient] = await registerPatients(app, 1, 'chiede-oblio');
    const { orderId } = await pay(patient, medico1, 'Visita di controllo');
    await fiscal().issuePending(medico1);
    const receipt = (await receiptsOf(medico1)).find((r) => r.orderId === orderId)!;
    const info = (await patient.agent.get('/api/me/erasure').expect(200)).body as ErasureInfoView;
    expect(info.statement).toEqual([...FISCAL_RETENTION_STATEMENT]);
    const said = info.statement.join(' ');
    for (const source of [
      'art. 2220 del Codice civile',
      'DPR 600/1973',
      'Sistema Tessera Sanitaria',
      'art. 17, paragrafo 3, lettera b',
      'chiave fiscale separata',
      '10 anni',
    ])
      expect(said).toContain(source);
    expect(info.documents).toEqual([{ kind: 'receipt', label: `${receipt.number}/2030`, doctorName: 'Giulia Rossi', year: 2030, keptUntil: '2040-12-31' }]);
    expect(info.requestedAt).toBeNull();

    // only the patient, with the CSRF token; staff cannot ask for them
    const head = await app.core.eventStore.headPosition();
    await patient.agent.post('/api/me/erasure-request').send({}).expect(403);
    const doctor = await client(app, 'medico1@example.it');
    await doctor.agent.post('/api/me/erasure-request').set('X-CSRF-Token', doctor.csrf).send({}).expect(403);
    expect(await app.core.eventStore.headPosition()).toBe(head);
    // asked once: recorded with what they were told; asking again changes nothing
    const asked = await patient.agent.post('/api/me/erasure-request').set('X-CSRF-Token', patient.csrf).send({}).expect(201);
    expect(asked.body).toMatchObject({ statement: info.statement, documents: info.documents, requestedAt: NOW });
    const events = await app.core.eventStore.readStream(erasureRequestStreamName(patient.id));
    expect(events.map((e) => [e.type, e.data])).toEqual([['ErasureRequested', { patientId: patient.id, requestedAt: NOW }]]);
    const again = await patient.agent.post('/api/me/erasure-request').set('X-CSRF-Token', patient.csrf).send({}).expect(200);
    expect(again.body.requestedAt).toBe(NOW);
    expect(await app.core.eventStore.readStream(erasureRequestStreamName(patient.id))).toHaveLength(1);
  });

  it("an erased patient's receipt stays readable for the legal period (the fiscal key) and in the Sistema TS file; ten years on, the fiscal key is shredded", async () => {
    const [patient] = await registerPatients(app, 1, 'oblio');
    const { orderId } = await pay(patient, medico1, 'Visita di controllo');
    await fiscal().issuePending(medico1);
    const receipt = (await receiptsOf(medico1)).find((r) => r.orderId === orderId)!;
    const admin = await client(app, 'admin@example.it');
    await admin.agent.post(`/api/audit/patients/${patient.id}/erase`).set('X-CSRF-Token', admin.csrf).expect(200);
    const doctor = await client(app, 'medico1@example.it');
    const readPdf = async () =>
      pdfText(
        (
          await doctor.agent
            .get(`/api/orders/${orderId}/receipt.pdf`)
            .buffer(true)
            .parse((r, cb) => {
              const chunks: Buffer[] = [];
              r.on('data', (c: Buffer) => chunks.push(c));
              r.on('end', () => cb(null, Buffer.concat(chunks)));
            })
            .expect(200)
        ).body as Buffer,
      );
    // the patient's own key is gone, the fiscal copy opens: the receipt still names them
    expect(await readPdf()).toContain(`Codice fiscale: ${TAXCODE}`);
    const zip = await doctor.agent
      .get('/api/fiscal/sts-export')
      .query({ year: 2030, doctor: medico1 })
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const xml = strFromU8(unzipSync(zip.body as Buffer)['spese-sanitarie-2030.xml']);
    const doc = [(create(xml).end({ format: 'object' }) as any).precompilata.documentoSpesa]
      .flat()
      .find((d: any) => d.idSpesa.numDocumentoFiscale.numDocumento === `${receipt.number}/2030`);
    const decrypt = (b64: string) =>
      execFileSync('openssl', ['pkeyutl', '-decrypt', '-inkey', join(keyDir, 'key.pem'), '-pkeyopt', 'rsa_padding_mode:pkcs1'], {
        input: Buffer.from(b64, 'base64'),
      }).toString('utf8');
    expect(decrypt(doc.cfCittadino)).toBe(TAXCODE);

    // 2040 is still within the period (2030 + 10): nothing goes
    clock.set('2040-12-31T12:00:00.000Z');
    expect(await app.app.get(FiscalRetentionService).shredExpired()).toEqual([]);
    clock.set('2041-01-01T12:00:00.000Z');
    expect(await app.app.get(FiscalRetentionService).shredExpired()).toContain(`fiscal:${medico1}:2030`);
    clock.set(NOW);
    const after = await readPdf();
    expect(after).toContain('Dati del paziente cancellati su sua richiesta');
    expect(after).not.toContain(TAXCODE);
  });
});
