/**
 * The scale-out proofs, for any placement of the processes: projections worker + two backend processes on one SQLite
 * event file (or, with SCALE_OUT_EVENT_STORE=postgres, the PostgreSQL event store; or each in a network namespace of
 * its own, scale-out-netns.e2e.spec.ts), PostgreSQL (a fresh database) and Redis (a random prefix). The log is read
 * through the port, whichever it is. A spec calls scaleOutProofs once, at its top level.
 */
import { Client } from 'pg';
import { io } from 'socket.io-client';
import { AVAILABILITY_CHANGED, AVAILABILITY_WATCH, slotId, type AvailabilityChanged } from '@studio/contracts';
import { SLOT_TAKEN_MESSAGE } from '../src/areas/scheduling/availability';
import { BENCH_RATE_LIMITS, login } from '../../bench/availability.bench';
import { iso, registerPatient } from '../../bench/holds.bench';
import { startTopology, type Topology, type TopologyOptions } from './topology';

export type Session = { cookie: string; csrf: string; userId: string };

export const post = (base: string, path: string, s: { cookie: string; csrf: string }, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: s.cookie, 'x-csrf-token': s.csrf },
    body: JSON.stringify(body),
  });

export const connectTo = async (base: string, cookie?: string) => {
  const socket = io(base, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: cookie ? { cookie } : {} });
  await new Promise<void>((resolve, reject) => (socket.once('connect', resolve), socket.once('connect_error', reject)));
  return socket;
};

export interface ScaleOutContext {
  topology(): Topology;
  doctor(): Session;
  /** the doctor opens or closes a half-hour slot through an instance */
  toggle(base: string, start: number): Promise<Response>;
}

export interface ScaleOutPlacement {
  /** more options for startTopology, made before it (namespaces, say), and what undoes them after its stop */
  prepare?(): Promise<{ options: TopologyOptions; undo(): Promise<void> }>;
  /** more proofs, run while both instances live (before the one that kills A) */
  more?(context: ScaleOutContext): void;
  /** more proofs, run once A has been killed */
  afterInstanceKill?(context: ScaleOutContext): void;
}

/**
 * A watcher as the frontend's (frontend/src/lib/liveUpdates.ts): it keeps the highest position seen and, on
 * reconnecting, watches again with `since` it; the server replays the slots changed after it.
 */
export class Watcher {
  readonly slots = new Map<string, { status: string; position: number }>();
  position = 0;
  socket!: ReturnType<typeof io>;
  constructor(
    readonly cookie: string | undefined,
    readonly doctorId: string,
  ) {}

  async watchOn(base: string): Promise<void> {
    this.socket = await connectTo(base, this.cookie);
    this.socket.on(AVAILABILITY_CHANGED, (m: AvailabilityChanged) => {
      this.position = Math.max(this.position, m.position);
      const seen = this.slots.get(m.slot.id);
      if (!seen || seen.position < m.position) this.slots.set(m.slot.id, { status: m.slot.status, position: m.position });
    });
    const ack = (await this.socket
      .timeout(10_000)
      .emitWithAck(AVAILABILITY_WATCH, this.position ? { doctorId: this.doctorId, since: this.position } : { doctorId: this.doctorId })) as {
      ok: boolean;
      position: number;
    };
    expect(ack.ok).toBe(true);
    this.position = Math.max(this.position, ack.position);
  }
}

