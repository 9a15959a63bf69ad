import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '../../testing/pg-database';
import { waitFor } from '../event-store/test-events';
import { openAppDb, type AppDb } from '../kernel/app-db';
import { DatabaseErasureLedger } from './database-erasure-ledger';
import { ErasureFeed } from './erasure-feed';
import { PersonalDataService, SubjectErasedError } from './personal-data.service';
import { SubjectKeyWrapping } from './subject-key-wrapping';

/**
 * Two instances on one PostgreSQL database, each with its own connections and its own key cache. The bound: an
 * instance stops using an erased person's key as soon as the erasure's notification reaches it (PostgreSQL sends it
 * once the erasure has committed); an instance that is not listening caches no key, so for it the erasure holds at
 * its next read.
 */
describe('an erasure on one instance ends access on the others (PostgreSQL, a database of its own)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const dbs: AppDb[] = [];
  const feeds: ErasureFeed[] = [];
  const kek = randomBytes(32);
  beforeAll(async () => {
    database = await createTestDatabase('erasure_test');
  });
  afterEach(async () => {
    await Promise.all(feeds.splice(0).map((f) => f.close()));
    await Promise.all(dbs.splice(0).map((d) => d.destroy()));
  });
  afterAll(() => database.drop());

  async function instance(feedUrl: string | null = database.url) {
    const db = await openAppDb({ kind: 'postgres', connectionString: database.url, schema: 'app' });
    dbs.push(db);
    const feed = feedUrl ? new ErasureFeed(feedUrl, 'subject_erased', 50) : undefined;
    if (feed) feeds.push(feed);
    const databaseLedger = new DatabaseErasureLedger(db);
    await databaseLedger.ensureExists();
    const heard: string[] = [];
    feed?.onErased((subjectId) => heard.push(subjectId));
    return {
      service: new PersonalDataService(db, 'segreto-di-prova-lungo-abbastanza', { wrapping: new SubjectKeyWrapping(kek), erasures: feed, databaseLedger }),
      feed,
      heard,
      databaseLedger,
    };
  }

  it("B keeps no erased key once A's erasure has reached it: it opens nothing and seals nothing for that person", async () => {
    const a = await instance();
    const b = await instance();
    await waitFor(() => a.feed!.listening && b.feed!.listening, 'both instances listening');
    const sealed = await a.service.seal('p1', { name: 'Giulia' });
    // B has the key in its cache now
    expect(await b.service.open(sealed)).toEqual({ name: 'Giulia' });
    await a.service.destroyKey('p1');
    await waitFor(() => b.heard.includes('p1'), "the erasure's notification on B");
    expect(await b.service.open(sealed)).toBeNull();
    await expect(b.service.seal('p1', 'nuovo dato')).rejects.toBeInstanceOf(SubjectErasedError);
    // the ledger's copy in the database is every instance's, and outside the schema a backup dumps
    expect((await b.databaseLedger.read()).map((r) => r.subjectId)).toEqual(['p1']);
    // someone else's key stays in use
    const other = await a.service.seal('p2', 'altro');
    expect(await b.service.open(other)).toBe('altro');
  });

  it('an instance that cannot listen caches no key: the erasure holds for it at its very next read', async () => {
    const a = await instance();
    // its feed points at a database that does not exist: never listening
    const unreachable = new URL(database.url);
    unreachable.pathname = `/nessuno_${randomBytes(3).toString('hex')}`;
    const b = await instance(unreachable.toString());
    const sealed = await a.service.seal('p3', 'dato');
    expect(await b.service.open(sealed)).toBe('dato');
    expect(b.feed!.listening).toBe(false);
    await a.service.destroyKey('p3');
    expect(await b.service.open(sealed)).toBeNull();
  });
});
