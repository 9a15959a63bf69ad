import { execFileSync } from 'node:child_process';
import { ENCRYPTED_PLACEHOLDER, accessStreamName, clinicalStreamName, slotId } from '@studio/contracts';
import { pdfText } from '../../../testing/pdf-text';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { startPayingTestApp, TEST_TAXCODE, productsForFirstBookings } from '../../../testing/payments';
import { ManualClock, client, lastRequestPosition, type Client, type TestApp } from '../../../testing/test-app';
import type { PaypalStandIn } from '../../payments/paypal/paypal-stand-in';

// demo seed: today = Monday 2030-03-04; medico1 open 09:00–13:00, medico2 14:00–18:00 on weekdays
const clock = new ManualClock(new Date('2030-03-04T06:00:00.000Z'));
const RECORD = {
  sex: 'F',
  birthDate: '1990-06-15',
  anamnesis: { physiological: 'Ciclo regolare', pathological: 'Nessuna', lifestyle: { smoking: 'mai', activity: 'leggero' } },
  allergies: ['arachidi', 'lattosio'],
  diagnosis: { kind: 'prescrizione', text: 'Dieta ipocalorica', date: '2030-02-20', author: 'Dott. Medico di base' },
  consents: { healthData: true },
};
const VISIT = { date: '2030-03-01', weightKg: 68, heightCm: 165, waistCm: 80, hipCm: 100 };

