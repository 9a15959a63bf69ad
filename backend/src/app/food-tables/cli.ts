import { parseArgs } from 'node:util';
import { importFoodTables } from './import-food-tables';

/**
 * npm run alimenti:importa -- [--ciqual FILE_O_CARTELLA] [--svizzera FILE_O_CARTELLA]
 * Without options it downloads both tables (FOODS_CIQUAL_URL, FOODS_SVIZZERA_URL) and checks their checksums.
 * Same environment as the app (DATA_DIR, DATABASE_URL, EVENTSTORE_URL…).
 * Exit codes: 0 imported (or already there), 1 refused or failed (nothing appended), 2 wrong usage.
 */
const USAGE =
  'Uso: npm run alimenti:importa -- [--ciqual FILE.xlsx|CARTELLA] [--svizzera FILE.xlsx|CARTELLA] (senza opzioni scarica entrambe le tabelle ufficiali)';

async function main(argv: string[]): Promise<number> {
  let values: { ciqual?: string; svizzera?: string };
  try {
    values = parseArgs({ args: argv, options: { ciqual: { type: 'string' }, svizzera: { type: 'string' } }, strict: true }).values;
  } catch {
    console.error(USAGE);
    return 2;
  }
  const outcome = await importFoodTables(process.env, values);
  for (const line of outcome.lines) (outcome.ok ? console.log : console.error)(line);
  return outcome.ok ? 0 : outcome.code;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Importazione delle tabelle non riuscita: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
