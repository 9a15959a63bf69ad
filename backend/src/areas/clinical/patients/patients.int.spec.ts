import { codiceFiscaleCheckChar, notificationStreamName, slotId } from '@studio/contracts';
import type { ParsedMail } from 'mailparser';
import { settle } from '../../../testing/settle';
import { startTestSmtp, type TestSmtp } from '../../../testing/smtp';
import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { confirmedAtDesk } from '../../../testing/visits';

// today = Monday 2030-03-04 06:00Z; the demo doctors are open on weekdays
const NOW = '2030-03-04T06:00:00.000Z';
const PUBLIC_URL = 'https://studio.example.it';
const TAXCODE = 'BNCLRA85M41F205' + codiceFiscaleCheckChar('BNCLRA85M41F205');

describe('the practice’s patients: created at the desk, listed for the segreteria and for a doctor (theirs)', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let smtp: TestSmtp;
  let medico1: string;
  let admin: Client;
  let doctor: Client;
  let doctor2: Client;
  let auditor: Client;
  let patient: Client;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, NOTIFY_POLL_MS: '0', HOLD_SWEEP_SECONDS: '0' }, new Date(NOW), clock);
    medico1 = app.ids['medico1@example.it'];
    [admin, doctor, doctor2, auditor, patient] = await Promise.all(
      ['admin@example.it', 'medico1@example.it', 'medico2@example.it', 'auditor@example.it', 'paziente1@example.it'].map((e) => client(app, e)),
    );
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const create = (c: Client, body: object) => c.agent.post('/api/patients').set('X-CSRF-Token', c.csrf).send(body);
  const list = (c: Client, q?: string) => c.agent.get('/api/patients').query(q === undefined ? {} : { q });
  async function refused(call: () => PromiseLike<{ status: number; body: { error?: { message: string } } }>, status: number, message: RegExp) {
    const before = await lastRequestPosition(app);
    const res = await call();
    expect({ status: res.status, message: res.body.error?.message }).toEqual({ status, message: expect.stringMatching(message) });
    expect(await lastRequestPosition(app)).toBe(before);
  }

  it('the segreteria creates a patient (201 {id}), finds them by name, codice fiscale and phone; the patient claims the account by email', async () => {
    const res = await create(admin, {
      name: 'Laura',
      surname: 'Bianchini',
      phone: '+39 333 1112223',
      email: 'laura.bianchini@example.it',
      taxcode: TAXCODE.toLowerCase(),
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['id']);
    const id = res.body.id as string;
    for (const q of ['bianchini', 'Laura Bianch', TAXCODE.slice(0, 8), '3331112']) {
      expect((await list(admin, q).expect(200)).body).toEqual([
        { id, name: 'Laura', surname: 'Bianchini', birthDate: null, phone: '+39 333 1112223', nextVisit: null, lastVisit: null },
      ]);
    }
    expect((await list(admin, 'nessuno-così').expect(200)).body).toEqual([]);
    // the account-claim path: "Password dimenticata?" sends the link to the address the desk wrote
    const visitor = await client(app);
    await visitor.agent.post('/api/auth/password/forgot').set('X-CSRF-Token', visitor.csrf).send({ email: 'laura.bianchini@example.it' }).expect(202);
    const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0].address;
    for (let n = 1; !smtp.received.some((m) => to(m) === 'laura.bianchini@example.it'); n++) await smtp.waitFor(n, 10_000);
  });

  it('a doctor creates a patient without email nor codice fiscale; the email of a live account is refused (409), nothing appended', async () => {
    const res = await create(doctor, { name: 'Pietro', surname: 'Senzaposta', phone: '3401234567' });
    expect(res.status).toBe(201);
    expect((await list(admin, 'senzaposta').expect(200)).body).toMatchObject([{ id: res.body.id, phone: '3401234567' }]);
    await refused(() => create(admin, { name: 'Luca', surname: 'Doppio', phone: '3331234567', email: 'paziente1@example.it' }), 409, /Esiste già un account/);
  });

  it('bad input: 400 in Italian, nothing appended', async () => {
    await refused(() => create(admin, { name: '', surname: 'Rossi', phone: '333123456' }), 400, /Inserisci il nome/);
    await refused(() => create(admin, { name: 'Anna', surname: 'Rossi' }), 400, /Inserisci il numero di telefono/);
    await refused(() => create(admin, { name: 'Anna', surname: 'Rossi', phone: 'abc' }), 400, /Numero di telefono non valido/);
    await refused(() => create(admin, { name: 'Anna', surname: 'Rossi', phone: '333123456', email: 'non-una-email' }), 400, /Email non valida/);
    await refused(() => create(admin, { name: 'Anna', surname: 'Rossi', phone: '333123456', taxcode: 'RSSMRA80A01H501X' }), 400, /Codice fiscale non valido/);
    const long = await list(admin, 'x'.repeat(101));
    expect({ status: long.status, message: long.body.error?.message }).toEqual({ status: 400, message: 'Ricerca troppo lunga.' });
  });

  it('the auditor, a patient and a visitor may neither create nor list (403/401), nothing appended', async () => {
    const body = { name: 'Anna', surname: 'Rossi', phone: '333123456' };
    await refused(() => create(auditor, body), 403, /./);
    await refused(() => create(patient, body), 403, /./);
    await refused(async () => create(await client(app), body), 401, /./);
    expect((await list(auditor)).status).toBe(403);
    expect((await list(patient)).status).toBe(403);
  });

  it('a doctor lists only the patients they treat (a paid visit), with next and last visit; another doctor does not see them', async () => {
    const start = '2030-03-06T09:00:00Z';
    const { patient: treated } = await confirmedAtDesk(app, doctor, medico1, { start, amountCents: 8000, prefix: 'seguito' });
    const mine = (await list(doctor).expect(200)).body as { id: string; nextVisit: string | null }[];
    expect(mine.find((p) => p.id === treated.id)).toMatchObject({ nextVisit: start, lastVisit: null });
    // the patients created at the desk are not medico1's until they have a visit
    expect(mine.map((p) => p.id)).not.toContain((await list(admin, 'senzaposta')).body[0].id);
    expect(((await list(doctor2).expect(200)).body as { id: string }[]).map((p) => p.id)).not.toContain(treated.id);
    clock.set('2030-03-07T06:00:00Z');
    expect(((await list(doctor).expect(200)).body as { id: string; lastVisit: string | null }[]).find((p) => p.id === treated.id)).toMatchObject({
      nextVisit: null,
      lastVisit: start,
    });
    // each patient listed is in their access log
    const log = (await treated.agent.get('/api/me/access-log').expect(200)).body as { at: string; viewerName: string; what: string }[];
    expect(log).toContainEqual(expect.objectContaining({ at: '2030-03-07T06:00:00.000Z', viewerName: 'Giulia Rossi', what: 'personal_data' }));
  });

  it('GET /api/patients/:id: the header of a patient screen, for the segreteria and the treating doctor; 403 to another doctor or the auditor, 404 unknown', async () => {
    const { patient: treated, start } = await confirmedAtDesk(app, doctor, medico1, { start: '2030-03-11T09:00:00Z', amountCents: 8000, prefix: 'testata' });
    const summary = (await admin.agent.get(`/api/patients/${treated.id}`).expect(200)).body;
    expect(summary).toMatchObject({ id: treated.id, name: 'Paziente', surname: 'Prova 0', email: treated.email, nextVisit: start, birthDate: null });
    expect((await doctor.agent.get(`/api/patients/${treated.id}`).expect(200)).body).toEqual(summary);
    expect((await doctor2.agent.get(`/api/patients/${treated.id}`)).status).toBe(403);
    expect((await auditor.agent.get(`/api/patients/${treated.id}`)).status).toBe(403);
    expect((await admin.agent.get('/api/patients/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.agent.get(`/api/patients/${app.ids['medico1@example.it']}`)).status).toBe(404);
  });

  it('a patient without email, booked and paid at the desk: the confirmation to them is dropped (no address), the doctor’s goes out', async () => {
    const { id } = (await create(admin, { name: 'Nina', surname: 'Senzaemail', phone: '3471112233' }).expect(201)).body as { id: string };
    const booking = (
      await admin.agent
        .post(`/api/patients/${id}/holds`)
        .set('X-CSRF-Token', admin.csrf)
        .send({ doctor_id: medico1, availability_id: slotId(medico1, '2030-03-12T10:00:00Z') })
        .expect(201)
    ).body.id as string;
    await admin.agent
      .post(`/api/bookings/${booking}/desk-payment`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ method: 'cash', amountCents: 8000, taxcode: TAXCODE })
      .expect(201);
    const last = async (who: 'patient' | 'doctor') =>
      (await app.core.eventStore.readStream(notificationStreamName(`booking_confirmed-${booking}-0-${who}`), { direction: 'backwards', maxCount: 1 }))[0];
    await settle(app);
    expect(await last('patient')).toMatchObject({ type: 'NotificationCancelled', data: { reason: 'nessun indirizzo email' } });
    expect((await last('doctor'))?.type).not.toBe('NotificationCancelled');
  });
});
