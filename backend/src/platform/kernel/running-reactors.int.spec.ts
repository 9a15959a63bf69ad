import type { RecordedEvent } from '@studio/contracts';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { testMetadata } from '../event-store/event-store.contract';
import { until } from '../../testing/until';
import { openAppDb, type AppDb } from './app-db';
import { startReactor } from './reactor';
import { recordReactor } from './running-reactors';
import { reactorsBehind } from '../../testing/settle';

describe('reactorsBehind: the running reactors that have not yet handled everything up to a position', () => {
  let store: SqliteEventStore;
  let appDb: AppDb;
  const append = (stream: string) => store.append(stream, [{ type: 'Pinged', data: {}, metadata: testMetadata() }], { expectedRevision: 'any' });

  beforeEach(async () => {
    store = new SqliteEventStore(':memory:');
    appDb = await openAppDb({ kind: 'sqlite', filename: ':memory:' });
  });
  afterEach(async () => {
    await store.close();
    await appDb.destroy();
  });

  it('a reactor whose handler is held is behind until it is released, and is not behind once it has handled the event', async () => {
    const seen: RecordedEvent[] = [];
    let entered = () => {};
    const handling = new Promise<void>((r) => (entered = r));
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    const reactor = await startReactor(
      { appDb, eventStore: store },
      'r',
      ['ours-'],
      async (e) => {
        entered();
        await released;
        seen.push(e);
      },
      (e) => {
        throw e;
      },
    );
    await reactor.caughtUp;
    // events of other streams are nothing it has to handle
    await append('theirs-1');
    expect(await reactorsBehind(store, await store.headPosition())).toEqual([]);

    const { position } = await append('ours-1');
    expect(await reactorsBehind(store, position)).toEqual(['r']);
    await handling;
    expect(await reactorsBehind(store, position)).toEqual(['r']);
    // positions below the event it is handling: still behind, a reaction is running
    expect(await reactorsBehind(store, position - 1)).toEqual(['r']);
    release();
    expect(
      await until(
        () => reactorsBehind(store, position),
        (b) => b.length === 0,
        5000,
      ),
    ).toEqual([]);
    expect(seen.map((e) => e.position)).toEqual([position]);

    // closed, it is off the record: nothing waits for a reactor that will never handle anything again
    await append('ours-1');
    await reactor.close();
    expect(await reactorsBehind(store, await store.headPosition())).toEqual([]);
  });

  it('an idle reactor is behind exactly while an event of its streams lies past what it handled, up to the position asked', async () => {
    const ours = (await append('ours-1')).position;
    const theirs = (await append('theirs-1')).position;
    const progress = { name: 'r', streamPrefixes: ['ours-'], handled: 0, handling: false, closed: () => false };
    const unrecord = recordReactor(store, progress);
    // a store of its own: another app's reactors are not waited for
    const other = new SqliteEventStore(':memory:');
    expect(await reactorsBehind(other, theirs)).toEqual([]);
    await other.close();
    expect(await reactorsBehind(store, ours - 1)).toEqual([]);
    expect(await reactorsBehind(store, theirs)).toEqual(['r']);
    progress.handled = ours;
    expect(await reactorsBehind(store, theirs)).toEqual([]);
    progress.handling = true;
    expect(await reactorsBehind(store, theirs)).toEqual(['r']);
    unrecord();
    expect(await reactorsBehind(store, theirs)).toEqual([]);
  });
});
