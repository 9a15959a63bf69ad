import { codiceFiscaleCheckChar, type QuestionnaireView, type Sealed } from '@studio/contracts';
import { ProjectionRunner, createReadModelStore, type ReadModelStore } from '@studio/projections';
import { allProjections } from '../../../app/infrastructure/projections';
import type { QuestionnaireAnswersDoc } from '../../clinical/questionnaires/questionnaires.projection';
import type { UserDoc } from '../users/users.projection';
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsersService } from '../users';
import { client, startTestApp, type TestApp } from '../../../testing/test-app';

// strings found nowhere else in the demo data, so any trace of them is this patient's
const taxcodeStart = 'ZNRTTV85M52F205';
const PERSON = {
  name: 'Ottavia',
  surname: 'Zanardelli',
  email: 'ottavia.zanardelli@example.it',
  password: 'segreta123',
  phone: '+39 347 9876543',
  taxcode: taxcodeStart + codiceFiscaleCheckChar(taxcodeStart),
  consent: true,
};
const HEALTH_TEXT = 'Allergia alle fragole di bosco';
const SECRETS = [PERSON.name, PERSON.surname, PERSON.email, PERSON.phone, PERSON.taxcode, HEALTH_TEXT];

/** every byte SQLite holds for this database, the write-ahead log included */
const rawBytes = (file: string) =>
  [file, `${file}-wal`]
    .filter(existsSync)
    .map((f) => readFileSync(f).toString('latin1'))
    .join('');

describe('crypto-shredding: erasing a patient by destroying their key', () => {
  let app: TestApp;
  let patientId: string;
  let fresh: ReadModelStore;

  beforeAll(async () => {
    app = await startTestApp();
    const c = await client(app);
    const res = await c.agent.post('/api/auth/register').set('X-CSRF-Token', c.csrf).send(PERSON).expect(201);
    patientId = res.body.user.id;
    const csrf = res.body.csrfToken;
    // health data too: the patient books and answers their doctor's questionnaire
    const medico1 = app.ids['medico1@example.it'];
    const [slot] = (await c.agent.get('/disponibilita/query').query({ for: medico1, date: '2030-03-05' }).expect(200)).body;
    await c.agent.post('/prenotazioni').set('X-CSRF-Token', csrf).send({ doctor_id: medico1, availability_id: slot.id }).expect(201);
    const [questionnaire] = (await c.agent.get('/api/questionnaires').expect(200)).body as QuestionnaireView[];
    const answers = Object.fromEntries(questionnaire.questions.filter((q) => q.kind === 'radio').map((q) => [q.id, { choices: [q.options[0].value] }]));
    await c.agent
      .post(`/api/questionnaires/${questionnaire.id}/answers`)
      .set('X-CSRF-Token', csrf)
      .send({ answers: { ...answers, allergie: { choices: ['si'], text: HEALTH_TEXT } } })
      .expect(201);
    // before erasure it is all readable
    const admin = await client(app, 'admin@example.it');
    expect((await admin.agent.get(`/api/patients/${patientId}/answers`).expect(200)).body.questionnaires[0].answers.allergie.text).toBe(HEALTH_TEXT);

    await app.core.personalData.destroyKey(patientId);
  });
  afterAll(async () => {
    await fresh?.close();
    await app.close();
  });

  it('replays the whole log into fresh read models without error', async () => {
    fresh = await createReadModelStore({ kind: 'sqlite', filename: join(app.dataDir, 'fresh-read-models.db') });
    const errors: Error[] = [];
    const runner = new ProjectionRunner({ store: app.core.eventStore, readModels: fresh, projections: allProjections, onError: (e) => errors.push(e) });
    await runner.start();
    // background reactors (receipts, the outbox) may still append: compare both stores at one head
    const head = await app.core.eventStore.headPosition();
    await runner.waitFor(head);
    await app.core.changes.waitFor(head);
    await runner.stop();
    expect(errors).toEqual([]);
    for (const p of allProjections) {
      const [replayed, live] = [await fresh.checkpoint(p.name), await app.core.readModels.checkpoint(p.name)];
      // the same, unless a background append landed between the two reads: then both went past the head
      if (replayed !== live) {
        expect(replayed).toBeGreaterThanOrEqual(head);
        expect(live).toBeGreaterThanOrEqual(head);
      }
    }
    expect(await fresh.get('users', patientId)).not.toBeNull();
    expect(await fresh.find('questionnaire_answers', { patient_id: patientId })).toHaveLength(1);
  });

  it('leaves the patient unreadable: no name, email, tax code or answers', async () => {
    const user = (await fresh.get<UserDoc>('users', patientId))!.doc;
    expect(await app.core.personalData.open(user.personal)).toBeNull();
    expect(await app.app.get(UsersService).displayName(user)).toBe('Utente cancellato');
    const [answers] = await fresh.find<QuestionnaireAnswersDoc>('questionnaire_answers', { patient_id: patientId });
    expect(await app.core.personalData.open(answers.doc.answers)).toBeNull();
    // the live app says the same
    const admin = await client(app, 'admin@example.it');
    expect((await admin.agent.get(`/api/patients/${patientId}/answers`).expect(200)).body.questionnaires).toEqual([]);
    // other people are untouched
    const doctor = (await fresh.get<UserDoc>('users', app.ids['medico1@example.it']))!.doc;
    expect(await app.core.personalData.open<{ name: string }>(doctor.personal as Sealed)).toMatchObject({ name: 'Giulia' });
  });

  it('never wrote the personal strings in clear to the events database', () => {
    const config = app.core.config.eventStore;
    if (config.kind !== 'sqlite') throw new Error('this test reads the SQLite event store');
    const db = new Database(config.filename, { readonly: true });
    const rows = JSON.stringify(db.prepare('SELECT * FROM events').all());
    db.close();
    expect(rows).toMatch(/QuestionnaireAnswered/); // the query did read the events
    const raw = rawBytes(config.filename);
    expect(raw).toContain('ConsentRecorded'); // the raw bytes do hold the events' text
    for (const secret of SECRETS) {
      expect(rows).not.toContain(secret);
      expect(raw).not.toContain(secret);
    }
    // nor to the rebuilt read models
    const rebuilt = rawBytes(join(app.dataDir, 'fresh-read-models.db'));
    for (const secret of SECRETS) expect(rebuilt).not.toContain(secret);
  });
});
