/**
 * (a) Authorisation matrix: every route of the checkout × 7 roles (anonymous, patient, another patient,
 * doctor, another doctor, administrator/segreteria, auditor), with the ids of one patient's booking and
 * of one doctor, and with unknown ids. A leak is a 2xx where the rule says no; 5xx are counted apart.
 */
import { randomUUID } from 'node:crypto';
import { Client, newPatient, signedIn } from './app';
import { isPublic, publicDoctorRead, readRoutes, type Route } from './routes';

export type RoleName = 'anonimo' | 'paziente' | 'altro paziente' | 'medico' | 'altro medico' | 'segreteria/amministratore' | 'revisore';
export const ROLES: RoleName[] = ['anonimo', 'altro paziente', 'altro medico', 'revisore', 'segreteria/amministratore', 'medico', 'paziente'];
const ROLE_OF: Record<RoleName, string | null> = {
  anonimo: null,
  paziente: 'patient',
  'altro paziente': 'patient',
  medico: 'doctor',
  'altro medico': 'doctor',
  'segreteria/amministratore': 'admin',
  revisore: 'auditor',
};

export interface World {
  clients: Record<RoleName, Client>;
  patient: string;
  otherPatient: string;
  doctor: string;
  otherDoctor: string;
  bookingId: string;
  orderId: string;
  visitTypeId: string;
  questionnaireId: string;
  productId: string;
  freeSlot: string;
  notes: string[];
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** the people and one booking of the patient with the doctor (confirmed at the desk when that route exists) */
export async function buildWorld(base: string): Promise<World> {
  const notes: string[] = [];
  const clients = {
    anonimo: await new Client(base).visit(),
    paziente: await signedIn(base, 'paziente1@example.it'),
    'altro paziente': await newPatient(base, 1),
    medico: await signedIn(base, 'medico1@example.it'),
    'altro medico': await signedIn(base, 'medico2@example.it'),
    'segreteria/amministratore': await signedIn(base, 'admin@example.it'),
    revisore: await signedIn(base, 'auditor@example.it'),
  } satisfies Record<RoleName, Client>;
  const doctor = clients.medico.userId;
  const otherDoctor = clients['altro medico'].userId;
  // a free slot of the doctor from tomorrow on
  const slots: string[] = [];
  for (let d = 1; d <= 14 && slots.length < 2; d++) {
    const free = await clients.anonimo.request('GET', `/disponibilita/query?for=${doctor}&date=${day(d)}`);
    if (free.status === 200) slots.push(...free.json<{ id: string }[]>().map((s) => s.id));
  }
  let bookingId = '';
  if (slots.length) {
    const hold = await clients.paziente.request('POST', '/prenotazioni', { doctor_id: doctor, availability_id: slots[0] });
    bookingId = hold.json<{ id?: string }>().id ?? '';
    if (!bookingId) notes.push(`prenotazione del paziente non riuscita: HTTP ${hold.status} ${hold.text.slice(0, 120)}`);
  } else notes.push('nessun orario libero del medico nei prossimi 14 giorni');
  let orderId = '';
  if (bookingId) {
    const desk = await clients.medico.request('POST', `/api/bookings/${bookingId}/desk-payment`, {
      method: 'cash',
      amountCents: 8000,
      taxcode: 'RSSMRA75C22H501I',
    });
    if (desk.status < 300) orderId = desk.json<{ orderId?: string }>().orderId ?? '';
    else notes.push(`pagamento allo sportello: HTTP ${desk.status} ${desk.text.slice(0, 160)} (la prenotazione resta trattenuta)`);
    // the doctor writes into the patient's record (where the record exists)
    await clients.medico.request('POST', `/api/patients/${clients.paziente.userId}/measurements`, { date: day(0), weightKg: 70, heightCm: 175 });
  }
  const types = await clients.anonimo.request('GET', `/api/doctors/${doctor}/visit-types`);
  const questionnaires = await clients.medico.request('GET', '/api/questionnaires');
  const products = await clients['segreteria/amministratore'].request('GET', '/api/admin/products');
  const first = (a: { status: number; json<T>(): T }) =>
    a.status === 200 ? ((a.json<{ id?: string; productId?: string }[]>()[0] ?? {}) as { id?: string; productId?: string }) : {};
  return {
    clients,
    patient: clients.paziente.userId,
    otherPatient: clients['altro paziente'].userId,
    doctor,
    otherDoctor,
    bookingId: bookingId || randomUUID(),
    orderId: orderId || randomUUID(),
    visitTypeId: first(types).id ?? randomUUID(),
    questionnaireId: first(questionnaires).id ?? randomUUID(),
    productId: first(products).id ?? first(products).productId ?? randomUUID(),
    freeSlot: slots[1] ?? randomUUID(),
    notes,
  };
}

type Variant = 'proprietario' | 'sconosciuto';

/** the path with the patient's and the doctor's ids (or unknown ids) */
export function fill(route: Route, w: World, variant: Variant): { path: string; patientOwned: boolean; doctorOwned: boolean } {
  let patientOwned = false;
  let doctorOwned = false;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const before = route.path.slice(0, route.path.indexOf(`:${name}`));
    if (variant === 'sconosciuto') return name === 'position' ? '999999999' : name === 'meal' ? 'merenda-inesistente' : randomUUID();
    if (name === 'patientId' || (name === 'id' && before.endsWith('/patients/'))) return ((patientOwned = true), w.patient);
    if (name === 'doctorId' || (name === 'id' && before.endsWith('/doctors/'))) {
      if (!before.startsWith('/api/me/')) doctorOwned = true;
      return w.doctor;
    }
    if (name === 'bookingId' || (name === 'id' && (before.endsWith('/prenotazioni/') || before.endsWith('/bookings/'))))
      return ((patientOwned = true), w.bookingId);
    if (name === 'orderId' || (name === 'id' && before.endsWith('/orders/'))) return ((patientOwned = true), w.orderId);
    if (name === 'typeId') return w.visitTypeId;
    if (name === 'id' && before.endsWith('/questionnaires/')) return w.questionnaireId;
    if (name === 'id' && before.endsWith('/products/')) return w.productId;
    if (name === 'id' && (before.endsWith('/foods/') || before.endsWith('/food-categories/'))) return '1';
    if (name === 'id' && before.endsWith('/staff/')) return w.doctor;
    if (name === 'code') return 'BENVENUTO10';
    if (name === 'position') return '1';
    if (name === 'meal') return 'colazione';
    if (name === 'file') return `${randomUUID()}.ics`;
    return randomUUID();
  });
  return { path, patientOwned, doctorOwned };
}