describe('clinical record over HTTP: record, measurements, energy, notes, and every refusal', () => {
  let app: TestApp;
  let pp: PaypalStandIn;
  let close: () => Promise<void>;
  let medico1: string;
  let medico2: string;
  let doctor: Client;
  let otherDoctor: Client;
  let admin: Client;
  let auditor: Client;
  let treated: TestPatient;
  let other: TestPatient;
  let heldOnly: TestPatient;
  let productId: string;

  async function pay(patient: TestPatient, doctorId: string, start: string): Promise<void> {
    const hold = await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: doctorId, availability_id: slotId(doctorId, start) })
      .expect(201);
    const created = await patient.agent
      .post('/api/paypal/orders')
      .set('X-CSRF-Token', patient.csrf)
      .send({ booking_id: hold.body.id, product: productId })
      .expect(201);
    pp.approve(created.body.id);
    await patient.agent
      .post('/prenotazioni/conferma')
      .type('form')
      .send({ _token: patient.csrf, transaction: created.body.id, status: 'COMPLETED', product: productId, taxcode: TEST_TAXCODE, billing: 'Via Roma 1, Roma' })
      .expect(200);
  }

  beforeAll(async () => {
    ({ app, pp, close } = await startPayingTestApp(clock));
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
    [doctor, otherDoctor, admin, auditor] = await Promise.all(
      ['medico1@example.it', 'medico2@example.it', 'admin@example.it', 'auditor@example.it'].map((e) => client(app, e)),
    );
    [treated, other, heldOnly] = await registerPatients(app, 3, 'cartella');
    productId = (await productsForFirstBookings(app))[0].id;
    await pay(treated, medico1, '2030-03-05T09:00:00Z');
    // a slot merely held with medico1, never paid: not a patient of medico1
    await heldOnly.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', heldOnly.csrf)
      .send({ doctor_id: medico1, availability_id: slotId(medico1, '2030-03-05T10:00:00Z') })
      .expect(201);
  });
  afterAll(() => close());

  const put = (c: Client, path: string, body: unknown) =>
    c.agent
      .put(path)
      .set('X-CSRF-Token', c.csrf)
      .send(body as object);
  const post = (c: Client, path: string, body: unknown) =>
    c.agent
      .post(path)
      .set('X-CSRF-Token', c.csrf)
      .send(body as object);
  const readsOf = async (patientId: string) =>
    (await app.core.eventStore.readStream(accessStreamName(patientId))).filter((e) => e.type === 'PersonalDataAccessed');

  it('the energy need names what is missing before the record and a measurement exist (422, Italian)', async () => {
    const res = await doctor.agent.get(`/api/patients/${treated.id}/energy?equation=mifflin&pal=1.6`).expect(422);
    expect(res.body.error.message).toBe(
      'Per calcolare il fabbisogno energetico mancano: sesso e data di nascita (cartella clinica), una misurazione di peso e altezza.',
    );
  });

  it('the treating doctor writes the record and three visits; the series comes back oldest first with BMI, class and ratio', async () => {
    const record = await put(doctor, `/api/patients/${treated.id}/record`, RECORD).expect(200);
    expect(record.body.record).toMatchObject({ sex: 'F', birthDate: '1990-06-15', allergies: [{ allergen: 'arachidi' }, { allergen: 'lattosio' }] });
    const unknown = await put(doctor, `/api/patients/${treated.id}/record`, { ...RECORD, allergies: [{ allergen: 'kiwi' }] }).expect(400); // strings above: an older client's
    expect(JSON.stringify(unknown.body.error)).toMatch(/Allergia o intolleranza non valida|Allergene sconosciuto/);
    const allergies = [{ allergen: 'arachidi' }, { allergen: 'lattosio' }, { text: 'Nichel' }];
    expect((await put(doctor, `/api/patients/${treated.id}/record`, { ...RECORD, allergies }).expect(200)).body.record.allergies).toEqual(allergies);
    expect((await doctor.agent.get(`/api/patients/${treated.id}/diet-targets`).expect(200)).body.allergies).toEqual(allergies);
    await post(doctor, `/api/patients/${treated.id}/measurements`, { ...VISIT, date: '2030-03-03', weightKg: 66.04 }).expect(201);
    const first = await post(doctor, `/api/patients/${treated.id}/measurements`, VISIT).expect(201);
    // CDC worked example: 68 kg, 165 cm → 24,98 → 25,0 → sovrappeso
    expect(first.body).toMatchObject({ bmi: 25, bmiClass: 'sovrappeso', waistHipRatio: 0.8 });
    await post(doctor, `/api/patients/${treated.id}/measurements`, {
      ...VISIT,
      date: '2030-03-02',
      weightKg: 67,
      skinfoldsMm: { biceps: 8, triceps: 16, subscapular: 13, suprailiac: 13 },
    }).expect(201);
    const series = (await doctor.agent.get(`/api/patients/${treated.id}/measurements`).expect(200)).body;
    expect(series.map((m: { date: string; weightKg: number }) => [m.date, m.weightKg])).toEqual([
      ['2030-03-01', 68],
      ['2030-03-02', 67],
      ['2030-03-03', 66], // weight kept to 0,1 kg
    ]);
    // Durnin–Womersley for a woman of 39 years, Σ4 = 50 mm: 1,1423 − 0,0632·log10 50 → 28,3 %
    expect(series[1].bodyFatPercent).toBe(28.3);
    const mine = (await treated.agent.get('/api/me/measurements').expect(200)).body;
    expect(mine).toEqual(series);
  });

  it('computes BMR and TDEE from the latest measurement and the record, by each equation', async () => {
    // woman, 39 years on 2030-03-03, 66 kg, 165 cm: Mifflin 660 + 1031,25 − 195 − 161 = 1335; Roza–Shizgal 447,593 +
    // 610,302 + 511,17 − 168,87 = 1400; LARN 30–59 8,7 × 66 + 829 = 1403
    const at = async (q: string) => (await doctor.agent.get(`/api/patients/${treated.id}/energy?${q}`).expect(200)).body;
    expect(await at('equation=mifflin&pal=1.6')).toMatchObject({ equation: 'mifflin', pal: 1.6, bmrKcal: 1335, tdeeKcal: 2136 });
    expect(await at('equation=harris-benedict&pal=1.45')).toMatchObject({ bmrKcal: 1400, tdeeKcal: 2030 });
    expect(await at('equation=larn&pal=1.75')).toMatchObject({ bmrKcal: 1403, tdeeKcal: 2455 });
    const bad = await doctor.agent.get(`/api/patients/${treated.id}/energy?equation=katch&pal=1.6`).expect(400);
    expect(bad.body.error.message).toMatch(/Equazione non valida/);
    await doctor.agent.get(`/api/patients/${treated.id}/energy?pal=9`).expect(400);
  });

  it('a signed note never changes: a correction is a new note that names it', async () => {
    const note = await post(doctor, `/api/patients/${treated.id}/notes`, { visitDate: '2030-03-03', text: 'Prima visita' }).expect(201);
    const fix = await post(doctor, `/api/patients/${treated.id}/notes`, { visitDate: '2030-03-03', text: 'Peso corretto', corrects: note.body.id }).expect(201);
    expect(fix.body.corrects).toBe(note.body.id);
    const view = (await doctor.agent.get(`/api/patients/${treated.id}/record`).expect(200)).body;
    expect(view.notes.find((n: { id: string }) => n.id === note.body.id)).toMatchObject({ text: 'Prima visita', correctedBy: [fix.body.id] });
    await post(doctor, `/api/patients/${treated.id}/labs`, { date: '2030-03-01', analyte: 'Glicemia', value: 92, unit: 'mg/dl' }).expect(201);
    expect((await doctor.agent.get(`/api/patients/${treated.id}/record`).expect(200)).body.labs).toMatchObject([{ analyte: 'Glicemia', value: 92 }]);
  });

  it('a lab result keeps the reference range of its report; a range upside down is 400, nothing appended', async () => {
    const lab = { date: '2030-03-02', analyte: 'Colesterolo LDL', value: 162, unit: 'mg/dl', referenceLow: 0, referenceHigh: 115 };
    await post(doctor, `/api/patients/${treated.id}/labs`, lab).expect(201);
    const labs = (await doctor.agent.get(`/api/patients/${treated.id}/record`).expect(200)).body.labs as object[];
    expect(labs).toContainEqual(expect.objectContaining({ analyte: 'Colesterolo LDL', referenceLow: 0, referenceHigh: 115 }));
    const before = await app.core.eventStore.headPosition();
    const wrong = await post(doctor, `/api/patients/${treated.id}/labs`, { ...lab, referenceLow: 120, referenceHigh: 100 });
    expect({ status: wrong.status, message: wrong.body.error?.message }).toEqual({
      status: 400,
      message: 'Il minimo di riferimento deve essere minore del massimo.',
    });
    expect(await app.core.eventStore.headPosition()).toBe(before);
  });

  it('health data is sealed in the log: no name of an allergy or a weight in clear', async () => {
    const events = await app.core.eventStore.readStream(clinicalStreamName(treated.id));
    const raw = JSON.stringify(events.map((e) => e.data));
    expect(events.length).toBeGreaterThan(5);
    expect(raw).not.toMatch(/arachidi|Prima visita|Glicemia|"weightKg"/);
  });

  it('refuses another doctor, a doctor whose patient only held a slot, another patient, the segreteria and the auditor; nothing appended', async () => {
    const before = await lastRequestPosition(app);
    const refusals: [Client, string, RegExp][] = [
      [otherDoctor, treated.id, /solo la cartella dei pazienti che segui/],
      [doctor, heldOnly.id, /solo la cartella dei pazienti che segui/],
      [other, treated.id, /solo la tua cartella/],
      [admin, treated.id, /segreteria vede se la cartella clinica esiste/],
    ];
    for (const [who, patientId, message] of refusals) {
      for (const path of ['record', 'measurements', 'energy', 'diet-targets', 'visit-report.pdf']) {
        const res = await who.agent.get(`/api/patients/${patientId}/${path}`).expect(403);
        expect(res.body.error.message).toMatch(message);
      }
    }
    const auditorRes = await auditor.agent.get(`/api/patients/${treated.id}/record`).expect(403);
    expect(auditorRes.body.error.message).toMatch(/riservati ai medici/);
    // writes: another doctor, the held-only doctor, the patient, the segreteria
    for (const [who, patientId] of [
      [otherDoctor, treated.id],
      [doctor, heldOnly.id],
      [treated, treated.id],
      [admin, treated.id],
    ] as [Client, string][]) {
      await post(who, `/api/patients/${patientId}/measurements`, VISIT).expect(403);
      await put(who, `/api/patients/${patientId}/record`, RECORD).expect(403);
      await post(who, `/api/patients/${patientId}/notes`, { visitDate: '2030-03-03', text: 'x' }).expect(403);
    }
    await put(auditor, `/api/patients/${treated.id}/record`, RECORD).expect(403);
    expect(await lastRequestPosition(app)).toBe(before);
  });

  it('in the history the auditor and the segreteria see a clinical event only as sealed metadata', async () => {
    const [set] = (await app.core.eventStore.readStream(clinicalStreamName(treated.id))).filter((e) => e.type === 'ClinicalRecordSet');
    for (const viewer of [auditor, admin]) {
      const detail = (await viewer.agent.get(`/api/audit/events/${set.position}`).expect(200)).body;
      expect(detail.data).toEqual({ patientId: treated.id, authorId: medico1, content: ENCRYPTED_PLACEHOLDER });
    }
  });

  it('/diete tells patients apart by name, birth date (from the record, read logged) and next confirmed visit', async () => {
    const before = (await readsOf(treated.id)).length;
    const list = (await doctor.agent.get('/api/diets/patients').expect(200)).body as { id: string; birthDate: string | null; nextVisit: string | null }[];
    expect(list.find((p) => p.id === treated.id)).toMatchObject({ birthDate: '1990-06-15', nextVisit: expect.stringMatching(/^2030-03-05T09:00/) });
    // held only: in the doctor's diet list as before, with no confirmed visit
    expect(list.find((p) => p.id === heldOnly.id)).toMatchObject({ birthDate: null, nextVisit: null });
    expect((await readsOf(treated.id)).slice(before).map((e) => e.data)).toEqual([expect.objectContaining({ viewerId: medico1, what: 'personal_data' })]);
  });

  it('the segreteria sees that a record exists, not its content', async () => {
    expect((await admin.agent.get(`/api/patients/${treated.id}/record/presence`).expect(200)).body).toEqual({ patientId: treated.id, exists: true });
    expect((await admin.agent.get(`/api/patients/${other.id}/record/presence`).expect(200)).body).toEqual({ patientId: other.id, exists: false });
  });

  it('a doctor learns whether a record exists only for a patient they treat (the outside probe found any doctor got 200)', async () => {
    expect((await doctor.agent.get(`/api/patients/${treated.id}/record/presence`).expect(200)).body).toEqual({ patientId: treated.id, exists: true });
    const refused = await otherDoctor.agent.get(`/api/patients/${treated.id}/record/presence`).expect(403);
    expect(refused.body.error.code).toBe('paziente_non_seguito');
  });

  it('bad input is a 400 in Italian naming the field, with nothing appended', async () => {
    const before = await lastRequestPosition(app);
    const missing = await post(doctor, `/api/patients/${treated.id}/measurements`, { date: '2030-03-01', heightCm: 165 }).expect(400);
    expect(missing.body.error.message).toMatch(/weightKg/);
    const future = await post(doctor, `/api/patients/${treated.id}/measurements`, { ...VISIT, date: '2030-03-05' }).expect(400);
    expect(future.body.error.message).toBe('La data della misurazione è nel futuro.');
    await put(doctor, `/api/patients/${treated.id}/record`, { ...RECORD, sex: 'X' }).expect(400);
    await post(doctor, `/api/patients/${treated.id}/notes`, { visitDate: '2030-03-03', text: 'x', corrects: '00000000-0000-4000-8000-000000000000' }).expect(
      404,
    );
    expect(await lastRequestPosition(app)).toBe(before);
  });

  it("every read by someone other than the patient goes to the access log; the patient's own reads do not", async () => {
    const before = (await readsOf(treated.id)).length;
    await doctor.agent.get(`/api/patients/${treated.id}/measurements`).expect(200);
    await treated.agent.get('/api/me/measurements').expect(200);
    await treated.agent.get('/api/me/record').expect(200);
    const reads = await readsOf(treated.id);
    expect(reads.length).toBe(before + 1);
    expect(reads.at(-1)!.data).toMatchObject({ viewerId: medico1, what: 'clinical_record', detail: 'misurazioni' });
  });

  it('a care the patient shares lets another doctor read, until revoked', async () => {
    await otherDoctor.agent.get(`/api/patients/${treated.id}/record`).expect(403);
    await post(treated, '/api/me/care-shares', { doctorId: medico2 }).expect(200);
    expect((await otherDoctor.agent.get(`/api/patients/${treated.id}/record`).expect(200)).body.record.sex).toBe('F');
    await treated.agent.delete(`/api/me/care-shares/${medico2}`).set('X-CSRF-Token', treated.csrf).expect(200);
    await otherDoctor.agent.get(`/api/patients/${treated.id}/record`).expect(403);
  });

  it('diet targets default to the LARN 2014 values from the energy need, and are set per patient', async () => {
    const defaults = (await doctor.agent.get(`/api/patients/${treated.id}/diet-targets`).expect(200)).body;
    // Mifflin 1335 × 1,45 = 1936
    // who the targets are for: sex and age today (born 15 June 1990, today 4 March 2030), for the LARN reference intakes
    expect(defaults.person).toEqual({ sex: 'F', ageYears: 39 });
    expect(defaults).toMatchObject({
      isDefault: true,
      targets: { energyKcal: 1936, protein: { unit: 'g/kg', value: 0.9 }, carbohydratePercentE: { min: 45, max: 60 } },
    });
    await put(doctor, `/api/patients/${treated.id}/diet-targets`, { ...defaults.targets, energyKcal: 1800 }).expect(200);
    expect((await doctor.agent.get(`/api/patients/${treated.id}/diet-targets`).expect(200)).body).toMatchObject({
      isDefault: false,
      targets: { energyKcal: 1800 },
    });
  });

  it('attachments: PDF, JPEG, PNG by their content up to 10 MB, sealed, downloadable only by readers of the record, each read logged', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 7)]);
    const upload = (c: Client, bytes: Buffer, name = 'referto.pdf', type = 'application/pdf') =>
      c.agent
        .post(`/api/patients/${treated.id}/attachments?name=${encodeURIComponent(name)}`)
        .set('X-CSRF-Token', c.csrf)
        .set('Content-Type', type)
        .send(bytes);
    const added = await upload(doctor, pdf).expect(201);
    expect(added.body).toMatchObject({ name: 'referto.pdf', mediaType: 'application/pdf', sizeBytes: pdf.length });
    // named .png, sent as image/png, but the bytes are text: refused by content
    const fake = await upload(doctor, Buffer.from('non sono un PNG'), 'foto.png', 'image/png').expect(415);
    expect(fake.body.error.message).toBe('Sono ammessi solo file PDF, JPEG o PNG (il tipo è verificato dal contenuto).');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect((await upload(doctor, png, 'foto.bin', 'application/octet-stream').expect(201)).body.mediaType).toBe('image/png');
    await upload(doctor, Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)])).expect(413);
    await upload(otherDoctor, pdf).expect(403);
    await upload(admin, pdf).expect(403);
    const raw = JSON.stringify((await app.core.eventStore.readStream(clinicalStreamName(treated.id))).map((e) => e.data));
    expect(raw).not.toContain('referto.pdf');
    expect(raw).not.toContain(pdf.toString('base64').slice(0, 40));

    const binary = (r: import('superagent').Response, cb: (e: Error | null, b: Buffer) => void) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    };
    const path = `/api/patients/${treated.id}/attachments/${added.body.id}`;
    const before = (await readsOf(treated.id)).length;
    const got = await doctor.agent.get(path).buffer(true).parse(binary).expect(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(got.body as Buffer, pdf)).toBe(0);
    expect((await readsOf(treated.id)).at(-1)!.data).toMatchObject({ viewerId: medico1, detail: `allegato ${added.body.id}` });
    expect((await treated.agent.get(path).buffer(true).parse(binary).expect(200)).body.length).toBe(pdf.length);
    for (const who of [otherDoctor, other, admin, auditor]) await who.agent.get(path).expect(403);
    expect((await readsOf(treated.id)).length).toBe(before + 1);
    const listed = (await doctor.agent.get(`/api/patients/${treated.id}/record`).expect(200)).body.attachments;
    // the PNG sent as foto.bin is listed by the type its content was sniffed as
    expect(listed.map((a: { name: string }) => a.name)).toEqual(['referto.pdf', 'foto.png']);
  });

  it('a PDF-HTML polyglot named .html is kept and served with the extension of its sniffed type; a name with a line break is refused', async () => {
    const polyglot = Buffer.from('%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>\n%%EOF\n');
    const upload = (name: string) =>
      doctor.agent
        .post(`/api/patients/${treated.id}/attachments?name=${encodeURIComponent(name)}`)
        .set('X-CSRF-Token', doctor.csrf)
        .set('Content-Type', 'text/html')
        .send(polyglot);
    const added = await upload('poly.html').expect(201);
    expect(added.body).toMatchObject({ name: 'poly.pdf', mediaType: 'application/pdf' });
    const got = await doctor.agent.get(`/api/patients/${treated.id}/attachments/${added.body.id}`).expect(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="poly.pdf"; filename*=UTF-8''poly.pdf`);
    const listed = (await doctor.agent.get(`/api/patients/${treated.id}/record`).expect(200)).body.attachments;
    expect(listed.find((a: { id: string }) => a.id === added.body.id).name).toBe('poly.pdf');

    const before = await app.core.eventStore.readStream(clinicalStreamName(treated.id));
    const refused = await upload('referto.pdf\r\nContent-Type: text/html').expect(400);
    expect(refused.body.error.message).toBe('Nome del file: contiene caratteri non ammessi (a capo, caratteri di controllo o invisibili).');
    expect(await app.core.eventStore.readStream(clinicalStreamName(treated.id))).toHaveLength(before.length);
  });

  it('prints the visit report as a PDF, on the practice’s letterhead, its pages numbered', async () => {
    const details = {
      name: 'Studio Nutrizione Verdi',
      address: 'Via Roma 1, 20100 Milano',
      phone: '+39 02 1234567',
      email: 'info@studioverdi.it',
      dataController: 'Anna Verdi',
    };
    await put(admin, '/api/settings/practice', details).expect(200);
    // title and register number are the administrator's to set
    await put(admin, `/api/settings/doctors/${medico1}`, { title: 'Dott.ssa', specialty: 'Dietologia', registerNumber: 'MI-1234', bio: '' }).expect(200);
    const res = await doctor.agent
      .get(`/api/patients/${treated.id}/visit-report.pdf`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.body as Buffer);
    expect(text).toContain('Studio Nutrizione Verdi');
    expect(text).toContain('Via Roma 1, 20100 Milano');
    expect(text).toContain('Dott.ssa Giulia Rossi');
    expect(text).toMatch(/Numero d.iscrizione all.albo: MI-1234/);
    expect(text).toMatch(/Pagina 1 di \d+/);
  });

  it('the visit report includes the signed notes of that visit, with who signed them', async () => {
    await post(doctor, `/api/patients/${treated.id}/measurements`, { date: '2030-03-04', weightKg: 70, heightCm: 170 }).expect(201);
    await post(doctor, `/api/patients/${treated.id}/notes`, { visitDate: '2030-03-04', text: 'Riduzione di 2 kg in un mese, buona aderenza' }).expect(201);
    await post(doctor, `/api/patients/${treated.id}/notes`, { visitDate: '2030-02-01', text: 'Nota di un altra visita' }).expect(201);
    const res = await doctor.agent
      .get(`/api/patients/${treated.id}/visit-report.pdf`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const script =
      "const {PDFParse}=require('pdf-parse');const c=[];process.stdin.on('data',d=>c.push(d)).on('end',async()=>{const p=new PDFParse({data:Buffer.concat(c)});process.stdout.write((await p.getText()).text);await p.destroy();})";
    const text = execFileSync(process.execPath, ['-e', script], { input: res.body as Buffer, cwd: __dirname })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Note della visita del 04/03/2030');
    expect(text).toContain('Riduzione di 2 kg in un mese, buona aderenza');
    expect(text).toContain('Firmata da Giulia Rossi');
    expect(text).not.toContain('Nota di un altra visita');
  });

  it('erasing the patient erases the record (crypto-shredding): reads answer that the data is gone', async () => {
    const [gone] = await registerPatients(app, 1, 'cancellata');
    await pay(gone, medico1, '2030-03-05T11:00:00Z');
    await put(doctor, `/api/patients/${gone.id}/record`, RECORD).expect(200);
    await post(doctor, `/api/patients/${gone.id}/measurements`, VISIT).expect(201);
    await app.core.personalData.destroyKey(gone.id);
    const res = await doctor.agent.get(`/api/patients/${gone.id}/measurements`).expect(404);
    expect(res.body.error.message).toBe('I dati di questo paziente sono stati cancellati.');
  });
});
