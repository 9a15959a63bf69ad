import { DEMO_QUESTIONNAIRE } from './demo-questionnaire';
import { patientStreamName, questionnaireStreamName, type Answers, type QuestionnaireView } from '@studio/contracts';
import request from 'supertest';
import { client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

const { title, questions } = DEMO_QUESTIONNAIRE;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** a complete, valid answer to the demo questionnaire */
const ANSWERS: Answers = {
  allergie: { choices: ['si'], text: 'Nichel e crostacei' },
  alimentazione: { choices: ['vegetariana'], text: 'ignorato: non è "Altro"' },
  attivita: { choices: ['nuoto', 'altro'], text: 'Arrampicata' },
  frequenza: { choices: ['3-4'], text: 'ignorato: nessun campo di testo' },
  pasti: { choices: ['4-5'] },
  patologie: { choices: ['no'] },
  farmaci: { choices: ['no'] },
};

interface Patient extends Client {
  id: string;
}

describe('questionnaires over HTTP', () => {
  let app: TestApp;
  let medico1: string;
  let medico2: string;
  let doctor1: Client;
  let doctor2: Client;
  let admin: Client;
  /** the demo questionnaire the seed gave each doctor */
  let seeded: Record<string, QuestionnaireView>;
  let registered = 0;

  beforeAll(async () => {
    app = await startTestApp();
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
    doctor1 = await client(app, 'medico1@example.it');
    doctor2 = await client(app, 'medico2@example.it');
    admin = await client(app, 'admin@example.it');
    const all = (await admin.agent.get('/api/questionnaires').expect(200)).body as QuestionnaireView[];
    // the staff's list also says whether anyone answered; a patient's view of one has no such field
    seeded = Object.fromEntries(all.map(({ answered: _answered, ...q }) => [q.doctorId, q]));
  });
  afterAll(() => app.close());

  // what requests appended: the outbox appends a new patient's confirmation email on its own time (role 'system')
  const head = () => lastRequestPosition(app);

  /** a new patient, registered and logged in through the real form */
  async function newPatient(): Promise<Patient> {
    const c = await client(app);
    const res = await c.agent
      .post('/api/auth/register')
      .set('X-CSRF-Token', c.csrf)
      .send({
        name: 'Paola',
        surname: `Prova${++registered}`,
        email: `paola.${registered}@example.it`,
        password: 'segreta123',
        phone: '3331234567',
        taxcode: 'RSSMRA75C22H501I',
        consent: true,
      })
      .expect(201);
    return { agent: c.agent, csrf: res.body.csrfToken, id: res.body.user.id };
  }

  /** holds the doctor's first free slot of a day through the booking form: the patient is now given the doctor's questionnaires */
  async function book(patient: Patient, doctorId: string, date = '2030-03-05'): Promise<void> {
    const free = (await patient.agent.get('/disponibilita/query').query({ for: doctorId, date }).expect(200)).body as { id: string }[];
    await patient.agent.post('/prenotazioni').set('X-CSRF-Token', patient.csrf).send({ doctor_id: doctorId, availability_id: free[0].id }).expect(201);
  }

  const answer = (p: Patient, questionnaireId: string, answers: object) =>
    p.agent.post(`/api/questionnaires/${questionnaireId}/answers`).set('X-CSRF-Token', p.csrf).send({ answers });

  it('seeds the nutrition intake for each demo doctor', () => {
    expect(Object.keys(seeded).sort()).toEqual([medico1, medico2].sort());
    expect(seeded[medico1]).toMatchObject({ title, questions });
  });

  describe('POST /api/questionnaires', () => {
    it('lets a doctor define one for themselves', async () => {
      const res = await doctor1.agent
        .post('/api/questionnaires')
        .set('X-CSRF-Token', doctor1.csrf)
        .send({ title: 'Controllo', questions: questions.slice(0, 2) })
        .expect(201);
      expect(res.body).toEqual({ id: expect.any(String) });
      const [defined] = await app.core.eventStore.readStream(questionnaireStreamName(res.body.id));
      expect(defined).toMatchObject({
        type: 'QuestionnaireDefined',
        data: { questionnaireId: res.body.id, doctorId: medico1, title: 'Controllo', questions: questions.slice(0, 2) },
      });
      const read = await doctor1.agent.get(`/api/questionnaires/${res.body.id}`).expect(200);
      expect(read.body).toEqual({
        id: res.body.id,
        doctorId: medico1,
        title: 'Controllo',
        questions: questions.slice(0, 2),
        definedAt: defined.metadata.at,
        version: 1,
        active: true,
      });
    });

    it('lets the admin define one for a doctor they name', async () => {
      const res = await admin.agent
        .post('/api/questionnaires')
        .set('X-CSRF-Token', admin.csrf)
        .send({ doctorId: medico2, title: 'Follow-up', questions })
        .expect(201);
      expect((await doctor2.agent.get(`/api/questionnaires/${res.body.id}`).expect(200)).body.doctorId).toBe(medico2);
    });

    it('refuses what is not allowed or not valid, appending nothing', async () => {
      const position = await head();
      const post = (c: Client, body: object) => c.agent.post('/api/questionnaires').set('X-CSRF-Token', c.csrf).send(body);
      const patient = await newPatient();
      const refusals: [Promise<request.Response>, number, RegExp?][] = [
        [post(doctor1, { doctorId: medico2, title, questions }), 403, /solo per te/],
        [post(patient, { title, questions }), 403],
        [post(await client(app, 'auditor@example.it'), { title, questions }), 403],
        [request(app.app.getHttpServer()).post('/api/questionnaires').send({ title, questions }), 403], // no CSRF token
        [post(admin, { title, questions }), 400, /Indica il medico/],
        [post(admin, { doctorId: 'medico2', title, questions }), 400, /Identificativo non valido/],
        [post(admin, { doctorId: UNKNOWN_ID, title, questions }), 404, /Medico non trovato/],
        [post(admin, { doctorId: patient.id, title, questions }), 404, /Medico non trovato/],
        [post(doctor1, { questions }), 400, /Titolo mancante/],
        [post(doctor1, { title, questions: [] }), 400, /almeno una domanda/],
        [post(doctor1, { title, questions: [questions[0], questions[0]] }), 400, /stesso identificativo/],
        [post(doctor1, { title, questions: [{ ...questions[2], handleMore: true }] }), 400, /solo per le domande a scelta singola/],
        [post(doctor1, { title, questions: [{ ...questions[0], textInput: undefined }] }), 400, /non ha il campo di testo/],
        [post(doctor1, { title, questions: [{ ...questions[0], kind: 'select' }] }), 400, /Tipo di domanda non valido/],
      ];
      for (const [pending, status, message] of refusals) {
        const res = await pending;
        expect(res.status).toBe(status);
        if (message) expect(res.body.error.message).toMatch(message);
      }
      // the patient's own registration was the only write
      // (the outbox's own appends for the confirmation email are role 'system')
      const written = (await app.core.eventStore.readAll({ after: position })).filter((e) => e.metadata.role !== 'system');
      expect(written.map((e) => e.type)).toEqual(['EmailClaimed', 'UserRegistered', 'ConsentRecorded', 'EmailConfirmationRequested']);
    });
  });

  describe('GET /api/questionnaires and /api/questionnaires/:id', () => {
    it('shows a doctor their own, the admin any doctor’s', async () => {
      const own = (await doctor1.agent.get('/api/questionnaires').expect(200)).body as QuestionnaireView[];
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((q) => q.doctorId === medico1)).toBe(true);
      expect((await doctor1.agent.get('/api/questionnaires').query({ doctor: medico1 }).expect(200)).body).toEqual(own);
      expect((await doctor1.agent.get('/api/questionnaires').query({ doctor: medico2 })).status).toBe(403);
      expect((await doctor1.agent.get(`/api/questionnaires/${seeded[medico2].id}`)).status).toBe(403);
      const ofDoctor2 = (await admin.agent.get('/api/questionnaires').query({ doctor: medico2 }).expect(200)).body as QuestionnaireView[];
      // not empty: the seeded questionnaire of medico2 is there, and only medico2's
      expect(ofDoctor2.map((q) => q.id)).toContain(seeded[medico2].id);
      expect(ofDoctor2.map((q) => q.doctorId)).toEqual(ofDoctor2.map(() => medico2));
      expect((await admin.agent.get(`/api/questionnaires/${seeded[medico1].id}`).expect(200)).body).toEqual(seeded[medico1]);
      expect(own.every((q) => typeof q.answered === 'boolean')).toBe(true);
    });

    it('gives a patient the questionnaires of the doctors they booked, and no others', async () => {
      const patient = await newPatient();
      expect((await patient.agent.get('/api/questionnaires').expect(200)).body).toEqual([]);
      expect((await patient.agent.get(`/api/questionnaires/${seeded[medico1].id}`)).status).toBe(403);
      await book(patient, medico1);
      const given = (await patient.agent.get('/api/questionnaires').expect(200)).body as QuestionnaireView[];
      expect(given.map((q) => q.doctorId)).toEqual(given.map(() => medico1));
      expect(given.map((q) => q.id)).toContain(seeded[medico1].id);
      expect((await patient.agent.get('/api/questionnaires').query({ doctor: medico2 }).expect(200)).body).toEqual([]);
      expect((await patient.agent.get(`/api/questionnaires/${seeded[medico1].id}`).expect(200)).body).toEqual(seeded[medico1]);
      expect((await patient.agent.get(`/api/questionnaires/${seeded[medico2].id}`)).status).toBe(403);
    });

    it('refuses malformed and unknown ids, the auditor and visitors', async () => {
      expect((await admin.agent.get('/api/questionnaires/non-un-id')).body.error.message).toBe('Identificativo non valido.');
      expect((await admin.agent.get(`/api/questionnaires/${UNKNOWN_ID}`)).status).toBe(404);
      expect((await admin.agent.get('/api/questionnaires').query({ doctor: 'x' })).status).toBe(400);
      expect((await admin.agent.get('/api/questionnaires').query({ doctor: UNKNOWN_ID })).status).toBe(404);
      expect((await (await client(app, 'auditor@example.it')).agent.get('/api/questionnaires')).status).toBe(403);
      expect((await request(app.app.getHttpServer()).get('/api/questionnaires')).status).toBe(401);
    });
  });

  describe('answers', () => {
    it('records a given patient’s answers sealed, and reads them back decrypted with the definition', async () => {
      const patient = await newPatient();
      await book(patient, medico1);
      const res = await answer(patient, seeded[medico1].id, ANSWERS).expect(201);
      expect(res.body).toEqual({ questionnaireId: seeded[medico1].id, answeredAt: expect.any(String) });

      const [event] = await app.core.eventStore.readStream(patientStreamName(patient.id));
      expect(event).toMatchObject({ type: 'QuestionnaireAnswered', data: { patientId: patient.id, questionnaireId: seeded[medico1].id, doctorId: medico1 } });
      expect(JSON.stringify(event)).not.toMatch(/Nichel|Arrampicata|vegetariana|nuoto/);
      const stored = await app.core.readModels.find('questionnaire_answers', { patient_id: patient.id });
      expect(JSON.stringify(stored)).not.toMatch(/Nichel|Arrampicata/);

      const read = await patient.agent.get(`/api/patients/${patient.id}/answers`).expect(200);
      expect(read.body).toEqual({
        patientId: patient.id,
        questionnaires: [
          {
            questionnaire: seeded[medico1],
            answeredAt: res.body.answeredAt,
            // text kept only where the form enables it; unanswered checkboxes read as none chosen
            answers: {
              allergie: { choices: ['si'], text: 'Nichel e crostacei' },
              alimentazione: { choices: ['vegetariana'] },
              attivita: { choices: ['nuoto', 'altro'], text: 'Arrampicata' },
              frequenza: { choices: ['3-4'] },
              pasti: { choices: ['4-5'] },
              patologie: { choices: ['no'] },
              farmaci: { choices: ['no'] },
              obiettivi: { choices: [] },
            },
          },
        ],
      });
    });

    it('lets a later answer supersede the earlier one', async () => {
      const patient = await newPatient();
      await book(patient, medico1);
      await answer(patient, seeded[medico1].id, ANSWERS).expect(201);
      await answer(patient, seeded[medico1].id, {
        ...ANSWERS,
        allergie: { choices: ['no'] },
        alimentazione: { choices: ['altro'], text: 'Chetogenica' },
      }).expect(201);
      const read = (await patient.agent.get(`/api/patients/${patient.id}/answers`).expect(200)).body;
      expect(read.questionnaires).toHaveLength(1);
      expect(read.questionnaires[0].answers.allergie).toEqual({ choices: ['no'] });
      expect(read.questionnaires[0].answers.alimentazione).toEqual({ choices: ['altro'], text: 'Chetogenica' });
    });

    it('refuses bad answers and questionnaires not given, in Italian, appending nothing', async () => {
      const patient = await newPatient();
      await book(patient, medico1);
      const q = seeded[medico1].id;
      const position = await head();
      const refusals: [Promise<request.Response>, number, RegExp][] = [
        [answer(patient, 'non-un-id', ANSWERS), 400, /Identificativo non valido/],
        [answer(patient, UNKNOWN_ID, ANSWERS), 404, /Questionario non trovato/],
        [answer(patient, seeded[medico2].id, ANSWERS), 403, /non ti è stato assegnato/],
        [patient.agent.post(`/api/questionnaires/${q}/answers`).set('X-CSRF-Token', patient.csrf).send({}), 400, /answers/],
        [answer(patient, q, { ...ANSWERS, peso: { choices: ['80'] } }), 400, /Domanda sconosciuta: "peso"/],
        [answer(patient, q, { ...ANSWERS, pasti: { choices: ['10'] } }), 400, /Opzione non valida/],
        [answer(patient, q, { ...ANSWERS, pasti: { choices: ['3', '4-5'] } }), 400, /Scegli una risposta/],
        [answer(patient, q, { ...ANSWERS, pasti: undefined }), 400, /Scegli una risposta/],
        [answer(patient, q, { ...ANSWERS, allergie: { choices: ['si'], text: ' ' } }), 400, /Specifica la risposta alla domanda "Hai allergie/],
        [answer(patient, q, { ...ANSWERS, alimentazione: { choices: ['altro'] } }), 400, /Specifica la risposta/],
        [answer(patient, q, { ...ANSWERS, attivita: { choices: ['altro'] } }), 400, /Specifica la risposta/],
        // (the shared parseInput reports any wrong type as a missing field: zod 4 leaves `input` out of issues)
        [answer(patient, q, { ...ANSWERS, pasti: { choices: 'tre' } }), 400, /Scelte non valide|answers\.pasti\.choices/],
        [doctor1.agent.post(`/api/questionnaires/${q}/answers`).set('X-CSRF-Token', doctor1.csrf).send({ answers: ANSWERS }), 403, /permessi/],
        [patient.agent.post(`/api/questionnaires/${q}/answers`).send({ answers: ANSWERS }), 403, /CSRF/],
      ];
      for (const [pending, status, message] of refusals) {
        const res = await pending;
        expect({ status: res.status, message: res.body.error?.message }).toEqual({ status, message: expect.stringMatching(message) });
      }
      expect(await head()).toBe(position);
    });

    it('shows answers to the doctor who owns the questionnaire and has the booking, to the admin and to the patient; to nobody else', async () => {
      const patient = await newPatient();
      await book(patient, medico1);
      await answer(patient, seeded[medico1].id, ANSWERS).expect(201);
      const path = `/api/patients/${patient.id}/answers`;

      const ofDoctor1 = (await doctor1.agent.get(path).expect(200)).body;
      expect(ofDoctor1.questionnaires.map((a: { questionnaire: QuestionnaireView }) => a.questionnaire.id)).toEqual([seeded[medico1].id]);
      expect(ofDoctor1.questionnaires[0].answers.allergie.text).toBe('Nichel e crostacei');
      expect((await admin.agent.get(path).expect(200)).body).toEqual(ofDoctor1);
      const denied = await doctor2.agent.get(path);
      expect(denied.status).toBe(403);
      expect(denied.body.error.message).toBe('Puoi vedere solo le risposte dei tuoi pazienti.');
      expect((await (await newPatient()).agent.get(path)).status).toBe(403);
      expect((await (await client(app, 'auditor@example.it')).agent.get(path)).status).toBe(403);
      expect((await request(app.app.getHttpServer()).get(path)).status).toBe(401);
      expect((await admin.agent.get('/api/patients/x/answers')).status).toBe(400);
      expect((await admin.agent.get(`/api/patients/${UNKNOWN_ID}/answers`)).status).toBe(404);
      expect((await admin.agent.get(`/api/patients/${medico1}/answers`)).status).toBe(404);
    });

    it('shows a doctor only the answers to their own questionnaires', async () => {
      const patient = await newPatient();
      await book(patient, medico1);
      await answer(patient, seeded[medico1].id, ANSWERS).expect(201);
      await book(patient, medico2, '2030-03-06');
      await answer(patient, seeded[medico2].id, ANSWERS).expect(201);
      const path = `/api/patients/${patient.id}/answers`;
      const ofDoctor2 = (await doctor2.agent.get(path).expect(200)).body;
      expect(ofDoctor2.questionnaires.map((a: { questionnaire: QuestionnaireView }) => a.questionnaire.doctorId)).toEqual([medico2]);
      const all = (await admin.agent.get(path).expect(200)).body;
      expect(all.questionnaires.map((a: { questionnaire: QuestionnaireView }) => a.questionnaire.doctorId)).toEqual([medico1, medico2]);
    });
  });
});
