import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type ExpressionBuilder, type Expression, type SqlBool, type Transaction } from 'kysely';
import { cachingStatements } from './sqlite-statements';
import { Pool, types as pgTypes } from 'pg';
import type { FindOptions, ProjectionDefinition, ReadModelReader, StoredDocument, Where, WhereValue } from './projection';

export type ReadModelStoreConfig = { kind: 'sqlite'; filename: string } | { kind: 'postgres'; connectionString: string; schema?: string };

export interface CheckpointInfo {
  position: number;
  /** the definition version that wrote it */
  version: number;
}

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

export interface ReadModelStore extends ReadModelReader {
  readonly kind: 'sqlite' | 'postgres';
  /** escape hatch for custom queries; a collection's table name comes from activeTable() */
  readonly kysely: Kysely<any>;
  /** registers the definition (its indexes) and creates its table when missing */
  ensureCollection(def: ProjectionDefinition): Promise<void>;
  checkpointInfo(projection: string): Promise<CheckpointInfo | null>;
  /** the physical table a collection reads from now (it changes on every rebuild) */
  activeTable(collection: string): Promise<string>;
  /**
   * A fresh, not yet active, empty physical table for a rebuild of `def`. With `indexes: false`
   * it has only its primary key: a bulk load is faster, and buildIndexes adds them at the end.
   */
  createTable(def: ProjectionDefinition, options?: { indexes?: boolean }): Promise<string>;
  /** the secondary indexes of `def` on `table` (after a bulk load into a table created without them) */
  buildIndexes(table: string, def: ProjectionDefinition): Promise<void>;
  dropTable(table: string): Promise<void>;
  transaction<T>(fn: (tx: ReadModelWriter) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const IDENT = /^[a-z][a-z0-9_]*$/;
const RESERVED_COLUMNS = new Set(['id', 'doc', 'position']);
const REGISTRY = 'rm_registry';
const CHECKPOINTS = 'rm_checkpoints';
/** ids are sent as bound parameters; keep each statement well under SQLite's and PG's limits */
const CHUNK = 500;

function ident(name: string, what: string): string {
  if (!IDENT.test(name) || name.length > 63) throw new Error(`Nome non valido per ${what}: ${JSON.stringify(name)}`);
  return name;
}

const chunks = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

/** the secondary indexes of a definition: name suffix and columns */
function indexesOf(def: ProjectionDefinition): { suffix: string; columns: string[] }[] {
  return [
    { suffix: 'position', columns: ['position'] },
    ...Object.entries(def.indexes).map(([column, index]) =>
      index.then ? { suffix: `${column}_${ident(index.then, 'indice')}`, columns: [column, index.then] } : { suffix: column, columns: [column] },
    ),
  ];
}

function isMissingTable(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '42P01' || /no such table/i.test(e?.message ?? '');
}

export async function createReadModelStore(config: ReadModelStoreConfig): Promise<ReadModelStore> {
  if (config.kind === 'sqlite') {
    const database = new Database(config.filename);
    // a read model can always be rebuilt from the log, so NORMAL durability is enough
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('busy_timeout = 5000');
    return opened(
      new KyselyReadModelStore('sqlite', new Kysely<any>({ dialect: new SqliteDialect({ database: cachingStatements(database) }) }), null, database),
    );
  }
  const schema = config.schema ? ident(config.schema, 'schema') : null;
  const pool = new Pool({
    connectionString: config.connectionString,
    // positions and integer indexes are bigint: return numbers (safe below 2^53), for this pool only
    types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === pgTypes.builtins.INT8 ? Number : pgTypes.getTypeParser(oid, format)) },
  });
  // an idle connection dropped by the server must not crash the process: the next query fails
  // instead, and the runner retries from its checkpoint
  pool.on('error', () => undefined);
  const dialect = new PostgresDialect({
    pool,
    onCreateConnection: async (conn) => {
      // schema is a checked identifier, so quoting it here is safe
      if (schema) await conn.executeQuery(CompiledQuery.raw(`set search_path to "${schema}"`));
      // A read model can always be rebuilt from the log (as SQLite's synchronous=NORMAL above): a commit
      // need not wait for the WAL flush, which was half of a live batch's time. Documents and checkpoints
      // commit together, so a crash loses a suffix of batches consistently and the runner applies them again.
      // Only this pool: sessions and keys (the app database) stay synchronous.
      await conn.executeQuery(CompiledQuery.raw('set synchronous_commit to off'));
    },
  });
  return opened(new KyselyReadModelStore('postgres', new Kysely<any>({ dialect }), schema));
}

