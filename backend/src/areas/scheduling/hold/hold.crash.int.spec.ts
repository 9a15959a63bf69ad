import { slotId } from '@studio/contracts';
import request from 'supertest';
import { registerPatients } from '../../../testing/patients';
import { ManualClock, startTestApp, type TestApp } from '../../../testing/test-app';
import { HoldService } from './hold.service';
import { HoldExpiryService } from './hold-expiry.service';

const NOW = '2030-03-04T06:00:00.000Z';

describe('a patient never holds two bookings, even across a crash', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let medico1: string;
  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  const freeIds = async (date: string) =>
    ((await request(app.app.getHttpServer()).get('/disponibilita/query').query({ for: medico1, date }).expect(200)).body as { id: string }[]).map((s) => s.id);

  it('the process dies after the new hold, before the old slot is given back: one hold counts, the sweep frees the old slot', async () => {
    const [p] = await registerPatients(app, 1);
    const hold = (start: string) =>
      p.agent
        .post('/prenotazioni')
        .set('X-CSRF-Token', p.csrf)
        .send({ doctor_id: medico1, availability_id: slotId(medico1, start) });
    const a = (await hold('2030-03-05T09:00:00Z').expect(201)).body.id as string;
    const oldSlot = slotId(medico1, '2030-03-05T09:00:00Z');

    // the release of the old hold never happens (the process "dies" there)
    jest.spyOn(HoldService.prototype, 'endHold').mockRejectedValue(new Error('processo terminato'));
    const b = (await hold('2030-03-05T09:30:00Z').expect(201)).body.id as string;
    jest.restoreAllMocks();

    const mine = (await p.agent.get('/api/me/bookings').expect(200)).body as { id: string; status: string }[];
    expect(mine.filter((x) => x.status === 'held').map((x) => x.id)).toEqual([b]);
    // the replaced hold leaves the patient's list; its own page still says what happened
    expect(mine.find((x) => x.id === a)).toBeUndefined();
    expect((await p.agent.get(`/prenotazioni/${a}`).expect(200)).body.status).toBe('replaced');
    // its slot is still taken until the flow is finished…
    expect(await freeIds('2030-03-05')).not.toContain(oldSlot);
    // …by the sweep, from the log
    await app.app.get(HoldExpiryService).expireDue();
    expect(await freeIds('2030-03-05')).toContain(oldSlot);
    const after = (await p.agent.get('/api/me/bookings').expect(200)).body as { id: string; status: string }[];
    expect(after.filter((x) => x.status === 'held').map((x) => x.id)).toEqual([b]);
    // the sweep is done with it: a second one appends nothing
    const head = await app.core.eventStore.headPosition();
    await app.app.get(HoldExpiryService).expireDue();
    expect(await app.core.eventStore.headPosition()).toBe(head);
  });

  it('two holds sent at once by one patient leave exactly one held', async () => {
    const [p] = await registerPatients(app, 1);
    const starts = ['2030-03-06T09:00:00Z', '2030-03-06T09:30:00Z', '2030-03-06T10:00:00Z'];
    const results = await Promise.all(
      starts.map((start) =>
        p.agent
          .post('/prenotazioni')
          .set('X-CSRF-Token', p.csrf)
          .send({ doctor_id: medico1, availability_id: slotId(medico1, start) }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    await app.app.get(HoldExpiryService).expireDue();
    const mine = (await p.agent.get('/api/me/bookings').expect(200)).body as { status: string }[];
    expect(mine.filter((x) => x.status === 'held')).toHaveLength(1);
    expect((await freeIds('2030-03-06')).filter((id) => starts.map((s) => slotId(medico1, s)).includes(id))).toHaveLength(2);
  });
});
