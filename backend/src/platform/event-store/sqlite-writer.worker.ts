import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { groupCommitter, type AppendRequest } from './sqlite-group-commit';

/**
 * The SQLite event store's writer thread: commits groups of appends on its own connection, so
 * the main thread's event loop keeps serving requests while the disk syncs.
 */
const { filename, chainKey } = workerData as { filename: string; chainKey?: string };
const db = new Database(filename);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
const commit = groupCommitter(db, chainKey ? Buffer.from(chainKey, 'hex') : undefined);
parentPort!.on('message', (message: { id: number; batch: AppendRequest[] } | 'close') => {
  if (message === 'close') {
    db.close();
    parentPort!.postMessage('closed');
    // the thread ends: nothing else keeps it alive once its port lets go
    parentPort!.close();
    return;
  }
  try {
    parentPort!.postMessage({ id: message.id, outcomes: commit(message.batch) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