/** plausible bodies for the writes whose owner check runs after validation */
function bodyFor(route: Route, w: World): unknown {
  const p = route.path;
  const d = day(2);
  if (p.endsWith('/cancel')) return { reason: 'sonda' };
  if (p.endsWith('/reschedule')) return { availability_id: w.freeSlot };
  if (p.endsWith('/outcome')) return { outcome: 'completed' };
  if (p.endsWith('/desk-payment')) return { method: 'cash', amountCents: 8000 };
  if (p.endsWith('/refund')) return { reason: 'sonda' };
  if (p.endsWith('/record')) return { sex: 'M', birthDate: '1980-01-01' };
  if (p.endsWith('/measurements')) return { date: day(0), weightKg: 70, heightCm: 175 };
  if (p.endsWith('/notes')) return { visitDate: day(0), text: 'sonda' };
  if (p.endsWith('/labs')) return { date: day(0), analyte: 'Glucosio', value: 90, unit: 'mg/dl' };
  if (p.endsWith('/diet-targets'))
    return {
      energyKcal: 2000,
      protein: { unit: 'g/kg', value: 1 },
      carbohydratePercentE: { min: 45, max: 60 },
      sugarsMaxPercentE: 15,
      fatPercentE: { min: 20, max: 35 },
      saturatedMaxPercentE: 10,
      fibreGPer1000Kcal: { min: 12, max: 20 },
    };
  if (p.endsWith('/weekly-schedule')) return { days: [[{ from: '09:00', to: '13:00' }], [], [], [], [], [], []] };
  if (p.includes('/diet/meals/')) return { grams: {} };
  if (p.startsWith('/api/settings/doctors/')) return { title: 'Dott.', specialty: 'Sonda', registerNumber: '', bio: '' };
  if (p.endsWith('/working-hours')) return { startHour: 8, endHour: 19 };
  if (p.endsWith('/availability/day')) return { date: d, action: 'close' };
  if (p.endsWith('/closures')) return { from: d, to: d, reason: 'sonda' };
  if (p.endsWith('/copy-week')) return { from: '2031-01-06', weeks: 1 };
  if (p.endsWith('/weekly-schedule/apply')) return { from: d, to: d };
  if (p === '/disponibilita/toggle') return { for: w.doctor, start: '2031-02-03T09:00:00.000Z', end: '2031-02-03T09:30:00.000Z' };
  if (p.endsWith('/visit-types')) return { name: 'Sonda', minutes: 30, priceCents: 5000, mode: 'studio' };
  if (p.startsWith('/api/fiscal/profiles')) return { title: 'Dott.', regime: 'ordinario' };
  if (p === '/prenotazioni') return { doctor_id: w.doctor, availability_id: w.freeSlot };
  if (p === '/api/waiting-list') return { doctorId: w.doctor };
  return {};
}

