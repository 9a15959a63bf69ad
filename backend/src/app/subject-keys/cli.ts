import { loadConfig } from '../../platform/config/config';
import { openAppDb } from '../../platform/kernel/app-db';
import { rewrapSubjectKeys } from '../../platform/personal-data/rewrap-subject-keys';
import { subjectKeyWrapping } from '../../platform/personal-data/subject-key-wrapping';

/**
 * npm run chiavi:ruota — re-wraps every person's key under KEY_ENCRYPTION_KEY. A rotation without downtime: give
 * every instance the new KEY_ENCRYPTION_KEY and the old one as KEY_ENCRYPTION_KEY_PREVIOUS (restarting them one at a
 * time: each reads both), run this once, then remove KEY_ENCRYPTION_KEY_PREVIOUS. Same environment as the app.
 * Exit codes: 0 done, 1 failed (the keys re-wrapped so far stay re-wrapped; running it again goes on).
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const db = await openAppDb(config.appDb);
  try {
    const { rewrapped, current } = await rewrapSubjectKeys(db, subjectKeyWrapping(config));
    console.log(`Chiavi personali ricifrate con la chiave attuale: ${rewrapped}; già cifrate con essa: ${current}.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Rotazione delle chiavi non riuscita: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
