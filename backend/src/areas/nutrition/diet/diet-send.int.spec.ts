import { CATEGORY_OFFSET, accessStreamName, dietStreamName, type FoodView } from '@studio/contracts';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { settle as settleApp } from '../../../testing/settle';
import { startTestSmtp, type TestSmtp } from '../../../testing/smtp';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

// demo seed on 2030-03-04 (Monday): medico1 open 09:00–13:00 on weekdays; demo foods and categories.
const NOW = '2030-03-04T06:00:00.000Z';
const PUBLIC_URL = 'https://prenota.studio.example.it';

/** the doctor prints (PDF) and sends the diet to the patient; the email carries a link, never the diet */
describe('the diet leaves the editor: PDF download and "Invia al paziente" through the outbox', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let smtp: TestSmtp;
  let doctor: Client;
  let otherDoctor: Client;
  let admin: Client;
  let patient: TestPatient;
  let foods: FoodView[];
  const food = (name: string) => foods.find((f) => f.name === name)!;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startTestApp({ SMTP_URL: smtp.url, PRACTICE_NAME: 'Studio Rossi', NOTIFY_POLL_MS: '0', HOLD_SWEEP_SECONDS: '0', PUBLIC_URL }, undefined, clock);
    doctor = await client(app, 'medico1@example.it');
    otherDoctor = await client(app, 'medico2@example.it');
    admin = await client(app, 'admin@example.it');
    [patient] = await registerPatients(app, 1, 'invio');
    const free = (
      await request(app.app.getHttpServer()).get('/disponibilita/query').query({ for: app.ids['medico1@example.it'], date: '2030-03-05' }).expect(200)
    ).body;
    await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: app.ids['medico1@example.it'], availability_id: free[0].id })
      .expect(201);
    foods = (await doctor.agent.get('/api/studio-foods').expect(200)).body;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const send = (c: Client) => c.agent.post(`/api/patients/${patient.id}/diet/send`).set('X-CSRF-Token', c.csrf).send({});
  const pdf = (c: Client) => c.agent.get(`/api/patients/${patient.id}/diet.pdf`).buffer(true).parse(binary);
  const dietEvents = async () => (await app.core.eventStore.readStream(dietStreamName(patient.id))).map((e) => e.type);
  const settle = () => settleApp(app);
  const mailsTo = (email: string) => smtp.received.filter((m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value.some((a) => a.address === email));

  it('refuses to send or print a diet never saved, in Italian, appending nothing', async () => {
    const before = await app.core.eventStore.headPosition();
    const res = await send(doctor).expect(400);
    expect(res.body.error).toEqual({ code: 'dieta_non_salvata', message: 'Salva la dieta prima di inviarla al paziente.' });
    expect((await pdf(doctor).expect(404)).body.toString()).toContain('Salva la dieta prima di stamparla o scaricarla.');
    // the refused PDF read nothing: no access-log entry either
    expect(await app.core.eventStore.headPosition()).toBe(before);
  });

  it('the treating doctor downloads the saved diet as a PDF (logged in the access log); another doctor may not', async () => {
    const day = {
      meals: { pranzo: [{ id: 'p1', item: food('Pasta di semola').id, grams: 80 }], cena: [{ id: 'n1', item: food('Merluzzo').id, grams: 150 }] },
      portions: { pranzo: [{ categoryId: food('Zucchine').categoryId, times: 7 }], cena: [{ categoryId: food('Zucchine').categoryId, times: 7 }] },
      notes: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bere due litri di acqua' }] }] },
      revision: null,
    };
    expect(CATEGORY_OFFSET).toBe(100000);
    await doctor.agent.put(`/api/patients/${patient.id}/diet`).set('X-CSRF-Token', doctor.csrf).send(day).expect(200);

    const res = await pdf(doctor).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="dieta.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    await app.core.changes.waitFor(await app.core.eventStore.headPosition());
    const log = (await patient.agent.get('/api/me/access-log').expect(200)).body as { viewerId: string; what: string }[];
    expect(log[0]).toMatchObject({ viewerId: app.ids['medico1@example.it'], what: 'diet' });

    const before = await app.core.eventStore.headPosition();
    expect((await pdf(otherDoctor).expect(403)).body.toString()).toContain('paziente_non_tuo');
    await patient.agent.get(`/api/patients/${patient.id}/diet.pdf`).expect(403);
    expect(await app.core.eventStore.headPosition()).toBe(before);
  });

  it("the patient's access log groups a reader's reads of one kind in one hour: 16 reads of the diet are one entry counting 16 more", async () => {
    type Entry = { viewerId: string; what: string; count: number };
    const log = async () => {
      await app.core.changes.waitFor(await app.core.eventStore.headPosition());
      return ((await patient.agent.get('/api/me/access-log').expect(200)).body as Entry[]).filter(
        (e) => e.viewerId === app.ids['medico1@example.it'] && e.what === 'diet',
      );
    };
    const before = await log();
    expect(before).toHaveLength(1);
    for (let i = 0; i < 16; i++) await doctor.agent.get(`/api/patients/${patient.id}/diet`).expect(200);
    const after = await log();
    expect(after).toHaveLength(1);
    expect(after[0].count).toBe(before[0].count + 16);
    // sixteen events all the same: the log keeps every read, the list groups them
    const events = (await app.core.eventStore.readStream(accessStreamName(patient.id))).filter(
      (e) => (e.data as { viewerId: string; what: string }).viewerId === app.ids['medico1@example.it'] && (e.data as { what: string }).what === 'diet',
    );
    expect(events).toHaveLength(before[0].count + 16);
  });

  it('refuses "Invia al paziente" to another doctor, the front desk and the patient, appending nothing and mailing nothing', async () => {
    await settle();
    const before = await app.core.eventStore.headPosition();
    const mails = smtp.received.length;
    expect((await send(otherDoctor).expect(403)).body.error.code).toBe('paziente_non_tuo');
    expect((await send(admin).expect(403)).body.error).toEqual({
      code: 'solo_medico_curante',
      message: 'Solo il medico che segue il paziente può inviargli la dieta.',
    });
    await send(patient).expect(403);
    await doctor.agent.post(`/api/patients/${patient.id}/diet/send`).send({}).expect(403); // no CSRF token
    await request(app.app.getHttpServer()).post(`/api/patients/${patient.id}/diet/send`).send({}).expect(403); // no session (the CSRF check answers first)
    await settle();
    expect(await app.core.eventStore.headPosition()).toBe(before);
    expect(smtp.received).toHaveLength(mails);
    expect(await dietEvents()).not.toContain('DietSentToPatient');
  });

  it('the treating doctor sends it: an event, then an email through the real SMTP server with a link to /home and no health data', async () => {
    const res = await send(doctor).expect(202);
    expect(res.body).toEqual({ sentAt: NOW });
    const [event] = (await app.core.eventStore.readStream(dietStreamName(patient.id))).filter((e) => e.type === 'DietSentToPatient');
    expect(event.data).toEqual({ patientId: patient.id, doctorId: app.ids['medico1@example.it'], sendId: expect.any(String), revision: 0, at: NOW });

    await settle();
    await smtp.waitFor(1);
    const [mail] = mailsTo(patient.email);
    expect(mail).toBeDefined();
    expect(mail.subject).toBe('La tua dieta è disponibile');
    const text = mail.text ?? '';
    expect(text).toContain(`${PUBLIC_URL}/home`);
    expect(mail.html || '').toContain(`href="${PUBLIC_URL}/home"`);
    // none of the diet: no food, no grams, no kcal, no notes; no attachment
    for (const body of [text, String(mail.html)]) {
      expect(body).not.toMatch(/Pasta|Merluzzo|Zucchine|acqua|kcal|\b80 g|\b150 g/i);
    }
    expect(mail.attachments).toHaveLength(0);
  });
});

/** supertest: the PDF's bytes as a Buffer */
function binary(res: NodeJS.ReadableStream & { setEncoding(e: string): void }, done: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
