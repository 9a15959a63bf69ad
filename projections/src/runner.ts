import type { EventStore, RecordedEvent, Subscription } from '@studio/contracts';
import { applyEvents } from './apply';
import type { DocumentChange, ProjectionDefinition } from './projection';
import type { ReadModelStore } from './read-model-store';
import { rebuildProjection, rebuildProjections, type RebuildOptions, type RebuildResult } from './rebuild';

export interface ProjectionRunnerOptions {
  store: EventStore;
  readModels: ReadModelStore;
  projections: ProjectionDefinition[];
  /** events per transaction (default 500) */
  batchSize?: number;
  /** events per transaction of a rebuild, also the bulk load at start (default 5000) */
  rebuildBatchSize?: number;
  /** failures to apply or to subscribe; the runner restarts by itself after a backoff */
  onError?: (error: Error) => void;
  /** first restart delay after a failure, doubled on each failure in a row up to 30 s (default 500 ms) */
  retryDelayMs?: number;
  /**
   * at start, a projection at least this many events behind the head (default 10,000), and behind by more than a
   * quarter of the log, is rebuilt in bulk instead of caught up batch by batch (see start)
   */
  bulkCatchUpMin?: number;
}

export type ChangeListener = (changes: DocumentChange[]) => void;

interface Waiter {
  position: number;
  resolve(): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** rechecks even without commits: events of streams no projection reads commit nothing */
  poll: NodeJS.Timeout;
}

const toError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

/**
 * Feeds the projections from one checkpointed subscription to the log. Events are applied in
 * batches, one transaction each, documents and checkpoints together; listeners hear of a
 * batch only once it has committed.
 */
