import type { AppConfig } from './config';
import { StsCertificateError, italianDate, readStsCertificate } from './sts-certificate';

/** a configuration the app refuses to start with: main prints the message alone (no stack trace) and exits 1 */
export class StartupRefusal extends Error {}

/**
 * Secrets that were ever published with this project (the old docker-compose defaults, the README's examples):
 * anyone can read them, so a session signed with them can be forged and an email's lookup hash recomputed.
 */
export const PUBLIC_DEFAULT_SECRETS: readonly string[] = [
  'cambia-questo-segreto-di-sessione',
  'cambia-questo-segreto-di-ricerca',
  'changeme',
  'change-me',
  'secret',
  'segreto',
];

/** the PostgreSQL password the old docker-compose.yml shipped with */
const PUBLIC_DATABASE_PASSWORDS = ['studio', 'postgres', 'password'];

/** fewer distinct characters than this is a placeholder ("xxxxxxxx…"), not a random secret */
const MIN_DISTINCT_CHARACTERS = 10;

export interface StartupReport {
  /** printed at start, the app runs anyway */
  warnings: string[];
  /** facts worth a line in the log (the certificate's expiry) */
  notes: string[];
}

/**
 * With DATABASE_URL more than one instance can share the accounts, the keys and the log: each must sign sessions,
 * hash emails, sign the chain and unwrap the subject keys with the same secrets, which the defaults (files in each DATA_DIR and home) are not.
 * Checked at every start, in production or not.
 */
export function checkSharedSecrets(env: NodeJS.ProcessEnv): void {
  if (!env.DATABASE_URL) return;
  const given = (name: string) => !!env[name] || !!env[`${name}_FILE`];
  const missing = ['SESSION_SECRET', 'LOOKUP_SECRET', 'CHAIN_KEY', 'KEY_ENCRYPTION_KEY'].filter((name) => (name.endsWith('KEY') ? !given(name) : !env[name]));
  if (missing.length === 0) return;
  throw new StartupRefusal(
    `Con DATABASE_URL più istanze condividono account, chiavi e registro, quindi ${missing.join(', ')} ${missing.length > 1 ? 'vanno impostati' : 'va impostato'} uguale su tutte (generane uno con "openssl rand -hex 32").`,
  );
}

/** SESSION_SECRET and LOOKUP_SECRET as given in the environment (generated ones in DATA_DIR are random) */
export function checkSecrets(env: NodeJS.ProcessEnv): void {
  for (const name of ['SESSION_SECRET', 'LOOKUP_SECRET'] as const) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const lower = value.toLowerCase();
    if (PUBLIC_DEFAULT_SECRETS.includes(lower) || lower.startsWith('cambia')) {
      throw new StartupRefusal(
        `${name} ha un valore pubblico (un esempio o un vecchio default): chiunque potrebbe falsificare le sessioni. Generane uno con "openssl rand -hex 32" e impostalo.`,
      );
    }
    if (new Set(value).size < MIN_DISTINCT_CHARACTERS) {
      throw new StartupRefusal(`${name} è troppo semplice (meno di ${MIN_DISTINCT_CHARACTERS} caratteri diversi). Generane uno con "openssl rand -hex 32".`);
    }
  }
  const databaseUrl = env.DATABASE_URL;
  if (databaseUrl) {
    const password = databasePassword(databaseUrl);
    if (PUBLIC_DATABASE_PASSWORDS.includes(password)) {
      throw new StartupRefusal(`DATABASE_URL usa la password pubblica "${password}": imposta una password propria per PostgreSQL (POSTGRES_PASSWORD).`);
    }
  }
}

function databasePassword(databaseUrl: string): string {
  try {
    return decodeURIComponent(new URL(databaseUrl).password);
  } catch {
    throw new StartupRefusal('DATABASE_URL non è un indirizzo valido (postgres://utente:password@host:5432/database).');
  }
}

/**
 * What production needs before it takes a single request (NODE_ENV=production): every refusal is an Italian
 * sentence that says what to set. Outside production nothing is checked here.
 */
export function productionChecks(config: AppConfig, env: NodeJS.ProcessEnv, now = new Date()): StartupReport {
  const report: StartupReport = { warnings: [], notes: [] };
  if (!config.production) return report;
  checkSecrets(env);

  if (!env.PUBLIC_URL) {
    throw new StartupRefusal(
      'PUBLIC_URL non è impostato: in produzione serve l’indirizzo pubblico dell’app (es. https://prenota.studiorossi.it) per i link nelle email e nel calendario.',
    );
  }
  const publicUrl = new URL(config.mail.publicUrl);
  if (publicUrl.protocol !== 'https:' && config.cookieSecure) {
    throw new StartupRefusal(
      `PUBLIC_URL (${config.mail.publicUrl}) non è https://: il cookie di sessione viaggia solo su HTTPS, quindi nessuno potrebbe accedere. Metti l’app dietro un proxy con TLS e usa l’indirizzo https://.`,
    );
  }
  if (config.trustProxy === false && config.cookieSecure) {
    report.warnings.push(
      'TRUST_PROXY non è impostato: dietro un proxy inverso con TLS il login risponderà che la connessione non è sicura. Imposta TRUST_PROXY con l’indirizzo del proxy (es. loopback o 172.16.0.0/12) e fai inviare X-Forwarded-Proto.',
    );
  }

  if (config.stsCertPath) {
    try {
      const cert = readStsCertificate(config.stsCertPath);
      if (cert.validTo) {
        if (cert.validTo.getTime() < now.getTime()) {
          throw new StartupRefusal(
            `il certificato del Sistema TS (STS_CERT_PATH=${config.stsCertPath}) è scaduto il ${italianDate(cert.validTo)}: scarica quello in vigore dal portale del Sistema TS e aggiorna il file.`,
          );
        }
        report.notes.push(`Certificato del Sistema TS valido fino al ${italianDate(cert.validTo)}.`);
        const days = Math.floor((cert.validTo.getTime() - now.getTime()) / 86_400_000);
        if (days < 30) report.warnings.push(`Il certificato del Sistema TS scade tra ${days} giorni (${italianDate(cert.validTo)}): procurati quello nuovo.`);
      } else {
        report.notes.push('Sistema TS: chiave pubblica senza data di scadenza (STS_CERT_PATH).');
      }
    } catch (error) {
      if (error instanceof StsCertificateError) throw new StartupRefusal(error.message);
      throw error;
    }
  } else {
    report.warnings.push('STS_CERT_PATH non è impostato: l’esportazione annuale per il Sistema TS risponderà 503 finché non lo configuri.');
  }

  if (!config.mail.smtpUrl) report.warnings.push('SMTP_URL non è impostato: in produzione nessuna email viene inviata (conferme, promemoria, ricevute).');
  if (!config.paypal) report.warnings.push('PAYPAL_BASE_URL, PAYPAL_CLIENT_ID e PAYPAL_CLIENT_SECRET non sono impostati: i pagamenti rispondono 503.');
  return report;
}

/** an error of listen() as a sentence: the port is busy, or not ours to take */
export function listenRefusal(error: unknown, port: number): StartupRefusal | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return new StartupRefusal(
      `la porta ${port} è già in uso: un’altra istanza dell’app o un altro programma la occupa. Fermalo (es. "ss -ltnp 'sport = :${port}'" mostra chi è) oppure scegli un’altra porta con PORT.`,
    );
  }
  if (code === 'EACCES') {
    return new StartupRefusal(
      `la porta ${port} è riservata all’amministratore del sistema: usa una porta sopra 1024 (PORT) e lascia le 80/443 al proxy inverso.`,
    );
  }
  return null;
}
