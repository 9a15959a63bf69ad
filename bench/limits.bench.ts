import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { record } from './report';

/**
 * What the disk and SQLite allow on this machine, in this run: appends through bare
 * better-sqlite3 (same schema, WAL, synchronous=FULL), one event and 16 events per transaction.
 */
export function rawAppendBench(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const perTxn of [1, 16]) {
    const db = new Database(join(dir, `raw-${perTxn}.db`));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, revision INTEGER NOT NULL,
      type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, recorded_at TEXT NOT NULL, UNIQUE (stream, revision))`);
    const insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const data = JSON.stringify({ doctorId: 'medico', slotId: 'medico~2031-01-06T08:00:00Z', start: '2031-01-06T08:00:00Z', end: '2031-01-06T08:30:00Z' });
    const metadata = JSON.stringify({
      userId: 'u',
      role: 'doctor',
      at: new Date().toISOString(),
      correlationId: randomUUID(),
      causationId: randomUUID(),
      hash: 'x'.repeat(64),
    });
    let revision = 0;
    const tx = db.transaction((n: number) => {
      for (let i = 0; i < n; i++) insert.run(randomUUID(), `s${revision % 64}`, revision++, 'SlotOpened', data, metadata, new Date().toISOString());
    });
    const seconds = Number(process.env.BENCH_RAW_SECONDS ?? 2);
    const t0 = performance.now();
    let appended = 0;
    while (performance.now() - t0 < seconds * 1000) {
      tx.immediate(perTxn);
      appended += perTxn;
    }
    const rate = appended / ((performance.now() - t0) / 1000);
    console.log(`SQLite grezzo (better-sqlite3, WAL, synchronous=FULL), ${perTxn} eventi per transazione: ${rate.toFixed(0)} append/s`);
    record(perTxn === 1 ? 'rawAppend1' : 'rawAppend16', rate);
    db.close();
  }
}

/** reading every row of an event file in position order and parsing its JSON: what a replay cannot beat */
export function rawScanBench(file: string): number {
  const db = new Database(file, { readonly: true });
  const t0 = performance.now();
  let n = 0;
  for (const row of db.prepare('SELECT * FROM events ORDER BY position').iterate() as IterableIterator<{ data: string; metadata: string }>) {
    JSON.parse(row.data);
    JSON.parse(row.metadata);
    n++;
  }
  const rate = n / ((performance.now() - t0) / 1000);
  db.close();
  console.log(`SQLite grezzo: lettura di ${n} eventi con JSON.parse: ${rate.toFixed(0)} eventi/s`);
  record('rawScan', rate);
  return rate;
}
