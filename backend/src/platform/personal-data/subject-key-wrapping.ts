import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** how a wrapped subject key is stored: version, the wrapping key's id, iv, tag, wrapped key (base64) */
const PREFIX = 'w1';

/**
 * Subject keys are stored wrapped (AES-256-GCM, the subject id as authenticated data) under the key-encryption key,
 * which lives outside the database and the backups (KEY_ENCRYPTION_KEY or its file, like the chain key): a copy of
 * the database holds no key that opens anything. Each wrapped key names the wrapping key that made it, so during a
 * rotation instances given the new key and the previous one read both, and `npm run chiavi:ruota` re-wraps the rest.
 * A key stored before wrapping existed (plain base64) still opens, until the rotation wraps it.
 */
export class SubjectKeyWrapping {
  private readonly current: { id: string; key: Buffer };
  private readonly byId = new Map<string, Buffer>();

  /** keys: 32 bytes each, the current first, then the previous ones still accepted */
  constructor(current: Buffer, previous: Buffer[] = []) {
    for (const key of [current, ...previous]) this.byId.set(wrappingKeyId(key), key);
    this.current = { id: wrappingKeyId(current), key: current };
  }

  wrap(subjectId: string, key: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(subjectId));
    const wrapped = Buffer.concat([cipher.update(key), cipher.final()]);
    return [PREFIX, this.current.id, iv.toString('base64'), cipher.getAuthTag().toString('base64'), wrapped.toString('base64')].join(':');
  }

  unwrap(subjectId: string, stored: string): Buffer {
    if (!isWrapped(stored)) return Buffer.from(stored, 'base64');
    const [, id, iv, tag, wrapped] = stored.split(':');
    const key = this.byId.get(id);
    if (!key) {
      throw new Error(
        `La chiave di ${subjectId} è cifrata con una chiave di cifratura delle chiavi (${id}) che questa istanza non ha: imposta KEY_ENCRYPTION_KEY (o KEY_ENCRYPTION_KEY_PREVIOUS) come sulle altre.`,
      );
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(subjectId));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(wrapped, 'base64')), decipher.final()]);
  }

  /** stored under the current key already (nothing for a rotation to do) */
  isCurrent(stored: string): boolean {
    return isWrapped(stored) && stored.split(':')[1] === this.current.id;
  }
}

const isWrapped = (stored: string) => stored.startsWith(`${PREFIX}:`);

/** a short public name of a wrapping key (not the key: a hash of it), stored with what it wrapped */
export function wrappingKeyId(key: Buffer): string {
  return createHash('sha256').update('subject-key-wrapping\n').update(key).digest('hex').slice(0, 12);
}

export const subjectKeyWrapping = (config: { keyEncryption: { current: Buffer; previous: Buffer[] } }): SubjectKeyWrapping =>
  new SubjectKeyWrapping(config.keyEncryption.current, config.keyEncryption.previous);
