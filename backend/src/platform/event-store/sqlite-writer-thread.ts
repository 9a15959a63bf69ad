import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AppendOutcome, AppendRequest } from './sqlite-group-commit';

/**
 * The writer on a worker thread with its own connection: the main thread's event loop stays free
 * while the disk syncs, and the appends arriving meanwhile form the next group.
 */
export class WriterThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(o: AppendOutcome[]): void; reject(e: Error): void }>();
  private nextId = 0;

  constructor(filename: string, chainKey?: Buffer) {
    // from the sources (tests, bench) the worker compiles its TypeScript as the main thread does
    const source = __filename.endsWith('.ts');
    const file = path.join(__dirname, `sqlite-writer.worker.${source ? 'ts' : 'js'}`);
    this.worker = source
      ? new Worker(`require('@swc-node/register'); require(${JSON.stringify(file)});`, {
          eval: true,
          workerData: { filename, chainKey: chainKey?.toString('hex') },
        })
      : new Worker(file, { workerData: { filename, chainKey: chainKey?.toString('hex') } });
    this.worker.on('message', (m: { id: number; outcomes?: AppendOutcome[]; error?: string } | 'closed') => {
      if (m === 'closed') return;
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      // idle, the thread does not keep the process alive; a commit in progress does
      if (this.waiting.size === 0) this.worker.unref();
      if (m.outcomes) w?.resolve(m.outcomes);
      else w?.reject(new Error(m.error));
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', () => this.failAll(new Error('Thread di scrittura degli eventi terminato')));
    this.worker.unref();
  }

  commit(batch: AppendRequest[]): Promise<AppendOutcome[]> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.waiting.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, batch });
    });
  }

  /**
   * The worker and the timer stay referenced while closing: unreferenced, with nothing else keeping
   * the event loop alive, neither the exit nor the timer would ever settle the promise.
   */
  async close(): Promise<void> {
    this.worker.ref();
    const closed = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage('close');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, 2000)))]);
    clearTimeout(timer);
    await this.worker.terminate();
  }

  private failAll(error: Error): void {
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
  }
}
