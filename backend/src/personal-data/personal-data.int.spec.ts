import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAppDb, type AppDb } from '../infrastructure/app-db';
import { PersonalDataService } from './personal-data.service';

describe('personal data sealing (crypto-shredding)', () => {
  let dir: string;
  let db: AppDb;
  let service: PersonalDataService;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-keys-'));
    db = await openAppDb({ kind: 'sqlite', filename: join(dir, 'app.db') });
    service = new PersonalDataService(db, 'segreto-di-prova-lungo-abbastanza');
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seals with the subject key and opens it back; the clear text is not in the blob', async () => {
    const sealed = await service.seal('u1', { name: 'Giulia', email: 'giulia@example.it' });
    expect(JSON.stringify(sealed)).not.toMatch(/Giulia|giulia@example/);
    expect(await service.open(sealed)).toEqual({ name: 'Giulia', email: 'giulia@example.it' });
  });

  it('uses a different key per subject, and a blob cannot be passed off as another subject', async () => {
    const a = await service.seal('a', 'dato');
    await service.seal('b', 'altro');
    await expect(service.open({ ...a, keyId: 'b' })).rejects.toThrow();
  });

  it('detects tampering', async () => {
    const sealed = await service.seal('u1', 'dato');
    const data = Buffer.from(sealed.data, 'base64');
    data[0] ^= 1;
    await expect(service.open({ ...sealed, data: data.toString('base64') })).rejects.toThrow();
  });

  it('after the key is destroyed the person is unreadable, from a fresh service too', async () => {
    const sealed = await service.seal('u1', { name: 'Luca' });
    await service.destroyKey('u1');
    expect(await service.open(sealed)).toBeNull();
    expect(await new PersonalDataService(db, 'segreto-di-prova-lungo-abbastanza').open(sealed)).toBeNull();
  });

  it('hashes lookups case- and space-insensitively with the secret', () => {
    expect(service.lookupHash(' Medico1@Example.it ')).toBe(service.lookupHash('medico1@example.it'));
    expect(new PersonalDataService(db, 'un-altro-segreto-lungo-abbastanza').lookupHash('medico1@example.it')).not.toBe(service.lookupHash('medico1@example.it'));
  });
});
