/**
 * (b) Fuzzer: malformed requests (bad JSON, wrong types, huge strings, unicode, missing fields, bad ids)
 * to every write route and to the GETs with parameters, each sent as a role the route admits. Counts the
 * 5xx and the events appended by refused requests (the event store counted after each write).
 */
import { eventCount, eventsAfter } from './app';
import { fill, notConfigured, ROLES, type RoleName, type World } from './matrix';
import { isPublic, readRoutes, type Route } from './routes';

/** a small seeded generator, so two runs send the same requests */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRINGS = [
  '',
  ' ',
  'x'.repeat(100_000),
  '€àèìòù',
  '🙂'.repeat(500),
  '\u0000\u0001\u0002',
  '\u202eRTL',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '2030-02-30',
  '1e309',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
];
const VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  [1, 2, 3],
  { $gt: '' },
  { __proto__: { admin: true } },
  ...STRINGS,
];
const FIELDS = [
  'email',
  'password',
  'name',
  'surname',
  'taxcode',
  'phone',
  'consent',
  'doctor_id',
  'availability_id',
  'visit_type',
  'reason',
  'outcome',
  'method',
  'amountCents',
  'date',
  'from',
  'to',
  'start',
  'end',
  'for',
  'weeks',
  'action',
  'startHour',
  'endHour',
  'weightKg',
  'heightCm',
  'text',
  'visitDate',
  'sex',
  'birthDate',
  'energyKcal',
  'title',
  'regime',
  'minutes',
  'priceCents',
  'mode',
  'code',
  'doctorId',
  'roles',
  'token',
  'grams',
  'csv',
  'ids',
  'answers',
];
const RAW_BODIES = ['{', '{"a":', 'null', '[]', '"text"', '123', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}', '{' + '"a":['.repeat(2000)];
const BAD_IDS = ['x'.repeat(5000), '%F0%9F%99%82', '..%2F..%2Fetc', '%00', "1'%20OR%20'1'='1", '-1', '1e999', '%E0%A4%A'];

/** a role the route admits (so validation, not the guard, answers) */
function actorFor(route: Route): RoleName {
  if (isPublic(route) || !route.roles) return route.path.startsWith('/api/me') ? 'paziente' : isPublic(route) ? 'anonimo' : 'paziente';
  if (route.roles.includes('doctor')) return 'medico';
  if (route.roles.includes('admin')) return 'segreteria/amministratore';
  if (route.roles.includes('patient')) return 'paziente';
  return ROLES.find((r) => r === 'revisore')!;
}

export interface FuzzResult {
  requests: number;
  serverErrors: string[];
  accepted: number;
  /** events appended while the request that preceded them was refused */
  eventsByRefused: number;
  refusedThenEvents: string[];
  /** PersonalDataAccessed appended while a refused write was answered (may belong to an earlier read) */
  accessLogAfterRefused: number;
  /** events caused by an earlier event (reactors, the outbox) appended while a refused write was answered */
  reactionsAfterRefused: number;
  notConfigured: number;
  eventsTotal: number;
  statuses: Record<string, number>;
}

export async function fuzz(root: string, w: World, dataDir: string, count: number): Promise<FuzzResult> {
  const routes = readRoutes(root).filter(
    (r) =>
      !/\/(logout|logout-everywhere|password|role|erase|rebuild|deactivate|regenerate)$/.test(r.path) &&
      (r.method !== 'GET' || r.path.includes(':') || /query|energy|export|takings|json|events|days/.test(r.path)),
  );
  const random = rng(26);
  const pick = <T>(a: T[]): T => a[Math.floor(random() * a.length)];
  const result: FuzzResult = {
    requests: 0,
    serverErrors: [],
    accepted: 0,
    eventsByRefused: 0,
    refusedThenEvents: [],
    accessLogAfterRefused: 0,
    reactionsAfterRefused: 0,
    notConfigured: 0,
    eventsTotal: 0,
    statuses: {},
  };
  const start = eventCount(dataDir);
  let last = start;
  for (let i = 0; i < count; i++) {
    const route = routes[i % routes.length];
    const role = actorFor(route);
    let { path } = fill(route, w, 'proprietario');
    const kind = Math.floor(random() * 6);
    let body: unknown = route.method === 'GET' ? undefined : {};
    let headers: Record<string, string> = {};
    if (kind === 0 && route.path.includes(':')) {
      // a bad id in the path
      const parts = path.split('/');
      const at = route.path.split('/').findIndex((p) => p.startsWith(':'));
      parts[at] = pick(BAD_IDS);
      path = parts.join('/');
    } else if (kind === 1 && route.method !== 'GET') {
      body = pick(RAW_BODIES);
      headers = { 'content-type': 'application/json' };
    } else if (kind === 2 && route.method !== 'GET') {
      // wrong types in the fields a form has
      const b: Record<string, unknown> = {};
      for (let f = 0; f < 1 + Math.floor(random() * 5); f++) b[pick(FIELDS)] = pick(VALUES);
      body = b;
    } else if (kind === 3) {
      // a query of wrong values
      const q = new URLSearchParams();
      for (let f = 0; f < 1 + Math.floor(random() * 4); f++)
        q.append(pick(['for', 'date', 'from', 'to', 'type', 'year', 'doctor', 'equation', 'pal', 'after', 'limit']), String(pick(STRINGS)).slice(0, 3000));
      path += `?${q.toString()}`;
    } else if (kind === 4 && route.method !== 'GET') {
      body = pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']);
      headers = { 'content-type': body as string };
      body = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n' + pick(STRINGS).slice(0, 2000);
    } else if (route.method !== 'GET') {
      // a field missing or one field wrong from an otherwise empty form
      body = { [pick(FIELDS)]: pick(VALUES) };
    }
    // appends of earlier reads (the access log) land before this write's count starts
    if (route.method !== 'GET') last = eventCount(dataDir);
    let answer;
    try {
      answer = await w.clients[role].request(route.method, path, body, headers);
    } catch (e) {
      result.statuses['rete'] = (result.statuses['rete'] ?? 0) + 1;
      continue;
    }
    result.requests++;
    const key = `${Math.floor(answer.status / 100)}xx`;
    result.statuses[key] = (result.statuses[key] ?? 0) + 1;
    if (notConfigured(answer)) result.notConfigured++;
    else if (answer.status >= 500)
      result.serverErrors.push(`${route.method} ${path.slice(0, 120)} come ${role}: ${answer.status} ${answer.text.slice(0, 100)}`);
    if (route.method !== 'GET') {
      const now = eventCount(dataDir);
      if (answer.status >= 200 && answer.status < 300) result.accepted++;
      else if (now > last) {
        const appended = eventsAfter(dataDir, last);
        // a reaction to an earlier event (a reactor's decision) was not caused by this request
        const reactions = appended.filter((e) => e.reaction);
        const rest = appended.filter((e) => !e.reaction).map((e) => e.label);
        // an access-log entry may still be the answer of an earlier read, written after its answer
        const accessLog = rest.filter((t) => t.startsWith('PersonalDataAccessed')).length;
        result.reactionsAfterRefused += reactions.length;
        result.accessLogAfterRefused += accessLog;
        result.eventsByRefused += rest.length - accessLog;
        if (rest.length > accessLog)
          result.refusedThenEvents.push(
            `${rest.join(', ')} dopo ${route.method} ${path.slice(0, 100)} come ${role}: ${answer.status} ${answer.text.slice(0, 80)}`,
          );
      }
      last = now;
    }
  }
  result.eventsTotal = eventCount(dataDir) - start;
  return result;
}
