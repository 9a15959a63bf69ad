import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import {
  FIRST_ADMINISTRATOR_STREAM,
  STREAM_PREFIX,
  StaffInvitationRequest,
  type EventMetadata,
  loadCommonPasswords,
  passwordPolicyProblem,
} from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { systemClock } from '../../platform/common/clock';
import { ConflictError } from '../../platform/common/errors';
import { loadConfig } from '../../platform/config/config';
import { type Core, closeCore, openCore } from '../infrastructure/core';
import { KernelModule } from '../infrastructure/kernel.module';
import { UsersModule, UsersService } from '../../areas/accounts/users';
import { FIRST_ADMINISTRATOR_TAKEN_MESSAGE } from './first-administrator.decider';
import { AbandonFirstAdministrator, ChooseFirstAdministrator, setupCommandHandlers } from './setup.commands';

/** what the first administrator is created with */
export interface FirstAdministrator {
  email: string;
  password: string;
  name: string;
  surname: string;
}

const EMAIL_TAKEN = 'esiste già un account con questa email';

const refused = (reason: string): SetupResult => ({
  ok: false,
  code: 1,
  lines: [
    reason,
    'Accedi con un account di segreteria e invita le altre persone dalla pagina Personale (/staff); se hai dimenticato la password usa "Password dimenticata?" nella pagina di accesso.',
  ],
});

export type SetupResult = { ok: true; userId: string; lines: string[] } | { ok: false; code: 1 | 2; lines: string[] };

/** the kernel and the users feature only: no reactor, no projection runner, no HTTP */
@Module({})
class SetupModule {
  static forRoot(core: Core): DynamicModule {
    return { module: SetupModule, imports: [CqrsModule.forRoot(), KernelModule.forRoot(core, systemClock), UsersModule], providers: setupCommandHandlers };
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
    if (await staffAccountExists(core)) return refused('Configurazione iniziale rifiutata: esiste già almeno un account del personale.');
    const app = await NestFactory.createApplicationContext(SetupModule.forRoot(core), { logger: false });
    try {
      await app.init();
      const users = app.get(UsersService);
      const commands = app.get(CommandBus);
      const correlationId = randomUUID();
      const metadata: EventMetadata = { userId: 'setup', role: 'system', at: new Date().toISOString(), correlationId, causationId: correlationId };
      // a patient may already hold the address: refused before the first administrator is chosen
      if (!(await users.emailClaimable(parsed.data!.email))) return { ok: false, code: 1, lines: [`Dato non valido: ${EMAIL_TAKEN}.`] };
      const userId = randomUUID();
      // two runs on one store both found no staff account: the log chooses one (expected revision), the other appends nothing
      try {
        await commands.execute(new ChooseFirstAdministrator(FIRST_ADMINISTRATOR_STREAM, { type: 'ChooseFirstAdministrator', userId }, metadata));
      } catch (error) {
        if (error instanceof ConflictError) return refused(FIRST_ADMINISTRATOR_TAKEN_MESSAGE);
        throw error;
      }
      if (!(await users.claimEmail(parsed.data!.email, userId, metadata))) {
        // the address was taken between the check and the claim (a patient registering): the choice goes back
        await commands.execute(new AbandonFirstAdministrator(FIRST_ADMINISTRATOR_STREAM, { type: 'AbandonFirstAdministrator', userId }, metadata));
        return { ok: false, code: 1, lines: [`Dato non valido: ${EMAIL_TAKEN}.`] };
      }
      await users.register(
        { role: 'admin', userId, email: parsed.data!.email, password: input.password, name: parsed.data!.name, surname: parsed.data!.surname },
        metadata,
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
