import { Inject, Injectable } from '@nestjs/common';
import { APP_DB } from '../kernel/tokens';
import type { AppDb } from '../kernel/app-db';
import { DbSessionStore } from './session-store';
import { SessionSocketsGateway } from './session-sockets.gateway';

/**
 * Ends an account's sessions at once: their rows go (the next request is a visitor's) and their sockets close on
 * every instance. Used on deactivation, a role change, a password reset or change, "esci da tutti i dispositivi".
 */
@Injectable()
export class AccountSessions {
  private readonly store: DbSessionStore;

  constructor(
    @Inject(APP_DB) appDb: AppDb,
    private readonly sockets: SessionSocketsGateway,
  ) {
    this.store = new DbSessionStore(appDb);
  }

  /** every session of the account but `keep` (the caller's own, when it stays); answers how many ended */
  async end(userId: string, keep?: string): Promise<number> {
    const ended = await this.store.destroyAccountSessions(userId, keep);
    for (const sid of ended) this.sockets.endSession(sid);
    return ended.length;
  }
}
