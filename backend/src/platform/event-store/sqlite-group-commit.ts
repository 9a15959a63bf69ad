import type Database from 'better-sqlite3';
import type { AppendResult } from '@studio/contracts';
import { GENESIS_HASH } from './hash-chain';
import { planAppend, type AppendOutcome, type AppendRequest } from './support';

export type { AppendOutcome, AppendRequest } from './support';

/**
 * Group commit on one connection: the appends of a batch in one IMMEDIATE transaction (one
 * fsync with synchronous=FULL), each in its own savepoint (a nested better-sqlite3 transaction)
 * with its own expected-revision check, so a failing append takes back only its own inserts.
 * Throws when the group itself cannot commit: then none of its appends happened.
 */
export function groupCommitter(db: Database.Database, chainKey?: Buffer): (batch: AppendRequest[]) => AppendOutcome[] {
  const lastOfStream = db.prepare<[string], { revision: number; position: number; hash: unknown }>(
    "SELECT revision, position, json_extract(metadata, '$.hash') AS hash FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1",
  );
  const insert = db.prepare(
    `INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at)
     VALUES (@id, @stream, @revision, @type, @data, @metadata, @recordedAt)`,
  );
  // a nested transaction: a savepoint, so an insert that fails (a duplicate id) takes back only this append's rows
  const appendOne = db.transaction((request: AppendRequest, recordedAt: string): AppendOutcome => {
    const last = lastOfStream.get(request.stream);
    // the chain is extended inside the write lock, so no concurrent append can fork it
    const plan = planAppend(request, { revision: last?.revision ?? -1, hash: typeof last?.hash === 'string' ? last.hash : GENESIS_HASH }, chainKey);
    if ('conflict' in plan) return plan;
    let position = last?.position ?? 0;
    for (const row of plan.rows) position = Number(insert.run({ ...row, recordedAt }).lastInsertRowid);
    const result: AppendResult = { nextRevision: plan.head.revision, position };
    return { ok: result };
  });
  const group = db.transaction((batch: AppendRequest[]): AppendOutcome[] => {
    const recordedAt = new Date().toISOString();
    return batch.map((request) => {
      try {
        return appendOne(request, recordedAt);
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    });
  });
  // IMMEDIATE takes the write lock before the revision checks, so checks and inserts are atomic
  // even against another process (a DEFERRED read-then-write could fail to upgrade instead).
  return (batch) => group.immediate(batch);
}
