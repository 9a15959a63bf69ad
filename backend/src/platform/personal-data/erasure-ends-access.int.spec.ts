import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../common/errors';
import { openAppDb, type AppDb } from '../kernel/app-db';
import { registerPatients } from '../../testing/patients';
import { connect, sessionCookieOf } from '../../testing/sockets';
import { client, startTestApp, type TestApp } from '../../testing/test-app';
import { PersonalDataService } from './personal-data.service';

describe('erasure ends access', () => {
  describe('no key after erasure', () => {
    let dir: string;
    let db: AppDb;
    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'studio-erased-'));
      db = await openAppDb({ kind: 'sqlite', filename: join(dir, 'app.db') });
    });
    afterEach(async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    });

    it('refuses to seal anything for an erased subject, from this service and a fresh one, with an Italian 4xx', async () => {
      const service = new PersonalDataService(db, 'segreto-di-prova-lungo-abbastanza');
      await service.seal('u1', 'prima');
      await service.destroyKey('u1');
      for (const s of [service, new PersonalDataService(db, 'segreto-di-prova-lungo-abbastanza')]) {
        const refusal = await s.seal('u1', { taxcode: 'RSSMRA80A01H501U' }).catch((e: unknown) => e);
        expect(refusal).toBeInstanceOf(AppError);
        expect((refusal as AppError).status).toBe(410);
        expect((refusal as AppError).message).toBe('Questa persona è stata cancellata: i suoi dati non possono più essere registrati.');
      }
      expect(await db.selectFrom('subject_keys').selectAll().where('subject_id', '=', 'u1').execute()).toEqual([]);
      // what the practice must still write about them (a receipt) is sealed unreadable, and no key is stored
      const receipt = await service.sealUnlessErased('u1', { name: 'Mario' });
      expect(await service.open(receipt)).toBeNull();
      expect(await db.selectFrom('subject_keys').selectAll().where('subject_id', '=', 'u1').execute()).toEqual([]);
      // someone never erased still gets a key
      await expect(service.seal('u2', 'dato')).resolves.toMatchObject({ keyId: 'u2' });
    });
  });

  describe('in the running app', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp();
    });
    afterAll(async () => {
      await app.close();
    });

    it('ends every session and socket of the erased person at once; their writes are refused', async () => {
      const [victim] = await registerPatients(app, 1, 'oblio');
      const second = await client(app, victim.email);
      const sockets = await Promise.all([connect(app, sessionCookieOf(victim.agent)), connect(app, sessionCookieOf(second.agent))]);
      const closed = sockets.map((s) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason))));
      expect((await victim.agent.get('/api/auth/session').expect(200)).body.user).toMatchObject({ id: victim.id });

      const admin = await client(app, 'admin@example.it');
      await admin.agent.post(`/api/audit/patients/${victim.id}/erase`).set('X-CSRF-Token', admin.csrf).expect(200);

      expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
      for (const c of [victim, second]) {
        expect((await c.agent.get('/api/auth/session').expect(200)).body.user).toBeNull();
        await c.agent.get('/api/me/bookings').expect(401);
      }
      const rows = await app.core.appDb.selectFrom('sessions').select('data').execute();
      expect(rows.filter((r) => r.data.includes(victim.id))).toEqual([]);
      // the other people's sessions stay
      const patient = await client(app, 'paziente1@example.it');
      expect((await patient.agent.get('/api/auth/session').expect(200)).body.user).not.toBeNull();
    });
  });
});
