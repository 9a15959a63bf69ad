import { ConflictError } from '../common/errors';
import { handleCommand, type Decider } from './command-handler';
import { testMetadata } from './event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';
import { foldWorkflow, readWorkflowState, runWorkflow, type Workflow } from './workflow';
import { InvalidEventError } from '@studio/contracts';
import { workflowSpec } from './workflow-spec';

// A toy flow across two streams: move a seat from `room-a` to `room-b`. Each room is a stream whose decider
// makes taking and leaving a seat idempotent for the same guest; `room-b` may refuse (it is full).
type RoomEvent = { type: 'SeatTaken'; data: { guest: string } } | { type: 'SeatLeft'; data: { guest: string } };
type RoomCommand = { type: 'Take' | 'Leave'; guest: string };
type RoomState = { guests: string[]; capacity: number };
const room = (capacity: number): Decider<RoomState, RoomCommand, RoomEvent> => ({
  initialState: () => ({ guests: [], capacity }),
  evolve: (s, e) => ({ ...s, guests: e.type === 'SeatTaken' ? [...s.guests, e.data.guest] : s.guests.filter((g) => g !== e.data.guest) }),
  decide: (c, s) => {
    const inside = s.guests.includes(c.guest);
    if (c.type === 'Take') {
      if (inside) return [];
      if (s.guests.length >= s.capacity) throw new ConflictError('Stanza piena.', 'stanza_piena');
      return [{ type: 'SeatTaken', data: { guest: c.guest } }];
    }
    return inside ? [{ type: 'SeatLeft', data: { guest: c.guest } }] : [];
  },
});

type Step = { stream: string; command: RoomCommand };
type MoveState = { guest: string; inA: boolean; inB: boolean; everInB: boolean };
const move: Workflow<{ guest: string }, MoveState, Step> = {
  name: 'move',
  streams: () => ['room-a', 'room-b'],
  initialState: ({ guest }) => ({ guest, inA: false, inB: false, everInB: false }),
  evolve: (s, e) => {
    const data = e.data as { guest: string };
    if (data.guest !== s.guest) return s;
    const here = e.type === 'SeatTaken';
    return e.stream === 'room-a' ? { ...s, inA: here } : { ...s, inB: here, everInB: s.everInB || here };
  },
  // first the new seat (it may be refused), then let the old one go
  decide: (s) => {
    if (!s.everInB) return { stream: 'room-b', command: { type: 'Take', guest: s.guest } };
    if (s.inA) return { stream: 'room-a', command: { type: 'Leave', guest: s.guest } };
    return null;
  },
};

describe('workflowSpec', () => {
  const flow = workflowSpec(move)({ guest: 'ada' });
  const taken = (stream: string, guest = 'ada') => ({ stream, type: 'SeatTaken', data: { guest } });

  it('takes the new seat first', () => flow.given([taken('room-a')]).thenNext({ stream: 'room-b', command: { type: 'Take', guest: 'ada' } }));
  it('then leaves the old one', () => flow.given([taken('room-a'), taken('room-b')]).thenNext({ stream: 'room-a', command: { type: 'Leave', guest: 'ada' } }));
  it("ignores other guests' events", () =>
    flow.given([taken('room-a'), taken('room-b', 'bob')]).thenNext({ stream: 'room-b', command: { type: 'Take', guest: 'ada' } }));
  it('is done once both are appended', () =>
    flow.given([taken('room-a'), taken('room-b'), { stream: 'room-a', type: 'SeatLeft', data: { guest: 'ada' } }]).thenDone());
  it('has no compensation unless the workflow defines one', () =>
    flow
      .given([taken('room-a')])
      .whenRefused({ stream: 'room-b', command: { type: 'Take', guest: 'ada' } }, new ConflictError('Stanza piena.'))
      .thenNothing());
});

