import type { CatalogueFood, DietView } from '@studio/contracts';
import request from 'supertest';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { foodTableDecider } from '../catalogue/food-table.decider';
import { decideImport, tableFood } from '../catalogue/food-tables.fixtures';

// demo seed on 2030-03-04 (Monday), no publishers' tables: a small CIQUAL version is appended as its import would
const NOW = '2030-03-04T06:00:00.000Z';

describe('a newer import of a table never changes a saved plan: the editor offers "valori aggiornati" with the differences', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let doctor: Client;
  let patient: TestPatient;
  let state = foodTableDecider.initialState();

  const importVersion = async (version: string, sha: string, foods: CatalogueFood[]) => {
    const metadata = { userId: 'admin', role: 'admin' as const, at: clock.now().toISOString(), correlationId: 'c', causationId: 'c' };
    const decided = decideImport(state, {
      source: 'ciqual',
      version,
      files: [{ name: 'ciqual.xlsx', sha256: sha.repeat(64) }],
      foods,
      importId: `imp-${version}`,
      at: metadata.at,
    });
    let position = 0;
    for (const e of decided.events)
      ({ position } = await app.core.eventStore.append('foodtable-ciqual', [{ type: e.type, data: e.data, metadata }], { expectedRevision: 'any' }));
    state = decided.state;
    await app.core.changes.waitFor(position);
  };

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    doctor = await client(app, 'medico1@example.it');
    [patient] = await registerPatients(app, 1, 'aggiornati');
    const free = (
      await request(app.app.getHttpServer()).get('/disponibilita/query').query({ for: app.ids['medico1@example.it'], date: '2030-03-05' }).expect(200)
    ).body;
    await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: app.ids['medico1@example.it'], availability_id: free[0].id })
      .expect(201);
  });
  afterAll(() => app.close());

  it('keeps the 2025 values of a plan after the 2026 import, lists what changed, and brings them up to date only when asked', async () => {
    const apple = (version: string, kcal: number, iron: number) =>
      tableFood('ciqual', '13000', version, {
        name: 'Mela, cruda',
        nutrients: { ENERC_KCAL: { value: kcal }, FE: { value: iron }, VITD: { value: null, flag: 'missing' } },
      });
    await importVersion('2025-11-03', 'a', [apple('2025-11-03', 52, 0.1)]);
    const path = `/api/patients/${patient.id}/diet`;
    const plan = (revision: number | null, refreshValues?: string[]) => ({
      days: [{ weekday: 'lunedi', meals: { merenda: [{ id: 'm1', item: 'ciqual-13000', grams: 200 }] } }],
      revision,
      ...(refreshValues ? { refreshValues } : {}),
    });
    const saved: DietView = (await doctor.agent.put(path).set('X-CSRF-Token', doctor.csrf).send(plan(null)).expect(200)).body;
    expect(saved.content.values['ciqual-13000']).toMatchObject({ version: '2025-11-03', nutrients: { ENERC_KCAL: { value: 52 } } });
    expect(saved.summary.kcal).toBe(104);

    clock.set('2030-03-05T06:00:00.000Z');
    await importVersion('2026-01-01', 'b', [apple('2026-01-01', 54, 0.2)]);
    const now: DietView = (await doctor.agent.get(path).expect(200)).body;
    // the plan computes with what it was saved with
    expect(now.summary.kcal).toBe(104);
    expect(now.valueUpdates).toEqual([
      {
        item: 'ciqual-13000',
        name: 'Mela, cruda',
        savedVersion: '2025-11-03',
        currentVersion: '2026-01-01',
        changes: expect.arrayContaining([
          expect.objectContaining({ tag: 'ENERC_KCAL', saved: 52, current: 54 }),
          expect.objectContaining({ tag: 'FE', saved: 0.1, current: 0.2 }),
        ]),
      },
    ]);
    // saved again as it is: still 2025; with the update applied: 2026, and nothing more to offer
    const kept: DietView = (await doctor.agent.put(path).set('X-CSRF-Token', doctor.csrf).send(plan(0)).expect(200)).body;
    expect([kept.content.values['ciqual-13000'].version, kept.summary.kcal]).toEqual(['2025-11-03', 104]);
    const applied: DietView = (
      await doctor.agent
        .put(path)
        .set('X-CSRF-Token', doctor.csrf)
        .send(plan(1, ['ciqual-13000']))
        .expect(200)
    ).body;
    expect([applied.content.values['ciqual-13000'].version, applied.summary.kcal, applied.valueUpdates]).toEqual(['2026-01-01', 108, []]);
  });
});
