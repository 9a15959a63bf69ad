import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, checkExpectedRevision, type AppendResult, type ExpectedRevision, type NewEvent } from '@studio/contracts';
import { GENESIS_HASH, chained } from './hash-chain';

export interface AppendRequest {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

/** one append's answer; plain data, so it crosses from the writer thread unchanged */
export type AppendOutcome = { ok: AppendResult } | { conflict: number | 'no_stream' } | { error: string };

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
  const appendOne = db.transaction((request: AppendRequest, recordedAt: string): AppendResult => {
    const { stream, events, expected } = request;
    const last = lastOfStream.get(stream);
    const current = last?.revision ?? -1;
    checkExpectedRevision(stream, expected, current);
    let position = last?.position ?? 0;
    // the chain is extended inside the write lock, so no concurrent append can fork it
    let previousHash = typeof last?.hash === 'string' ? last.hash : GENESIS_HASH;
    events.forEach((event, i) => {
      const revision = current + 1 + i;
      const metadata = chained(event.type, event.data, event.metadata, previousHash, chainKey && { key: chainKey, stream, revision });
      previousHash = metadata.hash as string;
      const info = insert.run({
        id: event.id ?? randomUUID(),
        stream,
        revision,
        type: event.type,
        data: JSON.stringify(event.data ?? null),
        metadata: JSON.stringify(metadata),
        recordedAt,
      });
      position = Number(info.lastInsertRowid);
    });
    return { nextRevision: current + events.length, position };
  });
  const group = db.transaction((batch: AppendRequest[]): AppendOutcome[] => {
    const recordedAt = new Date().toISOString();
    return batch.map((request) => {
      try {
        return { ok: appendOne(request, recordedAt) };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) return { conflict: error.actual };
        return { error: error instanceof Error ? error.message : String(error) };
      }
    });
  });
  // IMMEDIATE takes the write lock before the revision checks, so checks and inserts are atomic
  // even against another process (a DEFERRED read-then-write could fail to upgrade instead).
  return (batch) => group.immediate(batch);
}
