import { AVAILABILITY_CHANGED, AVAILABILITY_WATCH, SLOT_COLORS, slotId, type AvailabilityChanged } from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { registerPatients } from '../../testing/patients';
import { connect, sessionCookieOf, watch } from '../../testing/sockets';
import { client, startTestApp, type TestApp } from '../../testing/test-app';
import { SOCKET_MAX_BUFFER_BYTES } from './socket-limits';

describe('sockets: what a caller may read, and limits per socket', () => {
  let app: TestApp;
  let medico1: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', RATE_LIMIT_SOCKET: '30' });
    medico1 = app.ids['medico1@example.it'];
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await app.close();
  });
  const open = async (cookie?: string) => {
    const s = await connect(app, cookie);
    sockets.push(s);
    return s;
  };

  it("a logout closes that session's sockets (they would keep the user's rooms), and only that session's", async () => {
    const [leaving, staying] = await Promise.all([client(app, 'medico1@example.it'), client(app, 'medico1@example.it')]);
    const [leavingSocket, stayingSocket] = await Promise.all([open(sessionCookieOf(leaving.agent as never)), open(sessionCookieOf(staying.agent as never))]);
    const closed = new Promise<string>(
      (resolve) => (leavingSocket.once('disconnect', resolve), setTimeout(() => resolve('still open after 5 s'), 5000).unref()),
    );
    await leaving.agent.post('/api/auth/logout').set('X-CSRF-Token', leaving.csrf).expect(200);
    expect(await closed).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 100));
    expect(stayingSocket.connected).toBe(true);
  });

  it('refuses to follow an unknown doctor, or a patient as if a doctor', async () => {
    const s = await open();
    expect(await watch(s, randomUUID())).toEqual({ ok: false, error: 'Medico non trovato.' });
    expect(await watch(s, app.ids['paziente1@example.it'])).toEqual({ ok: false, error: 'Medico non trovato.' });
  });

  it('a replay to a visitor or a patient says only free or not free, never held, booked or a booking link; staff get it all', async () => {
    const [p] = await registerPatients(app, 1);
    const id = slotId(medico1, '2030-03-05T10:00:00Z');
    const held = await p.agent.post('/prenotazioni').set('X-CSRF-Token', p.csrf).send({ doctor_id: medico1, availability_id: id }).expect(201);
    await app.core.changes.waitFor(await app.core.eventStore.headPosition());
    const replay = async (s: Socket) => {
      const got: AvailabilityChanged[] = [];
      s.on(AVAILABILITY_CHANGED, (m: AvailabilityChanged) => got.push(m));
      expect((await watch(s, medico1, 0)).ok).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      return got;
    };
    const patientSocket = await open(sessionCookieOf(p.agent as never));
    for (const got of [await replay(await open()), await replay(patientSocket)]) {
      expect(got.length).toBeGreaterThan(0);
      expect(got.find((m) => m.slot.id === id)?.slot).toEqual({
        id,
        start: '2030-03-05T10:00:00Z',
        end: '2030-03-05T10:30:00Z',
        status: 'unavailable',
        ...SLOT_COLORS.unavailable,
      });
      expect(JSON.stringify(got)).not.toMatch(/held|booked|prenotazioni/);
    }
    const doctor = await client(app, 'medico1@example.it');
    const staff = await replay(await open(sessionCookieOf(doctor.agent as never)));
    expect(staff.find((m) => m.slot.id === id)?.slot).toMatchObject({ status: 'held', url: `/prenotazioni/${held.body.id}` });
  });

  it('a flood of replays from one socket is cut by its budget, and HTTP keeps answering meanwhile', async () => {
    const s = await open();
    let pushed = 0;
    s.on(AVAILABILITY_CHANGED, () => pushed++);
    const acks: Promise<{ ok: boolean }>[] = [];
    for (let i = 0; i < 300; i++) acks.push(s.timeout(20_000).emitWithAck(AVAILABILITY_WATCH, { doctorId: medico1, since: 0 }));
    // while the flood is being handled, a visitor's page still loads
    const page = await request(app.app.getHttpServer()).get('/disponibilita/query').query({ for: medico1, date: '2030-03-05' });
    expect(page.status).toBe(200);
    const results = await Promise.all(acks);
    const accepted = results.filter((r) => r.ok).length;
    // 30 messages per 10 s, a replay costs 10: three replays at most
    expect(accepted).toBeLessThanOrEqual(3);
    expect(results.filter((r) => !r.ok)).toHaveLength(300 - accepted);
    const slots = (await app.core.readModels.find('availability_slots', { doctor_id: medico1 })).length;
    await new Promise((r) => setTimeout(r, 200));
    expect(pushed).toBeLessThanOrEqual(3 * slots);
  });

  it(`a message over ${SOCKET_MAX_BUFFER_BYTES} bytes closes the socket`, async () => {
    const s = await open();
    const closed = new Promise<string>((resolve) => s.on('disconnect', (reason) => resolve(reason)));
    s.emit(AVAILABILITY_WATCH, { doctorId: 'x'.repeat(SOCKET_MAX_BUFFER_BYTES * 2) });
    expect(await closed).toMatch(/transport/);
    // the server still serves everybody else
    expect((await watch(await open(), medico1)).ok).toBe(true);
  });
});