/** ends or changes the session of whoever sends it: left out of the matrix */
const SESSION_ROUTES = /^\/api\/(auth\/(login|logout|register|password\/reset|invitations\/accept)|me\/(logout-everywhere|password|role))$/;

/** 'no' where a 2xx is a leak, 'any' where any answer is allowed */
export function rule(route: Route, role: RoleName, owned: { patientOwned: boolean; doctorOwned: boolean }): 'no' | 'any' {
  if (route.path.startsWith('/api/calendar-feed/')) return 'no'; // an invented token
  if (isPublic(route)) return 'any';
  if (role === 'anonimo') return 'no';
  const r = ROLE_OF[role]!;
  if (route.roles && !route.roles.includes(r)) return 'no';
  if (owned.patientOwned && (role === 'altro paziente' || role === 'altro medico')) return 'no';
  if (owned.doctorOwned && !publicDoctorRead(route) && (role === 'altro medico' || role === 'paziente' || role === 'altro paziente')) return 'no';
  return 'any';
}

/** PayPal (or another outside service) not configured in the probed app: 503 with its Italian code */
export const notConfigured = (a: { status: number; text: string }) => a.status === 503 && /non_configurat/.test(a.text);
const empty = (text: string) => /^\s*(\[\]|\{\}|null|)\s*$/.test(text);

export interface MatrixResult {
  routes: number;
  variants: number;
  attempts: number;
  leaks: string[];
  /** 2xx where the rule says no, but with nothing in it (an empty list): no data shown */
  emptyAnswers: string[];
  serverErrors: string[];
  /** 503 of a service not configured here (PayPal): a designed answer, not a failure */
  notConfigured: number;
  /** writes refused at validation (400/422) where the rule says no: their owner check was not reached */
  deniedAtValidation: number;
  validationOnly: string[];
  skipped: number;
  notes: string[];
}

export async function authorisationMatrix(root: string, w: World): Promise<MatrixResult> {
  const routes = readRoutes(root);
  const result: MatrixResult = {
    routes: routes.length,
    variants: 0,
    attempts: 0,
    leaks: [],
    emptyAnswers: [],
    serverErrors: [],
    notConfigured: 0,
    deniedAtValidation: 0,
    validationOnly: [],
    skipped: 0,
    notes: [...w.notes],
  };
  for (const route of routes) {
    if (SESSION_ROUTES.test(route.path)) {
      result.skipped++;
      continue;
    }
    const variants: Variant[] = route.path.includes(':') ? ['proprietario', 'sconosciuto'] : ['proprietario'];
    for (const variant of variants) {
      result.variants++;
      const filled = fill(route, w, variant);
      for (const role of ROLES) {
        const expected = variant === 'proprietario' ? rule(route, role, filled) : rule(route, role, { patientOwned: false, doctorOwned: false });
        // a write is sent where it must be refused, or with unknown ids; the allowed ones would change the world
        if (route.method !== 'GET' && variant === 'proprietario' && expected !== 'no') continue;
        if (route.method !== 'GET' && route.path.endsWith('/erase') && expected !== 'no') continue;
        // an attachment is the file's bytes, its name in the query
        const attachment = route.method === 'POST' && route.path.endsWith('/attachments');
        const a = attachment
          ? await w.clients[role].request('POST', `${filled.path}?name=sonda.pdf`, '%PDF-1.4\n%sonda\n', { 'content-type': 'application/pdf' })
          : await w.clients[role].request(route.method, filled.path, route.method === 'GET' ? undefined : bodyFor(route, w));
        result.attempts++;
        const line = `${route.method} ${filled.path} (${route.path}) come ${role}: ${a.status}`;
        if (notConfigured(a)) result.notConfigured++;
        else if (a.status >= 500) result.serverErrors.push(`${line} ${a.text.slice(0, 100)}`);
        if (expected === 'no' && a.status >= 200 && a.status < 300) (empty(a.text) ? result.emptyAnswers : result.leaks).push(line);
        if (expected === 'no' && route.method !== 'GET' && (a.status === 400 || a.status === 422)) {
          result.deniedAtValidation++;
          result.validationOnly.push(`${line} ${a.text.slice(0, 90)}`);
        }
      }
    }
  }
  return result;
}