describe('runWorkflow', () => {
  let store: SqliteEventStore;
  const metadata = testMetadata({ userId: 'u-1', role: 'admin' });
  const rooms: Record<string, Decider<RoomState, RoomCommand, RoomEvent>> = { 'room-a': room(10), 'room-b': room(1) };
  const execute = async (step: Step) => handleCommand(store, step.stream, rooms[step.stream], step.command, metadata);
  const types = async (stream: string) => (await store.readStream(stream)).map((e) => `${e.type}:${(e.data as { guest: string }).guest}`);

  beforeEach(async () => {
    store = new SqliteEventStore(':memory:');
    await execute({ stream: 'room-a', command: { type: 'Take', guest: 'ada' } });
  });
  afterEach(() => store.close());

  it('runs every step in order and answers the position of the last append', async () => {
    const run = await runWorkflow(store, move, { guest: 'ada' }, execute);
    expect(run.steps).toBe(2);
    expect(await types('room-a')).toEqual(['SeatTaken:ada', 'SeatLeft:ada']);
    expect(await types('room-b')).toEqual(['SeatTaken:ada']);
    expect(run.position).toBe(await store.headPosition());
  });

  it('resumes after a crash between the two appends, appending nothing twice', async () => {
    let crash = true;
    const crashing = async (step: Step) => {
      const result = await execute(step);
      if (crash) {
        crash = false;
        throw new Error('processo terminato');
      }
      return result;
    };
    await expect(runWorkflow(store, move, { guest: 'ada' }, crashing)).rejects.toThrow('processo terminato');
    expect(await types('room-b')).toEqual(['SeatTaken:ada']);
    expect(await types('room-a')).toEqual(['SeatTaken:ada']);

    const resumed = await runWorkflow(store, move, { guest: 'ada' }, execute);
    expect(resumed.steps).toBe(1);
    expect(await types('room-a')).toEqual(['SeatTaken:ada', 'SeatLeft:ada']);
    expect(await types('room-b')).toEqual(['SeatTaken:ada']);
    // and once more: already at its end, nothing appended
    const head = await store.headPosition();
    expect((await runWorkflow(store, move, { guest: 'ada' }, execute)).steps).toBe(0);
    expect(await store.headPosition()).toBe(head);
  });

  it("passes a step's refusal on, after the compensation the workflow names", async () => {
    await execute({ stream: 'room-b', command: { type: 'Take', guest: 'bob' } });
    const compensated: Step[] = [];
    const withCompensation: typeof move = { ...move, onRefused: (s) => ({ stream: 'room-a', command: { type: 'Leave', guest: s.guest } }) };
    await expect(
      runWorkflow(store, withCompensation, { guest: 'ada' }, async (step) => {
        compensated.push(step);
        return execute(step);
      }),
    ).rejects.toMatchObject({ code: 'stanza_piena' });
    expect(compensated.map((s) => `${s.stream}:${s.command.type}`)).toEqual(['room-b:Take', 'room-a:Leave']);
    expect(await types('room-b')).toEqual(['SeatTaken:bob']);
  });

  it('stops a workflow that never reaches its end', async () => {
    const endless: typeof move = { ...move, decide: (s) => ({ stream: 'room-a', command: { type: 'Take', guest: s.guest } }) };
    await expect(runWorkflow(store, endless, { guest: 'ada' }, execute)).rejects.toThrow('non si è concluso');
  });
});

describe('a workflow folds events checked against the catalogue', () => {
  const claims: Workflow<{ patientId: string }, string[], never> = {
    name: 'claims',
    streams: ({ patientId }) => [`patienthold-${patientId}`],
    initialState: () => [],
    evolve: (s, e) => (e.type === 'PatientHoldClaimed' ? [...s, e.data.bookingId] : s),
    decide: () => null,
  };

  it('given events and the log alike: an invalid one throws, naming the event, its place and the field', async () => {
    const valid = { stream: 'patienthold-p1', type: 'PatientHoldClaimed' as const, data: { patientId: 'p1', bookingId: 'b1', replaces: null } };
    expect(foldWorkflow(claims, { patientId: 'p1' }, [valid])).toEqual(['b1']);
    const invalid = { stream: 'patienthold-p1', type: 'PatientHoldClaimed', data: { patientId: 'p1', replaces: null } };
    expect(() => foldWorkflow(claims, { patientId: 'p1' }, [valid, invalid])).toThrow(InvalidEventError);
    expect(() => foldWorkflow(claims, { patientId: 'p1' }, [valid, invalid])).toThrow(
      /PatientHoldClaimed non valido alla posizione 1 \(patienthold-p1\): bookingId/,
    );

    const store = new SqliteEventStore(':memory:');
    try {
      await store.append('patienthold-p1', [{ ...valid, metadata: testMetadata() }], { expectedRevision: 'no_stream' });
      expect(await readWorkflowState(store, claims, { patientId: 'p1' })).toEqual(['b1']);
      await store.append('patienthold-p1', [{ ...invalid, metadata: testMetadata() }], { expectedRevision: 0 });
      await expect(readWorkflowState(store, claims, { patientId: 'p1' })).rejects.toThrow(/PatientHoldClaimed non valido alla posizione 2/);
    } finally {
      store.close();
    }
  });
});

describe('readWorkflowState reads each event of a stream once per process', () => {
  it('fetches only what was appended since its last read, and still folds the whole history in order', async () => {
    const store = new SqliteEventStore(':memory:');
    try {
      const append = (stream: string, guest: string) =>
        store.append(stream, [{ type: 'SeatTaken', data: { guest }, metadata: testMetadata() }], { expectedRevision: 'any' });
      await append('room-a', 'ada');
      await append('room-b', 'bob');
      const reads: { stream: string; from: number | undefined; got: number }[] = [];
      const readStream = store.readStream.bind(store);
      store.readStream = async (stream, options) => {
        const events = await readStream(stream, options);
        reads.push({ stream, from: options?.fromRevision, got: events.length });
        return events;
      };
      expect(await readWorkflowState(store, move, { guest: 'ada' })).toEqual({ guest: 'ada', inA: true, inB: false, everInB: false });
      await append('room-b', 'ada');
      expect(await readWorkflowState(store, move, { guest: 'ada' })).toEqual({ guest: 'ada', inA: true, inB: true, everInB: true });
      expect(reads).toEqual([
        { stream: 'room-a', from: undefined, got: 1 },
        { stream: 'room-b', from: undefined, got: 1 },
        { stream: 'room-a', from: 1, got: 0 },
        { stream: 'room-b', from: 1, got: 1 },
      ]);
    } finally {
      await store.close();
    }
  });
});