/** creates the bookkeeping tables; a store that cannot is closed, not leaked with its pool */
async function opened(store: KyselyReadModelStore): Promise<ReadModelStore> {
  try {
    await store.init();
    return store;
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
}

type Row = { id: string; doc: unknown; position: number | string };

class KyselyReadModelStore implements ReadModelStore {
  /** definitions seen by ensureCollection: put() needs their indexes */
  private readonly defs = new Map<string, ProjectionDefinition>();
  /** collection → active table; refreshed when a query hits a table another process dropped */
  private readonly tables = new Map<string, string>();

  /** get's query by physical table, compiled once */
  private readonly getQueries = new Map<string, CompiledQuery>();

  /** SQLite: prepared statements of the writer's hot path, by SQL text */
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    readonly kind: 'sqlite' | 'postgres',
    private readonly db: Kysely<any>,
    private readonly schema: string | null,
    /** SQLite: the connection under Kysely; inside a Kysely transaction its statements run in that transaction */
    private readonly raw: Database.Database | null = null,
  ) {}

  get kysely(): Kysely<any> {
    return this.db;
  }

  async init(): Promise<void> {
    await this.ddl(async (trx) => {
      if (this.schema) await sql`create schema if not exists ${sql.id(this.schema)}`.execute(trx);
      await trx.schema
        .createTable(REGISTRY)
        .ifNotExists()
        .addColumn('collection', 'text', (c) => c.primaryKey())
        .addColumn('physical_table', 'text', (c) => c.notNull())
        .execute();
      await trx.schema
        .createTable(CHECKPOINTS)
        .ifNotExists()
        .addColumn('projection', 'text', (c) => c.primaryKey())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
    });
  }

  async ensureCollection(def: ProjectionDefinition): Promise<void> {
    ident(def.name, 'collezione');
    for (const column of Object.keys(def.indexes)) {
      if (RESERVED_COLUMNS.has(ident(column, 'indice'))) throw new Error(`Indice riservato in ${def.name}: ${column}`);
    }
    this.defs.set(def.name, def);
    const table = await this.ddl(async (trx) => {
      const row = await trx.selectFrom(REGISTRY).select('physical_table').where('collection', '=', def.name).executeTakeFirst();
      // an existing table keeps its columns (changed ones come with a version bump, i.e. a rebuild); a two-column
      // index added since is built on it here, and takes the place of the one-column index it extends
      if (row) {
        const existing = row.physical_table as string;
        for (const [column, index] of Object.entries(def.indexes)) {
          if (!index.then) continue;
          await trx.schema
            .createIndex(ident(`ix_${existing}_${column}_${index.then}`, 'indice'))
            .ifNotExists()
            .on(existing)
            .columns([column, index.then])
            .execute();
          await trx.schema
            .dropIndex(ident(`ix_${existing}_${column}`, 'indice'))
            .ifExists()
            .execute();
        }
        return existing;
      }
      const fresh = `${def.name}__g1`;
      await sql`drop table if exists ${sql.id(fresh)}`.execute(trx);
      await this.createPhysical(trx, fresh, def);
      await trx.insertInto(REGISTRY).values({ collection: def.name, physical_table: fresh }).execute();
      return fresh;
    });
    this.tables.set(def.name, table);
  }

  async createTable(def: ProjectionDefinition, options: { indexes?: boolean } = {}): Promise<string> {
    await this.ensureCollection(def);
    const active = await this.lookup(def.name);
    const generation = Number(/__g(\d+)$/.exec(active)?.[1] ?? 0) + 1;
    const table = ident(`${def.name}__g${generation}`, 'tabella');
    await this.ddl(async (trx) => {
      // left over by a rebuild that crashed before its swap
      await sql`drop table if exists ${sql.id(table)}`.execute(trx);
      await this.createPhysical(trx, table, def, options.indexes ?? true);
    });
    return table;
  }

  async buildIndexes(table: string, def: ProjectionDefinition): Promise<void> {
    await this.ddl(async (trx) => {
      for (const { suffix, columns } of indexesOf(def)) {
        await trx.schema
          .createIndex(ident(`ix_${table}_${suffix}`, 'indice'))
          .ifNotExists()
          .on(ident(table, 'tabella'))
          .columns(columns)
          .execute();
      }
    });
  }

  async dropTable(table: string): Promise<void> {
    await sql`drop table if exists ${sql.id(ident(table, 'tabella'))}`.execute(this.db);
  }

  async activeTable(collection: string): Promise<string> {
    return this.lookup(collection);
  }

  async get<D>(collection: string, id: string): Promise<StoredDocument<D> | null> {
    const row = await this.withTable(collection, async (table) => {
      // compiled once per table, run with the id: building and compiling the query again on every call (a request's
      // user is one) cost more than running it
      let query = this.getQueries.get(table);
      if (!query) this.getQueries.set(table, (query = this.db.selectFrom(table).select(['id', 'doc', 'position']).where('id', '=', '').compile()));
      return (await this.db.executeQuery<Row>({ ...query, parameters: [id] })).rows[0];
    });
    return row ? this.decode<D>(row) : null;
  }

  async find<D>(collection: string, where: Where = {}, options: FindOptions = {}): Promise<StoredDocument<D>[]> {
    const rows = await this.withTable(collection, (table) => {
      let q = this.db.selectFrom(table).select(['id', 'doc', 'position']);
      const entries = Object.entries(where);
      if (entries.length) q = q.where((eb) => eb.and(entries.flatMap(([column, value]) => conditions(eb, ident(column, 'colonna'), value))));
      // id last, so ties come back in the same order on both databases
      // NULL is the smallest value on both databases (SQLite's rule; PG's default is the opposite)
      for (const { column, direction } of options.orderBy ?? []) {
        q = q.orderBy(ident(column, 'colonna'), (ob) => (direction === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsFirst()));
      }
      q = q.orderBy('id', 'asc');
      if (options.limit !== undefined) q = q.limit(options.limit);
      return q.execute();
    });
    return rows.map((r) => this.decode<D>(r));
  }

  async checkpoint(projection: string): Promise<number> {
    return (await this.checkpointInfo(projection))?.position ?? 0;
  }

  async checkpointInfo(projection: string): Promise<CheckpointInfo | null> {
    const row = await this.db.selectFrom(CHECKPOINTS).select(['position', 'version']).where('projection', '=', projection).executeTakeFirst();
    return row ? { position: Number(row.position), version: Number(row.version) } : null;
  }

  async transaction<T>(fn: (tx: ReadModelWriter) => Promise<T>): Promise<T> {
    const swaps = new Map<string, string>();
    const result = await this.db.transaction().execute((trx) => fn(this.writer(trx, swaps)));
    // only once committed do readers of this process see the new table
    for (const [collection, table] of swaps) this.tables.set(collection, table);
    return result;
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }

  private writer(trx: Transaction<any>, swaps: Map<string, string>): ReadModelWriter {
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
      const found = await this.lookup(collection, trx);
      resolved.set(collection, found);
      return found;
    };
    if (this.raw) return this.sqliteWriter(this.raw, swaps);
    const pg = this.kind === 'postgres';
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
          for (const row of rows) found.set(row.id as string, this.decode<D>(row));
        }
        return found;
      },
      put: async <D>(collection: string, docs: StoredDocument<D> | StoredDocument<D>[], table?: string) => {
        const def = this.defs.get(collection);
        if (!def) throw new Error(`Collezione non registrata con ensureCollection: ${collection}`);
        const t = await tableOf(collection, table);
        const list = Array.isArray(docs) ? docs : [docs];
        const columns = Object.keys(def.indexes);
        for (const part of chunks(list)) {
          const rows = part.map((d) => {
            const row: Record<string, unknown> = { id: d.id, doc: this.encode(d.doc), position: d.position };
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
  private sqliteWriter(raw: Database.Database, swaps: Map<string, string>): ReadModelWriter {
    const prepared = (text: string): Database.Statement => {
      let statement = this.statements.get(text);
      if (!statement) {
        statement = raw.prepare(text);
        this.statements.set(text, statement);
      }
      return statement;
    };
    const run = <T>(text: string, fn: (statement: Database.Statement) => T): T => {
      try {
        return fn(prepared(text));
      } catch (error) {
        // a statement on a table dropped since (a swap) is prepared again next time
        this.statements.delete(text);
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
        for (const row of rows) found.set(row.id, this.decode<D>(row));
        return found;
      },
      put: async <D>(collection: string, docs: StoredDocument<D> | StoredDocument<D>[], table?: string) => {
        const def = this.defs.get(collection);
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
          for (const text of this.statements.keys()) if (text.includes(`"${old}"`)) this.statements.delete(text);
        }
        resolved.set(collection, table);
        swaps.set(collection, table);
      },
    };
    return writer;
  }

  private async createPhysical(trx: Transaction<any>, table: string, def: ProjectionDefinition, indexes = true): Promise<void> {
    const pg = this.kind === 'postgres';
    // PG compares text by the database's locale; "C" makes order and ranges bytewise, as in SQLite
    const text = pg ? sql`text collate "C"` : sql`text`;
    let create = trx.schema
      .createTable(table)
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('doc', pg ? 'jsonb' : 'text', (c) => c.notNull())
      .addColumn('position', 'bigint', (c) => c.notNull());
    for (const [column, index] of Object.entries(def.indexes)) create = create.addColumn(column, index.type === 'integer' ? 'bigint' : text);
    await create.execute();
    if (!indexes) return;
    for (const { suffix, columns } of indexesOf(def)) {
      await trx.schema
        .createIndex(ident(`ix_${table}_${suffix}`, 'indice'))
        .on(table)
        .columns(columns)
        .execute();
    }
  }

  /** DDL in one transaction; on PG under an advisory lock, so processes starting together do not race */
  private async ddl<T>(fn: (trx: Transaction<any>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      if (this.kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`read-models:${this.schema ?? ''}`}))`.execute(trx);
      return fn(trx);
    });
  }

  private async lookup(collection: string, db: Kysely<any> = this.db): Promise<string> {
    const row = await db.selectFrom(REGISTRY).select('physical_table').where('collection', '=', collection).executeTakeFirst();
    if (!row) throw new Error(`Collezione sconosciuta: ${collection}`);
    if (db === this.db) this.tables.set(collection, row.physical_table as string);
    return row.physical_table as string;
  }

  /** readers cache the active table; after a swap by another process the old one is gone: look again once */
  private async withTable<T>(collection: string, query: (table: string) => Promise<T>): Promise<T> {
    const table = this.tables.get(collection) ?? (await this.lookup(collection));
    try {
      return await query(table);
    } catch (error) {
      if (!isMissingTable(error)) throw error;
      const fresh = await this.lookup(collection);
      if (fresh === table) throw error;
      return query(fresh);
    }
  }

  private encode(doc: unknown) {
    const json = JSON.stringify(doc);
    return this.kind === 'postgres' ? sql`cast(${json} as jsonb)` : json;
  }

  private decode<D>(row: Row): StoredDocument<D> {
    // SQLite holds JSON text; pg already parsed the jsonb
    const doc = (typeof row.doc === 'string' && this.kind === 'sqlite' ? JSON.parse(row.doc) : row.doc) as D;
    return { id: row.id, doc, position: Number(row.position) };
  }
}

function conditions(eb: ExpressionBuilder<any, any>, column: string, value: WhereValue): Expression<SqlBool>[] {
  if (value === null) return [eb(column, 'is', null)];
  if (typeof value !== 'object') return [eb(column, '=', value)];
  const ops = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
  const out: Expression<SqlBool>[] = [];
  for (const [op, operand] of Object.entries(value)) {
    if (operand === undefined) continue;
    if (op === 'in') {
      const list = operand as (string | number)[];
      out.push(list.length ? eb(column, 'in', list) : sql<SqlBool>`1 = 0`);
    } else if (op in ops) {
      out.push(eb(column, ops[op as keyof typeof ops], operand));
    } else {
      throw new Error(`Operatore sconosciuto in find: ${op}`);
    }
  }
  return out;
}
