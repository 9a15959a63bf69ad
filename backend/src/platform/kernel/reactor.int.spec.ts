import type { RecordedEvent } from '@studio/contracts';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { testMetadata, waitFor } from '../event-store/event-store.contract';
import { until } from '../../testing/until';
import { openAppDb, type AppDb } from './app-db';
import { REACTOR_CHECKPOINT_INTERVAL_MS, REACTOR_PASSED_OVER_SAVE_EVERY, startReactor } from './reactor';

describe('startReactor: where it resumes', () => {
  let store: SqliteEventStore;
  let appDb: AppDb;
  const stored = async () => Number((await appDb.selectFrom('reactor_checkpoints').select('position').where('name', '=', 'r').executeTakeFirst())?.position);
  const append = (stream: string, n: number) =>
    store.append(
      stream,
      Array.from({ length: n }, () => ({ type: 'Pinged', data: {}, metadata: testMetadata() })),
      { expectedRevision: 'any' },
    );

  /** the reactor 'r' on the streams "ours-…", caught up, with what it handled */
  const started = async () => {
    const seen: RecordedEvent[] = [];
    const subscription = await startReactor(
      { appDb, eventStore: store },
      'r',
      ['ours-'],
      async (e) => void seen.push(e),
      (e) => {
        throw e;
      },
    );
    await subscription.caughtUp;
    return { seen, subscription };
  };

  beforeEach(async () => {
    store = new SqliteEventStore(':memory:');
    appDb = await openAppDb({ kind: 'sqlite', filename: ':memory:' });
  });
  afterEach(async () => {
    await store.close();
    await appDb.destroy();
  });

  it('stores how far it got at most once per interval, and the newest position on a clean stop', async () => {
    const { seen, subscription } = await started();
    expect(await stored()).toBe(0);
    for (let i = 0; i < 20; i++) await append('ours-1', 1);
    await waitFor(() => seen.length === 20, 'twenty events');
    // twenty events handled within the interval: no checkpoint written yet (one write per event was an fsync each)
    expect(await stored()).toBe(0);
    await subscription.close();
    expect(await stored()).toBe(seen[19].position);
  });

  it('writes the checkpoint by itself once the interval has passed', async () => {
    const { seen, subscription } = await started();
    await append('ours-1', 3);
    await waitFor(() => seen.length === 3, 'three events');
    expect(await until(stored, (p) => p === seen[2].position, REACTOR_CHECKPOINT_INTERVAL_MS * 3)).toBe(seen[2].position);
    await subscription.close();
  });

  it('resumes after the last event it stored, and events of other streams are passed over', async () => {
    const { seen: first, subscription: one } = await started();
    await append('ours-1', 2);
    await append('theirs-1', 50);
    await waitFor(() => first.length === 2, 'two events');
    await one.close();
    await append('ours-1', 1);
    const { seen: second, subscription: two } = await started();
    expect(second.map((e) => e.stream)).toEqual(['ours-1']);
    expect(second[0].position).toBe(53);
    await two.close();
  });

  it('passing over a few events of other streams, stores them only on a clean stop: the next start does not scan them again', async () => {
    await (await started()).subscription.close();
    await append('theirs-1', 50);
    const { seen, subscription } = await started();
    // past the interval: fifty events passed over are cheaper to scan again than an fsync on every append
    await new Promise((r) => setTimeout(r, REACTOR_CHECKPOINT_INTERVAL_MS * 2));
    expect({ handled: seen.length, stored: await stored() }).toEqual({ handled: 0, stored: 0 });
    await subscription.close();
    expect(await stored()).toBe(50);
  });

  it('passing over many events of other streams, stores how far it got by itself (a crash does not scan them again)', async () => {
    await (await started()).subscription.close();
    await append('theirs-1', REACTOR_PASSED_OVER_SAVE_EVERY);
    const { seen, subscription } = await started();
    expect(await until(stored, (p) => p === REACTOR_PASSED_OVER_SAVE_EVERY, REACTOR_CHECKPOINT_INTERVAL_MS * 3)).toBe(REACTOR_PASSED_OVER_SAVE_EVERY);
    expect(seen).toEqual([]);
    await subscription.close();
  });

  it('closed by its store while handling (the process going away): no retry, nothing reported, the event in hand not stored', async () => {
    const errors: unknown[] = [];
    const seen: RecordedEvent[] = [];
    let fail!: (e: Error) => void;
    // the first event is handled; the second is in hand when the stores close under it
    const handle = (e: RecordedEvent) => (seen.push(e), seen.length === 1 ? Promise.resolve() : new Promise<void>((_resolve, reject) => (fail = reject)));
    const subscription = await startReactor({ appDb, eventStore: store }, 'r', ['ours-'], handle, (e) => errors.push(e));
    await subscription.caughtUp;
    await append('ours-1', 2);
    await waitFor(() => seen.length === 2, 'the second event in hand');
    await store.close();
    expect(subscription.closed).toBe(true);
    // what a handler meets once the stores are closed under it
    fail(new TypeError('The database connection is not open'));
    // past the retries' back-off (50…200 ms) and the checkpoint's interval
    await new Promise((r) => setTimeout(r, REACTOR_CHECKPOINT_INTERVAL_MS * 2));
    expect({ handled: seen.length, errors }).toEqual({ handled: 2, errors: [] });
    expect(await stored()).toBeLessThan(seen[1].position);
    // the shutdown's hooks close it late, once the app's tables are gone too: nothing written, nothing reported
    await appDb.destroy();
    appDb = await openAppDb({ kind: 'sqlite', filename: ':memory:' });
    await subscription.close();
    expect(errors).toEqual([]);
  });

  it('closed by the shutdown while an event is in hand: the handler ending later writes no checkpoint into the closed tables', async () => {
    const errors: unknown[] = [];
    let done!: () => void;
    let calls = 0;
    const handle = () => (calls++, new Promise<void>((resolve) => (done = resolve)));
    const subscription = await startReactor({ appDb, eventStore: store }, 'r', ['ours-'], handle, (e) => errors.push(e));
    await subscription.caughtUp;
    await append('ours-1', 1);
    await waitFor(() => calls === 1, 'the event in hand');
    await subscription.close();
    await appDb.destroy();
    appDb = await openAppDb({ kind: 'sqlite', filename: ':memory:' });
    done();
    // past the checkpoint's interval: a write it scheduled would have failed on the destroyed tables
    await new Promise((r) => setTimeout(r, REACTOR_CHECKPOINT_INTERVAL_MS * 2));
    expect(errors).toEqual([]);
  });
});
