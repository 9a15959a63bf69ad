import { InvalidEventError, type EventStore } from '@studio/contracts';
import { AppError, ConflictError, ValidationError } from '../common/errors';
import { decideAgainOnStaleRevision, handleCommand, inTurn, readState, STALE_REVISION_MESSAGE, type Decider } from './command-handler';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CommandHandler, CqrsModule } from '@nestjs/cqrs';
import { EVENT_STORE } from '../kernel/tokens';
import { decideOnStream, DecideWith, StreamCommand } from './decide';
import { deciderSpec } from './decider-spec';
import { testMetadata } from './event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';

// A toy counter stream, just enough to exercise the handler.
type CounterEvent = { type: 'Incremented'; data: { by: number } } | { type: 'Reset'; data: { from: number } };
type CounterState = { status: 'new' } | { status: 'counting'; total: number };
type CounterCommand = { type: 'Increment'; by: number } | { type: 'Reset' };

const counter: Decider<CounterState, CounterCommand, CounterEvent> = {
  initialState: () => ({ status: 'new' }),
  evolve: (state, event) => {
    const total = state.status === 'counting' ? state.total : 0;
    return { status: 'counting', total: event.type === 'Incremented' ? total + event.data.by : 0 };
  },
  decide: (command, state) => {
    const total = state.status === 'counting' ? state.total : 0;
    switch (command.type) {
      case 'Increment':
        if (!(command.by > 0)) throw new ValidationError('Incremento non valido.', 'incremento_non_valido');
        return [{ type: 'Incremented', data: { by: command.by } }];
      case 'Reset':
        return total === 0 ? [] : [{ type: 'Reset', data: { from: total } }];
    }
  },
};

