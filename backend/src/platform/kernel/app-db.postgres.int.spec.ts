import { sql } from 'kysely';
import { createTestDatabase, withPgAdmin } from '../../testing/pg-database';
import { openAppDb, type AppDb } from './app-db';

describe('the app database on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: AppDb;
  beforeAll(async () => {
    database = await createTestDatabase('app_db_test');
    db = await openAppDb({ kind: 'postgres', connectionString: `${database.url}?application_name=app_db_idle`, schema: 'app' });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('an idle connection ended by the server (a restart, a terminated session) does not end the process, and queries work again', async () => {
    await db.selectFrom('subject_keys').selectAll().execute();
    // unhandled, the pool's 'error' would fail this suite (jest reports it) as it would end the app's process
    const ended = await withPgAdmin((c) =>
      c.query("SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'app_db_idle' AND datname = $1", [database.name]),
    );
    expect(ended.rows.length).toBeGreaterThan(0);
    // a query that met the dead connection before the pool heard of it fails; the pool then opens a fresh one
    let answer: number | undefined;
    for (let attempt = 0; attempt < 100 && answer === undefined; attempt++) {
      answer = await sql<{ one: number }>`SELECT 1 AS one`.execute(db).then(
        (r) => r.rows[0].one,
        () => new Promise<undefined>((r) => setTimeout(r, 20)),
      );
    }
    expect(answer).toBe(1);
  });
});
