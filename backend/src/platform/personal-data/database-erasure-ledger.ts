import { sql } from 'kysely';
import type { AppDb } from '../kernel/app-db';
import type { ErasureRecord } from './erasure-ledger';

/**
 * The erasure ledger's copy in PostgreSQL, beside the file: a table in a schema of its own (`erasure_ledger`), which
 * neither `npm run backup` (schema `app`) nor the compose backup (`app`, `event_store`) dumps, so no restore brings
 * back an older one; a restore into the same database reads it and erases again whoever it names. Shared by every
 * instance, where the file is one per host unless put on a shared volume.
 */
export class DatabaseErasureLedger {
  constructor(private readonly db: AppDb) {}

  async ensureExists(): Promise<void> {
    // two instances starting together may both try: the loser finds it done
    for (let attempt = 1; ; attempt++) {
      try {
        await sql`CREATE SCHEMA IF NOT EXISTS erasure_ledger`.execute(this.db);
        await sql`CREATE TABLE IF NOT EXISTS erasure_ledger.erasures (
          subject_id text PRIMARY KEY, erased_at text NOT NULL, erased_by text NOT NULL, erased_by_role text NOT NULL
        )`.execute(this.db);
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  async record(entry: ErasureRecord): Promise<void> {
    await sql`INSERT INTO erasure_ledger.erasures (subject_id, erased_at, erased_by, erased_by_role)
      VALUES (${entry.subjectId}, ${entry.erasedAt}, ${entry.erasedBy}, ${entry.erasedByRole}) ON CONFLICT (subject_id) DO NOTHING`.execute(this.db);
  }

  /** [] when the database has no ledger (a database restored into for the first time) */
  async read(): Promise<ErasureRecord[]> {
    const exists = await sql<{ t: string | null }>`SELECT to_regclass('erasure_ledger.erasures')::text AS t`.execute(this.db);
    if (!exists.rows[0]?.t) return [];
    const { rows } = await sql<{ subject_id: string; erased_at: string; erased_by: string; erased_by_role: string }>`
      SELECT subject_id, erased_at, erased_by, erased_by_role FROM erasure_ledger.erasures ORDER BY erased_at`.execute(this.db);
    return rows.map((r) => ({ subjectId: r.subject_id, erasedAt: r.erased_at, erasedBy: r.erased_by, erasedByRole: r.erased_by_role }));
  }
}
