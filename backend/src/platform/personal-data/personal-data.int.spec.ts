import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAppDb, type AppDb } from '../kernel/app-db';
import { ErasureLedger, readLedger } from './erasure-ledger';
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

  it('writes every erasure to the ledger; a line cut short by a crash is skipped, not fatal', async () => {
    const ledger = new ErasureLedger(join(dir, 'fuori', 'cancellazioni.jsonl'));
    const withLedger = new PersonalDataService(db, 'segreto-di-prova-lungo-abbastanza', { ledger });
    const sealed = await withLedger.seal('u1', 'dato');
    await withLedger.destroyKey('u1', { erasedAt: '2030-03-04T10:00:00.000Z', erasedBy: 'admin-1', erasedByRole: 'admin' });
    await withLedger.destroyKey('u2');
    expect(await withLedger.open(sealed)).toBeNull();
    appendFileSync(ledger.file, '{"subjectId":"u3","erased');
    const { records, unreadableLines } = ledger.read();
    expect(records).toEqual([
      { subjectId: 'u1', erasedAt: '2030-03-04T10:00:00.000Z', erasedBy: 'admin-1', erasedByRole: 'admin' },
      { subjectId: 'u2', erasedAt: expect.any(String), erasedBy: 'system', erasedByRole: 'system' },
    ]);
    expect(unreadableLines).toBe(1);
    expect(readLedger(join(dir, 'non-esiste.jsonl'))).toEqual({ records: [], unreadableLines: 0 });
  });

  it('destroys the key even when the ledger cannot be written, and says so', async () => {
    writeFileSync(join(dir, 'un-file'), '');
    const broken = new PersonalDataService(db, 'segreto-di-prova-lungo-abbastanza', { ledger: new ErasureLedger(join(dir, 'un-file', 'cancellazioni.jsonl')) });
    const sealed = await broken.seal('u1', 'dato');
    await expect(broken.destroyKey('u1')).rejects.toThrow('Chiave cancellata, ma la cancellazione non è stata scritta nel registro delle cancellazioni');
    expect(await new PersonalDataService(db, 'segreto-di-prova-lungo-abbastanza').open(sealed)).toBeNull();
  });

  it('hashes lookups case- and space-insensitively with the secret', () => {
    expect(service.lookupHash(' Medico1@Example.it ')).toBe(service.lookupHash('medico1@example.it'));
    expect(new PersonalDataService(db, 'un-altro-segreto-lungo-abbastanza').lookupHash('medico1@example.it')).not.toBe(
      service.lookupHash('medico1@example.it'),
    );
  });
});