describe('handleCommand', () => {
  let store: SqliteEventStore;
  const metadata = testMetadata({ userId: 'medico-1', role: 'doctor' });

  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
  });
  afterEach(() => store.close());

  it('starts a new stream with no_stream and returns what it appended', async () => {
    const result = await handleCommand(store, 'counter-1', counter, { type: 'Increment', by: 2 }, metadata);
    expect(result.events).toEqual([{ type: 'Incremented', data: { by: 2 } }]);
    expect(result.nextRevision).toBe(0);
    const [stored] = await store.readStream('counter-1');
    expect(result.position).toBe(stored.position);
    expect(stored).toMatchObject({ type: 'Incremented', data: { by: 2 }, metadata, revision: 0 });
  });

  it('folds the history before deciding, and appends after the revision it read', async () => {
    await handleCommand(store, 'counter-1', counter, { type: 'Increment', by: 2 }, metadata);
    await handleCommand(store, 'counter-1', counter, { type: 'Increment', by: 3 }, metadata);
    const result = await handleCommand(store, 'counter-1', counter, { type: 'Reset' }, metadata);
    expect(result.events).toEqual([{ type: 'Reset', data: { from: 5 } }]);
    expect(result.nextRevision).toBe(2);
    expect((await store.readStream('counter-1')).map((e) => e.type)).toEqual(['Incremented', 'Incremented', 'Reset']);
  });

  it('appends nothing when nothing was decided', async () => {
    expect(await handleCommand(store, 'counter-1', counter, { type: 'Reset' }, metadata)).toEqual({ events: [], nextRevision: null, position: null });
    await handleCommand(store, 'counter-1', counter, { type: 'Increment', by: 1 }, metadata);
    await handleCommand(store, 'counter-1', counter, { type: 'Reset' }, metadata);
    expect(await handleCommand(store, 'counter-1', counter, { type: 'Reset' }, metadata)).toEqual({ events: [], nextRevision: 1, position: null });
    expect(await store.readStream('counter-1')).toHaveLength(2);
  });

  it("lets the decider's rejection through and writes nothing", async () => {
    await expect(handleCommand(store, 'counter-1', counter, { type: 'Increment', by: 0 }, metadata)).rejects.toBeInstanceOf(ValidationError);
    expect(await store.headPosition()).toBe(0);
  });

  it('two commands racing on one stream: one succeeds, the other gets a 409 and is not retried', async () => {
    await handleCommand(store, 'counter-1', counter, { type: 'Increment', by: 1 }, metadata);
    const racing = bothReadBeforeEitherAppends(store);

    const outcomes = await Promise.allSettled([
      handleCommand(racing.store, 'counter-1', counter, { type: 'Increment', by: 10 }, metadata),
      handleCommand(racing.store, 'counter-1', counter, { type: 'Increment', by: 20 }, metadata),
    ]);

    const won = outcomes.findIndex((o) => o.status === 'fulfilled');
    const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toBeGreaterThanOrEqual(0);
    expect(lost?.reason).toBeInstanceOf(ConflictError);
    expect(lost?.reason).toMatchObject({ status: 409, message: STALE_REVISION_MESSAGE });
    expect(racing.appendAttempts()).toBe(2);
    const stored = await store.readStream('counter-1');
    expect(stored.map((e) => e.data)).toEqual([{ by: 1 }, { by: won === 0 ? 10 : 20 }]);
  });

  it('commands taking turns on one stream each decide on what the one before left: no append is lost, none decided again', async () => {
    let appends = 0;
    const counting: EventStore = Object.assign(Object.create(store) as EventStore, {
      append: (...args: Parameters<EventStore['append']>) => (appends++, store.append(...args)),
    });
    const attempts: number[] = [];
    const increment = (by: number) =>
      decideAgainOnStaleRevision(
        () => (attempts.push(by), inTurn(counting, 'counter-1', () => handleCommand(counting, 'counter-1', counter, { type: 'Increment', by }, metadata))),
      );
    // a refusal ahead in the line does not hold up the ones after it
    const refused = inTurn(counting, 'counter-1', () => handleCommand(counting, 'counter-1', counter, { type: 'Increment', by: 0 }, metadata));
    // another stream does not wait for this one's line
    const other = inTurn(counting, 'counter-2', () => handleCommand(counting, 'counter-2', counter, { type: 'Increment', by: 7 }, metadata));
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(increment));
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await other;

    expect(results.map((r) => r.nextRevision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(attempts).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(appends).toBe(9);
    expect((await store.readStream('counter-1')).map((e) => e.data)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((by) => ({ by })));
    expect((await readState(store, 'counter-1', counter)).state).toEqual({ status: 'counting', total: 36 });
  });

  it('without turns, two racing commands: one loses its append and decides again', async () => {
    const attempts: number[] = [];
    const racing = bothReadBeforeEitherAppends(store);
    await Promise.all(
      [1, 2].map((by) =>
        decideAgainOnStaleRevision(() => (attempts.push(by), handleCommand(racing.store, 'counter-1', counter, { type: 'Increment', by }, metadata))),
      ),
    );
    // both read the empty stream: one append lost and was decided again
    expect(attempts).toHaveLength(3);
    expect(racing.appendAttempts()).toBe(3);
  });

  // the write side folds events checked against the catalogue, as the read side does
  // (a stream of a catalogued event type, with a decider that collects the claimed bookings)
  type ClaimEvent = { type: 'PatientHoldClaimed'; data: { patientId: string; bookingId: string; replaces: string | null } };
  const claims: Decider<string[], { type: 'Claim'; bookingId: string }, ClaimEvent> = {
    initialState: () => [],
    evolve: (s, e) => [...s, e.data.bookingId],
    decide: (c) => [{ type: 'PatientHoldClaimed', data: { patientId: 'p1', bookingId: c.bookingId, replaces: null } }],
  };

  it('a valid event is folded as recorded', async () => {
    await store.append('patienthold-p1', [{ type: 'PatientHoldClaimed', data: { patientId: 'p1', bookingId: 'b1', replaces: null }, metadata }], {
      expectedRevision: 'no_stream',
    });
    expect((await readState(store, 'patienthold-p1', claims)).state).toEqual(['b1']);
  });

  it('an event whose data does not match its schema stops the command, naming the event, its place and the field; nothing is appended', async () => {
    await store.append('patienthold-p1', [{ type: 'PatientHoldClaimed', data: { patientId: 'p1', replaces: null }, metadata }], {
      expectedRevision: 'no_stream',
    });
    const refused = handleCommand(store, 'patienthold-p1', claims, { type: 'Claim', bookingId: 'b2' }, metadata);
    await expect(refused).rejects.toThrow(InvalidEventError);
    await expect(refused).rejects.toThrow(/PatientHoldClaimed non valido alla posizione 1 \(patienthold-p1\): bookingId/);
    expect(await store.readStream('patienthold-p1')).toHaveLength(1);
  });
});

