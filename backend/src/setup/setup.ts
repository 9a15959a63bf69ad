import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { STREAM_PREFIX, StaffInvitationRequest, loadCommonPasswords, passwordPolicyProblem } from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { systemClock } from '../common/clock';
import { loadConfig } from '../config/config';
import { type Core, closeCore, openCore } from '../infrastructure/core';
import { KernelModule } from '../infrastructure/kernel.module';
import { UsersModule, UsersService } from '../users';

/** what the first administrator is created with */
export interface FirstAdministrator {
  email: string;
  password: string;
  name: string;
  surname: string;
}

export type SetupResult = { ok: true; userId: string; lines: string[] } | { ok: false; code: 1 | 2; lines: string[] };

/** the kernel and the users feature only: no reactor, no projection runner, no HTTP */
@Module({})
class SetupModule {
  static forRoot(core: Core): DynamicModule {
    return { module: SetupModule, imports: [CqrsModule.forRoot(), KernelModule.forRoot(core, systemClock), UsersModule] };
  }
}

/** whether the log holds any account that is not only a patient's (read from the log itself, not a read model that may lag) */
export async function staffAccountExists(core: Pick<Core, 'eventStore'>): Promise<boolean> {
  const events = await core.eventStore.readAll({ streamPrefixes: [STREAM_PREFIX.user] });
  return events.some(
    (e) =>
      e.type === 'StaffInvited' ||
      (e.type === 'UserRegistered' && (e.data as { role: string }).role !== 'patient') ||
      (e.type === 'StaffRolesChanged' && (e.data as { roles: string[] }).roles.some((r) => r !== 'patient')),
  );
}

/**
 * Creates the first administrator (segreteria) on a store with no staff account, with the same environment the app
 * runs with (DATA_DIR for SQLite, DATABASE_URL, EVENTSTORE_URL…): the account is an event like any other, and the
 * app's projections pick it up. Refuses, appending nothing, once any staff account exists.
 */
export async function createFirstAdministrator(env: NodeJS.ProcessEnv, input: FirstAdministrator): Promise<SetupResult> {
  const parsed = StaffInvitationRequest.safeParse({ email: input.email, role: 'admin', name: input.name, surname: input.surname });
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  await loadCommonPasswords();
  const weak = passwordPolicyProblem(input.password ?? '');
  if (weak) problems.push(weak);
  if (problems.length > 0) return { ok: false, code: 2, lines: problems.map((p) => `Dato non valido: ${p}.`) };
  const config = loadConfig(env);
  const core = await openCore(config);
  try {
    if (await staffAccountExists(core)) {
      return {
        ok: false,
        code: 1,
        lines: [
          'Configurazione iniziale rifiutata: esiste già almeno un account del personale.',
          'Accedi con un account di segreteria e invita le altre persone dalla pagina Personale (/staff); se hai dimenticato la password usa "Password dimenticata?" nella pagina di accesso.',
        ],
      };
    }
    const app = await NestFactory.createApplicationContext(SetupModule.forRoot(core), { logger: false });
    try {
      await app.init();
      const users = app.get(UsersService);
      const correlationId = randomUUID();
      const { userId } = await users.register(
        { role: 'admin', email: parsed.data!.email, password: input.password, name: parsed.data!.name, surname: parsed.data!.surname },
        { userId: 'setup', role: 'system', at: new Date().toISOString(), correlationId, causationId: correlationId },
      );
      const url = config.mail.publicUrl;
      return {
        ok: true,
        userId,
        lines: [
          `Amministratore creato: ${parsed.data!.name} ${parsed.data!.surname} <${parsed.data!.email}>.`,
          'Prossimi passi:',
          `  1. Avvia l’applicazione (npm start) e apri ${url}/login; accedi con questa email e la password scelta.`,
          '  2. Dalla pagina Personale (/staff) invita i medici, la segreteria e i revisori: ricevono un link valido 72 ore.',
          '     Se sei anche medico, dalla stessa pagina aggiungi a te stesso il ruolo Medico.',
          '  3. Controlla che SMTP_URL e PUBLIC_URL siano impostati: inviti e recupero password passano per email.',
        ],
      };
    } finally {
      await app.close();
    }
  } finally {
    await closeCore(core);
  }
}
