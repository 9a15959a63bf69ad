import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import { cachingStatements } from './sqlite-statements';
import { Pool, types as pgTypes } from 'pg';
import type { FindOptions, ProjectionDefinition, ReadModelReader, StoredDocument, Where } from './projection';
import { CHECKPOINTS, REGISTRY, RESERVED_COLUMNS, conditions, decodeRow, ident, indexesOf, isMissingTable, type Row } from './read-model-sql';
import { kyselyWriter, sqliteWriter, type ReadModelWriter, type WriterContext } from './read-model-writers';

export type { ReadModelWriter } from './read-model-writers';

export type ReadModelStoreConfig = { kind: 'sqlite'; filename: string } | { kind: 'postgres'; connectionString: string; schema?: string };

export interface CheckpointInfo {
  position: number;
  /** the definition version that wrote it */
  version: number;
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

class KyselyReadModelStore implements ReadModelStore, WriterContext {
  /** definitions seen by ensureCollection: put() needs their indexes */
  readonly defs = new Map<string, ProjectionDefinition>();
  /** collection → active table; refreshed when a query hits a table another process dropped */
  private readonly tables = new Map<string, string>();

  /** get's query by physical table, compiled once */
  private readonly getQueries = new Map<string, CompiledQuery>();

  /** SQLite: prepared statements of the writer's hot path, by SQL text */
  readonly statements = new Map<string, Database.Statement>();

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
    return row ? decodeRow<D>(this.kind, row) : null;
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
    return rows.map((r) => decodeRow<D>(this.kind, r));
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
    return this.raw ? sqliteWriter(this.raw, swaps, this) : kyselyWriter(trx, swaps, this);
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

  async lookup(collection: string, db: Kysely<any> = this.db): Promise<string> {
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
}