describe('decideOnStream with complete', () => {
  let store: SqliteEventStore;
  const metadata = testMetadata({ userId: 'medico-1', role: 'doctor' });

  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
  });
  afterEach(() => store.close());

  // the command as the stream was when it arrived: add what the counter held then
  const doubling = { complete: (c: CounterCommand, state: CounterState): CounterCommand => ({ ...c, by: state.status === 'counting' ? state.total : 1 }) };

  it('completes the command from the state its own read folded, reading the stream once', async () => {
    await handleCommand(store, 'counter-1', counter, { type: 'Increment', by: 3 }, metadata);
    let reads = 0;
    const counting: EventStore = Object.assign(Object.create(store) as EventStore, {
      readStream: (...args: Parameters<EventStore['readStream']>) => (reads++, store.readStream(...args)),
    });
    const result = await decideOnStream(counting, 'counter-1', counter, { type: 'Increment', by: 0 }, metadata, doubling);
    expect(result.events).toEqual([{ type: 'Incremented', data: { by: 3 } }]);
    expect(reads).toBe(1);
  });

  it('a decided-again attempt keeps the command completed on the first, not one completed on the fresher state', async () => {
    await handleCommand(store, 'counter-1', counter, { type: 'Increment', by: 3 }, metadata);
    let completions = 0;
    let appends = 0;
    // another request's append lands between this command's read and its append, once
    const overtaken: EventStore = Object.assign(Object.create(store) as EventStore, {
      append: async (...args: Parameters<EventStore['append']>) => {
        if (appends++ === 0) await handleCommand(store, 'counter-1', counter, { type: 'Increment', by: 10 }, metadata);
        return store.append(...args);
      },
    });
    const result = await decideOnStream(overtaken, 'counter-1', counter, { type: 'Increment', by: 0 }, metadata, {
      onStale: 'decide-again',
      complete: (c, state) => (completions++, doubling.complete(c, state)),
    });
    expect(appends).toBe(2);
    expect(completions).toBe(1);
    expect(result.events).toEqual([{ type: 'Incremented', data: { by: 3 } }]);
    expect((await store.readStream('counter-1')).map((e) => e.data)).toEqual([{ by: 3 }, { by: 10 }, { by: 3 }]);
  });
});

/** Holds every readStream until two have been made, so both handlers decide on the same state. */
function bothReadBeforeEitherAppends(inner: EventStore) {
  let reads = 0;
  let appends = 0;
  let release!: () => void;
  const bothRead = new Promise<void>((resolve) => (release = resolve));
  const store: EventStore = Object.assign(Object.create(inner) as EventStore, {
    readStream: async (...args: Parameters<EventStore['readStream']>) => {
      const events = await inner.readStream(...args);
      if (++reads === 2) release();
      await bothRead;
      return events;
    },
    append: (...args: Parameters<EventStore['append']>) => {
      appends++;
      return inner.append(...args);
    },
  });
  return { store, appendAttempts: () => appends };
}

