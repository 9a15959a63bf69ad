import { codiceFiscaleCheckChar, receiptsStreamName, slotId } from '@studio/contracts';
import { execFileSync } from 'node:child_process';
import { strFromU8, unzipSync } from 'fflate';
import { create } from 'xmlbuilder2';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type TestApp } from '../../../testing/test-app';
import { ReceiptsFlowService } from '../../fiscal/receipts/receipts-flow.service';

// demo seed: today = Monday 2030-03-04; medico1 (forfettario, stamp duty to the patient) open 09:00–13:00 on weekdays
const NOW = '2030-03-04T06:00:00.000Z';
const TAXCODE = 'RSSMRA80A01H501' + codiceFiscaleCheckChar('RSSMRA80A01H501');

const binary = (r: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('end', () => cb(null, Buffer.concat(chunks)));
};
/** pdf-parse's text of the PDF, in a plain node process (see fiscal.int.spec.ts) */
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

describe('desk payments: cash, card, transfer taken at the practice', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let medico1: string;
  let nextSlot = 0;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
  });
  afterAll(async () => {
    await app.close();
  });

  async function hold(patient: TestPatient): Promise<string> {
    const n = nextSlot++;
    const start = `2030-03-05T${String(9 + Math.floor(n / 2)).padStart(2, '0')}:${n % 2 ? '30' : '00'}:00Z`;
    const res = await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: medico1, availability_id: slotId(medico1, start) })
      .expect(201);
    return res.body.id as string;
  }
  const receipts = async () =>
    (await app.core.eventStore.readStream(receiptsStreamName(medico1, 2030))).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));

  it('the doctor records a cash payment: the booking is confirmed, the receipt says contanti, the Sistema TS line says NO', async () => {
    const [patient] = await registerPatients(app, 1, 'contanti');
    const bookingId = await hold(patient);
    const doctor = await client(app, 'medico1@example.it');
    const medico2 = await client(app, 'medico2@example.it');
    const url = `/api/bookings/${bookingId}/desk-payment`;

    // refused in Italian, nothing appended: a bad method, a bad amount, no tax code, another doctor, the patient
    const badMethod = await doctor.agent.post(url).set('X-CSRF-Token', doctor.csrf).send({ method: 'assegno', amountCents: 8000 }).expect(400);
    expect(badMethod.body.error.message).toMatch(/Metodo di pagamento non valido/);
    await doctor.agent.post(url).set('X-CSRF-Token', doctor.csrf).send({ method: 'cash', amountCents: 80.5 }).expect(400);
    const noTaxcode = await doctor.agent.post(url).set('X-CSRF-Token', doctor.csrf).send({ method: 'cash', amountCents: 8000 }).expect(400);
    expect(noTaxcode.body.error.message).toMatch(/codice fiscale del paziente/);
    await medico2.agent.post(url).set('X-CSRF-Token', medico2.csrf).send({ method: 'cash', amountCents: 8000, taxcode: TAXCODE }).expect(403);
    await patient.agent.post(url).set('X-CSRF-Token', patient.csrf).send({ method: 'cash', amountCents: 8000, taxcode: TAXCODE }).expect(403);
    // (other features append in the background meanwhile: the booking's and the payment's streams are what must not move)
    expect((await app.core.eventStore.readStream(`booking-${bookingId}`)).map((e) => e.type)).toEqual(['BookingHeld']);
    expect(await app.core.eventStore.readStream(`order-desk-${bookingId}`)).toEqual([]);

    const paid = await doctor.agent.post(url).set('X-CSRF-Token', doctor.csrf).send({ method: 'cash', amountCents: 8200, taxcode: TAXCODE }).expect(201);
    const orderId = paid.body.orderId as string;
    expect(paid.body).toEqual({ orderId: `desk-${bookingId}`, bookingId, method: 'cash', amountCents: 8200 });
    const booking = (await app.core.eventStore.readStream(`booking-${bookingId}`)).map((e) => e.type);
    expect(booking).toEqual(['BookingHeld', 'BookingConfirmed']);
    // sent again: the same payment, nothing appended
    const deskStream = async () => (await app.core.eventStore.readStream(`order-${orderId}`)).map((e) => e.type);
    expect(await deskStream()).toEqual(['DeskPaymentRecorded', 'OrderPlaced']);
    await doctor.agent.post(url).set('X-CSRF-Token', doctor.csrf).send({ method: 'cash', amountCents: 8200, taxcode: TAXCODE }).expect(201);
    expect(await deskStream()).toEqual(['DeskPaymentRecorded', 'OrderPlaced']);

    await app.app.get(ReceiptsFlowService).issuePending(medico1);
    const receipt = (await receipts()).find((e) => e.type === 'ReceiptIssued' && e.data.orderId === orderId)!.data;
    // 82,00 € taken: the visit's 80,00 € and the stamp duty the patient bears (demo doctor), the total what was taken
    expect(receipt).toMatchObject({ paymentMethod: 'cash', amountCents: 8000, stampDutyCents: 200, totalCents: 8200 });
    const pdf = await patient.agent.get(`/api/orders/${orderId}/receipt.pdf`).buffer(true).parse(binary).expect(200);
    expect(pdfText(pdf.body as Buffer)).toContain('Metodo: contanti (pagamento non tracciabile)');

    const zip = await doctor.agent.get('/api/fiscal/sts-export').query({ year: 2030, doctor: medico1 }).buffer(true).parse(binary).expect(200);
    const [xml] = Object.values(unzipSync(zip.body as Buffer)).map(strFromU8);
    const docs = [(create(xml).end({ format: 'object' }) as any).precompilata.documentoSpesa].flat();
    const line = docs.find((d: any) => d.idSpesa.numDocumentoFiscale.numDocumento === `${String(receipt.number)}/2030`);
    expect(line.pagamentoTracciato).toBe('NO');
  });

  it('a card payment says SI; refunding it at the desk issues a credit note; the takings per method add up (screen, CSV, PDF)', async () => {
    const [patient] = await registerPatients(app, 1, 'carta');
    const bookingId = await hold(patient);
    const doctor = await client(app, 'medico1@example.it');
    const admin = await client(app, 'admin@example.it');
    const { orderId } = (
      await admin.agent
        .post(`/api/bookings/${bookingId}/desk-payment`)
        .set('X-CSRF-Token', admin.csrf)
        .send({ method: 'card', amountCents: 8000, taxcode: TAXCODE })
        .expect(201)
    ).body as { orderId: string };
    await app.app.get(ReceiptsFlowService).issuePending(medico1);
    expect((await receipts()).find((e) => e.type === 'ReceiptIssued' && e.data.orderId === orderId)!.data.paymentMethod).toBe('card');

    await doctor.agent.post(`/api/desk-payments/${orderId}/refund`).set('X-CSRF-Token', doctor.csrf).send({ reason: ' ', cancelVisit: false }).expect(400);
    await doctor.agent
      .post(`/api/desk-payments/${orderId}/refund`)
      .set('X-CSRF-Token', doctor.csrf)
      .send({ reason: 'Visita non eseguita', cancelVisit: false })
      .expect(201);
    await app.app.get(ReceiptsFlowService).issuePending(medico1);
    const credit = (await receipts()).find((e) => e.type === 'CreditNoteIssued' && e.data.orderId === orderId);
    expect(credit?.data).toMatchObject({ totalCents: 8000, refundId: `rimborso-${orderId}` });

    const takings = (await doctor.agent.get('/api/fiscal/takings').query({ day: '2030-03-04' }).expect(200)).body;
    const byMethod = Object.fromEntries(takings.rows.map((r: any) => [r.method, r]));
    expect(byMethod.cash).toMatchObject({ payments: 1, refunds: 0 });
    expect(byMethod.card).toMatchObject({ payments: 1, refunds: 1, netCents: 0 });
    expect(takings.totalCents).toBe(takings.rows.reduce((s: number, r: any) => s + r.netCents, 0));
    // a doctor sees only their own
    await doctor.agent.get('/api/fiscal/takings').query({ day: '2030-03-04', doctor: app.ids['medico2@example.it'] }).expect(403);
    await doctor.agent.get('/api/fiscal/takings').query({ day: '4/3/2030' }).expect(400);
    const csv = await doctor.agent.get('/api/fiscal/takings').query({ day: '2030-03-04', format: 'csv' }).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain('"Giorno";"Medico";"Metodo";"Pagamenti";"Rimborsi";"Incasso netto (EUR)"');
    expect(csv.text).toMatch(/"2030-03-04";"[^;]+";"carta di pagamento \(POS\)";1;1;0,00/);
    const pdf = await doctor.agent.get('/api/fiscal/takings').query({ day: '2030-03-04', format: 'pdf' }).buffer(true).parse(binary).expect(200);
    expect(pdfText(pdf.body as Buffer)).toContain('Incassi del 04/03/2030');
  });
});
