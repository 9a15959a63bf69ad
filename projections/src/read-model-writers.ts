import type Database from 'better-sqlite3';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ProjectionDefinition, StoredDocument } from './projection';
import { CHECKPOINTS, REGISTRY, chunks, decodeRow, encodeDoc, ident, type Row } from './read-model-sql';

/**
 * Writes inside one transaction: documents, checkpoints and a rebuild's swap commit together.
 * `table` (optional) names a physical table; by default the collection's active one. Only a
 * rebuild passes it, to fill its fresh table before the swap.
 */
export interface ReadModelWriter {
  getForUpdate<D>(collection: string, id: string, table?: string): Promise<StoredDocument<D> | null>;
  getManyForUpdate<D>(collection: string, ids: string[], table?: string): Promise<Map<string, StoredDocument<D>>>;
  put<D>(collection: string, docs: StoredDocument<D> | StoredDocument<D>[], table?: string): Promise<void>;
  delete(collection: string, ids: string | string[], table?: string): Promise<void>;
  /** current positions (0 when none), locked until commit on PostgreSQL */
  checkpoints(projections: string[]): Promise<Map<string, number>>;
  setCheckpoint(projection: string, position: number, version: number): Promise<void>;
  /** several at once: one statement, not one round trip per projection */
  setCheckpoints(entries: { projection: string; position: number; version: number }[]): Promise<void>;
  /** makes `table` the collection's active table and drops the previous one */
  activate(collection: string, table: string): Promise<void>;
}

/** what a writer needs of its store */
export interface WriterContext {
  readonly kind: 'sqlite' | 'postgres';
  /** definitions seen by ensureCollection: put() needs their indexes */
  readonly defs: Map<string, ProjectionDefinition>;
  /** SQLite: prepared statements of the writer's hot path, by SQL text */
  readonly statements: Map<string, Database.Statement>;
  /** the collection's active table, from the registry (read through `db`, a transaction's, when given) */
  lookup(collection: string, db?: Kysely<any>): Promise<string>;
}

/** PostgreSQL's writer (and SQLite's without its connection): Kysely queries inside the transaction */
export function kyselyWriter(trx: Transaction<any>, swaps: Map<string, string>, store: WriterContext): ReadModelWriter {
  // read from the registry inside the transaction: a swap by another process is seen, never a stale name
  const resolved = new Map<string, string>();
  let registryRead = false;
  const tableOf = async (collection: string, table?: string): Promise<string> => {
    if (table) return ident(table, 'tabella');
    // the whole registry in one query, the first time a transaction needs a table: a batch touches several
    if (!registryRead && !resolved.has(collection)) {
      registryRead = true;
      for (const row of await trx.selectFrom(REGISTRY).select(['collection', 'physical_table']).execute()) {
        if (!resolved.has(row.collection as string)) resolved.set(row.collection as string, row.physical_table as string);
      }
    }
    const known = resolved.get(collection);
    if (known) return known;
    const found = await store.lookup(collection, trx);
    resolved.set(collection, found);
    return found;
  };
  const pg = store.kind === 'postgres';
  const writer: ReadModelWriter = {
    getForUpdate: async <D>(collection: string, id: string, table?: string) => (await writer.getManyForUpdate<D>(collection, [id], table)).get(id) ?? null,
    getManyForUpdate: async <D>(collection: string, ids: string[], table?: string) => {
      const t = await tableOf(collection, table);
      const found = new Map<string, StoredDocument<D>>();
      for (const part of chunks([...new Set(ids)])) {
        const rows = await trx
          .selectFrom(t)
          .select(['id', 'doc', 'position'])
          .where('id', 'in', part)
          // SQLite has no row locks: its write transaction already excludes other writers
          .$if(pg, (q) => q.forUpdate())
          .execute();
        for (const row of rows) found.set(row.id as string, decodeRow<D>(store.kind, row));
      }
      return found;
    },
    put: async <D>(collection: string, docs: StoredDocument<D> | StoredDocument<D>[], table?: string) => {
      const def = store.defs.get(collection);
      if (!def) throw new Error(`Collezione non registrata con ensureCollection: ${collection}`);
      const t = await tableOf(collection, table);
      const list = Array.isArray(docs) ? docs : [docs];
      const columns = Object.keys(def.indexes);
      for (const part of chunks(list)) {
        const rows = part.map((d) => {
          const row: Record<string, unknown> = { id: d.id, doc: encodeDoc(store.kind, d.doc), position: d.position };
          for (const column of columns) row[column] = def.indexes[column].value(d.doc) ?? null;
          return row;
        });
        const update = Object.fromEntries(['doc', 'position', ...columns].map((c) => [c, sql.ref(`excluded.${c}`)]));
        await trx
          .insertInto(t)
          .values(rows)
          .onConflict((oc) => oc.column('id').doUpdateSet(update))
          .execute();
      }
    },
    delete: async (collection: string, ids: string | string[], table?: string) => {
      const t = await tableOf(collection, table);
      for (const part of chunks(Array.isArray(ids) ? ids : [ids])) await trx.deleteFrom(t).where('id', 'in', part).execute();
    },
    checkpoints: async (projections: string[]) => {
      const rows = projections.length
        ? await trx
            .selectFrom(CHECKPOINTS)
            .select(['projection', 'position'])
            .where('projection', 'in', projections)
            .$if(pg, (q) => q.forUpdate())
            .execute()
        : [];
      const found = new Map(projections.map((p) => [p, 0]));
      for (const row of rows) found.set(row.projection as string, Number(row.position));
      return found;
    },
    setCheckpoint: (projection: string, position: number, version: number) => writer.setCheckpoints([{ projection, position, version }]),
    setCheckpoints: async (entries) => {
      if (entries.length === 0) return;
      await trx
        .insertInto(CHECKPOINTS)
        .values(entries)
        .onConflict((oc) => oc.column('projection').doUpdateSet({ position: sql.ref('excluded.position'), version: sql.ref('excluded.version') }))
        .execute();
    },
    activate: async (collection: string, table: string) => {
      const old = await tableOf(collection);
      await trx
        .updateTable(REGISTRY)
        .set({ physical_table: ident(table, 'tabella') })
        .where('collection', '=', collection)
        .execute();
      if (old !== table) await sql`drop table if exists ${sql.id(old)}`.execute(trx);
      resolved.set(collection, table);
      swaps.set(collection, table);
    },
  };
  return writer;
}

