import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createFirstAdministrator, type FirstAdministrator } from './setup';

/**
 * npm run setup -- --email E --password P --name N --surname S
 * Without flags it asks. Same environment as the app (DATA_DIR, DATABASE_URL, EVENTSTORE_URL, secrets…).
 * Exit codes: 0 created, 1 refused (a staff account exists) or failed, 2 wrong usage or invalid data.
 */
const USAGE = 'Uso: npm run setup -- --email EMAIL --password PASSWORD --name NOME --surname COGNOME (senza opzioni le chiede una per una)';

async function ask(): Promise<FirstAdministrator> {
  // the password is not echoed: output goes through a stream that can be muted
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true });
  // lines are buffered by the iterator: answers piped in all at once are not lost between questions
  const lines = rl[Symbol.asyncIterator]();
  const question = async (prompt: string, secret = false) => {
    process.stdout.write(prompt);
    muted = secret;
    const line = await lines.next();
    muted = false;
    if (secret) process.stdout.write('\n');
    if (line.done) throw new Error('risposte interrotte prima della fine');
    return String(line.value).trim();
  };
  try {
    console.log('Creazione del primo amministratore (segreteria) dello studio.');
    const name = await question('Nome: ');
    const surname = await question('Cognome: ');
    const email = await question('Email: ');
    const password = await question('Password (almeno 10 caratteri, non tra le più usate): ', true);
    return { name, surname, email, password };
  } finally {
    rl.close();
  }
}

async function main(argv: string[]): Promise<number> {
  let values: Partial<FirstAdministrator>;
  try {
    values = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, surname: { type: 'string' } },
      strict: true,
    }).values;
  } catch {
    console.error(USAGE);
    return 2;
  }
  const given = Object.values(values).filter((v) => v !== undefined).length;
  if (given > 0 && given < 4) {
    console.error(USAGE);
    return 2;
  }
  const input = given === 4 ? (values as FirstAdministrator) : await ask();
  const result = await createFirstAdministrator(process.env, input);
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  return result.ok ? 0 : result.code;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Configurazione iniziale non riuscita: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
