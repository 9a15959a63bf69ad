import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** the PostgreSQL of this machine (CI starts it); tests make their own databases on it and drop them */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function withPgAdmin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new empty database named `<prefix>_<random>`; `drop` removes it even with connections still open. */
export async function createTestDatabase(prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  // CREATE DATABASE copies template1 and fails while another session uses it (tests side by side): try again
  for (let attempt = 1; ; attempt++) {
    try {
      await withPgAdmin((c) => c.query(`CREATE DATABASE ${name}`));
      break;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((r) => setTimeout(r, 300 * attempt));
    }
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => withPgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}
