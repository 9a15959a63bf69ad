/**
 * Who a reader is (the patient's access log, a doctor's public identity) and the throttles on the profile's mails,
 * the current-password check and PayPal's webhook: the outside probe's attacks, repeated over HTTP.
 */
import { eventCount, eventsAfter, newPatient, signedIn, type Client } from './app';
import type { HoleCase, HoleOutcome } from './holes';

interface AccessLogEntry {
  viewerId: string;
  viewerName: string;
  viewerRegisterNumber?: string;
}

/** the first free slot of the doctor in the next three weeks (weekdays of the demo seed) */
async function firstFreeSlot(patient: Client, doctorId: string): Promise<string | null> {
  for (let d = 1; d <= 21; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const free = (await patient.request('GET', `/disponibilita/query?for=${encodeURIComponent(doctorId)}&date=${date}`)).json<{ id: string }[]>();
    if (Array.isArray(free) && free.length > 0) return free[0].id;
  }
  return null;
}

/** `count` requests one after another: their statuses and the first 429's Retry-After */
async function burst(count: number, send: () => Promise<{ status: number; retryAfter: string | null }>) {
  const statuses: number[] = [];
  let retryAfter: string | null = null;
  for (let i = 0; i < count; i++) {
    const a = await send();
    statuses.push(a.status);
    if (a.status === 429 && retryAfter === null) retryAfter = a.retryAfter;
  }
  return { statuses, retryAfter, first429: statuses.indexOf(429) };
}

const tally = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {}))
    .map(([s, n]) => `${n}×${s}`)
    .join(', ');

