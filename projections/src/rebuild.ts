import { performance } from 'node:perf_hooks';
import { parseRecordedEvent, type EventStore, type RecordedEvent } from '@studio/contracts';
import { applyEvents, handlesStream } from './apply';
import type { ProjectionDefinition } from './projection';
import type { ReadModelStore } from './read-model-store';

const BULK = { checked: true, changes: false } as const;
const folds = (def: ProjectionDefinition, e: RecordedEvent) =>
  (def.eventTypes === 'all' || (def.eventTypes as readonly string[]).includes(e.type)) && handlesStream(def, e.stream);

export interface RebuildProgress {
  /** global position reached; `total` is the log's head when the rebuild started */
  done: number;
  total: number;
  eventsPerSecond: number;
}

export interface RebuildOptions {
  onProgress?(progress: RebuildProgress): void;
  /** events read and applied per transaction (default 5000) */
  batchSize?: number;
}

export interface RebuildResult {
  events: number;
  ms: number;
}

export interface RebuildDeps {
  store: EventStore;
  readModels: ReadModelStore;
  /**
   * The runner live for this projection, if any (ProjectionRunner.rebuild passes itself). The
   * final catch-up and the swap run between its batches, so no event is lost or applied twice.
   * Without it, no runner may be applying this projection meanwhile.
   */
  runner?: { exclusive<T>(fn: () => Promise<T>): Promise<T> };
}

/**
 * Replays the log from position 0 into a fresh table, then in one transaction makes it the
 * active one, sets the checkpoint and drops the old table. Readers keep the old table, still
 * kept current by the runner, until the swap.
 */
export function rebuildProjection(deps: RebuildDeps, def: ProjectionDefinition, options: RebuildOptions = {}): Promise<RebuildResult> {
  return rebuildProjections(deps, [def], options);
}

/**
 * Several projections in one pass over the log: each into a fresh table created without its
 * secondary indexes (a bulk load into bare tables), large pages in one transaction each, the
 * indexes built once at the end, then one swap for all of them with their checkpoints.
 */
export async function rebuildProjections(deps: RebuildDeps, defs: ProjectionDefinition[], options: RebuildOptions = {}): Promise<RebuildResult> {
  const { store, readModels } = deps;
  const pageSize = options.batchSize ?? 5000;
  const started = performance.now();
  const tables = new Map<ProjectionDefinition, string>();
  // one read covers every projection: the union of their streams, or everything
  const prefixes = defs.some((d) => d.streamPrefixes.length === 0) ? undefined : [...new Set(defs.flatMap((d) => d.streamPrefixes))];
  let after = 0;
  let events = 0;
  const report = (done: number, of: number) =>
    options.onProgress?.({ done, total: of, eventsPerSecond: Math.round(events / Math.max((performance.now() - started) / 1000, 0.001)) });
  /** applies the next page, up to position `upTo`; false once there is nothing more */
  const page = async (upTo: number): Promise<boolean> => {
    const batch = (await store.readAll({ after, maxCount: pageSize, streamPrefixes: prefixes })).filter((e) => e.position <= upTo);
    if (batch.length === 0) return false;
    // each event folded by some projection is checked once, here: the WeakMap that remembers checks for the live
    // runner, filled with every event of the log, cost a replay a tenth of its time in the garbage collector
    for (const e of batch) if (defs.some((d) => folds(d, e))) parseRecordedEvent(e);
    await readModels.transaction(async (tx) => {
      for (const def of defs) await applyEvents(tx, def, batch, tables.get(def), BULK);
    });
    after = batch[batch.length - 1].position;
    events += batch.length;
    return true;
  };

  try {
    for (const def of defs) tables.set(def, await readModels.createTable(def, { indexes: false }));
    const total = await store.headPosition();
    while (after < total && (await page(total))) report(after, total);
    for (const def of defs) await readModels.buildIndexes(tables.get(def)!, def);
    let position = 0;
    const finish = async () => {
      // What was appended meanwhile, up to the head as it is now: no runner batch commits until
      // the swap, so the runner has applied nothing past it, and applies what comes after it.
      // A fixed target, so a steady stream of appends cannot keep the rebuild chasing forever.
      position = await store.headPosition();
      while (after < position && (await page(position)));
      await readModels.transaction(async (tx) => {
        for (const def of defs) {
          await tx.activate(def.name, tables.get(def)!);
          await tx.setCheckpoint(def.name, position, def.version);
        }
      });
    };
    await (deps.runner ? deps.runner.exclusive(finish) : finish());
    report(position, Math.max(position, total));
  } catch (error) {
    // never drop a table that did become active (a commit whose acknowledgement was lost)
    for (const [def, table] of tables) {
      if ((await readModels.activeTable(def.name).catch(() => table)) !== table) await readModels.dropTable(table).catch(() => undefined);
    }
    throw error;
  }
  return { events, ms: Math.round(performance.now() - started) };
}
