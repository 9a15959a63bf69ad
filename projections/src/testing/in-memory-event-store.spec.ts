import { WrongExpectedRevisionError, type RecordedEvent } from '@studio/contracts';
import { inc } from './fixtures';
import { InMemoryEventStore } from './in-memory-event-store';

describe('InMemoryEventStore (test double of the event-store port)', () => {
  it('checks the expected revision', async () => {
    const store = new InMemoryEventStore();
    await expect(store.append('s', [inc(1)], { expectedRevision: 'stream_exists' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.append('s', [inc(1), inc(2)], { expectedRevision: 'no_stream' })).toEqual({ nextRevision: 1, position: 2 });
    await expect(store.append('s', [inc(3)], { expectedRevision: 'no_stream' })).rejects.toMatchObject({ actual: 1 });
    await expect(store.append('s', [inc(3)], { expectedRevision: 0 })).rejects.toMatchObject({ expected: 0, actual: 1 });
    expect(await store.append('s', [inc(3)], { expectedRevision: 1 })).toEqual({ nextRevision: 2, position: 3 });
    expect(await store.append('s', [inc(4)], { expectedRevision: 'stream_exists' })).toEqual({ nextRevision: 3, position: 4 });
    expect(await store.append('t', [inc(5)], { expectedRevision: 'any' })).toEqual({ nextRevision: 0, position: 5 });
  });

  it('reads a stream both ways and the log from a position with a prefix filter', async () => {
    const store = new InMemoryEventStore();
    await store.append('a-1', [inc(1), inc(2), inc(3)], { expectedRevision: 'no_stream' });
    await store.append('b-1', [inc(4)], { expectedRevision: 'no_stream' });
    await store.append('a-2', [inc(5)], { expectedRevision: 'no_stream' });
    const by = (events: RecordedEvent[]) => events.map((e) => e.data.by);
    expect(by(await store.readStream('a-1', { fromRevision: 1 }))).toEqual([2, 3]);
    expect(by(await store.readStream('a-1', { direction: 'backwards', maxCount: 2 }))).toEqual([3, 2]);
    expect(await store.readStream('nope')).toEqual([]);
    expect(by(await store.readAll({ after: 2, streamPrefixes: ['a-'] }))).toEqual([3, 5]);
    expect(by(await store.readAll({ maxCount: 2 }))).toEqual([1, 2]);
    expect(await store.headPosition()).toBe(5);
  });

  it('subscribes catch-up then live, from an exclusive position', async () => {
    const store = new InMemoryEventStore();
    await store.append('a-1', [inc(1), inc(2)], { expectedRevision: 'no_stream' });
    const seen: number[] = [];
    const sub = store.subscribeToAll({ after: 1, streamPrefixes: ['a-'] }, (e) => void seen.push(e.position));
    await sub.caughtUp;
    expect(seen).toEqual([2]);
    await store.append('b-1', [inc(3)], { expectedRevision: 'no_stream' });
    await store.append('a-1', [inc(4)], { expectedRevision: 1 });
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([2, 4]);
    await sub.close();
    await store.append('a-1', [inc(5)], { expectedRevision: 2 });
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([2, 4]);
  });
});
