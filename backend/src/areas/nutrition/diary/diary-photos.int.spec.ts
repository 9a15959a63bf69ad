import { accessStreamName, diaryStreamName } from '@studio/contracts';
import sharp from 'sharp';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

const clock = new ManualClock(new Date('2030-03-06T18:00:00.000Z'));
const LUNCH = { date: '2030-03-06', meal: 'pranzo', text: 'Riso e verdure' };

/** a phone's photo with the camera and the GPS position in its EXIF */
const phonePhoto = (width = 3000, height = 2000) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'FotocameraDiProva' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 53/1 0/1', GPSMapDatum: 'WGS-84-ROMA' } })
    .toBuffer();

describe('diary photos and self-reported measures over HTTP', () => {
  let app: TestApp;
  let doctor: Client;
  let otherDoctor: Client;
  let admin: Client;
  let auditor: Client;
  let patient: TestPatient;
  let other: TestPatient;
  let entryId: string;

  beforeAll(async () => {
    app = await startTestApp({}, undefined, clock);
    [doctor, otherDoctor, admin, auditor] = await Promise.all(
      ['medico1@example.it', 'medico2@example.it', 'admin@example.it', 'auditor@example.it'].map((e) => client(app, e)),
    );
    [patient, other] = await registerPatients(app, 2, 'foto');
    // the care the patient shares makes medico1 their doctor (the clinical record's rule)
    await patient.agent.post('/api/me/care-shares').set('X-CSRF-Token', patient.csrf).send({ doctorId: app.ids['medico1@example.it'] }).expect(200);
    entryId = (await patient.agent.post('/api/me/diary').set('X-CSRF-Token', patient.csrf).send(LUNCH).expect(201)).body.id;
  });
  afterAll(() => app.close());

  const upload = (c: Client, id: string, bytes: Buffer, type = 'image/jpeg') =>
    c.agent.put(`/api/me/diary/${id}/photo`).set('X-CSRF-Token', c.csrf).set('Content-Type', type).send(bytes);

  it('takes a phone photo, resized, without EXIF or position, sealed in the log; the patient and the doctor get it back', async () => {
    const res = await upload(patient, entryId, await phonePhoto()).expect(201);
    expect(res.body.photoUrl).toMatch(new RegExp(`^/api/patients/${patient.id}/diary/${entryId}/photo\\?v=`));
    const diary = (await patient.agent.get('/api/me/diary?from=2030-03-06&to=2030-03-06').expect(200)).body;
    expect(diary.entries[0].photoUrl).toBe(res.body.photoUrl);

    const served = await patient.agent
      .get(res.body.photoUrl)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1600, 1067, undefined]);
    expect((served.body as Buffer).includes(Buffer.from('WGS-84-ROMA'))).toBe(false);

    const attached = (await app.core.eventStore.readStream(diaryStreamName(patient.id))).find((e) => e.type === 'DiaryPhotoAttached')!;
    expect(attached.data).toMatchObject({ mediaType: 'image/jpeg', sizeBytes: (served.body as Buffer).length, content: { keyId: patient.id } });

    const reads = () => app.core.eventStore.readStream(accessStreamName(patient.id));
    const before = (await reads()).length;
    await doctor.agent.get(res.body.photoUrl).expect(200).expect('Content-Type', 'image/jpeg');
    const logged = (await reads()).at(-1)!;
    expect((await reads()).length).toBe(before + 1);
    expect(logged.data).toMatchObject({ what: 'diary', detail: 'foto del diario (2030-03-06, pranzo)' });
  });

  it('refuses the photo to another patient, another doctor, the segreteria and the auditor', async () => {
    const url = `/api/patients/${patient.id}/diary/${entryId}/photo`;
    for (const c of [other, otherDoctor, admin, auditor]) expect((await c.agent.get(url).expect(403)).body.error.message).toMatch(/diario/);
    // another patient cannot put a photo on this entry: under their /me it does not exist
    await upload(other, entryId, await phonePhoto(40, 30)).expect(404);
  });

  it('decides the type by the content (415 in Italian), refuses past 10 MB (413) and a photo on no entry (404)', async () => {
    const pdf = await upload(patient, entryId, Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'image/jpeg').expect(415);
    expect(pdf.body.error.message).toBe('Sono ammesse solo foto JPEG, PNG, WebP o HEIC (il tipo è verificato dal contenuto).');
    const huge = await upload(patient, entryId, Buffer.alloc(10 * 1024 * 1024 + 1, 0xff)).expect(413);
    expect(huge.body.error.message).toBe('La foto supera i 10 MB ammessi: scattala con una risoluzione più bassa.');
    await upload(patient, 'nessuno', await phonePhoto(40, 30)).expect(404);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    await upload(patient, entryId, png, 'application/octet-stream').expect(201);
  });

  it('self-reported weight: logged by the patient, apart from the record, taken into it only when the doctor accepts', async () => {
    const post = (c: Client, path: string, body: object = {}) => c.agent.post(path).set('X-CSRF-Token', c.csrf).send(body);
    const reported = await post(patient, '/api/me/measurements', { date: '2030-03-06', weightKg: 71.04, waistCm: 84 }).expect(201);
    expect(reported.body).toMatchObject({ weightKg: 71, waistCm: 84, selfReported: true, acceptedAs: null });
    const bad = await post(patient, '/api/me/measurements', { date: '2030-03-06', weightKg: 1 }).expect(400);
    expect(bad.body.error.message).toMatch(/Peso: almeno 2 kg/);
    // not a clinical value: the record's measurements (BMI, energy) do not see it
    expect((await doctor.agent.get(`/api/patients/${patient.id}/measurements`).expect(200)).body).toEqual([]);
    expect((await doctor.agent.get(`/api/patients/${patient.id}/self-measurements`).expect(200)).body).toEqual([reported.body]);
    for (const c of [other, otherDoctor, admin, auditor]) await c.agent.get(`/api/patients/${patient.id}/self-measurements`).expect(403);

    const accept = (c: Client) => post(c, `/api/patients/${patient.id}/measurements/${reported.body.id}/accept`);
    // without a height measured at the practice it cannot become a clinical measurement
    expect((await accept(doctor).expect(422)).body.error.message).toMatch(/serve prima una misurazione in studio/);
    await post(doctor, `/api/patients/${patient.id}/measurements`, { date: '2030-03-01', weightKg: 73, heightCm: 170 }).expect(201);
    for (const c of [other, otherDoctor, admin, auditor]) await accept(c).expect(403);
    const accepted = await accept(doctor).expect(201);
    expect(accepted.body).toMatchObject({ date: '2030-03-06', weightKg: 71, heightCm: 170, waistCm: 84, bmi: 24.6 });
    const record = (await doctor.agent.get(`/api/patients/${patient.id}/measurements`).expect(200)).body;
    expect(record.map((m: { weightKg: number }) => m.weightKg)).toEqual([73, 71]);
    expect((await patient.agent.get('/api/me/self-measurements').expect(200)).body[0].acceptedAs).toBe(accepted.body.id);
    expect((await accept(doctor).expect(409)).body.error.message).toBe('Questa misurazione è già stata accettata nella cartella clinica.');
  });
});
