import { MAX_IMAGE_BYTES } from '@studio/contracts';
import { client, startTestApp, type Client, type TestApp } from '../../testing/test-app';

/** a real (tiny) PNG: 1×1, transparent */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const details = {
  name: 'Studio Nutrizione Verdi',
  address: 'Via Roma 1, 20100 Milano',
  phone: '+39 02 1234567',
  email: 'info@studioverdi.it',
  dataController: 'Anna Verdi',
};

describe('practice and doctor settings over HTTP', () => {
  let app: TestApp;
  let admin: Client;
  let doctor1: Client;
  let patient: Client;
  let visitor: Client;
  let medico1: string;
  let medico2: string;
  const eventCount = async () => await app.core.eventStore.headPosition();

  beforeAll(async () => {
    app = await startTestApp({ PRACTICE_NAME: 'Studio Iniziale', HOLD_SWEEP_SECONDS: '0' });
    [admin, doctor1, patient, visitor] = await Promise.all([
      client(app, 'admin@example.it'),
      client(app, 'medico1@example.it'),
      client(app, 'paziente1@example.it'),
      client(app),
    ]);
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
  });
  afterAll(() => app?.close());

  it('before any setting, the environment gives the initial values', async () => {
    const res = await visitor.agent.get('/api/practice').expect(200);
    expect(res.body).toMatchObject({ name: 'Studio Iniziale', logoUrl: '/logo.svg', address: '', dataController: 'Studio Iniziale' });
  });

  it('the administrator sets the practice: the public identity changes at once, no restart', async () => {
    const res = await admin.agent.put('/api/settings/practice').set('X-CSRF-Token', admin.csrf).send(details).expect(200);
    expect(res.body).toMatchObject(details);
    expect((await visitor.agent.get('/api/practice').expect(200)).body).toMatchObject(details);
  });

  it('a doctor, a patient, a visitor may not change the practice; nothing is appended', async () => {
    const before = await eventCount();
    const doctorRes = await doctor1.agent
      .put('/api/settings/practice')
      .set('X-CSRF-Token', doctor1.csrf)
      .send({ ...details, name: 'Altro' })
      .expect(403);
    expect(doctorRes.body.error.message).toMatch(/permessi|amministrazione/);
    await patient.agent.put('/api/settings/practice').set('X-CSRF-Token', patient.csrf).send(details).expect(403);
    await visitor.agent.put('/api/settings/practice').set('X-CSRF-Token', visitor.csrf).send(details).expect(401);
    await doctor1.agent.put('/api/settings/practice/logo').set('X-CSRF-Token', doctor1.csrf).set('Content-Type', 'image/png').send(PNG).expect(403);
    expect(await eventCount()).toBe(before);
  });

  it('bad details are a 400 in Italian naming the field, and append nothing', async () => {
    const before = await eventCount();
    const res = await admin.agent
      .put('/api/settings/practice')
      .set('X-CSRF-Token', admin.csrf)
      .send({ ...details, name: '' })
      .expect(400);
    expect(res.body.error.message).toMatch(/Nome dello studio/);
    const email = await admin.agent
      .put('/api/settings/practice')
      .set('X-CSRF-Token', admin.csrf)
      .send({ ...details, email: 'non-una-email' })
      .expect(400);
    expect(email.body.error.message).toMatch(/Email dello studio non valida/);
    expect(await eventCount()).toBe(before);
  });

  it('the logo is uploaded, stored by the app and served from its own origin with the type read from its bytes', async () => {
    // a wrong declared type: what counts is the content
    const res = await admin.agent
      .put('/api/settings/practice/logo')
      .set('X-CSRF-Token', admin.csrf)
      .set('Content-Type', 'application/octet-stream')
      .send(PNG)
      .expect(200);
    expect(res.body.logoUrl).toMatch(/^\/api\/settings\/images\/[0-9a-f]{64}$/);
    const image = await visitor.agent.get(res.body.logoUrl).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(image.body as Buffer, PNG)).toBe(0);
    expect((await visitor.agent.get('/api/practice').expect(200)).body.logoUrl).toBe(res.body.logoUrl);
  });

  it('an upload that is not PNG, JPEG or WebP (an SVG, text) is a 415; one too large a 413; nothing appended or stored', async () => {
    const before = await eventCount();
    const svg = await admin.agent
      .put('/api/settings/practice/logo')
      .set('X-CSRF-Token', admin.csrf)
      .set('Content-Type', 'image/png')
      .send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))
      .expect(415);
    expect(svg.body.error.message).toMatch(/PNG, JPEG o WebP/);
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES, 1)]);
    const large = await admin.agent.put('/api/settings/practice/logo').set('X-CSRF-Token', admin.csrf).set('Content-Type', 'image/png').send(big).expect(413);
    expect(large.body.error.message).toMatch(/supera 512 KB/);
    // far beyond: the parser stops reading, still Italian
    const huge = await admin.agent
      .put('/api/settings/practice/logo')
      .set('X-CSRF-Token', admin.csrf)
      .set('Content-Type', 'image/png')
      .send(Buffer.alloc(MAX_IMAGE_BYTES * 3, 1))
      .expect(413);
    expect(huge.body.error.code).toBe('richiesta_troppo_grande');
    await admin.agent.put('/api/settings/practice/logo').set('X-CSRF-Token', admin.csrf).send({ not: 'an image' }).expect(400);
    expect(await eventCount()).toBe(before);
  });

  it('a doctor edits their own profile and photo (title and register number set by the administrator); the booking page reads them', async () => {
    const profile = { title: 'Dott.ssa', specialty: 'Dietologia sportiva', registerNumber: 'MI-4321', bio: 'Segue atleti e famiglie.' };
    await admin.agent
      .put(`/api/settings/doctors/${medico1}`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ ...profile, specialty: 'Dietologia' })
      .expect(200);
    const res = await doctor1.agent.put(`/api/settings/doctors/${medico1}`).set('X-CSRF-Token', doctor1.csrf).send(profile).expect(200);
    expect(res.body).toMatchObject({ doctorId: medico1, ...profile, photoUrl: null });
    const photo = await doctor1.agent
      .put(`/api/settings/doctors/${medico1}/photo`)
      .set('X-CSRF-Token', doctor1.csrf)
      .set('Content-Type', 'image/jpeg')
      .send(JPEG)
      .expect(200);
    expect(photo.body.photoUrl).toMatch(/^\/api\/settings\/images\//);
    expect((await visitor.agent.get(photo.body.photoUrl).expect(200)).headers['content-type']).toBe('image/jpeg');
    const all = (await visitor.agent.get('/api/settings/doctors').expect(200)).body as { doctorId: string; specialty: string }[];
    expect(all.find((d) => d.doctorId === medico1)).toMatchObject(profile);
    // a doctor who set nothing shows the practice's specialty (PRACTICE_SPECIALTY)
    expect(all.find((d) => d.doctorId === medico2)).toMatchObject({ title: '', specialty: 'Nutrizione clinica' });
  });

  it("a doctor may not edit another doctor's profile or photo; the administrator may; nothing appended on a refusal", async () => {
    const profile = { title: 'Dott.', specialty: 'Nutrizione', registerNumber: '', bio: '' };
    const before = await eventCount();
    const res = await doctor1.agent.put(`/api/settings/doctors/${medico2}`).set('X-CSRF-Token', doctor1.csrf).send(profile).expect(403);
    expect(res.body.error.message).toMatch(/solo il tuo profilo/);
    await doctor1.agent
      .put(`/api/settings/doctors/${medico2}/photo`)
      .set('X-CSRF-Token', doctor1.csrf)
      .set('Content-Type', 'image/jpeg')
      .send(JPEG)
      .expect(403);
    await patient.agent.put(`/api/settings/doctors/${medico2}`).set('X-CSRF-Token', patient.csrf).send(profile).expect(403);
    await doctor1.agent
      .put(`/api/settings/doctors/${medico1}`)
      .set('X-CSRF-Token', doctor1.csrf)
      .send({ ...profile, title: 'Sig.' })
      .expect(400);
    await doctor1.agent
      .put(`/api/settings/doctors/${medico1}/photo`)
      .set('X-CSRF-Token', doctor1.csrf)
      .set('Content-Type', 'image/png')
      .send(Buffer.from('GIF89a'))
      .expect(415);
    expect(await eventCount()).toBe(before);
    await admin.agent.put(`/api/settings/doctors/${medico2}`).set('X-CSRF-Token', admin.csrf).send(profile).expect(200);
    // not a doctor: 404, whoever asks
    await admin.agent.put(`/api/settings/doctors/${app.ids['paziente1@example.it']}`).set('X-CSRF-Token', admin.csrf).send(profile).expect(404);
  });

  it('an unknown image is a 404 in Italian', async () => {
    const res = await visitor.agent.get(`/api/settings/images/${'0'.repeat(64)}`).expect(404);
    expect(res.body.error.message).toBeTruthy();
    await visitor.agent.get('/api/settings/images/../../etc').expect(404);
  });
});