export class ProjectionRunner {
  private readonly batchSize: number;
  private readonly rebuildBatchSize: number;
  private readonly retryDelayMs: number;
  private readonly report: (error: Error) => void;
  /** last committed positions, for waitFor and the subscription's start; batches re-read them in their transaction */
  private readonly checkpoints = new Map<string, number>();
  private readonly listeners = new Set<ChangeListener>();
  private readonly waiters = new Set<Waiter>();
  private readonly rebuilding = new Set<string>();
  private queue: RecordedEvent[] = [];
  /** batches and a rebuild's swap run one at a time on this chain */
  private chain: Promise<unknown> = Promise.resolve();
  /** bumped on every (re)subscription and on stop: late events and errors of an older subscription are ignored */
  private generation = 0;
  private subscription?: Subscription;
  private running = false;
  private flushScheduled = false;
  private retryTimer?: NodeJS.Timeout;
  private delay: number;
  private caughtUp?: () => void;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.rebuildBatchSize = options.rebuildBatchSize ?? 5000;
    this.retryDelayMs = options.retryDelayMs ?? 500;
    this.delay = this.retryDelayMs;
    this.report = options.onError ?? ((error) => console.error('[projections]', error));
    const names = options.projections.map((p) => p.name);
    if (new Set(names).size !== names.length) throw new Error(`Proiezioni con lo stesso nome: ${names.join(', ')}`);
  }

  /** the projections this runner keeps, as given by the composition root */
  get projections(): readonly ProjectionDefinition[] {
    return this.options.projections;
  }

  /** resolves once every event stored at start has been applied (or when stopped first) */
  async start(): Promise<void> {
    if (this.running || this.options.projections.length === 0) return;
    this.running = true;
    const { store, readModels, projections } = this.options;
    try {
      for (const def of projections) await readModels.ensureCollection(def);
      const bulk: ProjectionDefinition[] = [];
      const head = await store.headPosition();
      for (const def of projections) {
        const stored = await readModels.checkpointInfo(def.name);
        // evolve changed meaning: the documents must be folded again before going live; and a
        // projection that starts from zero on a non-empty log is loaded in bulk (bare tables, indexes at the end).
        // So is one far behind (a store restored or filled by another process): batch by batch through indexed
        // tables it ran at about a tenth of the bulk rate (a 1-million-event log took 17 minutes to catch up)
        const behind = head - (stored?.position ?? 0);
        const farBehind = stored !== null && behind >= (this.options.bulkCatchUpMin ?? 10_000) && behind * 4 > head;
        if ((stored && stored.version < def.version) || (!stored && head > 0) || farBehind) bulk.push(def);
      }
      if (bulk.length > 0) await rebuildProjections({ store, readModels }, bulk, { batchSize: this.rebuildBatchSize });
    } catch (error) {
      this.running = false;
      throw error;
    }
    if (!this.running) return; // stopped meanwhile
    const caughtUp = new Promise<void>((resolve) => (this.caughtUp = resolve));
    void this.subscribe();
    await caughtUp;
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.generation++;
    clearTimeout(this.retryTimer);
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close();
    // let a batch in flight commit; what is still queued is redelivered by the next start
    await this.serial(async () => undefined);
    this.queue = [];
    this.caughtUp?.();
    for (const waiter of this.waiters) (clearTimeout(waiter.timer), clearInterval(waiter.poll), waiter.reject(new Error('Proiezioni fermate')));
    this.waiters.clear();
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** resolves once every projection has applied every event of its streams up to `position` */
  waitFor(position: number, timeoutMs = 5000): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        position,
        resolve,
        reject,
        timer: setTimeout(() => {
          if (this.waiters.delete(waiter))
            (clearInterval(waiter.poll), reject(new Error(`Read model non aggiornato alla posizione ${position} entro ${timeoutMs} ms`)));
        }, timeoutMs),
        poll: setInterval(() => void this.check(waiter), 200),
      };
      waiter.timer.unref();
      waiter.poll.unref();
      // registered before the first check, so a commit landing during the check is not missed
      this.waiters.add(waiter);
      void this.check(waiter);
    });
  }

  /** rebuilds one projection from position 0 into a fresh table while this runner stays live */
  async rebuild(name: string, options: RebuildOptions = {}): Promise<RebuildResult> {
    const def = this.options.projections.find((p) => p.name === name);
    if (!def) throw new Error(`Proiezione sconosciuta: ${name}`);
    if (this.rebuilding.has(name)) throw new Error(`Ricostruzione di ${name} già in corso`);
    this.rebuilding.add(name);
    try {
      const { store, readModels } = this.options;
      return await rebuildProjection({ store, readModels, runner: this }, def, { batchSize: this.rebuildBatchSize, ...options });
    } finally {
      this.rebuilding.delete(name);
    }
  }

  /**
   * Runs `fn` while no batch is being applied, then reloads the checkpoints it may have moved.
   * Rebuild swaps tables in here; events that arrive meanwhile wait in the queue.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.serial(async () => {
      try {
        return await fn();
      } finally {
        await this.loadCheckpoints().catch(() => undefined);
        this.checkWaiters();
      }
    });
  }

  private async subscribe(): Promise<void> {
    const gen = ++this.generation;
    const { store, projections } = this.options;
    let subscription: Subscription;
    try {
      // from the stored checkpoints, not the ones in memory: a failed commit may have left either behind
      await this.loadCheckpoints();
      if (gen !== this.generation) return;
      // one subscription for all: from the least advanced projection, over the union of their streams
      const after = Math.min(...projections.map((p) => this.checkpoints.get(p.name) ?? 0));
      const prefixes = projections.some((p) => p.streamPrefixes.length === 0) ? undefined : [...new Set(projections.flatMap((p) => p.streamPrefixes))];
      subscription = store.subscribeToAll(
        { after, streamPrefixes: prefixes },
        (event) => this.handle(gen, event),
        (error) => this.fail(gen, error),
      );
    } catch (error) {
      return this.fail(gen, error);
    }
    this.subscription = subscription;
    subscription.caughtUp
      .then(() => this.flush(gen))
      .then(
        () => gen === this.generation && this.caughtUp?.(),
        () => undefined,
      );
  }

  private async handle(gen: number, event: RecordedEvent): Promise<void> {
    if (gen !== this.generation) return;
    this.queue.push(event);
    // a full batch holds the subscription back (backpressure); a partial one is applied as soon as the feed pauses
    if (this.queue.length >= this.batchSize) return this.flush(gen);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        void this.flush(this.generation);
      });
    }
  }

  /** applies the queue, one batch per turn on the chain, so a rebuild's swap is not starved by a busy feed */
  private async flush(gen: number): Promise<void> {
    await this.serial(async () => {
      if (gen !== this.generation || this.queue.length === 0) return;
      const batch = this.queue.splice(0, this.batchSize);
      try {
        await this.applyBatch(batch);
        this.delay = this.retryDelayMs;
      } catch (error) {
        this.fail(gen, error);
      }
    });
    if (gen === this.generation && this.queue.length > 0) await this.flush(gen);
  }

  private async applyBatch(batch: RecordedEvent[]): Promise<void> {
    const { readModels, projections } = this.options;
    // max, not the last one: a redelivered older event must never move a checkpoint back
    const last = batch.reduce((max, e) => Math.max(max, e.position), 0);
    const { changes, positions } = await readModels.transaction(async (tx) => {
      const changes: DocumentChange[] = [];
      // read in the transaction (locked on PG): the truth, even if a rebuild or another process moved them
      const positions = await tx.checkpoints(projections.map((p) => p.name));
      const moved: { projection: string; position: number; version: number }[] = [];
      for (const def of projections) {
        const from = positions.get(def.name) ?? 0;
        if (from >= last) continue;
        changes.push(
          ...(await applyEvents(
            tx,
            def,
            batch.filter((e) => e.position > from),
          )),
        );
        // events of streams it does not handle advance it too: the subscription delivered everything in between
        moved.push({ projection: def.name, position: last, version: def.version });
        positions.set(def.name, last);
      }
      await tx.setCheckpoints(moved);
      return { changes, positions };
    });
    for (const [name, position] of positions) this.checkpoints.set(name, position);
    if (changes.length > 0) {
      for (const listener of this.listeners) {
        try {
          listener(changes);
        } catch (error) {
          this.report(toError(error));
        }
      }
    }
    this.checkWaiters();
  }

  /** closes the subscription, drops the queue and resubscribes from the stored checkpoints after a backoff */
  private fail(gen: number, error: unknown): void {
    if (gen !== this.generation || !this.running) return;
    this.generation++;
    this.queue = [];
    const subscription = this.subscription;
    this.subscription = undefined;
    void subscription?.close();
    this.report(toError(error));
    const delay = this.delay;
    this.delay = Math.min(this.delay * 2, 30_000);
    this.retryTimer = setTimeout(() => {
      if (this.running) void this.subscribe();
    }, delay);
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async loadCheckpoints(): Promise<void> {
    for (const def of this.options.projections) this.checkpoints.set(def.name, await this.options.readModels.checkpoint(def.name));
  }

  private checkWaiters(): void {
    for (const waiter of this.waiters) void this.check(waiter);
  }

  private async check(waiter: Waiter): Promise<void> {
    try {
      if ((await this.reached(waiter.position)) && this.waiters.delete(waiter)) {
        clearTimeout(waiter.timer);
        clearInterval(waiter.poll);
        waiter.resolve();
      }
    } catch {
      // the store is unreachable: the next commit or the timeout decides
    }
  }

  private async reached(position: number): Promise<boolean> {
    let head: number | undefined;
    for (const def of this.options.projections) {
      const checkpoint = this.checkpoints.get(def.name) ?? 0;
      if (checkpoint >= position) continue;
      // a position not yet written may still be taken by one of its events
      head ??= await this.options.store.headPosition();
      if (head < position) return false;
      // The subscription sees only the projections' streams, so an event of another stream never
      // moves a checkpoint: what matters is whether one of its own events lies in (checkpoint, position].
      const [next] = await this.options.store.readAll({ after: checkpoint, maxCount: 1, streamPrefixes: def.streamPrefixes });
      if (next && next.position <= position) return false;
    }
    return true;
  }
}