describe('deciderSpec (given/when/then)', () => {
  const given = deciderSpec(counter);

  it('checks the decided events', () => {
    given([])
      .when({ type: 'Increment', by: 2 })
      .then([{ type: 'Incremented', data: { by: 2 } }]);
    given([
      { type: 'Incremented', data: { by: 2 } },
      { type: 'Incremented', data: { by: 3 } },
    ])
      .when({ type: 'Reset' })
      .then([{ type: 'Reset', data: { from: 5 } }]);
    given([]).when({ type: 'Reset' }).then([]);
  });

  it('checks rejections by class or by code', () => {
    given([]).when({ type: 'Increment', by: -1 }).thenThrows(ValidationError);
    given([]).when({ type: 'Increment', by: -1 }).thenThrows(AppError);
    given([]).when({ type: 'Increment', by: -1 }).thenThrows('incremento_non_valido');
  });

  it('fails when the expectation does not hold', () => {
    expect(() => given([]).when({ type: 'Increment', by: 2 }).then([])).toThrow();
    expect(() => given([]).when({ type: 'Increment', by: 2 }).thenThrows(ValidationError)).toThrow(/accepted/);
    expect(() => given([]).when({ type: 'Increment', by: -1 }).thenThrows(ConflictError)).toThrow();
    expect(() => given([]).when({ type: 'Increment', by: -1 }).thenThrows('altro_codice')).toThrow();
  });
});

// a feature's command: its own class, routed by the bus to its own handler, which decides with the feature's decider
class Increment extends StreamCommand<Extract<CounterCommand, { type: 'Increment' }>, CounterEvent> {}
@CommandHandler(Increment)
class IncrementHandler extends DecideWith(counter, { conflictMessage: 'Il contatore è cambiato.' }) {}
class ResetCounter extends StreamCommand<Extract<CounterCommand, { type: 'Reset' }>, CounterEvent> {}
@CommandHandler(ResetCounter)
class ResetCounterHandler extends DecideWith(counter) {}

describe('a command class on the CommandBus', () => {
  const metadata = testMetadata({ userId: 'medico-1', role: 'doctor' });
  let store: SqliteEventStore;
  let bus: CommandBus;
  beforeEach(async () => {
    store = new SqliteEventStore(':memory:');
    @Module({ imports: [CqrsModule.forRoot()], providers: [{ provide: EVENT_STORE, useValue: store }, IncrementHandler, ResetCounterHandler] })
    class CounterModule {}
    const app = await NestFactory.createApplicationContext(CounterModule, { logger: false });
    await app.init();
    bus = app.get(CommandBus);
  });
  afterEach(() => store.close());

  it('reaches its own handler, which appends with the revision it read', async () => {
    expect((await bus.execute(new Increment('counter-1', { type: 'Increment', by: 2 }, metadata))).events).toEqual([{ type: 'Incremented', data: { by: 2 } }]);
    const reset = await bus.execute(new ResetCounter('counter-1', { type: 'Reset' }, metadata));
    expect(reset.events).toEqual([{ type: 'Reset', data: { from: 2 } }]);
    expect(reset.nextRevision).toBe(1);
    expect((await store.readStream('counter-1')).map((e) => [e.type, e.metadata.correlationId])).toEqual([
      ['Incremented', metadata.correlationId],
      ['Reset', metadata.correlationId],
    ]);
  });

  it('answers a lost append with the handler’s own 409 message, or the one the command gives', async () => {
    await bus.execute(new Increment('counter-1', { type: 'Increment', by: 1 }, metadata));
    // another request's append lands between each read and its append
    const append = store.append.bind(store);
    jest.spyOn(store, 'append').mockImplementation(async (...args) => {
      await append('counter-1', [{ type: 'Incremented', data: { by: 5 }, metadata }], { expectedRevision: 'any' });
      return append(...args);
    });
    await expect(bus.execute(new Increment('counter-1', { type: 'Increment', by: 1 }, metadata))).rejects.toThrow('Il contatore è cambiato.');
    await expect(bus.execute(new Increment('counter-1', { type: 'Increment', by: 1 }, metadata, { conflictMessage: 'Altro messaggio.' }))).rejects.toThrow(
      'Altro messaggio.',
    );
  });
});
