import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { documentIdsOf, parseRecordedEvent, type EventStore, type NewEvent, type RecordedEvent } from '@studio/contracts';
import type { ProjectionDefinition, StoredDocument } from '../projection';
import type { ReadModelStore, ReadModelStoreConfig } from '../read-model-store';

/** Fixtures for the projection integration tests (not part of the public API). */

export const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface ReadModelBackend {
  kind: 'sqlite' | 'postgres';
  /** one database per test file: a temp SQLite file, or a fresh PostgreSQL schema */
  config: ReadModelStoreConfig;
  dispose(): Promise<void>;
}

export function readModelBackends(): ReadModelBackend[] {
  const dir = mkdtempSync(join(tmpdir(), 'read-models-'));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  return [
    { kind: 'sqlite', config: { kind: 'sqlite', filename: join(dir, 'read-models.db') }, dispose: async () => rmSync(dir, { recursive: true, force: true }) },
    {
      kind: 'postgres',
      config: { kind: 'postgres', connectionString: PG_URL, schema },
      dispose: async () => {
        const client = new Client({ connectionString: PG_URL });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      },
    },
  ];
}

let counter = 0;
/** tests of one file share a database, so each uses its own projection names */
export const uniqueName = (base: string) => `${base}_${process.pid}_${++counter}`;

export interface CounterDoc {
  stream: string;
  group: string;
  count: number;
  events: number;
}

/**
 * A counter per `counter-<group>-<n>` stream. `Incremented {by}` adds, `Removed` deletes,
 * `Noted` is a type it does not handle. `multiplier` stands for an evolve whose meaning changed;
 * `fault` makes evolve throw (a bug, or a dependency down) while it returns true.
 */
export function counterProjection(
  name: string,
  options: { version?: number; multiplier?: number; fault?: (e: RecordedEvent) => boolean } = {},
): ProjectionDefinition<CounterDoc, 'Incremented' | 'Removed'> {
  const multiplier = options.multiplier ?? 1;
  return {
    name,
    version: options.version ?? 1,
    streamPrefixes: ['counter-'],
    eventTypes: ['Incremented', 'Removed'],
    documentId: (e) => e.stream,
    evolve(doc, e) {
      if (options.fault?.(e)) throw new Error(`evolve fallito su ${e.position}`);
      if (e.type === 'Removed') return null;
      const base = doc ?? { stream: e.stream, group: e.stream.split('-')[1], count: 0, events: 0 };
      return { ...base, count: base.count + (e.data as { by: number }).by * multiplier, events: base.events + 1 };
    },
    indexes: {
      group: { type: 'text', value: (d) => d.group },
      count: { type: 'integer', value: (d) => d.count },
    },
  };
}

export const metadata = { userId: 'test', role: 'system' as const, at: '2030-01-01T00:00:00Z', correlationId: 'c', causationId: 'c' };
export const inc = (by: number, extra: object = {}): NewEvent => ({ type: 'Incremented', data: { by, ...extra }, metadata });
export const removed = (): NewEvent => ({ type: 'Removed', data: {}, metadata });
export const noted = (): NewEvent => ({ type: 'Noted', data: {}, metadata });

/** the documents a clean, in-memory fold of the whole log gives: what every read model must equal */
export async function replay<D>(store: EventStore, def: ProjectionDefinition<D>): Promise<StoredDocument<D>[]> {
  const docs = new Map<string, StoredDocument<D | null>>();
  for (const e of await store.readAll({ streamPrefixes: def.streamPrefixes })) {
    if (def.eventTypes !== 'all' && !def.eventTypes.includes(e.type)) continue;
    const event = parseRecordedEvent(e);
    for (const id of documentIdsOf(def.documentId(event))) {
      const previous = docs.get(id)?.doc ?? null;
      const doc = def.evolve(previous, event, id);
      if (doc !== previous) docs.set(id, { id, doc, position: e.position });
    }
  }
  return [...docs.values()].filter((d): d is StoredDocument<D> => d.doc !== null).sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** what the read model holds, in the order replay() gives */
export const stored = <D>(readModels: ReadModelStore, name: string) => readModels.find<D>(name, {}, { orderBy: [{ column: 'id' }] });

/** a store whose subscription ignores the checkpoint and delivers every event twice */
export function redelivering(inner: EventStore): EventStore {
  return {
    append: (...args) => inner.append(...args),
    readStream: (...args) => inner.readStream(...args),
    readAll: (...args) => inner.readAll(...args),
    headPosition: () => inner.headPosition(),
    close: () => inner.close(),
    subscribeToAll: (options, handler, onError) =>
      inner.subscribeToAll(
        { ...options, after: 0 },
        async (e) => {
          await handler(e);
          await handler(e);
        },
        onError,
      ),
  };
}

export async function eventually(assertion: () => Promise<void> | void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}
