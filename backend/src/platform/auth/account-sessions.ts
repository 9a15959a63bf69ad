import { Injectable } from '@nestjs/common';
import { KernelPorts } from '../kernel/kernel-ports';
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
    kernel: KernelPorts,
    private readonly sockets: SessionSocketsGateway,
  ) {
    this.store = new DbSessionStore(kernel.appDb);
  }

  /** every session of the account but `keep` (the caller's own, when it stays); answers how many ended */
  async end(userId: string, keep?: string): Promise<number> {
    const ended = await this.store.destroyAccountSessions(userId, keep);
    for (const sid of ended) this.sockets.endSession(sid);
    return ended.length;
  }
}
