import { join } from 'node:path';
import { Client } from 'pg';
import { BackupError, errorText, runTool } from './archive';

// The PostgreSQL side of a restore: the target checked empty, the schemas restored from their dumps, the log checked
// against the manifest.

/**
 * The schemas that will receive the restore hold no table; the restored ones (`restored`), when an empty leftover of
 * them is there, are dropped (RESTRICT: only if empty), since the restore creates them.
 */
export async function assertEmptySchemas(connectionString: string, schemas: string[], restored: string[], variable: string): Promise<void> {
  const client = new Client({ connectionString });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Connessione a PostgreSQL (${variable}) non riuscita: ${errorText(error)}`);
  }
  try {
    for (const schema of schemas) {
      const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = $1', [schema]);
      if (Number(rows[0].n) > 0) {
        throw new BackupError(
          `Lo schema PostgreSQL "${schema}" non è vuoto (${rows[0].n} tabelle): il ripristino avviene solo in un database senza dati. Usa un database nuovo in ${variable} e riprova.`,
        );
      }
    }
    for (const schema of restored) await client.query(`DROP SCHEMA IF EXISTS "${schema}" RESTRICT`);
  } finally {
    await client.end();
  }
}

/**
 * Each schema from its file with pg_restore, those of one database in one transaction. `--schema` leaves the schema's
 * own CREATE out (a combined dump holds two, each may go to its own database), so the schemas are created first.
 */
export async function restoreSchemas(connectionString: string, parts: { schema: string; file: string }[], staging: string): Promise<void> {
  const byFile = new Map<string, string[]>();
  for (const p of parts) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p.schema]);
  const client = new Client({ connectionString });
  await client.connect();
  try {
    for (const p of parts) await client.query(`CREATE SCHEMA "${p.schema}"`);
  } finally {
    await client.end();
  }
  for (const [file, schemas] of byFile) {
    await runTool(
      'pg_restore',
      [
        '--exit-on-error',
        '--single-transaction',
        '--no-owner',
        '--no-privileges',
        ...schemas.map((s) => `--schema=${s}`),
        `--dbname=${connectionString}`,
        join(staging, file),
      ],
      'Ripristino del database PostgreSQL (pg_restore)',
    );
  }
}

/**
 * The restored log holds what the manifest says (read in the dump's snapshot). Its sequence was dumped as it stood
 * at the end of the dump (sequences are outside snapshots), past appends the dump does not hold: set back to the head,
 * so the next append takes the next position, as on SQLite.
 */
export async function checkRestoredLog(connectionString: string, log: { schema: string; headPosition: number; events: number }): Promise<void> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ head: string; events: string }>(
      `SELECT coalesce(max(position), 0) AS head, count(*) AS events FROM "${log.schema}".events`,
    );
    const head = Number(rows[0].head);
    const events = Number(rows[0].events);
    if (head !== log.headPosition || events !== log.events)
      throw new BackupError(
        `Il registro ripristinato non corrisponde al manifest del backup: ${events} eventi fino alla posizione ${head}, attesi ${log.events} fino alla ${log.headPosition}.`,
      );
    await client.query(`SELECT setval('"${log.schema}".events_position', $1, false)`, [head + 1]);
  } finally {
    await client.end();
  }
}
