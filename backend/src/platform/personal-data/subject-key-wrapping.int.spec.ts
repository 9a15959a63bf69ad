import { createDecipheriv, randomBytes } from 'node:crypto';
import type { Sealed } from '@studio/contracts';
import { createTestDatabase } from '../../testing/pg-database';
import { openAppDb, type AppDb } from '../kernel/app-db';
import { PersonalDataService } from './personal-data.service';
import { rewrapSubjectKeys } from './rewrap-subject-keys';
import { SubjectKeyWrapping } from './subject-key-wrapping';

const LOOKUP = 'segreto-di-prova-lungo-abbastanza';

describe('subject keys wrapped under the key-encryption key (PostgreSQL, a database of its own)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: AppDb;
  const kek = randomBytes(32);
  beforeAll(async () => {
    database = await createTestDatabase('subject_keys_test');
    db = await openAppDb({ kind: 'postgres', connectionString: database.url, schema: 'app' });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });
  beforeEach(() => db.deleteFrom('subject_keys').execute());

  /** what a person's data looks like in the log: sealed with their key */
  async function sealPeople(service: PersonalDataService): Promise<Sealed[]> {
    return Promise.all(['p1', 'p2', 'p3'].map((id) => service.seal(id, { name: `Persona ${id}`, diagnosis: 'riservata' })));
  }

  it('a copy of the database alone opens nothing: no stored value is a key, and another instance without the KEK cannot open', async () => {
    const sealed = await sealPeople(new PersonalDataService(db, LOOKUP, { wrapping: new SubjectKeyWrapping(kek) }));
    const rows = await db.selectFrom('subject_keys').selectAll().execute();
    expect(rows).toHaveLength(3);
    // what the copy holds, tried as a key in every way it could be read
    for (const blob of sealed) {
      for (const row of rows) {
        for (const candidate of [Buffer.from(row.key, 'base64'), Buffer.from(row.key), ...row.key.split(':').map((part) => Buffer.from(part, 'base64'))]) {
          expect(openWith(candidate, blob)).toBeNull();
        }
      }
    }
    // the same database with another key-encryption key (or none): refused, nothing opened
    await expect(new PersonalDataService(db, LOOKUP, { wrapping: new SubjectKeyWrapping(randomBytes(32)) }).open(sealed[0])).rejects.toThrow(
      /KEY_ENCRYPTION_KEY/,
    );
    expect(openWith(Buffer.from(rows[0].key, 'base64'), sealed[0])).toBeNull();
    // with it: everything opens
    const withKek = new PersonalDataService(db, LOOKUP, { wrapping: new SubjectKeyWrapping(kek) });
    expect(await Promise.all(sealed.map((s) => withKek.open(s)))).toEqual(['p1', 'p2', 'p3'].map((id) => ({ name: `Persona ${id}`, diagnosis: 'riservata' })));
  });

  it('rotation: instances given the new key and the previous one read both; the re-wrap moves every key (and the unwrapped ones of old) to the new', async () => {
    const sealed = await sealPeople(new PersonalDataService(db, LOOKUP, { wrapping: new SubjectKeyWrapping(kek) }));
    // a key stored before wrapping existed
    const legacyKey = randomBytes(32);
    await db
      .insertInto('subject_keys')
      .values({ subject_id: 'old', key: legacyKey.toString('base64'), created_at: new Date().toISOString() })
      .execute();
    const legacySealed = await new PersonalDataService(db, LOOKUP).seal('old', 'dato di prima');

    const next = randomBytes(32);
    const during = new PersonalDataService(db, LOOKUP, { wrapping: new SubjectKeyWrapping(next, [kek]) });
    expect(await during.open(sealed[1])).toEqual({ name: 'Persona p2', diagnosis: 'riservata' });
    expect(await rewrapSubjectKeys(db, new SubjectKeyWrapping(next, [kek]))).toEqual({ rewrapped: 4, current: 0 });
    expect(await rewrapSubjectKeys(db, new SubjectKeyWrapping(next, [kek]))).toEqual({ rewrapped: 0, current: 4 });

    const after = new PersonalDataService(db, LOOKUP, { wrapping: new SubjectKeyWrapping(next) });
    expect(await after.open(sealed[2])).toEqual({ name: 'Persona p3', diagnosis: 'riservata' });
    expect(await after.open(legacySealed)).toBe('dato di prima');
    // the old key alone no longer opens anything
    await expect(new PersonalDataService(db, LOOKUP, { wrapping: new SubjectKeyWrapping(kek) }).open(sealed[0])).rejects.toThrow(/KEY_ENCRYPTION_KEY/);
    const rows = await db.selectFrom('subject_keys').select('key').execute();
    expect(rows.every((r) => !r.key.includes(legacyKey.toString('base64')))).toBe(true);
  });
});

/** opens a sealed blob with a candidate key, as a thief with the copy would: null when it does not open */
function openWith(key: Buffer, sealed: Sealed): unknown {
  try {
    if (key.length !== 32) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(sealed.keyId));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
