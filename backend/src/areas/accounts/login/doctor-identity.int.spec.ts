import { type AccessLogEntry, type DoctorSummary, type StaffMember, userStreamName } from '@studio/contracts';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { looksItalian } from '../../../platform/security/italian';

/**
 * Who read a patient's data is kept as they were at the read; a doctor's public identity (name, title, register
 * number) is changed by the administrator only, and each change is logged with who changed what.
 */
describe("a doctor's public identity and the access log's readers", () => {
  let app: TestApp;
  let admin: Client;
  let doctor: Client;
  let patient: TestPatient;
  let medico1: string;
  let bookingId: string;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' });
    medico1 = app.ids['medico1@example.it'];
    admin = await client(app, 'admin@example.it');
    doctor = await client(app, 'medico1@example.it');
    [patient] = await registerPatients(app, 1, 'identita');
    const free = (await patient.agent.get('/disponibilita/query').query({ for: medico1, date: '2030-03-05' }).expect(200)).body as { id: string }[];
    const held = await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: medico1, availability_id: free[0].id })
      .expect(201);
    bookingId = held.body.id as string;
  });
  afterAll(() => app.close());

  const head = () => app.core.eventStore.headPosition();
  const settle = async () => app.core.changes.waitFor(await head());
  const accessLog = async () => (await patient.agent.get('/api/me/access-log').expect(200)).body as AccessLogEntry[];
  const doctorReads = async () => (await accessLog()).filter((e) => e.viewerId === medico1);
  const profile = (c: Client, body: object) => c.agent.put('/api/me/profile').set('X-CSRF-Token', c.csrf).send(body);
  const doctorProfile = (c: Client, body: object) => c.agent.put(`/api/settings/doctors/${medico1}`).set('X-CSRF-Token', c.csrf).send(body);

  it('a doctor cannot rename themselves (403 in Italian, nothing appended); their phone still changes', async () => {
    const before = await head();
    const res = await profile(doctor, { name: 'Marco', surname: 'Bianchi' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('identita_del_medico');
    expect(looksItalian(res.body.error.message)).toBe(true);
    expect(await head()).toBe(before);
    const mine = (await doctor.agent.get('/api/me/profile').expect(200)).body as { name: string; surname: string };
    const phone = await profile(doctor, { name: mine.name, surname: mine.surname, phone: '+39 02 1234567' });
    expect(phone.status).toBe(200);
    expect(phone.body).toMatchObject({ name: mine.name, surname: mine.surname, phone: '+39 02 1234567' });
    const [changed] = (await app.core.eventStore.readStream(userStreamName(medico1), { direction: 'backwards', maxCount: 1 })).map((e) => e.data);
    expect(changed).toMatchObject({ by: medico1, fields: ['phone'] });
  });

  it('a doctor cannot change their title or register number; specialty and presentation stay theirs', async () => {
    await doctorProfile(admin, { title: 'Dott.', specialty: 'Nutrizione', registerNumber: 'ONB-111', bio: '' }).expect(200);
    const before = await head();
    for (const change of [{ title: 'Prof.' }, { registerNumber: 'ONB-999' }]) {
      const res = await doctorProfile(doctor, { specialty: 'Nutrizione', bio: '', ...change });
      expect([res.status, res.body.error?.code]).toEqual([403, 'identita_del_medico']);
    }
    expect(await head()).toBe(before);
    // without them, or with the stored ones: accepted, and they stay as the administrator set them
    expect((await doctorProfile(doctor, { specialty: 'Nutrizione sportiva', bio: 'Atleti.' }).expect(200)).body).toMatchObject({
      title: 'Dott.',
      registerNumber: 'ONB-111',
      specialty: 'Nutrizione sportiva',
      bio: 'Atleti.',
    });
    await doctorProfile(doctor, { title: 'Dott.', registerNumber: 'ONB-111', specialty: 'Nutrizione', bio: '' }).expect(200);
  });

  it('the access log keeps the reader as they were at the read: an administrator’s rename (logged) shows on later reads only', async () => {
    await doctor.agent.get(`/prenotazioni/${bookingId}`).expect(200);
    await settle();
    const [first] = await doctorReads();
    const nameAtRead = first.viewerName;
    expect(first).toMatchObject({ viewerRole: 'doctor', viewerRegisterNumber: 'ONB-111' });

    const renamed = await admin.agent.put(`/api/staff/${medico1}/name`).set('X-CSRF-Token', admin.csrf).send({ name: 'Marco', surname: 'Bianchi' });
    expect(renamed.status).toBe(200);
    expect((renamed.body as StaffMember).name).toBe('Marco Bianchi');
    const [change] = await app.core.eventStore.readStream(userStreamName(medico1), { direction: 'backwards', maxCount: 1 });
    expect(change).toMatchObject({
      type: 'ContactDetailsChanged',
      data: { by: app.ids['admin@example.it'], fields: ['name', 'surname'] },
      metadata: { userId: app.ids['admin@example.it'], role: 'admin' },
    });
    await doctorProfile(admin, { title: 'Prof.', specialty: 'Nutrizione', registerNumber: 'ONB-222', bio: '' }).expect(200);
    await settle();
    // the earlier read still says who read then
    expect((await doctorReads()).map((e) => [e.viewerName, e.viewerRegisterNumber])).toEqual([[nameAtRead, 'ONB-111']]);

    await doctor.agent.get(`/prenotazioni/${bookingId}`).expect(200);
    await settle();
    expect((await doctorReads()).map((e) => [e.viewerName, e.viewerRegisterNumber])).toEqual([
      ['Marco Bianchi', 'ONB-222'],
      [nameAtRead, 'ONB-111'],
    ]);
    const doctors = (await patient.agent.get('/api/doctors').expect(200)).body as DoctorSummary[];
    expect(doctors.find((d) => d.id === medico1)?.name).toBe('Marco Bianchi');
  });

  it('only the administrator renames, and only members of staff', async () => {
    const before = await head();
    await doctor.agent.put(`/api/staff/${medico1}/name`).set('X-CSRF-Token', doctor.csrf).send({ name: 'A', surname: 'B' }).expect(403);
    await admin.agent.put(`/api/staff/${patient.id}/name`).set('X-CSRF-Token', admin.csrf).send({ name: 'A', surname: 'B' }).expect(404);
    const empty = await admin.agent.put(`/api/staff/${medico1}/name`).set('X-CSRF-Token', admin.csrf).send({ name: '', surname: 'B' });
    expect(empty.status).toBe(400);
    expect(await head()).toBe(before);
  });
});
