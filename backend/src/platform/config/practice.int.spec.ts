import { loadConfig } from './config';
import { client, startTestApp, type TestApp } from '../../testing/test-app';

describe('GET /api/practice', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers the initial name, logo and specialty of the environment to a visitor, and the length of a visit', async () => {
    app = await startTestApp({ PRACTICE_NAME: 'Studio Nutrizione Verdi', PRACTICE_LOGO_URL: '/marchio.png', PRACTICE_SPECIALTY: 'Dietologia' });
    const visitor = await client(app);
    const res = await visitor.agent.get('/api/practice').expect(200);
    expect(res.body).toEqual({
      name: 'Studio Nutrizione Verdi',
      logoUrl: '/marchio.png',
      specialty: 'Dietologia',
      address: '',
      phone: '',
      email: '',
      dataController: 'Studio Nutrizione Verdi',
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

describe('PRACTICE_LOGO_URL', () => {
  it('is refused on another host: the CSP would block it (upload the logo in /impostazioni instead)', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/studio-logo-test', PRACTICE_LOGO_URL: 'https://example.it/logo.png' })).toThrow(
      /PRACTICE_LOGO_URL: deve essere un percorso dell’app/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/studio-logo-test', PRACTICE_LOGO_URL: '//example.it/logo.png' })).toThrow(/percorso/);
  });
});
