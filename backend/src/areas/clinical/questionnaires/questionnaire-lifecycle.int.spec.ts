import { questionnaireStreamName, type Answers, type QuestionnaireView } from '@studio/contracts';
import request from 'supertest';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

// a questionnaire is edited (a new version), switched on/off, deleted while never answered, and
// assigned to visit types; a patient answers only the active questionnaires of the visit type booked.
// today = Monday 2030-03-04 06:00Z; the seed opens medico1 and medico2 in the mornings of weekdays
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const Q1 = [
  {
    id: 'fumo',
    text: 'Fumi?',
    kind: 'radio',
    options: [
      { value: 'no', label: 'No' },
      { value: 'si', label: 'Sì' },
    ],
  },
  {
    id: 'sport',
    text: 'Fai sport?',
    kind: 'radio',
    options: [
      { value: 'no', label: 'No' },
      { value: 'si', label: 'Sì' },
    ],
  },
];
const Q2 = [
  {
    id: 'sonno',
    text: 'Quante ore dormi?',
    kind: 'radio',
    options: [
      { value: '6', label: 'Meno di 7' },
      { value: '8', label: '7 o più' },
    ],
  },
];

describe('questionnaire lifecycle over HTTP', () => {
  let app: TestApp;
  let medico1: string;
  let medico2: string;
  let doctor1: Client;
  let doctor2: Client;
  let admin: Client;
  let patients: TestPatient[];
  const clock = new ManualClock(new Date('2030-03-04T06:00:00Z'));

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
    doctor1 = await client(app, 'medico1@example.it');
    doctor2 = await client(app, 'medico2@example.it');
    admin = await client(app, 'admin@example.it');
    patients = await registerPatients(app, 6, 'questionari');
  });
  afterAll(() => app.close());

  const head = () => lastRequestPosition(app);
  const define = async (c: Client, title: string, questions: object[] = Q1): Promise<string> =>
    (await c.agent.post('/api/questionnaires').set('X-CSRF-Token', c.csrf).send({ title, questions }).expect(201)).body.id;
  const put = (c: Client | TestPatient, path: string, body: object) => c.agent.put(path).set('X-CSRF-Token', c.csrf).send(body);
  const del = (c: Client | TestPatient, id: string) => c.agent.delete(`/api/questionnaires/${id}`).set('X-CSRF-Token', c.csrf);
  const answer = (p: TestPatient, id: string, answers: Answers) =>
    p.agent.post(`/api/questionnaires/${id}/answers`).set('X-CSRF-Token', p.csrf).send({ answers });
  const given = async (p: TestPatient) => ((await p.agent.get('/api/questionnaires').expect(200)).body as QuestionnaireView[]).map((q) => q.id);
  /** the first free start of the day (for the visit type, when given) through the booking form's own query */
  const book = async (p: TestPatient, doctorId: string, visitType?: string, date = '2030-03-05') => {
    const free = (
      await p.agent
        .get('/disponibilita/query')
        .query({ for: doctorId, date, ...(visitType ? { type: visitType } : {}) })
        .expect(200)
    ).body as { id: string }[];
    expect(free.length).toBeGreaterThan(0);
    await p.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', p.csrf)
      .send({ doctor_id: doctorId, availability_id: free[0].id, ...(visitType ? { visit_type: visitType } : {}) })
      .expect(201);
  };

  it('given an answered questionnaire, when the doctor edits it, then a new version is recorded and the answers keep the version they answered', async () => {
    const id = await define(doctor1, 'Stile di vita');
    const [patient] = patients;
    await book(patient, medico1);
    await answer(patient, id, { fumo: { choices: ['no'] }, sport: { choices: ['si'] } }).expect(201);

    const edited = await put(doctor1, `/api/questionnaires/${id}`, { title: 'Sonno', questions: Q2 }).expect(200);
    expect(edited.body).toMatchObject({ id, title: 'Sonno', questions: Q2, version: 2, active: true });
    const events = await app.core.eventStore.readStream(questionnaireStreamName(id));
    expect(events.map((e) => e.type)).toEqual(['QuestionnaireDefined', 'QuestionnaireRevised']);
    expect(events[1].data).toMatchObject({ version: 2, title: 'Sonno' });

    const read = (await doctor1.agent.get(`/api/patients/${patient.id}/answers`).expect(200)).body;
    const mine = read.questionnaires.find((a: { questionnaire: QuestionnaireView }) => a.questionnaire.id === id);
    // the first version's title and questions, as the patient saw them
    expect(mine.questionnaire).toMatchObject({ version: 1, title: 'Stile di vita', questions: Q1 });
    expect(mine.answers).toEqual({ fumo: { choices: ['no'] }, sport: { choices: ['si'] } });

    // a new answer is to the new version
    await answer(patient, id, { sonno: { choices: ['8'] } }).expect(201);
    const again = (await patient.agent.get(`/api/patients/${patient.id}/answers`).expect(200)).body;
    expect(again.questionnaires.find((a: { questionnaire: QuestionnaireView }) => a.questionnaire.id === id).questionnaire).toMatchObject({
      version: 2,
      questions: Q2,
    });

    // once answered it cannot be deleted: 409 in Italian with the way out, nothing appended
    const position = await head();
    const refused = await del(doctor1, id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/ha già delle risposte.*Puoi disattivarlo/);
    expect(await head()).toBe(position);
    expect((await doctor1.agent.get('/api/questionnaires').expect(200)).body.find((q: QuestionnaireView) => q.id === id).answered).toBe(true);
  });

  it('given a questionnaire nobody answered, when the doctor deletes it, then 204 and it is gone for everyone', async () => {
    const id = await define(doctor1, 'Prova da eliminare');
    expect((await doctor1.agent.get('/api/questionnaires').expect(200)).body.find((q: QuestionnaireView) => q.id === id).answered).toBe(false);
    await del(doctor1, id).expect(204);
    expect((await doctor1.agent.get(`/api/questionnaires/${id}`)).status).toBe(404);
    expect((await doctor1.agent.get('/api/questionnaires').expect(200)).body.map((q: QuestionnaireView) => q.id)).not.toContain(id);
    const events = await app.core.eventStore.readStream(questionnaireStreamName(id));
    expect(events.map((e) => e.type)).toEqual(['QuestionnaireDefined', 'QuestionnaireDeleted']);
  });

  it('given an active questionnaire, when switched off, then no patient is given it and an answer is refused; switched on, it is back', async () => {
    const id = await define(doctor1, 'Da spegnere');
    const patient = patients[1];
    await book(patient, medico1);
    expect(await given(patient)).toContain(id);
    const off = await put(doctor1, `/api/questionnaires/${id}/active`, { active: false }).expect(200);
    expect(off.body.active).toBe(false);
    expect(await given(patient)).not.toContain(id);
    const position = await head();
    const refused = await answer(patient, id, { fumo: { choices: ['no'] }, sport: { choices: ['no'] } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/disattivato/);
    // the same switch again records nothing
    await put(doctor1, `/api/questionnaires/${id}/active`, { active: false }).expect(200);
    expect(await head()).toBe(position);
    await put(admin, `/api/questionnaires/${id}/active`, { active: true }).expect(200);
    expect(await given(patient)).toContain(id);
  });

  it('given questionnaires assigned to a visit type, when a patient books that type, then they answer only those (not every questionnaire of the doctor)', async () => {
    const assigned = await define(doctor2, 'Anamnesi prima visita');
    const other = await define(doctor2, 'Diario alimentare', Q2);
    const created = await doctor2.agent
      .post(`/api/doctors/${medico2}/visit-types`)
      .set('X-CSRF-Token', doctor2.csrf)
      .send({ name: 'Prima visita', minutes: 60, priceCents: 9000, mode: 'studio', questionnaireIds: [assigned] })
      .expect(201);
    const patient = patients[2];
    await book(patient, medico2, created.body.id);
    const list = await given(patient);
    expect(list).toEqual([assigned]);
    expect(list).not.toContain(other);
    const refused = await answer(patient, other, { sonno: { choices: ['8'] } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Questo questionario non è previsto per il tipo di visita che hai prenotato.');
    await answer(patient, assigned, { fumo: { choices: ['si'] }, sport: { choices: ['no'] } }).expect(201);
    // the questionnaire page asks for one booking's: its visit type's; someone else's booking gives nothing
    const [mine] = (await patient.agent.get('/api/me/bookings').expect(200)).body as { id: string }[];
    const forBooking = (p: TestPatient, booking: string) =>
      p.agent
        .get('/api/questionnaires')
        .query({ doctor: medico2, booking })
        .expect(200)
        .then((r) => (r.body as QuestionnaireView[]).map((q) => q.id));
    expect(await forBooking(patient, mine.id)).toEqual([assigned]);
    expect(await forBooking(patients[4], mine.id)).toEqual([]);
    expect((await patient.agent.get('/api/questionnaires').query({ booking: 'non-un-id' })).status).toBe(400);
    // a visit of another type with no questionnaires named gives the doctor's active ones
    const plain = await doctor2.agent
      .post(`/api/doctors/${medico2}/visit-types`)
      .set('X-CSRF-Token', doctor2.csrf)
      .send({ name: 'Controllo', minutes: 30, priceCents: 5000, mode: 'studio' })
      .expect(201);
    const other2 = patients[3];
    await book(other2, medico2, plain.body.id);
    expect(await given(other2)).toEqual(expect.arrayContaining([assigned, other]));
    // assigning a questionnaire of another doctor to a visit type is refused, nothing appended
    const position = await head();
    const mixed = await put(doctor2, `/api/doctors/${medico2}/visit-types/${plain.body.id}`, { questionnaireIds: [await firstOf(doctor1)] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toBe('Questionario non trovato tra quelli del medico.');
    expect(await head()).toBe(position);
  });

  const firstOf = async (c: Client) => ((await c.agent.get('/api/questionnaires').expect(200)).body as QuestionnaireView[])[0].id;

  it('refuses every edit, switch and delete that is not allowed or not valid, in Italian, appending nothing', async () => {
    const id = await define(doctor1, 'Da proteggere');
    const auditor = await client(app, 'auditor@example.it');
    const position = await head();
    const refusals: [Promise<request.Response>, number, RegExp][] = [
      [put(doctor2, `/api/questionnaires/${id}`, { title: 'X', questions: Q1 }), 403, /solo i tuoi questionari/],
      [put(doctor2, `/api/questionnaires/${id}/active`, { active: false }), 403, /solo i tuoi questionari/],
      [del(doctor2, id), 403, /solo i tuoi questionari/],
      [put(patients[0], `/api/questionnaires/${id}`, { title: 'X', questions: Q1 }), 403, /permessi/],
      [del(patients[0], id), 403, /permessi/],
      [put(auditor, `/api/questionnaires/${id}/active`, { active: false }), 403, /permessi/],
      [request(app.app.getHttpServer()).delete(`/api/questionnaires/${id}`), 403, /CSRF/],
      [put(doctor1, `/api/questionnaires/${id}`, { title: ' ', questions: Q1 }), 400, /Titolo mancante/],
      [put(doctor1, `/api/questionnaires/${id}`, { title: 'X', questions: [] }), 400, /almeno una domanda/],
      [put(doctor1, `/api/questionnaires/${id}`, { title: 'X', questions: [Q1[0], Q1[0]] }), 400, /stesso identificativo/],
      [put(doctor1, `/api/questionnaires/${id}/active`, { active: 'no' }), 400, /attivo|active/],
      [put(doctor1, `/api/questionnaires/${UNKNOWN_ID}`, { title: 'X', questions: Q1 }), 404, /Questionario non trovato/],
      [put(doctor1, `/api/questionnaires/${UNKNOWN_ID}/active`, { active: false }), 404, /Questionario non trovato/],
      [del(doctor1, UNKNOWN_ID), 404, /Questionario non trovato/],
      [del(doctor1, 'non-un-id'), 400, /Identificativo non valido/],
    ];
    for (const [pending, status, message] of refusals) {
      const res = await pending;
      expect({ status: res.status, message: res.body.error?.message }).toEqual({ status, message: expect.stringMatching(message) });
    }
    expect(await head()).toBe(position);
  });
});
