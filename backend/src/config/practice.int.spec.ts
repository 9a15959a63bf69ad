import { client, startTestApp, type TestApp } from '../testing/test-app';

describe('GET /api/practice', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers the configured name, logo and specialty to a visitor, and the length of a visit', async () => {
    app = await startTestApp({ PRACTICE_NAME: 'Studio Nutrizione Verdi', PRACTICE_LOGO_URL: 'https://example.it/logo.png', PRACTICE_SPECIALTY: 'Dietologia' });
    const visitor = await client(app);
    const res = await visitor.agent.get('/api/practice').expect(200);
    expect(res.body).toEqual({
      name: 'Studio Nutrizione Verdi',
      logoUrl: 'https://example.it/logo.png',
      specialty: 'Dietologia',
      visitMinutes: 30,
      timeZone: 'Europe/Rome',
    });
  });

  it('defaults to "Studio Medico" and the app\'s own logo when nothing is configured', async () => {
    app = await startTestApp({ PRACTICE_NAME: '' });
    const res = await (await client(app)).agent.get('/api/practice').expect(200);
    expect(res.body).toMatchObject({ name: 'Studio Medico', logoUrl: '/logo.svg' });
  });
});
