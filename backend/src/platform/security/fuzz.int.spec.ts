import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startPaypalStandIn, type PaypalStandIn } from '../../areas/payments/paypal/paypal-stand-in';
import { client, startTestApp, type Client, type TestApp } from '../../testing/test-app';
import { looksItalian } from './italian';

/**
 * Property-based fuzz over every route Nest mapped, as every role, with malformed bodies, queries,
 * headers and encodings. For every request: no 5xx, a 4xx is Italian JSON `{error:{code,message}}`,
 * and a rejected request appends no event. Bounded (FUZZ_RUNS, default 400) and seeded (FUZZ_SEED).
 */

interface Route {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
}

/** the routes express knows (Nest registers each controller method as one layer) */
/** the public pages (scheduling/public-pages) answer a missing or a gone doctor with a page for people and crawlers, in Italian */
const PUBLIC_HTML_ROUTES: ReadonlySet<string> = new Set(['/medici/:slug']);
const italianPage = (route: Route, res: { headers: Record<string, string>; text: string }) =>
  PUBLIC_HTML_ROUTES.has(route.path) &&
  /^text\/html/.test(String(res.headers['content-type'])) &&
  res.text.includes('<html lang="it">') &&
  looksItalian(/<section><p>([^<]*)<\/p>/.exec(res.text)?.[1] ?? '');

function mappedRoutes(app: TestApp): Route[] {
  const router = (
    app.app.getHttpAdapter().getInstance() as {
      router: {
        stack: { route?: { path: string; methods: Record<string, boolean> } }[];
      };
    }
  ).router;
  const routes: Route[] = [];
  for (const layer of router.stack) {
    if (!layer.route) continue;
    for (const method of Object.keys(layer.route.methods)) {
      if (['get', 'post', 'put', 'delete'].includes(method))
        routes.push({
          method: method as Route['method'],
          path: layer.route.path,
        });
    }
  }
  return routes;
}

type Role = 'anonimo' | 'patient' | 'doctor' | 'admin' | 'auditor';
type BodyKind = 'json' | 'raw-json' | 'form' | 'bad-encoding' | 'gzip-garbage' | 'text' | 'none' | 'huge';

interface Case {
  route: number;
  role: Role;
  params: string[];
  body: BodyKind;
  json: unknown;
  raw: string;
  query: Record<string, unknown>;
  correlation: string | null;
  header: 'none' | 'huge' | 'odd-accept' | 'odd-type';
  csrf: 'right' | 'wrong' | 'none';
}

const paramValue = fc.oneof(
  fc.constant('__doctor__'),
  fc.constant('__patient__'),
  fc.constant(randomUUID()),
  fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s) || 'x'),
  fc.constantFrom('0', '-1', '99999999999999999999', 'null', 'colazione', 'BENVENUTO10', 'availability_slots', '%E0%A4%A'),
);

const jsonValue = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.record(
    {
      email: fc.oneof(fc.emailAddress(), fc.string(), fc.constant(null)),
      password: fc.oneof(fc.string({ maxLength: 100 }), fc.integer()),
      doctorId: fc.oneof(fc.constant('__doctor__'), fc.string(), fc.integer()),
      start: fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.string(),
        fc.constant(null),
      ),
      startHour: fc.oneof(fc.integer({ min: -5, max: 30 }), fc.constant(null), fc.constant(''), fc.constant([]), fc.constant(true)),
      endHour: fc.oneof(fc.integer({ min: -5, max: 30 }), fc.constant(null), fc.constant(true)),
      product: fc.oneof(fc.string(), fc.constant(randomUUID())),
      coupon: fc.oneof(fc.string({ maxLength: 30 }), fc.constant('BENVENUTO10')),
      booking_id: fc.oneof(fc.string(), fc.constant(randomUUID())),
      name: fc.string({ maxLength: 300 }),
      priceCents: fc.oneof(fc.integer(), fc.double(), fc.string()),
    },
    { requiredKeys: [] },
  ),
);

const caseArb = (routes: number): fc.Arbitrary<Case> =>
  fc.record({
    route: fc.nat({ max: routes - 1 }),
    role: fc.constantFrom<Role>('anonimo', 'patient', 'doctor', 'admin', 'auditor'),
    params: fc.array(paramValue, { minLength: 3, maxLength: 3 }),
    body: fc.constantFrom<BodyKind>('json', 'json', 'raw-json', 'form', 'bad-encoding', 'gzip-garbage', 'text', 'none', 'huge'),
    json: jsonValue,
    raw: fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('{', '{"a":', '[1,', 'null', '"x"', '{"__proto__":{"x":1}}')),
    query: fc.dictionary(
      fc.constantFrom('from', 'to', 'doctorId', 'day', 'coupon', 'since', 'limit', 'after', 'at', 'stream', 'type', 'patientId'),
      fc.oneof(fc.string({ maxLength: 30 }), fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 })),
      { maxKeys: 4 },
    ),
    correlation: fc.option(fc.constantFrom('aaaaaaaa-bbbb-cccc', 'x'.repeat(64), '<script>'), { nil: null }),
    header: fc.constantFrom<Case['header']>('none', 'none', 'none', 'none', 'huge', 'odd-accept', 'odd-type'),
    csrf: fc.constantFrom<'right' | 'wrong' | 'none'>('right', 'right', 'right', 'wrong', 'none'),
  });

