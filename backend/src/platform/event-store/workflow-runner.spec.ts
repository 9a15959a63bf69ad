import { ConflictError } from '../common/errors';
import type { ChangeFeed } from '../kernel/tokens';
import { handleCommand, type Decider } from './command-handler';
import { testMetadata } from './event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';
import type { Workflow } from './workflow';
import { WorkflowRunner } from './workflow-runner';

// A toy flow: a guest takes a seat in `room-<guest>`, then an effect (a "welcome" outside the log) is asked for
// once; the effect records its outcome with a command on the same stream, so the flow knows it was done.
type RoomEvent = { type: 'SeatTaken'; data: { guest: string } } | { type: 'Welcomed'; data: { guest: string } };
type RoomCommand = { type: 'Take' | 'Welcome'; guest: string };
const room: Decider<{ seated: boolean; welcomed: boolean }, RoomCommand, RoomEvent> = {
  initialState: () => ({ seated: false, welcomed: false }),
  evolve: (s, e) => (e.type === 'SeatTaken' ? { ...s, seated: true } : { ...s, welcomed: true }),
  decide: (c, s) => {
    if (c.type === 'Take') return s.seated ? [] : [{ type: 'SeatTaken', data: { guest: c.guest } }];
    if (!s.seated) throw new ConflictError('Nessun posto.', 'nessun_posto');
    return s.welcomed ? [] : [{ type: 'Welcomed', data: { guest: c.guest } }];
  },
};
type Step = 'take' | 'welcome';
const seat: Workflow<{ guest: string }, { seated: boolean; welcomed: boolean }, Step> = {
  name: 'posto',
  streams: ({ guest }) => [`room-${guest}`],
  initialState: () => room.initialState(),
  evolve: (s, e) => room.evolve(s, e as unknown as RoomEvent),
  decide: (s) => (!s.seated ? 'take' : !s.welcomed ? 'welcome' : null),
  route: (step, { guest }) =>
    step === 'take' ? { stream: `room-${guest}`, decider: room, command: { type: 'Take', guest } } : { effect: 'benvenuto', args: { guest } },
};

describe('WorkflowRunner', () => {
  let store: SqliteEventStore;
  let runner: WorkflowRunner;
  let welcomes: string[];
  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
    const changes = { waitFor: async () => undefined } as unknown as ChangeFeed;
    runner = new WorkflowRunner(store, changes, { now: () => new Date('2030-01-01T00:00:00Z') });
    welcomes = [];
    runner.effect('benvenuto', async ({ guest }: { guest: string }, metadata) => {
      welcomes.push(guest);
      return handleCommand(store, `room-${guest}`, room, { type: 'Welcome', guest }, metadata);
    });
  });
  afterEach(() => store.close());

  const types = async (guest: string) => (await store.readStream(`room-${guest}`)).map((e) => e.type);

  it('executes a command step and a named effect, in the order decide asks, once', async () => {
    const run = await runner.run(seat, { guest: 'ada' }, testMetadata());
    expect(run.steps).toBe(2);
    expect(await types('ada')).toEqual(['SeatTaken', 'Welcomed']);
    expect(welcomes).toEqual(['ada']);
    await runner.run(seat, { guest: 'ada' }, testMetadata());
    expect(welcomes).toEqual(['ada']);
  });

  it('refuses an effect nobody registered, and a second handler for the same name', async () => {
    expect(() => runner.effect('benvenuto', async () => ({ position: null }))).toThrow(/già registrato/);
    await expect(runner.executeStep({ effect: 'ignoto', args: {} }, testMetadata())).rejects.toThrow(/non registrato/);
  });

  it('one sweep finishes every unfinished instance its workflow declares, after the process died mid-flow', async () => {
    // the process dies right after the first step of two flows
    const execute = runner.executeStep.bind(runner);
    const spy = jest.spyOn(runner, 'executeStep').mockImplementation(async (...args) => {
      await execute(...args);
      throw new Error('processo terminato');
    });
    for (const guest of ['bob', 'eva']) await expect(runner.run(seat, { guest }, testMetadata())).rejects.toThrow('processo terminato');
    spy.mockRestore();
    expect(await types('bob')).toEqual(['SeatTaken']);
    // the workflow's query for its unfinished instances (a read model would answer it in the app)
    runner.resumes(seat, async () => [{ guest: 'bob' }, { guest: 'eva' }]);
    expect(await runner.resumeAll()).toBe(2);
    expect(await types('bob')).toEqual(['SeatTaken', 'Welcomed']);
    expect(await types('eva')).toEqual(['SeatTaken', 'Welcomed']);
    expect(welcomes).toEqual(['bob', 'eva']);
    const head = await store.headPosition();
    await runner.resumeAll();
    expect(await store.headPosition()).toBe(head);
  });
});
