import request from 'supertest';
import { client, startTestApp, type TestApp } from '../../testing/test-app';

// the demo as a fresh `npm start` seeds it, on a Friday (2030-03-08): the README promises two weeks of open slots
const FRIDAY = new Date('2030-03-08T06:00:00Z');

describe('the demo data tell a coherent story', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, FRIDAY);
  });
  afterAll(() => app.close());

  const free = async (doctorId: string, date: string) =>
    (await request(app.app.getHttpServer()).get('/disponibilita/query').query({ for: doctorId, date }).expect(200)).body as { hour: string }[];

  it('on a Friday the next two full weeks are open (Monday 11 to Friday 22 March), weekends closed', async () => {
    const medico1 = app.ids['medico1@example.it'];
    for (const date of ['2030-03-11', '2030-03-15', '2030-03-18', '2030-03-22']) expect((await free(medico1, date)).map((s) => s.hour)[0]).toBe('09:00');
    expect(await free(medico1, '2030-03-16')).toEqual([]);
    expect(await free(app.ids['medico2@example.it'], '2030-03-22')).toHaveLength(8);
  });

  it('"Orario settimanale" shows what is open: Monday to Friday, 9–13 for Giulia Rossi, 14–18 for Marco Bianchi', async () => {
    const admin = await client(app, 'admin@example.it');
    const schedule = async (id: string) =>
      (await admin.agent.get(`/api/doctors/${id}/weekly-schedule`).expect(200)).body.days as { from: string; to: string }[][];
    const rossi = [{ from: '09:00', to: '13:00' }];
    expect(await schedule(app.ids['medico1@example.it'])).toEqual([rossi, rossi, rossi, rossi, rossi, [], []]);
    expect((await schedule(app.ids['medico2@example.it']))[0]).toEqual([{ from: '14:00', to: '18:00' }]);
  });

  it('prices that make sense: the 3-visit package costs less than three check-ups', async () => {
    const products = (await request(app.app.getHttpServer()).get('/api/products').expect(200)).body as { name: string; priceCents: number }[];
    const price = (name: string) => products.find((p) => p.name === name)!.priceCents;
    expect(price('Pacchetto 3 visite')).toBeLessThan(3 * price('Visita di controllo'));
    expect(price('Prima visita nutrizionale')).toBeGreaterThan(price('Visita di controllo'));
  });
});