describe('fuzz: every mapped route × role × malformed input', () => {
  let app: TestApp;
  let pp: PaypalStandIn;
  const clients = {} as Record<Role, Client>;

  beforeAll(async () => {
    pp = await startPaypalStandIn();
    app = await startTestApp({
      HOLD_SWEEP_SECONDS: '0',
      PAYPAL_BASE_URL: pp.baseUrl,
      PAYPAL_CLIENT_ID: pp.clientId,
      PAYPAL_CLIENT_SECRET: pp.clientSecret,
    });
    clients.anonimo = await client(app);
    clients.patient = await client(app, 'paziente1@example.it');
    clients.doctor = await client(app, 'medico1@example.it');
    clients.admin = await client(app, 'admin@example.it');
    clients.auditor = await client(app, 'auditor@example.it');
  });

  afterAll(async () => {
    await app?.close();
    await pp?.close();
  });

  it('never answers 5xx, always Italian JSON on 4xx, never appends on a rejection', async () => {
    const routes = mappedRoutes(app);
    expect(routes.length).toBeGreaterThan(40);
    const runs = Number(process.env.FUZZ_RUNS ?? 400);
    const seed = Number(process.env.FUZZ_SEED ?? 20261123);
    const cases = fc.sample(caseArb(routes.length), { numRuns: runs, seed });
    const ids = {
      __doctor__: app.ids['medico1@example.it'],
      __patient__: app.ids['paziente1@example.it'],
    } as Record<string, string>;
    const failures: string[] = [];
    const figures = { requests: 0, fiveXx: 0, notItalian: 0, appended: 0 };
    for (const c of cases) {
      const route = routes[c.route];
      let i = 0;
      const path = route.path.replace(/:(\w+)/g, () => {
        const v = c.params[i++ % c.params.length];
        return ids[v] ?? v;
      });
      const { agent, csrf } = clients[c.role];
      const before = await app.core.eventStore.headPosition();
      let req = agent[route.method](path).query(c.query as Record<string, string>);
      if (c.csrf !== 'none') req = req.set('X-CSRF-Token', c.csrf === 'right' ? csrf : csrf.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')));
      if (c.correlation) req = req.set('X-Correlation-Id', c.correlation);
      if (c.header === 'huge') req = req.set('X-Riempitivo', 'x'.repeat(20_000));
      if (c.header === 'odd-accept') req = req.set('Accept', 'text/html;q=0.9, */*;q=0.1');
      if (route.method !== 'get') {
        switch (c.body) {
          case 'json':
            req = req.set('Content-Type', 'application/json').send(JSON.stringify(c.json) ?? 'null');
            break;
          case 'raw-json':
            req = req.set('Content-Type', 'application/json').send(c.raw);
            break;
          case 'form':
            req = req.type('form').send(c.raw);
            break;
          case 'bad-encoding':
            req = req.set('Content-Type', 'application/json').set('Content-Encoding', 'bogus').send('{"a":1}');
            break;
          case 'gzip-garbage':
            req = req.set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('not gzip at all');
            break;
          case 'text':
            req = req.set('Content-Type', 'text/plain').send(c.raw);
            break;
          case 'huge':
            req = req.set('Content-Type', 'application/json').send(JSON.stringify({ name: 'x'.repeat(2_000_000) }));
            break;
          case 'none':
            break;
        }
      }
      if (c.header === 'odd-type' && route.method !== 'get') req = req.set('Content-Type', 'application/json; charset=klingon');
      const res = await req;
      figures.requests++;
      const label = `${route.method.toUpperCase()} ${path} come ${c.role} (${c.body}) → ${res.status}`;
      if (res.status >= 500) {
        figures.fiveXx++;
        failures.push(`${label}: ${res.text.slice(0, 120)}`);
      }
      if (res.status >= 400 && res.status < 500) {
        const message = (res.body as { error?: { message?: unknown } })?.error?.message;
        const italianJson = /json/.test(String(res.headers['content-type'])) && typeof message === 'string' && looksItalian(message);
        if (!italianJson && !italianPage(route, res)) {
          figures.notItalian++;
          failures.push(`${label}: non italiano: ${res.text.slice(0, 120)}`);
        }
      }
      if (res.status >= 400) {
        await app.core.changes.waitFor(await app.core.eventStore.headPosition());
        const after = await app.core.eventStore.headPosition();
        if (after !== before) {
          figures.appended++;
          failures.push(`${label}: ${after - before} eventi aggiunti`);
        }
      }
    }
    console.log(
      `fuzz (seed ${seed}): ${figures.requests} richieste su ${routes.length} rotte, ${figures.fiveXx} risposte 5xx, ${figures.notItalian} errori non italiani, ${figures.appended} richieste rifiutate che hanno aggiunto eventi`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(figures).toEqual({
      requests: runs,
      fiveXx: 0,
      notItalian: 0,
      appended: 0,
    });
  }, 300_000);

  it('an anonymous request to a real route with a raw supertest client is Italian too', async () => {
    const res = await request(app.app.getHttpServer())
      .post('/api/auth/login')
      .set('Content-Encoding', 'bogus')
      .set('Content-Type', 'application/json')
      .send('{}');
    expect(res.status).toBeLessThan(500);
    expect(looksItalian(res.body.error.message)).toBe(true);
  });
});