export const cases: HoleCase[] = [
  {
    name: 'registro degli accessi: chi ha letto resta com’era alla lettura; il medico non cambia da solo nome, titolo, n. d’iscrizione',
    limits: 'lifted',
    async run({ base }): Promise<HoleOutcome> {
      const admin = await signedIn(base, 'admin@example.it');
      const doctor = await signedIn(base, 'medico1@example.it');
      const patient = await signedIn(base, 'paziente1@example.it');
      const doctorId = doctor.userId;
      const mine = (await doctor.request('GET', '/api/me/profile')).json<{ name: string; surname: string }>();
      const registerNumber = `SONDA-${Date.now()}`;
      const set = await admin.request('PUT', `/api/settings/doctors/${doctorId}`, { title: 'Dott.ssa', specialty: 'Nutrizione', registerNumber, bio: '' });
      const slot = await firstFreeSlot(patient, doctorId);
      if (!slot) return { held: false, detail: 'nessuno slot libero del medico 1 per la prova' };
      const held = await patient.request('POST', '/prenotazioni', { doctor_id: doctorId, availability_id: slot });
      const bookingId = held.json<{ id?: string }>().id ?? '';
      const read = await doctor.request('GET', `/prenotazioni/${bookingId}`);

      // the doctor alone: a new name through the profile, a new register number through the settings
      const selfRename = await doctor.request('PUT', '/api/me/profile', { name: 'Marco', surname: 'Bianchi' });
      const selfNumber = await doctor.request('PUT', `/api/settings/doctors/${doctorId}`, { specialty: 'Nutrizione', bio: '', registerNumber: 'FALSO-1' });
      const phoneOnly = await doctor.request('PUT', '/api/me/profile', { name: mine.name, surname: mine.surname, phone: '+39 02 1234567' });
      // the administrator renames; the earlier read must keep the name and number it had
      const adminRename = await admin.request('PUT', `/api/staff/${doctorId}/name`, { name: 'Nome', surname: 'Cambiato' });
      const log = (await patient.request('GET', '/api/me/access-log')).json<AccessLogEntry[]>();
      const ofDoctor = Array.isArray(log) ? log.filter((e) => e.viewerId === doctorId) : [];
      // newest first: the doctor's newest entry is the read above (nothing of theirs was read since)
      const earlier = ofDoctor[0];
      // the demo doctor's name back as it was, for the other cases
      await admin.request('PUT', `/api/staff/${doctorId}/name`, { name: mine.name, surname: mine.surname });

      const keptAtRead = earlier?.viewerName === `${mine.name} ${mine.surname}` && earlier?.viewerRegisterNumber === registerNumber;
      const ok =
        set.status === 200 &&
        read.status === 200 &&
        selfRename.status === 403 &&
        selfNumber.status === 403 &&
        phoneOnly.status === 200 &&
        adminRename.status === 200 &&
        keptAtRead;
      return {
        held: ok,
        detail:
          `profilo ${set.status}, lettura ${read.status}; il medico rinomina sé stesso → ${selfRename.status}, cambia il n. d’iscrizione → ${selfNumber.status}, ` +
          `solo il telefono → ${phoneOnly.status}; l’amministrazione rinomina → ${adminRename.status}; la lettura di prima dice ` +
          `"${earlier?.viewerName ?? '—'}" n. ${earlier?.viewerRegisterNumber || '—'}`,
      };
    },
  },
  {
    name: 'bomba di email: POST /api/me/email/confirmation ha un limite',
    limits: 'default',
    async run({ base, dataDir }): Promise<HoleOutcome> {
      const patient = await newPatient(base, 4401);
      const before = eventCount(dataDir);
      const { statuses, retryAfter, first429 } = await burst(52, async () => {
        const a = await fetch(`${base}/api/me/email/confirmation`, {
          method: 'POST',
          headers: { cookie: patient.cookie, 'x-csrf-token': patient.csrf, 'content-type': 'application/json' },
          body: '{}',
        });
        await a.text();
        return { status: a.status, retryAfter: a.headers.get('retry-after') };
      });
      const mails = eventsAfter(dataDir, before).filter((e) => e.label.startsWith('EmailConfirmationRequested@')).length;
      return {
        held: first429 >= 0 && Number(retryAfter) > 0 && mails <= 5,
        detail: `52 richieste: ${tally(statuses)}; primo 429 alla ${first429 + 1}ª (Retry-After ${retryAfter ?? '—'}); link di conferma accodati ${mails}`,
      };
    },
  },
  {
    name: 'password attuale: POST /api/me/password ha un limite, anche in parallelo',
    limits: 'default',
    async run({ base }): Promise<HoleOutcome> {
      const auditor = await signedIn(base, 'auditor@example.it');
      const answers = await Promise.all(
        Array.from({ length: 25 }, async (_, i) => {
          const a = await fetch(`${base}/api/me/password`, {
            method: 'POST',
            headers: { cookie: auditor.cookie, 'x-csrf-token': auditor.csrf, 'content-type': 'application/json' },
            body: JSON.stringify({ currentPassword: `sbagliata-${i}`, newPassword: 'orto-di-Carlo-1987' }),
          });
          await a.text();
          return { status: a.status, retryAfter: a.headers.get('retry-after') };
        }),
      );
      const statuses = answers.map((a) => a.status);
      const checked = statuses.filter((s) => s === 400).length;
      const refused = answers.find((a) => a.status === 429);
      return {
        held: checked <= 10 && refused !== undefined && Number(refused.retryAfter) > 0,
        detail: `25 password sbagliate in parallelo: ${tally(statuses)} (Retry-After ${refused?.retryAfter ?? '—'})`,
      };
    },
  },
  {
    name: 'webhook PayPal falsi: limitati per indirizzo prima della verifica',
    limits: 'default',
    async run({ base }): Promise<HoleOutcome> {
      const { statuses, retryAfter, first429 } = await burst(80, async () => {
        const a = await fetch(`${base}/api/paypal/webhook`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'paypal-auth-algo': 'SHA256withRSA',
            'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-falso',
            'paypal-transmission-id': crypto.randomUUID(),
            'paypal-transmission-sig': 'ZmFsc28=',
            'paypal-transmission-time': new Date().toISOString(),
          },
          body: JSON.stringify({ id: 'WH-falso', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'falso' } }),
        });
        await a.text();
        return { status: a.status, retryAfter: a.headers.get('retry-after') };
      });
      return {
        held: first429 >= 0 && first429 <= 60 && Number(retryAfter) > 0,
        detail: `80 notifiche false: ${tally(statuses)}; primo 429 alla ${first429 + 1}ª (Retry-After ${retryAfter ?? '—'})`,
      };
    },
  },
];
