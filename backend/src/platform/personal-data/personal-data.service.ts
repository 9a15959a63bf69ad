import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Sealed } from '@studio/contracts';
import { AppError } from '../common/errors';
import type { AppDb } from '../kernel/app-db';
import type { PersonalData } from '../kernel/ports';
import type { ErasureLedger, ErasureRecord } from './erasure-ledger';
import type { SubjectKeyWrapping } from './subject-key-wrapping';
import type { ErasureFeed } from './erasure-feed';
import type { DatabaseErasureLedger } from './database-erasure-ledger';

/** sealing for someone erased: a new key would bring them back (a new registration is a new person) */
export class SubjectErasedError extends AppError {
  constructor() {
    super(410, 'persona_cancellata', 'Questa persona è stata cancellata: i suoi dati non possono più essere registrati.');
  }
}

export interface PersonalDataOptions {
  /** where every erasure is also written, outside the backups (none: tests of sealing alone) */
  ledger?: ErasureLedger;
  /** the ledger's copy in PostgreSQL, shared by the instances and outside the backups */
  databaseLedger?: DatabaseErasureLedger;
  /** wraps the stored keys under the key-encryption key (none: stored as they are, tests of sealing alone) */
  wrapping?: SubjectKeyWrapping;
  /** instances sharing a PostgreSQL database: erasures elsewhere drop keys from this cache (none: one instance) */
  erasures?: ErasureFeed;
}

/**
 * Crypto-shredding: every data subject has an AES-256-GCM key in subject_keys, outside the log.
 * Events hold personal fields only sealed with that key; deleting the key erases the person
 * while the log stays replayable.
 */
export class PersonalDataService implements PersonalData {
  private readonly cache = new Map<string, Buffer>();

  private readonly ledger?: ErasureLedger;
  private readonly databaseLedger?: DatabaseErasureLedger;
  private readonly wrapping?: SubjectKeyWrapping;
  private readonly erasures?: ErasureFeed;

  constructor(
    private readonly db: AppDb,
    private readonly lookupSecret: string,
    options: PersonalDataOptions = {},
  ) {
    ({ ledger: this.ledger, databaseLedger: this.databaseLedger, wrapping: this.wrapping, erasures: this.erasures } = options);
    this.erasures?.onErased((subjectId) => (subjectId === '*' ? this.cache.clear() : this.cache.delete(subjectId)));
  }

  /** keyed hash used to find an account by email without storing the email in clear */
  lookupHash(value: string): string {
    return createHmac('sha256', this.lookupSecret).update(value.trim().toLowerCase()).digest('hex');
  }

  async seal(subjectId: string, value: unknown): Promise<Sealed> {
    return sealWith((await this.keyFor(subjectId, true))!, subjectId, value);
  }

  /**
   * For records the practice must still write about someone who may have been erased (a receipt, a
   * cancellation's reason): erased, the value is sealed with a throwaway key, unreadable from birth,
   * and no key is stored for them.
   */
  async sealUnlessErased(subjectId: string, value: unknown): Promise<Sealed> {
    try {
      return await this.seal(subjectId, value);
    } catch (error) {
      if (!(error instanceof SubjectErasedError)) throw error;
      return sealWith(randomBytes(32), subjectId, value);
    }
  }

  /** null when the subject's key was destroyed (erased person) */
  async open<T>(sealed: Sealed): Promise<T | null> {
    const key = await this.keyFor(sealed.keyId, false);
    if (!key) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(sealed.keyId));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const clear = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
    return JSON.parse(clear.toString('utf8')) as T;
  }

  /**
   * Erases the subject: the key goes, and the erasure is written to the ledger first, so that a
   * backup taken before now cannot bring the key back on restore. A ledger that cannot be written
   * does not stop the erasure; it is reported after the key is gone.
   */
  async destroyKey(
    subjectId: string,
    by: Omit<ErasureRecord, 'subjectId'> = { erasedAt: new Date().toISOString(), erasedBy: 'system', erasedByRole: 'system' },
  ): Promise<void> {
    let ledgerError: unknown = null;
    try {
      this.ledger?.record({ subjectId, ...by });
      await this.databaseLedger?.record({ subjectId, ...by });
    } catch (error) {
      ledgerError = error;
    }
    // erased for good: no key is made for them again, and every session of theirs ends now
    await this.db
      .insertInto('erased_subjects')
      .values({ subject_id: subjectId, erased_at: by.erasedAt })
      .onConflict((oc) => oc.column('subject_id').doNothing())
      .execute();
    await this.db.deleteFrom('subject_keys').where('subject_id', '=', subjectId).execute();
    await this.db.deleteFrom('sessions').where('user_id', '=', subjectId).execute();
    this.cache.delete(subjectId);
    // the other instances drop it from their caches as soon as this arrives
    if (this.erasures) await sql`SELECT pg_notify(${this.erasures.channel}, ${subjectId})`.execute(this.db);
    if (ledgerError) {
      const reason = ledgerError instanceof Error ? ledgerError.message : String(ledgerError);
      throw new Error(`Chiave cancellata, ma la cancellazione non è stata scritta nel registro delle cancellazioni (${this.ledger?.file}): ${reason}`);
    }
  }

  /** the subjects whose id starts with `prefix` (the fiscal keys, for their retention job) */
  async subjectsStartingWith(prefix: string): Promise<string[]> {
    const rows = await this.db.selectFrom('subject_keys').select('subject_id').where('subject_id', 'like', `${prefix}%`).execute();
    return rows.map((r) => r.subject_id).filter((id) => id.startsWith(prefix));
  }

  private async keyFor(subjectId: string, create: boolean): Promise<Buffer | null> {
    const cached = this.cache.get(subjectId);
    if (cached) return cached;
    // cached only if no erasure was heard, nor the feed lost, while it was read (it could be the erased one)
    const generation = this.erasures?.generation;
    const row = await this.db.selectFrom('subject_keys').select('key').where('subject_id', '=', subjectId).executeTakeFirst();
    if (row) {
      const key = this.wrapping ? this.wrapping.unwrap(subjectId, row.key) : Buffer.from(row.key, 'base64');
      if (!this.erasures || (this.erasures.listening && this.erasures.generation === generation)) this.cache.set(subjectId, key);
      return key;
    }
    if (!create) return null;
    if (await this.db.selectFrom('erased_subjects').select('subject_id').where('subject_id', '=', subjectId).executeTakeFirst()) throw new SubjectErasedError();
    const key = randomBytes(32);
    await this.db
      .insertInto('subject_keys')
      .values({ subject_id: subjectId, key: this.wrapping ? this.wrapping.wrap(subjectId, key) : key.toString('base64'), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('subject_id').doNothing())
      .execute();
    // another instance may have won the insert: the stored key is the one
    return this.keyFor(subjectId, false);
  }
}

function sealWith(key: Buffer, subjectId: string, value: unknown): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // the subject id is authenticated data: a sealed blob cannot be moved to another person
  cipher.setAAD(Buffer.from(subjectId));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { keyId: subjectId, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}