export function scaleOutProofs(placement: ScaleOutPlacement = {}): void {
  jest.setTimeout(300_000);

  let t: Topology;
  let doctor: Session;
  let undo: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const lines: string[] = [];
    const prepared = await placement.prepare?.();
    undo = prepared?.undo;
    // 100 patients register and hold from one address: the limits per address are lifted for this run
    t = await startTopology({ ...prepared?.options, log: (line) => lines.push(line), env: { ...prepared?.options.env, ...BENCH_RATE_LIMITS } }).catch(
      (error: Error) => {
        // what the processes said is the explanation of a failed start
        throw new Error(`${error.message}\n${lines.slice(-40).join('\n')}`);
      },
    );
    doctor = await login(t.a.base, 'medico1@example.it');
  });
  afterAll(async () => {
    try {
      await t?.stop();
    } finally {
      await undo?.();
    }
  });

  const toggle = (base: string, start: number) =>
    post(base, '/disponibilita/toggle', doctor, { for: doctor.userId, start: iso(start), end: iso(start + 30 * 60_000) });

  it('a login on A is valid on B', async () => {
    const res = await fetch(`${t.b.base}/api/auth/session`, { headers: { cookie: doctor.cookie } });
    expect(((await res.json()) as { user: { id: string } | null }).user?.id).toBe(doctor.userId);
  });

  it('a toggle made on A reaches a watcher on B, once', async () => {
    const socket = await connectTo(t.b.base);
    try {
      await socket.timeout(5000).emitWithAck(AVAILABILITY_WATCH, { doctorId: doctor.userId });
      const start = Date.UTC(2033, 0, 10, 9);
      const later = start + 30 * 60_000;
      const received: AvailabilityChanged[] = [];
      socket.on(AVAILABILITY_CHANGED, (m: AvailabilityChanged) => received.push(m));
      const arrived = (slotStart: number) =>
        new Promise<void>((resolve) => {
          const check = () => received.some((m) => m.slot.start === iso(slotStart)) && (socket.off(AVAILABILITY_CHANGED, check), resolve());
          socket.on(AVAILABILITY_CHANGED, check);
        });
      const first = arrived(start);
      expect((await toggle(t.a.base, start)).status).toBe(200);
      await first;
      expect(received.find((m) => m.slot.start === iso(start))?.slot.status).toBe('available');
      // every instance pushes the feed to its own sockets only: through the Redis adapter A's push would arrive too
      const second = arrived(later);
      expect((await toggle(t.a.base, later)).status).toBe(200);
      await second;
      await new Promise((r) => setTimeout(r, 300));
      expect(received.filter((m) => m.slot.start === iso(start))).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });

  it("a broadcast made on A reaches B's sockets (socket.io Redis adapter): a logout on A closes that session's sockets on B", async () => {
    const medico2 = await login(t.a.base, 'medico2@example.it');
    const [onB, otherOnB] = await Promise.all([connectTo(t.b.base, medico2.cookie), connectTo(t.b.base, doctor.cookie)]);
    try {
      const closed = new Promise<string>((resolve) => (onB.once('disconnect', resolve), setTimeout(() => resolve('still open after 5 s'), 5000).unref()));
      let otherClosed = false;
      otherOnB.once('disconnect', () => (otherClosed = true));
      const res = await post(t.a.base, '/api/auth/logout', medico2, {});
      expect(res.status).toBe(200);
      expect(await closed).toBe('io server disconnect');
      // another session's socket stays open
      await new Promise((r) => setTimeout(r, 200));
      expect(otherClosed).toBe(false);
      expect(otherOnB.connected).toBe(true);
    } finally {
      onB.disconnect();
      otherOnB.disconnect();
    }
  });

  it('100 patients split across A and B race for one slot: exactly one wins', async () => {
    const run = Date.now().toString(36);
    const patients = [];
    // a few at a time: each registration waits for the worker's read model (read-your-writes across processes)
    for (let i = 0; i < 100; i += 4) {
      patients.push(...(await Promise.all(Array.from({ length: 4 }, (_, k) => registerPatient((i + k) % 2 ? t.b.base : t.a.base, i + k, run)))));
    }
    const start = Date.UTC(2033, 0, 11, 9);
    expect((await toggle(t.b.base, start)).status).toBe(200);
    const id = slotId(doctor.userId, iso(start));
    const results = await Promise.all(
      patients.map(async (p, i) => {
        const res = await post(i % 2 ? t.a.base : t.b.base, '/prenotazioni', p, { doctor_id: doctor.userId, availability_id: id });
        return { status: res.status, body: (await res.json()) as { id?: string; error?: { message: string } } };
      }),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.error?.message).toBe(SLOT_TAKEN_MESSAGE);
    // and the log agrees: one SlotHeld for that slot, the winner's
    const events = t.openEventStore();
    try {
      const held = (await events.readAll())
        .filter((e) => e.type === 'SlotHeld')
        .map((e) => e.data as { slotId: string; bookingId: string })
        .filter((e) => e.slotId === id);
      expect(held.map((e) => e.bookingId)).toEqual([results.find((r) => r.status === 201)!.body.id]);
    } finally {
      await events.close();
    }
  });

  it('the worker killed with -9 and restarted catches up: nothing lost, nothing applied twice', async () => {
    await t.killWorker();
    // written while no worker runs, on both instances
    const starts = Array.from({ length: 20 }, (_, i) => Date.UTC(2033, 0, 12, 8) + i * 30 * 60_000);
    for (const [i, start] of starts.entries()) expect((await toggle(i % 2 ? t.a.base : t.b.base, start)).status).toBe(200);
    await t.startWorker();

    const events = t.openEventStore();
    const pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
    try {
      const head = { head: await events.headPosition(), n: (await events.readAll()).length };
      const deadline = Date.now() + 30_000;
      let checkpoints: number[] = [];
      while (Date.now() < deadline) {
        checkpoints = (await pg.query('SELECT position FROM read_models.rm_checkpoints')).rows.map((r) => Number(r.position));
        if (checkpoints.length > 0 && checkpoints.every((c) => c >= head.head)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(Math.min(...checkpoints)).toBe(head.head);
      // the audit index holds one row per event of the log: none missing, none twice
      const table = (await pg.query("SELECT physical_table FROM read_models.rm_registry WHERE collection = 'audit_events'")).rows[0].physical_table as string;
      const rows = (await pg.query(`SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM read_models."${table}"`)).rows[0];
      expect(rows).toEqual({ n: head.n, ids: head.n });
      // and B's query answers what the log says: the 20 slots are open
      const res = await fetch(`${t.b.base}/disponibilita/json?for=${doctor.userId}&start=${iso(starts[0])}&end=${iso(starts[19] + 30 * 60_000)}`, {
        headers: { cookie: doctor.cookie },
      });
      const slots = ((await res.json()) as { start: string; status: string }[]).filter((s) => starts.map(iso).includes(s.start));
      expect(slots.map((s) => s.status)).toEqual(starts.map(() => 'available'));
    } finally {
      await events.close();
      await pg.end();
    }
  });

  const context: ScaleOutContext = { topology: () => t, doctor: () => doctor, toggle };
  placement.more?.(context);

  it('an instance killed mid-load loses no acknowledged write, and its clients reconnect to the other and receive what they missed', async () => {
    const watchers = [
      ...Array.from({ length: 3 }, () => new Watcher(doctor.cookie, doctor.userId)),
      ...Array.from({ length: 3 }, () => new Watcher(undefined, doctor.userId)),
    ];
    await Promise.all(watchers.map((w) => w.watchOn(t.a.base)));
    const aDisconnected = Promise.all(watchers.map((w) => new Promise((resolve) => w.socket.once('disconnect', resolve))));

    // four writers through A, each opening slots of its own days, one after the other, until A dies
    const slotStart = (writer: number, n: number) => Date.UTC(2033, 1, 1 + writer * 5 + Math.floor(n / 18), 8) + (n % 18) * 30 * 60_000;
    const acknowledged: string[] = [];
    let failures = 0;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let n = 0; n < 90; n++) {
        let answer: { status: number; body: { status?: string } };
        try {
          const res = await toggle(t.a.base, slotStart(w, n));
          answer = { status: res.status, body: (await res.json()) as { status?: string } };
        } catch {
          // A is gone: an answer lost in flight acknowledged nothing
          return failures++;
        }
        expect(answer).toEqual({ status: 200, body: expect.objectContaining({ status: 'available' }) });
        acknowledged.push(slotId(doctor.userId, iso(slotStart(w, n))));
      }
    });
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 10));
    await t.killInstance(t.a);
    await Promise.all(writers);
    expect(failures).toBeGreaterThan(0); // A was killed mid-load, not after it
    await aDisconnected;

    // every write A acknowledged is in the log
    const events = t.openEventStore();
    try {
      const opened = new Set((await events.readAll()).filter((e) => e.type === 'SlotOpened').map((e) => (e.data as { slotId: string }).slotId));
      expect(acknowledged.filter((id) => !opened.has(id))).toEqual([]);
    } finally {
      await events.close();
    }

    // while A's clients are away, B changes what they watch: closes a slot A opened, opens new ones
    const missed = [slotStart(0, 0), slotStart(3, 89), slotStart(2, 88)];
    for (const start of missed) expect((await toggle(t.b.base, start)).status).toBe(200);

    // they reconnect to B and, replayed from the position they had, end up with what B's read model holds
    await Promise.all(watchers.map((w) => w.watchOn(t.b.base)));
    try {
      const from = slotStart(0, 0);
      const to = slotStart(3, 89) + 30 * 60_000;
      const res = await fetch(`${t.b.base}/disponibilita/json?for=${doctor.userId}&start=${iso(from)}&end=${iso(to)}`, { headers: { cookie: doctor.cookie } });
      const truth = new Map(((await res.json()) as { id: string; status: string }[]).map((s) => [s.id, s.status]));
      expect(truth.get(slotId(doctor.userId, iso(missed[0])))).toBe('unavailable');
      for (const start of missed.slice(1)) expect(truth.get(slotId(doctor.userId, iso(start)))).toBe('available');
      const closedOnB = slotId(doctor.userId, iso(missed[0]));
      expect(acknowledged).toContain(closedOnB);
      for (const id of acknowledged.filter((id) => id !== closedOnB)) expect(truth.get(id)).toBe('available');
      const open = [...truth].filter(([, status]) => status === 'available').map(([id]) => id);
      for (const w of watchers) {
        // the watcher's picture of the range: the slots it heard were opened and not closed since
        expect([...w.slots].filter(([id, s]) => truth.has(id) && s.status === 'available').map(([id]) => id)).toEqual(expect.arrayContaining(open));
        expect([...w.slots].filter(([id, s]) => truth.has(id) && s.status === 'available')).toHaveLength(open.length);
        expect(w.slots.get(closedOnB)?.status).toBe('unavailable');
      }
    } finally {
      watchers.forEach((w) => w.socket.disconnect());
    }
  });

  placement.afterInstanceKill?.(context);
}
