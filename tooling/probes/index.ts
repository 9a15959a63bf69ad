/**
 * npm run probes: outside probes against the BUILT app of a checkout, started as a child process on
 * temporary data folders. Nothing here asserts: it counts and prints one table.
 *
 *   npm run probes                                   this checkout (build it first: npm run build, or tsc -b)
 *   npm run probes -- --root /tmp/altro-checkout     another built checkout (its own routes, read from its source)
 *   npm run probes -- --solo matrice,fuzz            some probes: matrice, fuzz, crash, backup, flood, buchi
 *   npm run probes -- --json out.json                the figures also as JSON
 *   npm run probes -- --confronta prima.json dopo.json   two runs side by side
 *   PROBE_FUZZ=3000 sets the fuzzer's number of requests
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execSync } from 'node:child_process';
import { LIFTED_LIMITS, startApp } from './app';
import { backupProbe, crashProbe } from './crash';
import { floods } from './floods';
import { fuzz } from './fuzz';
import { runHoleCases } from './holes';
import { authorisationMatrix, buildWorld } from './matrix';

type Row = [string, string];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const compare = process.argv.indexOf('--confronta');
  if (compare >= 0) return printCompare(process.argv[compare + 1], process.argv[compare + 2]);
  const root = resolve(arg('--root') ?? join(__dirname, '../..'));
  const only = arg('--solo')?.split(',');
  const wanted = (p: string) => !only || only.includes(p);
  const work = mkdtempSync(join(tmpdir(), 'sonde-'));
  const rows: Row[] = [];
  const details: string[] = [];
  const add = (k: string, v: unknown) => {
    rows.push([k, String(v)]);
    console.log(`  ${k}: ${String(v)}`);
  };
  let commit = 'n/a';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  } catch {
    /* not a git checkout */
  }
  console.log(`Sonde esterne su ${root} (commit ${commit}), dati in ${work}; carico ${load()}`);
  add('commit', commit);
  add('carico della macchina (1/5/15 min) all’inizio', load());
  const t0 = Date.now();
  try {
    if (wanted('matrice') || wanted('fuzz')) {
      const dataDir = join(work, 'matrice');
      const app = await startApp(root, dataDir, { env: LIFTED_LIMITS });
      try {
        const world = await buildWorld(app.base);
        for (const n of world.notes) details.push(`preparazione: ${n}`);
        if (wanted('matrice')) {
          console.log('(a) matrice delle autorizzazioni…');
          const m = await authorisationMatrix(root, world);
          add('matrice: rotte lette dai controller', m.routes);
          add('matrice: varianti di rotta (ids del proprietario / sconosciuti)', m.variants);
          add('matrice: richieste (7 ruoli)', m.attempts);
          add('matrice: fughe (2xx dove la regola dice no)', m.leaks.length);
          add('matrice: 2xx dove la regola dice no ma senza dati (lista vuota)', m.emptyAnswers.length);
          add('matrice: errori 5xx', m.serverErrors.length);
          add('matrice: 503 di un servizio non configurato (PayPal)', m.notConfigured);
          add('matrice: scritture negate già alla validazione (controllo del proprietario non raggiunto)', m.deniedAtValidation);
          add('matrice: rotte escluse (cambiano la sessione di chi le manda)', m.skipped);
          details.push(...m.validationOnly.map((l) => `negata alla validazione: ${l}`));
          details.push(...m.leaks.map((l) => `fuga: ${l}`), ...m.emptyAnswers.map((l) => `2xx vuoto: ${l}`), ...m.serverErrors.map((l) => `5xx matrice: ${l}`));
        }
        if (wanted('matrice')) {
          // secrets in the log: the demo password, session cookies, CSRF tokens, the calendar feed's token
          const feed = await world.clients.medico.request('GET', '/api/me/calendar-feed');
          const feedUrl = feed.status === 200 ? (feed.json<{ url?: string }>().url ?? '') : '';
          if (feedUrl) await fetch(feedUrl.replace(/^https?:\/\/[^/]+/, app.base));
          await new Promise((r) => setTimeout(r, 500));
          const log = readFileSync(app.logFile, 'utf8');
          // the demo password is public (the start warns about it by name): the registered patient's is not
          const secrets = new Map<string, string>([['password del paziente registrato', 'SondaEsterna-1-xyz!']]);
          for (const [role, c] of Object.entries(world.clients)) {
            const sid = /sid=([^;]+)/.exec(c.cookie)?.[1];
            if (sid) secrets.set(`cookie di sessione (${role})`, decodeURIComponent(sid).slice(2, 34));
            if (c.csrf) secrets.set(`token CSRF (${role})`, c.csrf);
          }
          const token = /\/([^/]+?)(?:\.ics)?$/.exec(feedUrl)?.[1];
          if (token) secrets.set('token del calendario', token);
          const found = [...secrets].filter(([, v]) => v.length >= 8 && log.includes(v)).map(([k]) => k);
          add(
            'log: segreti trovati (password di un paziente, cookie, CSRF, token del calendario)',
            `${found.length} su ${secrets.size}${found.length ? ` (${found.join(', ')})` : ''}`,
          );
        }
        if (wanted('fuzz')) {
          console.log('(b) fuzzer…');
          const f = await fuzz(root, world, dataDir, Number(process.env.PROBE_FUZZ ?? 3000));
          add('fuzz: richieste malformate', f.requests);
          add('fuzz: risposte per classe', JSON.stringify(f.statuses));
          add('fuzz: errori 5xx', f.serverErrors.length);
          add('fuzz: 503 di un servizio non configurato (PayPal)', f.notConfigured);
          add('fuzz: scritture accettate (2xx)', f.accepted);
          add('fuzz: eventi aggiunti da richieste rifiutate (escluso il registro accessi)', f.eventsByRefused);
          add('fuzz: voci del registro accessi comparse durante richieste rifiutate', f.accessLogAfterRefused);
          add('fuzz: reazioni a eventi precedenti comparse durante richieste rifiutate (promemoria, notifiche)', f.reactionsAfterRefused);
          add('fuzz: eventi aggiunti in tutto', f.eventsTotal);
          details.push(...f.serverErrors.slice(0, 30).map((l) => `5xx fuzz: ${l}`), ...f.refusedThenEvents.slice(0, 30).map((l) => `fuzz: ${l}`));
        }
      } finally {
        await app.stop();
      }
    }
    if (wanted('crash')) {
      console.log('(c) kill -9 sotto carico, tre volte…');
      const c = await crashProbe(root, join(work, 'crash'));
      add('crash: riavvii dopo kill -9', c.rounds);
      add('crash: scritture confermate (aperture / prenotazioni)', `${c.acknowledgedToggles} / ${c.acknowledgedHolds}`);
      add('crash: scritture confermate perse', c.lost.length);
      add('crash: orari con due prenotazioni confermate', c.doubleBookings);
      add('crash: tempo di riavvio (ms)', c.restartMs.join(', '));
      details.push(...c.lost.slice(0, 30).map((l) => `persa: ${l}`));
    }
    if (wanted('backup')) {
      console.log('(d) backup sotto carico e ripristino…');
      const b = await backupProbe(root, join(work, 'backup'));
      add('backup: codice di uscita backup / ripristino', `${b.backupCode} / ${b.restoreCode}`);
      add('backup: archivio cifrato', b.encrypted);
      add('backup: eventi nel backup / nella copia ripristinata', `${b.eventsInBackup} / ${b.eventsRestored}`);
      add('backup: aperture confermate prima del backup / durante', `${b.togglesBefore} / ${b.togglesDuring}`);
      add('backup: aperture confermate prima del backup assenti nella copia', b.missingAfterRestore);
      add('backup: catena', b.chain);
      details.push(...b.output.split('\n').map((l) => `backup: ${l}`));
    }
    if (wanted('flood')) {
      console.log('(e) flood…');
      const f = await floods(root, join(work, 'flood'));
      add('flood login: 100 password sbagliate concorrenti su un account, valutate (401)', f.evaluated);
      add('flood login: rifiutate prima della verifica (429) / altro', `${f.refused} / ${f.other}`);
      add('flood login: password giusta dentro 40 tentativi concorrenti', f.rightInsideBurst);
      add('flood login: 60 password sbagliate concorrenti su 60 account da un client, valutate / rifiutate', f.perClient);
      add('flood login: il titolare dell’account attaccato entra da un altro indirizzo', f.ownerFromElsewhere);
      add('flood socket: 500 socket da un indirizzo, connessi / rifiutati', `${f.socketsConnected} / ${f.socketsRefused}`);
      add(
        'flood socket: p99 GET /api/auth/session a riposo / durante (ms; flood nello stesso processo, indicativo: la misura è nel bench socketflood)',
        `${f.sessionP99Quiet.toFixed(1)} / ${f.sessionP99Flood.toFixed(1)}`,
      );
    }
    if (wanted('buchi')) {
      console.log('(f) buchi già trovati da una sonda esterna…');
      const holes = await runHoleCases(root);
      add('buchi: casi tenuti / casi', `${holes.filter((h) => h.held).length} / ${holes.length}`);
      details.push(...holes.map((h) => `${h.held ? 'tenuto' : 'APERTO'}: ${h.name} (${h.detail})`));
    }
  } finally {
    add('durata (s)', ((Date.now() - t0) / 1000).toFixed(0));
    add('carico della macchina alla fine', load());
    if (!process.env.PROBE_KEEP) rmSync(work, { recursive: true, force: true });
  }
  console.log('\nDettagli:');
  for (const d of details) console.log(`  ${d}`);
  printTable(rows);
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify({ root, rows, details }, null, 2));
}

function printTable(rows: Row[], header?: Row): void {
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log('');
  if (header) console.log(`${'sonda'.padEnd(w)} | ${header.join(' | ')}`);
  for (const [k, v] of rows) console.log(`${k.padEnd(w)} | ${v}`);
}

function printCompare(a: string, b: string): void {
  const A = JSON.parse(readFileSync(a, 'utf8')) as { rows: Row[] };
  const B = JSON.parse(readFileSync(b, 'utf8')) as { rows: Row[] };
  const keys = [...new Set([...A.rows.map((r) => r[0]), ...B.rows.map((r) => r[0])])];
  const get = (rows: Row[], k: string) => rows.find((r) => r[0] === k)?.[1] ?? 'n/a';
  const w = Math.max(...keys.map((k) => k.length));
  console.log(`${'sonda'.padEnd(w)} | prima | dopo`);
  for (const k of keys) console.log(`${k.padEnd(w)} | ${get(A.rows, k)} | ${get(B.rows, k)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
