import { createBackup } from './backup';
import { BackupError, errorText } from './archive';
import { releaseHeldMessages, restoreBackup } from './restore';

/**
 * npm run backup -- <cartella>
 * npm run restore -- <file> [--registro-cancellazioni <file>]… [--senza-registro-cancellazioni]
 * npm run restore -- --rilascia-messaggi   (a restored copy sends its held messages from now on)
 * With the same environment (DATA_DIR, DATABASE_URL, secrets…) the app runs with.
 * Exit codes: 0 done, 1 refused or failed (the message says why), 2 wrong usage, 3 restored but the hash chain is broken.
 */
const USAGE =
  'Uso: npm run backup -- <cartella>   oppure   npm run restore -- <file> [--registro-cancellazioni <file>] [--senza-registro-cancellazioni]   oppure   npm run restore -- --rilascia-messaggi';

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'backup') {
    if (args.length !== 1) return usage();
    const result = await createBackup(process.env, args[0]);
    const m = result.manifest;
    console.log(`Backup completato: ${result.file}`);
    console.log(
      `  ${m.eventStore.events} eventi (fino alla posizione ${m.eventStore.headPosition}) da ${m.eventStore.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, chiavi e sessioni da ${m.appDb.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}; ${size(result.bytes)} in ${result.ms} ms.`,
    );
    console.log(`  Registro delle cancellazioni (fuori dal backup, da conservare a parte): ${m.erasureLedger}`);
    return 0;
  }
  if (command === 'restore') {
    if (args.length === 1 && args[0] === '--rilascia-messaggi') {
      const released = await releaseHeldMessages(process.env);
      console.log(released ? 'Messaggi in uscita rilasciati: da ora questa copia invia le email.' : 'Nessun messaggio era trattenuto.');
      return 0;
    }
    const ledgers: string[] = [];
    const files: string[] = [];
    let withoutErasureLedger = false;
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '--senza-registro-cancellazioni') withoutErasureLedger = true;
      else if (args[i] === '--registro-cancellazioni') {
        if (!args[i + 1]) return usage();
        ledgers.push(args[++i]);
      } else files.push(args[i]);
    }
    if (files.length !== 1) return usage();
    const result = await restoreBackup(process.env, files[0], { erasureLedgers: ledgers, withoutErasureLedger, log: (line) => console.log(line) });
    console.log(`Ripristino completato in ${result.dataDir} (${result.ms} ms).`);
    console.log(`  ${result.events} eventi; registri delle cancellazioni letti: ${result.ledgersRead.length ? result.ledgersRead.join(', ') : 'nessuno'}.`);
    for (const e of result.erasures) {
      console.log(
        `  Persona ${e.subjectId} cancellata di nuovo (${[e.keyDestroyed && 'chiave distrutta', e.eventAppended && 'evento di cancellazione riscritto'].filter(Boolean).join(', ')}).`,
      );
    }
    if (!result.chain.ok) {
      const b = result.chain.firstBroken!;
      console.error(
        `ATTENZIONE: la catena di hash è interrotta al flusso ${b.stream}, revisione ${b.revision} (posizione ${b.position}): il registro era già alterato nel backup.`,
      );
      return 3;
    }
    console.log(`  Catena di hash verificata: ${result.chain.checked} eventi, integra e firmata.`);
    console.log(
      '  Messaggi in uscita TRATTENUTI: questa copia non invia email finché non esegui `npm run restore -- --rilascia-messaggi` (mai, per una prova di ripristino).',
    );
    return 0;
  }
  return usage();
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupError ? error.message : `Errore inatteso: ${errorText(error)}`);
    process.exit(1);
  },
);
