import { randomUUID } from 'node:crypto';
import { ChainVerifier, GENESIS_HASH, eventHash } from './hash-chain';
import { expectWrongRevision, testMetadata, waitFor } from './test-events';
import {
  WrongExpectedRevisionError,
  type EventHandler,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '@studio/contracts';

export { testMetadata, waitFor } from './test-events';

/**
 * The behaviour every EventStore adapter must share. Each test works in its own namespace of
 * stream names, and never assumes the store is empty, so it also runs on a shared EventStoreDB.
 */
export function describeEventStoreContract(name: string, makeStore: () => Promise<{ store: EventStore; cleanup(): Promise<void> }>): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    let ns: string;
    let subscriptions: Subscription[];

    beforeEach(async () => {
      ({ store, cleanup } = await makeStore());
      ns = `contract${randomUUID().slice(0, 8)}-`;
      subscriptions = [];
    });

    afterEach(async () => {
      await Promise.all(subscriptions.map((s) => s.close()));
      await cleanup();
    });

    const stream = (suffix = 'a') => ns + suffix;
    const event = (type: string, data: unknown = { n: type }): NewEvent => ({ type, data, metadata: testMetadata() });
    const events = (...types: string[]) => types.map((t) => event(t));
    const append = (suffix: string, types: string[], expectedRevision: ExpectedRevision = 'any') =>
      store.append(stream(suffix), events(...types), { expectedRevision });
    const types = (recorded: RecordedEvent[]) => recorded.map((e) => e.type);
    const mine = (recorded: RecordedEvent[]) => recorded.filter((e) => e.stream.startsWith(ns));

    /** Subscribes, remembers handled events and errors; closed after the test. */
    function collect(options: SubscribeOptions, before?: EventHandler) {
      const seen: RecordedEvent[] = [];
      const errors: Error[] = [];
      const subscription = store.subscribeToAll(
        options,
        async (e) => {
          await before?.(e);
          seen.push(e);
        },
        (error) => errors.push(error),
      );
      subscriptions.push(subscription);
      return { subscription, seen, errors };
    }

    describe('expected revision', () => {
      type Case = { expected: ExpectedRevision; stream: 'new' | 'existing'; outcome: 'accepted' | 'rejected'; actual: number | 'no_stream' };
      // An "existing" stream holds 2 events, so its current revision is 1.
      const matrix: Case[] = [
        { expected: 'no_stream', stream: 'new', outcome: 'accepted', actual: 'no_stream' },
        { expected: 'no_stream', stream: 'existing', outcome: 'rejected', actual: 1 },
        { expected: 'stream_exists', stream: 'new', outcome: 'rejected', actual: 'no_stream' },
        { expected: 'stream_exists', stream: 'existing', outcome: 'accepted', actual: 1 },
        { expected: 'any', stream: 'new', outcome: 'accepted', actual: 'no_stream' },
        { expected: 'any', stream: 'existing', outcome: 'accepted', actual: 1 },
        { expected: 1, stream: 'existing', outcome: 'accepted', actual: 1 },
        { expected: 0, stream: 'existing', outcome: 'rejected', actual: 1 },
        { expected: 2, stream: 'existing', outcome: 'rejected', actual: 1 },
        { expected: 0, stream: 'new', outcome: 'rejected', actual: 'no_stream' },
      ];

      it.each(matrix)('$expected on a $stream stream is $outcome', async ({ expected, stream: kind, outcome, actual }) => {
        const existing = kind === 'existing';
        const accepted = outcome === 'accepted';
        if (existing) await append('a', ['Old0', 'Old1'], 'no_stream');
        const before = existing ? 2 : 0;
        const attempt = append('a', ['New0', 'New1'], expected);
        if (accepted) {
          const result = await attempt;
          expect(result.nextRevision).toBe(before + 1);
          expect(types(await store.readStream(stream('a')))).toEqual([...(existing ? ['Old0', 'Old1'] : []), 'New0', 'New1']);
        } else {
          await expectWrongRevision(attempt, actual);
          // a rejected append writes nothing, not even part of the batch
          expect(await store.readStream(stream('a'))).toHaveLength(before);
        }
      });

      it('an empty append only checks the expected revision', async () => {
        expect(await store.append(stream('a'), [], { expectedRevision: 'no_stream' })).toEqual({ nextRevision: -1, position: 0 });
        const written = await append('a', ['A0', 'A1'], 'no_stream');
        expect(await store.append(stream('a'), [], { expectedRevision: 1 })).toEqual(written);
        await expectWrongRevision(store.append(stream('a'), [], { expectedRevision: 0 }), 1);
        await expectWrongRevision(store.append(stream('b'), [], { expectedRevision: 'stream_exists' }), 'no_stream');
        expect(await store.readStream(stream('a'))).toHaveLength(2);
        expect(await store.readStream(stream('b'))).toEqual([]);
      });

      it('concurrent appends with the same expected revision: exactly one wins', async () => {
        await append('a', ['Created'], 'no_stream');
        const attempts = await Promise.allSettled(
          Array.from({ length: 5 }, (_, i) => store.append(stream('a'), [{ ...event(`Try${i}`), id: randomUUID() }], { expectedRevision: 0 })),
        );
        const winners = attempts.filter((a) => a.status === 'fulfilled');
        const losers = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(4);
        for (const loser of losers) expect(loser.reason).toBeInstanceOf(WrongExpectedRevisionError);
        const stored = await store.readStream(stream('a'));
        expect(stored.map((e) => e.revision)).toEqual([0, 1]);
        expect(stored[1].type).toBe(`Try${attempts.indexOf(winners[0])}`);
      });
      it('concurrent appends with mixed expected revisions each get their own answer (a conflict fails only its own append)', async () => {
        const n = 8;
        for (let i = 0; i < n; i++) await append(`g${i}`, ['Created'], 'no_stream');
        // requested together: on SQLite they commit as one group, in one transaction
        const attempts = Array.from({ length: n }, (_, i) => [
          { i, kind: 'right', promise: append(`g${i}`, [`Right${i}`, `Right${i}b`], 0) },
          { i, kind: 'stale', promise: append(`g${i}`, [`Stale${i}`], 5) },
          { i, kind: 'exists', promise: append(`g${i}`, [`Again${i}`], 'no_stream') },
          { i, kind: 'new', promise: append(`n${i}`, [`New${i}`], 'no_stream') },
        ]).flat();
        const settled = await Promise.allSettled(attempts.map((a) => a.promise));
        settled.forEach((outcome, k) => {
          const { kind } = attempts[k];
          if (kind === 'right' || kind === 'new') {
            expect(outcome.status).toBe('fulfilled');
            expect((outcome as PromiseFulfilledResult<{ nextRevision: number }>).value.nextRevision).toBe(kind === 'right' ? 2 : 0);
          } else {
            expect(outcome.status).toBe('rejected');
            const reason = (outcome as PromiseRejectedResult).reason as WrongExpectedRevisionError;
            expect(reason).toBeInstanceOf(WrongExpectedRevisionError);
            // before or after the right append of its stream, depending on the order they ran in
            expect([0, 2]).toContain(reason.actual);
          }
        });
        for (let i = 0; i < n; i++) {
          expect(types(await store.readStream(stream(`g${i}`)))).toEqual(['Created', `Right${i}`, `Right${i}b`]);
          expect(types(await store.readStream(stream(`n${i}`)))).toEqual([`New${i}`]);
        }
        const verifier = new ChainVerifier();
        for (const e of await store.readAll({ streamPrefixes: [ns] })) verifier.visit(e);
        expect(verifier.firstBroken).toBeNull();
      });
    });

    describe('appending', () => {
      it('numbers revisions from 0, contiguously across appends', async () => {
        const first = await append('a', ['A0', 'A1'], 'no_stream');
        expect(first.nextRevision).toBe(1);
        const second = await append('a', ['A2', 'A3', 'A4'], 1);
        expect(second.nextRevision).toBe(4);
        const stored = await store.readStream(stream('a'));
        expect(stored.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        expect(types(stored)).toEqual(['A0', 'A1', 'A2', 'A3', 'A4']);
        expect(stored.every((e) => e.stream === stream('a'))).toBe(true);
        expect(second.position).toBe(stored[4].position);
        expect(first.position).toBe(stored[1].position);
      });

      it('gives strictly increasing positions across streams, and a head at least as far', async () => {
        const positions: number[] = [];
        for (let i = 0; i < 12; i++) positions.push((await append(`s${i % 3}`, [`E${i}`])).position);
        expect(positions[0]).toBeGreaterThan(0);
        for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThan(positions[i - 1]);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(positions[positions.length - 1]);
      });

      it('round-trips data and metadata, keeps given ids and makes unique ones', async () => {
        const data = { text: 'Visita già prenotata — àèìòù €', nested: { list: [1, 2.5, null, true, 'x'] }, empty: {} };
        const metadata = testMetadata({ role: 'doctor', userId: 'medico-1', ip: '127.0.0.1', tags: ['a', 'b'] });
        const id = randomUUID();
        await store.append(stream('a'), [{ id, type: 'Given', data, metadata }, event('Made1'), event('Made2')], { expectedRevision: 'no_stream' });
        const [given, made1, made2] = await store.readStream(stream('a'));
        expect(given).toMatchObject({ id, type: 'Given', stream: stream('a'), revision: 0 });
        expect(given.data).toEqual(data);
        // the adapter adds only the chained hash (see the hash chain block below)
        expect(given.metadata).toEqual({ ...metadata, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
        expect(Number.isNaN(Date.parse(given.recordedAt))).toBe(false);
        expect(new Set([given.id, made1.id, made2.id]).size).toBe(3);
        expect(made1.id).toMatch(/^[0-9a-f-]{36}$/i);
      });
    });

    describe('hash chain (tamper evidence)', () => {
      it("each event's hash covers its content and the previous hash of its stream, whatever the batch split", async () => {
        await append('a', ['A0', 'A1'], 'no_stream');
        await append('b', ['B0'], 'no_stream');
        await append('a', ['A2'], 1);
        const a = await store.readStream(stream('a'));
        expect(a[0].metadata.hash).toBe(eventHash(a[0].type, a[0].data, a[0].metadata, GENESIS_HASH));
        expect(a[1].metadata.hash).toBe(eventHash(a[1].type, a[1].data, a[1].metadata, a[0].metadata.hash as string));
        // across appends too: the third links to the second
        expect(a[2].metadata.hash).toBe(eventHash(a[2].type, a[2].data, a[2].metadata, a[1].metadata.hash as string));
        // another stream starts its own chain
        const [b0] = await store.readStream(stream('b'));
        expect(b0.metadata.hash).toBe(eventHash(b0.type, b0.data, b0.metadata, GENESIS_HASH));
      });

      it('a caller cannot forge the hash: a given one is replaced by the chained one', async () => {
        await store.append(stream('a'), [{ type: 'Forged', data: {}, metadata: testMetadata({ hash: 'f'.repeat(64) }) }], { expectedRevision: 'no_stream' });
        const [forged] = await store.readStream(stream('a'));
        expect(forged.metadata.hash).not.toBe('f'.repeat(64));
        expect(forged.metadata.hash).toBe(eventHash('Forged', {}, forged.metadata, GENESIS_HASH));
      });

      it('concurrent "any" appends to one stream never fork the chain, and the whole log verifies', async () => {
        await Promise.all(Array.from({ length: 6 }, (_, i) => append('c', [`C${i}`], 'any')));
        await append('d', ['D0'], 'no_stream');
        const verifier = new ChainVerifier();
        for (const e of await store.readAll({ streamPrefixes: [ns] })) verifier.visit(e);
        expect(verifier.checked).toBe(7);
        expect(verifier.firstBroken).toBeNull();
      });

      it('verification finds an event whose data no longer matches its hash', async () => {
        await append('a', ['A0', 'A1', 'A2'], 'no_stream');
        const events = await store.readStream(stream('a'));
        const verifier = new ChainVerifier();
        // what an edit outside the application looks like to a reader
        events.map((e, i) => (i === 1 ? { ...e, data: { n: 'edited' } } : e)).forEach((e) => verifier.visit(e));
        expect(verifier.firstBroken).toMatchObject({ stream: stream('a'), revision: 1, reason: 'hash_mismatch' });
      });
    });

    describe('readStream', () => {
      beforeEach(async () => {
        await append('a', ['A0', 'A1', 'A2', 'A3', 'A4'], 'no_stream');
      });

      it('reads forwards and backwards', async () => {
        expect(types(await store.readStream(stream('a')))).toEqual(['A0', 'A1', 'A2', 'A3', 'A4']);
        expect(types(await store.readStream(stream('a'), { direction: 'backwards' }))).toEqual(['A4', 'A3', 'A2', 'A1', 'A0']);
      });

      it('starts from an inclusive revision and stops at maxCount', async () => {
        expect(types(await store.readStream(stream('a'), { fromRevision: 2 }))).toEqual(['A2', 'A3', 'A4']);
        expect(types(await store.readStream(stream('a'), { direction: 'backwards', fromRevision: 2 }))).toEqual(['A2', 'A1', 'A0']);
        expect(types(await store.readStream(stream('a'), { maxCount: 2 }))).toEqual(['A0', 'A1']);
        expect(types(await store.readStream(stream('a'), { direction: 'backwards', maxCount: 2 }))).toEqual(['A4', 'A3']);
        expect(types(await store.readStream(stream('a'), { fromRevision: 1, maxCount: 2 }))).toEqual(['A1', 'A2']);
      });

      it('returns [] for a missing stream', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
        expect(await store.readStream(stream('missing'), { direction: 'backwards' })).toEqual([]);
      });
    });

    describe('readAll', () => {
      let head: number;
      beforeEach(async () => {
        head = await store.headPosition();
        await append('a', ['A0']);
        await append('b', ['B0']);
        await append('a', ['A1']);
        await append('c', ['C0']);
      });

      it('reads all streams in global order with strictly increasing positions', async () => {
        const all = mine(await store.readAll({ after: head }));
        expect(types(all)).toEqual(['A0', 'B0', 'A1', 'C0']);
        for (let i = 1; i < all.length; i++) expect(all[i].position).toBeGreaterThan(all[i - 1].position);
        expect(all[0].position).toBeGreaterThan(head);
      });

      it('treats `after` as exclusive and stops at maxCount', async () => {
        const all = mine(await store.readAll({ after: head }));
        expect(types(await store.readAll({ after: all[0].position, streamPrefixes: [ns] }))).toEqual(['B0', 'A1', 'C0']);
        expect(types(await store.readAll({ after: all[2].position, streamPrefixes: [ns] }))).toEqual(['C0']);
        expect(types(await store.readAll({ after: head, streamPrefixes: [ns], maxCount: 2 }))).toEqual(['A0', 'B0']);
      });

      it('filters by stream prefix', async () => {
        expect(types(await store.readAll({ after: head, streamPrefixes: [stream('b')] }))).toEqual(['B0']);
        expect(types(await store.readAll({ after: head, streamPrefixes: [stream('a'), stream('c')] }))).toEqual(['A0', 'A1', 'C0']);
        expect(await store.readAll({ after: head, streamPrefixes: [stream('zzz')] })).toEqual([]);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up from the start, then reports caughtUp with everything handled', async () => {
        await append('a', ['A0', 'A1']);
        await append('b', ['B0']);
        const { subscription, seen } = collect({ streamPrefixes: [ns] });
        await subscription.caughtUp;
        expect(types(seen)).toEqual(['A0', 'A1', 'B0']);
      });

      it('catches up from a checkpoint: only later events', async () => {
        await append('a', ['A0', 'A1']);
        await append('b', ['B0', 'B1']);
        const all = await store.readAll({ streamPrefixes: [ns] });
        const { subscription, seen } = collect({ after: all[1].position });
        await subscription.caughtUp;
        expect(types(mine(seen))).toEqual(['B0', 'B1']);
      });

      it('delivers live events appended after caughtUp', async () => {
        const { subscription, seen } = collect({ streamPrefixes: [ns] });
        await subscription.caughtUp;
        expect(seen).toEqual([]);
        await append('a', ['A0']);
        await append('b', ['B0']);
        await append('a', ['A1']);
        await waitFor(() => seen.length >= 3, 'live events');
        expect(seen).toEqual(await store.readAll({ streamPrefixes: [ns] }));
      });

      it('filters by stream prefix, in catch-up and live', async () => {
        await append('x-1', ['X1']);
        await append('y-1', ['Y1']);
        const { subscription, seen } = collect({ streamPrefixes: [stream('x-')] });
        await subscription.caughtUp;
        await append('y-1', ['Y2']);
        await append('x-2', ['X2']);
        // Y2 precedes X2, so had it been delivered it would already be here
        await waitFor(() => seen.length >= 2, 'X2');
        expect(types(seen)).toEqual(['X1', 'X2']);
      });

      it('keeps global order under interleaved appends to many streams', async () => {
        const live = collect({ streamPrefixes: [ns] });
        await live.subscription.caughtUp;
        const streams = Array.from({ length: 8 }, (_, i) => `s${i}`);
        await Promise.all(
          streams.map(async (s) => {
            for (let r = 0; r < 6; r++) await append(s, [`${s}.${r}`], r === 0 ? 'no_stream' : r - 1);
          }),
        );
        const stored = await store.readAll({ streamPrefixes: [ns] });
        expect(stored).toHaveLength(48);
        const replay = collect({ streamPrefixes: [ns] });
        await replay.subscription.caughtUp;
        await waitFor(() => live.seen.length >= 48, 'all live events');
        for (const seen of [live.seen, replay.seen]) {
          expect(seen.map((e) => e.id)).toEqual(stored.map((e) => e.id));
          for (let i = 1; i < seen.length; i++) expect(seen[i].position).toBeGreaterThan(seen[i - 1].position);
          for (const s of streams) expect(seen.filter((e) => e.stream === stream(s)).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5]);
        }
      });

      it('resumes after a drop from the last handled position: the rest, no duplicates', async () => {
        await append('a', ['E0', 'E1', 'E2', 'E3', 'E4']);
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let inE2 = false;
        const first = collect({ streamPrefixes: [ns] }, async (e) => {
          if (e.type !== 'E2') return;
          inE2 = true;
          await gate;
        });
        await waitFor(() => inE2, 'the handler of E2');
        const closing = first.subscription.close();
        release();
        await closing;
        // E2's handler was already running: it completes; nothing after it starts
        await waitFor(() => first.seen.length >= 3, 'E2 to finish');
        await append('a', ['E5', 'E6']);
        const second = collect({ after: first.seen[first.seen.length - 1].position, streamPrefixes: [ns] });
        await waitFor(() => second.seen.length >= 4, 'the rest');
        await second.subscription.caughtUp;
        expect(types(first.seen)).toEqual(['E0', 'E1', 'E2']);
        expect(types(second.seen)).toEqual(['E3', 'E4', 'E5', 'E6']);
      });

      it('stops at a failing handler and reports it, so it can restart from its checkpoint', async () => {
        await append('a', ['E0', 'E1', 'E2']);
        const failure = new Error('proiezione fallita');
        const failing = collect({ streamPrefixes: [ns] }, (e) => {
          if (e.type === 'E1') throw failure;
        });
        await waitFor(() => failing.errors.length > 0, 'onError');
        expect(failing.errors).toEqual([failure]);
        await expect(failing.subscription.caughtUp).rejects.toBe(failure);
        expect(types(failing.seen)).toEqual(['E0']);
        await append('a', ['E3']);
        const restarted = collect({ after: failing.seen[0].position, streamPrefixes: [ns] });
        await waitFor(() => restarted.seen.length >= 3, 'the restart');
        expect(types(restarted.seen)).toEqual(['E1', 'E2', 'E3']);
        expect(types(failing.seen)).toEqual(['E0']);
      });
    });
  });
}
