import { AVAILABILITY_CHANGED, AVAILABILITY_WATCH, type AvailabilityChanged } from '@studio/contracts';
import type { Socket } from 'socket.io-client';
import { connect, nextChange, watch } from '../../../testing/sockets';
import { client, startTestApp, type TestApp } from '../../../testing/test-app';

describe('live availability over socket.io', () => {
  let app: TestApp;
  let medico1: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await startTestApp();
    medico1 = app.ids['medico1@example.it'];
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await app.close();
  });

  it('two watchers of one doctor both see a toggle, after the read model has it', async () => {
    const a = await connect(app);
    const b = await connect(app);
    sockets.push(a, b);
    const ackA = await watch(a, medico1);
    expect(ackA).toEqual({ ok: true, position: expect.any(Number) });
    await watch(b, medico1);
    const doctor = await client(app, 'medico1@example.it');
    const start = '2030-03-05T16:00:00Z';
    const gotA = nextChange(a, (m) => m.slot.start === start);
    const gotB = nextChange(b, (m) => m.slot.start === start);
    const toggled = await doctor.agent
      .post('/disponibilita/toggle')
      .set('X-CSRF-Token', doctor.csrf)
      .send({ for: medico1, start, end: '2030-03-05T16:30:00Z' })
      .expect(200);
    const [ma, mb] = await Promise.all([gotA, gotB]);
    for (const m of [ma, mb]) {
      expect(m).toMatchObject({
        doctorId: medico1,
        slot: { id: toggled.body.id, status: 'available', color: toggled.body.color, textColor: toggled.body.textColor },
      });
      expect(m.position).toBeGreaterThan(ackA.ok ? ackA.position : 0);
    }
    // pushed only once the projection answers the same
    expect(await app.core.readModels.checkpoint('availability_slots')).toBeGreaterThanOrEqual(ma.position);
    const week = await doctor.agent.get('/disponibilita/json').query({ for: medico1, start: '2030-03-04T00:00:00Z', end: '2030-03-11T00:00:00Z' });
    expect(week.body.find((e: { id: string }) => e.id === toggled.body.id).status).toBe('available');
  });

  it('does not push one doctor’s changes to watchers of another', async () => {
    const other = await connect(app);
    sockets.push(other);
    await watch(other, app.ids['medico2@example.it']);
    const received: AvailabilityChanged[] = [];
    other.on(AVAILABILITY_CHANGED, (m) => received.push(m));
    const watcher = await connect(app);
    sockets.push(watcher);
    await watch(watcher, medico1);
    const got = nextChange(watcher);
    const doctor = await client(app, 'medico1@example.it');
    await doctor.agent
      .post('/disponibilita/toggle')
      .set('X-CSRF-Token', doctor.csrf)
      .send({ for: medico1, start: '2030-03-05T17:00:00Z', end: '2030-03-05T17:30:00Z' })
      .expect(200);
    await got;
    expect(received).toEqual([]);
  });

  it('a client that was disconnected gets what it missed when it watches again with its last position', async () => {
    const doctor = await client(app, 'medico1@example.it');
    const c = await connect(app);
    const ack = await watch(c, medico1);
    const last = ack.ok ? ack.position : -1;
    c.disconnect();
    const missed = ['2030-03-06T08:00:00Z', '2030-03-06T08:30:00Z', '2030-03-06T09:00:00Z'];
    for (const start of missed) {
      const end = new Date(Date.parse(start) + 30 * 60_000).toISOString().replace('.000', '');
      await doctor.agent.post('/disponibilita/toggle').set('X-CSRF-Token', doctor.csrf).send({ for: medico1, start, end }).expect(200);
    }
    await app.core.runner.waitFor(await app.core.eventStore.headPosition());
    const again = await connect(app);
    sockets.push(again);
    const received: AvailabilityChanged[] = [];
    again.on(AVAILABILITY_CHANGED, (m) => received.push(m));
    const ack2 = await watch(again, medico1, last);
    expect(ack2.ok).toBe(true);
    expect(received.map((m) => [m.slot.start, m.slot.status])).toEqual([
      ['2030-03-06T08:00:00Z', 'available'],
      ['2030-03-06T08:30:00Z', 'available'],
      ['2030-03-06T09:00:00Z', 'unavailable'], // the seed had opened 09:00
    ]);
    expect(received.every((m) => m.position > last)).toBe(true);
  });

  it('answers a malformed watch with an Italian error', async () => {
    const c = await connect(app);
    sockets.push(c);
    const ack = await c.timeout(5000).emitWithAck(AVAILABILITY_WATCH, { nope: 1 });
    expect(ack).toEqual({ ok: false, error: expect.stringMatching(/medico/) });
  });
});