/**
 * SQLite's writer: prepared statements on the connection, which is inside the Kysely
 * transaction, so a batch costs no query building and no round trip per document; id lists go
 * in as one JSON parameter (json_each), whatever their length.
 */
export function sqliteWriter(raw: Database.Database, swaps: Map<string, string>, store: WriterContext): ReadModelWriter {
  const prepared = (text: string): Database.Statement => {
    let statement = store.statements.get(text);
    if (!statement) {
      statement = raw.prepare(text);
      store.statements.set(text, statement);
    }
    return statement;
  };
  const run = <T>(text: string, fn: (statement: Database.Statement) => T): T => {
    try {
      return fn(prepared(text));
    } catch (error) {
      // a statement on a table dropped since (a swap) is prepared again next time
      store.statements.delete(text);
      throw error;
    }
  };
  const resolved = new Map<string, string>();
  const tableOf = (collection: string, table?: string): string => {
    if (table) return ident(table, 'tabella');
    const known = resolved.get(collection);
    if (known) return known;
    const row = run(`SELECT physical_table FROM ${REGISTRY} WHERE collection = ?`, (st) => st.get(collection)) as { physical_table: string } | undefined;
    if (!row) throw new Error(`Collezione sconosciuta: ${collection}`);
    resolved.set(collection, row.physical_table);
    return row.physical_table;
  };
  const writer: ReadModelWriter = {
    getForUpdate: async <D>(collection: string, id: string, table?: string) => (await writer.getManyForUpdate<D>(collection, [id], table)).get(id) ?? null,
    getManyForUpdate: async <D>(collection: string, ids: string[], table?: string) => {
      const t = tableOf(collection, table);
      const found = new Map<string, StoredDocument<D>>();
      if (ids.length === 0) return found;
      const rows = run(`SELECT id, doc, position FROM "${t}" WHERE id IN (SELECT value FROM json_each(?))`, (st) => st.all(JSON.stringify(ids))) as Row[];
      for (const row of rows) found.set(row.id, decodeRow<D>(store.kind, row));
      return found;
    },
    put: async <D>(collection: string, docs: StoredDocument<D> | StoredDocument<D>[], table?: string) => {
      const def = store.defs.get(collection);
      if (!def) throw new Error(`Collezione non registrata con ensureCollection: ${collection}`);
      const t = tableOf(collection, table);
      const columns = Object.keys(def.indexes);
      const values = columns.map((c) => def.indexes[c].value);
      const all = ['id', 'doc', 'position', ...columns];
      const text =
        `INSERT INTO "${t}" (${all.map((c) => `"${c}"`).join(', ')}) VALUES (${all.map(() => '?').join(', ')}) ` +
        `ON CONFLICT (id) DO UPDATE SET ${all
          .slice(1)
          .map((c) => `"${c}" = excluded."${c}"`)
          .join(', ')}`;
      run(text, (st) => {
        for (const d of Array.isArray(docs) ? docs : [docs]) {
          st.run(d.id, JSON.stringify(d.doc), d.position, ...values.map((value) => value(d.doc) ?? null));
        }
      });
    },
    delete: async (collection: string, ids: string | string[], table?: string) => {
      const t = tableOf(collection, table);
      run(`DELETE FROM "${t}" WHERE id IN (SELECT value FROM json_each(?))`, (st) => st.run(JSON.stringify(Array.isArray(ids) ? ids : [ids])));
    },
    checkpoints: async (projections: string[]) => {
      const found = new Map(projections.map((p) => [p, 0]));
      const rows = run(`SELECT projection, position FROM ${CHECKPOINTS} WHERE projection IN (SELECT value FROM json_each(?))`, (st) =>
        st.all(JSON.stringify(projections)),
      ) as { projection: string; position: number }[];
      for (const row of rows) found.set(row.projection, Number(row.position));
      return found;
    },
    setCheckpoint: async (projection: string, position: number, version: number) => {
      run(
        `INSERT INTO ${CHECKPOINTS} (projection, position, version) VALUES (?, ?, ?) ON CONFLICT (projection) DO UPDATE SET position = excluded.position, version = excluded.version`,
        (st) => st.run(projection, position, version),
      );
    },
    // prepared and in process: one statement per projection costs no round trip here
    setCheckpoints: async (entries) => {
      for (const { projection, position, version } of entries) await writer.setCheckpoint(projection, position, version);
    },
    activate: async (collection: string, table: string) => {
      const old = tableOf(collection);
      run(`UPDATE ${REGISTRY} SET physical_table = ? WHERE collection = ?`, (st) => st.run(ident(table, 'tabella'), collection));
      if (old !== table) {
        raw.exec(`DROP TABLE IF EXISTS "${old}"`);
        for (const text of store.statements.keys()) if (text.includes(`"${old}"`)) store.statements.delete(text);
      }
      resolved.set(collection, table);
      swaps.set(collection, table);
    },
  };
  return writer;
}
