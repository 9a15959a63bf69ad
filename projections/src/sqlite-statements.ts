import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite driver prepares every query again, and on a request's hot path (its session, its user, a
 * document) preparing cost more than running. Here one SQL text is prepared once and kept, least recently used
 * out past `max`. A kept statement follows schema changes (a rebuild's swap): SQLite prepares it again itself.
 */
export function cachingStatements(db: Database.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (statement) cache.delete(sql);
      else statement = db.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}
