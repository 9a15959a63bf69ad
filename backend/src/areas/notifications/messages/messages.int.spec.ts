import { ENCRYPTED_PLACEHOLDER, EMERGENCY_NOTICE, accessStreamName, conversationStreamName } from '@studio/contracts';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('messages over HTTP: the conversations, their files, the access log, and every refusal', () => {
  let app: TestApp;
  let medico1: string;
  let medico2: string;
  let doctor: Client;
  let otherDoctor: Client;
  let admin: Client;
  let auditor: Client;
  let patient: TestPatient;
  let other: TestPatient;

  const post = (c: Client, path: string, body: object) => c.agent.post(path).set('X-CSRF-Token', c.csrf).send(body);
  const upload = (c: Client, path: string, bytes: Buffer) =>
    c.agent.post(path).set('X-CSRF-Token', c.csrf).set('Content-Type', 'application/octet-stream').send(bytes);
  const readsOf = async (patientId: string) =>
    (await app.core.eventStore.readStream(accessStreamName(patientId))).filter((e) => e.type === 'PersonalDataAccessed');

  beforeAll(async () => {
    app = await startTestApp();
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
    [doctor, otherDoctor, admin, auditor] = await Promise.all(
      ['medico1@example.it', 'medico2@example.it', 'admin@example.it', 'auditor@example.it'].map((e) => client(app, e)),
    );
    [patient, other] = await registerPatients(app, 2, 'messaggi');
    // the record's rule: a care share makes medico1 the patient's doctor (medico2 never treats them)
    await post(patient, '/api/me/care-shares', { doctorId: medico1 }).expect(200);
  });
  afterAll(() => app.close());

  it('patient and treating doctor write to each other; both read the conversation, with unread counts on both sides', async () => {
    const sent = await post(patient, '/api/me/messages', { to: medico1, text: 'Buongiorno, ho una domanda sulla dieta.' }).expect(201);
    expect(sent.body).toMatchObject({ fromPatient: true, text: 'Buongiorno, ho una domanda sulla dieta.', attachment: null });
    expect((await doctor.agent.get('/api/messages/unread').expect(200)).body).toMatchObject({ total: 1, patients: [{ patientId: patient.id, unread: 1 }] });
    const seen = (await doctor.agent.get(`/api/patients/${patient.id}/messages`).expect(200)).body;
    expect(seen.messages.map((m: { text: string }) => m.text)).toEqual(['Buongiorno, ho una domanda sulla dieta.']);
    await post(doctor, `/api/patients/${patient.id}/messages/read`, {}).expect(200, { unread: 0 });
    expect((await doctor.agent.get('/api/messages/unread').expect(200)).body.total).toBe(0);
    await post(doctor, `/api/patients/${patient.id}/messages`, { text: 'Certo, mi dica.' }).expect(201);
    const mine = (await patient.agent.get('/api/me/messages').expect(200)).body;
    expect(mine.emergencyNotice).toBe(EMERGENCY_NOTICE);
    const withDoctor = mine.conversations.find((c: { with: string }) => c.with === medico1);
    expect(withDoctor).toMatchObject({ unread: 1, canWrite: true });
    expect(withDoctor.messages.map((m: { text: string }) => m.text)).toEqual(['Buongiorno, ho una domanda sulla dieta.', 'Certo, mi dica.']);
    expect(mine.conversations.map((c: { with: string }) => c.with)).toEqual(expect.arrayContaining(['segreteria', medico1]));
    expect(mine.conversations.map((c: { with: string }) => c.with)).not.toContain(medico2);
    await post(patient, '/api/me/messages/read', { with: medico1 }).expect(200, { unread: 0 });
  });

  it('the segreteria has its own conversation, and never reads the doctor’s', async () => {
    await post(patient, '/api/me/messages', { to: 'segreteria', text: 'Posso spostare la visita?' }).expect(201);
    const seen = (await admin.agent.get(`/api/patients/${patient.id}/messages`).expect(200)).body;
    expect(seen.with).toBe('segreteria');
    expect(seen.messages.map((m: { text: string }) => m.text)).toEqual(['Posso spostare la visita?']);
    const toDoctor = (await doctor.agent.get(`/api/patients/${patient.id}/messages`).expect(200)).body.messages[0];
    const refused = await admin.agent.get(`/api/patients/${patient.id}/messages/${toDoctor.id}/file`).expect(404);
    expect(refused.body.error.message).toBe('Allegato non trovato.');
    expect((await doctor.agent.get(`/api/patients/${patient.id}/messages`).expect(200)).body.messages.map((m: { text: string }) => m.text)).not.toContain(
      'Posso spostare la visita?',
    );
  });

  it('refuses a doctor who does not treat the patient, another patient, the auditor, and a patient writing to a doctor not theirs', async () => {
    const notTreating = await otherDoctor.agent.get(`/api/patients/${patient.id}/messages`).expect(403);
    expect(notTreating.body.error.message).toMatch(/^Puoi scrivere solo ai pazienti che segui/);
    await post(otherDoctor, `/api/patients/${patient.id}/messages`, { text: 'Salve' }).expect(403);
    await other.agent.get(`/api/patients/${patient.id}/messages`).expect(403);
    await post(other, `/api/patients/${patient.id}/messages`, { text: 'Salve' }).expect(403);
    await auditor.agent.get(`/api/patients/${patient.id}/messages`).expect(403);
    await auditor.agent.get('/api/me/messages').expect(403);
    await post(auditor, `/api/patients/${patient.id}/messages`, { text: 'Salve' }).expect(403);
    const notMine = await post(patient, '/api/me/messages', { to: medico2, text: 'Salve' }).expect(403);
    expect(notMine.body.error.message).toMatch(/^Puoi scrivere solo ai medici che ti seguono/);
    // the other patient sees none of it
    const theirs = (await other.agent.get('/api/me/messages').expect(200)).body;
    expect(theirs.conversations.flatMap((c: { messages: unknown[] }) => c.messages)).toEqual([]);
  });

  it('bad input is a 400 in Italian and writes nothing', async () => {
    const before = (await app.core.eventStore.readStream(conversationStreamName(patient.id))).length;
    const empty = await post(patient, '/api/me/messages', { to: medico1, text: '' }).expect(400);
    expect(empty.body.error.message).toMatch(/messaggio/i);
    await post(patient, '/api/me/messages', { text: 'senza destinatario' }).expect(400);
    await post(doctor, `/api/patients/${patient.id}/messages`, { text: 'x'.repeat(4001) }).expect(400);
    expect((await app.core.eventStore.readStream(conversationStreamName(patient.id))).length).toBe(before);
  });

  it('a file goes by content type; the doctor files it into the record in one step; reads by staff are logged', async () => {
    const refused = await upload(patient, `/api/me/messages/files?to=${medico1}&name=esami.pdf`, Buffer.from('<html>no</html>')).expect(415);
    expect(refused.body.error.message).toMatch(/PDF, JPEG o PNG/);
    const sent = (await upload(patient, `/api/me/messages/files?to=${medico1}&name=esami%20marzo.pdf`, PDF).expect(201)).body;
    expect(sent.attachment).toMatchObject({ name: 'esami marzo.pdf', mediaType: 'application/pdf', sizeBytes: PDF.length, filedAs: null });
    const before = (await readsOf(patient.id)).length;
    const file = await doctor.agent.get(`/api/patients/${patient.id}/messages/${sent.id}/file`).buffer(true).expect(200);
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
    expect((await readsOf(patient.id)).length).toBe(before + 1);
    await otherDoctor.agent.get(`/api/patients/${patient.id}/messages/${sent.id}/file`).expect(403);
    await other.agent.get(`/api/me/messages/${sent.id}/file`).expect(404);
    await post(admin, `/api/patients/${patient.id}/messages/${sent.id}/file-into-record`, {}).expect(403);
    const filed = (await post(doctor, `/api/patients/${patient.id}/messages/${sent.id}/file-into-record`, {}).expect(201)).body;
    expect(filed).toMatchObject({ name: 'esami marzo.pdf', mediaType: 'application/pdf' });
    const record = (await doctor.agent.get(`/api/patients/${patient.id}/record`).expect(200)).body;
    expect(record.attachments.map((a: { id: string }) => a.id)).toContain(filed.id);
    const again = (await doctor.agent.get(`/api/patients/${patient.id}/messages`).expect(200)).body;
    expect(again.messages.find((m: { id: string }) => m.id === sent.id).attachment.filedAs).toBe(filed.id);
    // the patient reads their own file without a line in their log
    const logged = (await readsOf(patient.id)).length;
    await patient.agent.get(`/api/me/messages/${sent.id}/file`).expect(200);
    expect((await readsOf(patient.id)).length).toBe(logged);
  });

  it('the auditor sees a message only as sealed metadata', async () => {
    const [sent] = (await app.core.eventStore.readStream(conversationStreamName(patient.id))).filter((e) => e.type === 'MessageSent');
    const detail = (await auditor.agent.get(`/api/audit/events/${sent.position}`).expect(200)).body;
    expect(detail.data).toMatchObject({ patientId: patient.id, counterpart: medico1, text: ENCRYPTED_PLACEHOLDER });
    expect(JSON.stringify(detail)).not.toContain('Buongiorno');
  });

  it('the segreteria sets the reply hours, shown to the patient; nobody else sets them', async () => {
    await admin.agent.put('/api/messages/reply-hours').set('X-CSRF-Token', admin.csrf).send({ text: 'Lun–ven 9–13' }).expect(200);
    await doctor.agent.put('/api/messages/reply-hours').set('X-CSRF-Token', doctor.csrf).send({ text: 'Sempre' }).expect(403);
    expect((await patient.agent.get('/api/me/messages').expect(200)).body.replyHours).toBe('Lun–ven 9–13');
  });

  it('erased with the person: once the patient’s key is gone nothing of the messages can be read', async () => {
    const [gone] = await registerPatients(app, 1, 'cancellato');
    await post(gone, '/api/me/messages', { to: 'segreteria', text: 'Dati che spariranno' }).expect(201);
    await app.core.personalData.destroyKey(gone.id);
    const res = await admin.agent.get(`/api/patients/${gone.id}/messages`);
    expect(JSON.stringify(res.body)).not.toContain('Dati che spariranno');
    const [event] = await app.core.eventStore.readStream(conversationStreamName(gone.id));
    expect(JSON.stringify(event.data)).not.toContain('Dati che spariranno');
  });
});
