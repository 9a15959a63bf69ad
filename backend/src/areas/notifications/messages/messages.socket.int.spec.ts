import { MESSAGES_CHANGED, MESSAGES_WATCH } from '@studio/contracts';
import type { Socket } from 'socket.io-client';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { connect, sessionCookieOf } from '../../../testing/sockets';
import { client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

interface Changed {
  patientId: string;
  with: string;
  unread: number;
}

describe('messages live over socket.io: each side hears its own conversations, with its own unread count, never the content', () => {
  let app: TestApp;
  let doctor: Client;
  let otherDoctor: Client;
  let admin: Client;
  let auditor: Client;
  let patient: TestPatient;
  let other: TestPatient;
  const sockets: Socket[] = [];

  const open = async (c: Client) => {
    const s = await connect(app, sessionCookieOf(c.agent as never));
    sockets.push(s);
    return s;
  };
  const heard = (s: Socket) => {
    const seen: Changed[] = [];
    s.on(MESSAGES_CHANGED, (m: Changed) => seen.push(m));
    return seen;
  };
  /** until both sides heard it; the others had the same feed's batch, so by then they would have heard it too */
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((r) => setTimeout(r, 20));
  };

  beforeAll(async () => {
    app = await startTestApp();
    [doctor, otherDoctor, admin, auditor] = await Promise.all(
      ['medico1@example.it', 'medico2@example.it', 'admin@example.it', 'auditor@example.it'].map((e) => client(app, e)),
    );
    [patient, other] = await registerPatients(app, 2, 'socket-messaggi');
    await patient.agent.post('/api/me/care-shares').set('X-CSRF-Token', patient.csrf).send({ doctorId: app.ids['medico1@example.it'] }).expect(200);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await app.close();
  });

  it('a message to the doctor reaches the doctor’s and the patient’s sockets, not another patient, doctor or the segreteria', async () => {
    const [p, o, d, d2, a] = await Promise.all([open(patient), open(other), open(doctor), open(otherDoctor), open(admin)]);
    for (const s of [p, o, d, d2, a]) expect(await s.timeout(5000).emitWithAck(MESSAGES_WATCH, {})).toEqual({ ok: true });
    const [pSeen, oSeen, dSeen, d2Seen, aSeen] = [p, o, d, d2, a].map(heard);
    await patient.agent
      .post('/api/me/messages')
      .set('X-CSRF-Token', patient.csrf)
      .send({ to: app.ids['medico1@example.it'], text: 'Testo riservato' })
      .expect(201);
    await until(() => dSeen.length > 0 && pSeen.length > 0);
    expect(dSeen).toEqual([expect.objectContaining({ patientId: patient.id, with: app.ids['medico1@example.it'], unread: 1 })]);
    expect(pSeen).toEqual([expect.objectContaining({ patientId: patient.id, unread: 0 })]);
    expect(oSeen).toEqual([]);
    expect(d2Seen).toEqual([]);
    expect(aSeen).toEqual([]);
    expect(JSON.stringify([...dSeen, ...pSeen])).not.toContain('Testo riservato');
  });

  it('the auditor and a visitor cannot watch messages', async () => {
    const s = await open(auditor);
    expect(await s.timeout(5000).emitWithAck(MESSAGES_WATCH, {})).toMatchObject({ ok: false });
    const anonymous = await connect(app);
    sockets.push(anonymous);
    expect(await anonymous.timeout(5000).emitWithAck(MESSAGES_WATCH, {})).toMatchObject({ ok: false, error: 'Accedi per seguire i tuoi messaggi.' });
  });
});
