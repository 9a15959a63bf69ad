/**
 * Accounts: one email, one account, and an erased person's address free for a new one.
 * The race of two `npm run setup` is not here: setup is a command line on the store, not an HTTP call, and the probed
 * app's store already has staff accounts (it is seeded); backend/src/app/setup/setup.int.spec.ts runs it.
 */
import type { HoleCase } from './holes';
import { Client, signedIn, taxcodeWithCheck } from './app';

const PASSWORD = 'SondaAccount-2030-xyz!';

/** a visitor's registration with `email` (a valid form), answered as it is */
async function register(base: string, email: string, n: number) {
  const c = await new Client(base).visit();
  const tag = String.fromCharCode(65 + (n % 26)) + String.fromCharCode(65 + (Math.floor(n / 26) % 26)) + 'X';
  const answer = await c.request('POST', '/api/auth/register', {
    name: 'Sonda',
    surname: `Account${tag}`,
    email,
    password: PASSWORD,
    phone: '+39 333 1234567',
    taxcode: taxcodeWithCheck(`ACC${tag}80A01H501`),
    consent: true,
  });
  return { status: answer.status, id: answer.json<{ user?: { id: string } }>().user?.id ?? '', code: answer.json<{ error?: { code: string } }>().error?.code };
}

const invitation = (email: string) => ({ email, role: 'doctor', name: 'Sonda', surname: 'Invitata' });

export const cases: HoleCase[] = [
  {
    name: "dopo la cancellazione l'indirizzo è libero: la nuova registrazione e l'invito con la stessa email sono persone nuove (201), e non dicono che l'indirizzo aveva un account",
    limits: 'lifted',
    async run({ base }) {
      const admin = await signedIn(base, 'admin@example.it');
      const run = Date.now();
      const erase = (id: string) => admin.request('POST', `/api/audit/patients/${id}/erase`, {});
      // a registration after the erasure
      const again = `rinasce.${run}@example.it`;
      const first = await register(base, again, 1);
      const erased1 = (await erase(first.id)).status;
      const second = await register(base, again, 2);
      const signsIn = (await new Client(base).login(again, PASSWORD)).json<{ user?: { id: string } }>().user?.id === second.id;
      // a live account still holds its address
      const third = await register(base, again, 3);
      // an invitation after the erasure
      const invited = `invitata.${run}@example.it`;
      const patient = await register(base, invited, 4);
      const erased2 = (await erase(patient.id)).status;
      const invite = await admin.request('POST', '/api/staff/invitations', invitation(invited));
      const held =
        first.status === 201 &&
        erased1 === 200 &&
        second.status === 201 &&
        second.id !== first.id &&
        signsIn &&
        third.status === 409 &&
        third.code === 'email_esistente' &&
        erased2 === 200 &&
        invite.status === 201;
      return {
        held,
        detail: `registrazione ${first.status}, cancellazione ${erased1}, di nuovo ${second.status} (id ${second.id === first.id ? 'uguale' : 'nuovo'}, accede: ${signsIn}), terza ${third.status} ${third.code ?? ''}; invito dopo la cancellazione ${erased2}/${invite.status}`,
      };
    },
  },
  {
    name: "gare sull'indirizzo: sei inviti insieme, e un invito con una registrazione insieme, fanno un solo account",
    limits: 'lifted',
    async run({ base }) {
      const admin = await signedIn(base, 'admin@example.it');
      const run = Date.now();
      const six = `sei.${run}@example.it`;
      const invites = await Promise.all([1, 2, 3, 4, 5, 6].map(() => admin.request('POST', '/api/staff/invitations', invitation(six))));
      const statuses = invites.map((a) => a.status).sort();
      const italian = invites
        .filter((a) => a.status === 409)
        .every((a) => a.json<{ error?: { message?: string } }>().error?.message === 'Esiste già un account con questa email.');
      const both = `contesa.${run}@example.it`;
      const [invite, registration] = await Promise.all([admin.request('POST', '/api/staff/invitations', invitation(both)), register(base, both, 5)]);
      const staff = (await admin.request('GET', '/api/staff')).json<{ email: string }[]>();
      const rows = (email: string) => staff.filter((m) => m.email === email).length;
      const oneOfTwo = [invite.status, registration.status].sort().join(',') === '201,409';
      const held = statuses.join(',') === '201,409,409,409,409,409' && italian && rows(six) === 1 && oneOfTwo && rows(both) === (invite.status === 201 ? 1 : 0);
      return {
        held,
        detail: `sei inviti: ${statuses.join(',')} (righe del personale ${rows(six)}); invito ${invite.status} e registrazione ${registration.status} insieme (righe del personale ${rows(both)})`,
      };
    },
  },
];
