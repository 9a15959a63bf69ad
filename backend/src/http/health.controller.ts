import { Controller, Get, Inject } from '@nestjs/common';
import { AppError } from '../common/errors';
import { CHANGE_FEED, EVENT_STORE, type Core } from '../infrastructure/core';

/** how long the event store may take to answer, and the read models to reach its head, before /readyz says no */
export const READY_BOUND_MS = 2000;

export interface Readiness {
  status: 'pronto';
  /** the event store's last position, which the read models hold */
  position: number;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * For monitors and orchestrators (container healthchecks, a load balancer): /healthz says the process answers,
 * /readyz that it can serve what it is asked: the event store answers and the read models hold its last event
 * within READY_BOUND_MS (a worker still rebuilding, or stopped, makes this instance not ready).
 */
@Controller()
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: Core['eventStore'],
    @Inject(CHANGE_FEED) private readonly changes: Core['changes'],
  ) {}

  @Get('healthz')
  health(): { status: 'vivo' } {
    return { status: 'vivo' };
  }

  @Get('readyz')
  async ready(): Promise<Readiness> {
    let position: number;
    try {
      position = await within(this.eventStore.headPosition(), READY_BOUND_MS, 'archivio eventi');
    } catch {
      throw new AppError(503, 'archivio_eventi_non_raggiungibile', "Non pronto: l'archivio degli eventi non risponde.");
    }
    try {
      await this.changes.waitFor(position, READY_BOUND_MS);
    } catch {
      throw new AppError(
        503,
        'modelli_di_lettura_indietro',
        `Non pronto: i modelli di lettura non hanno ancora raggiunto l'ultimo evento (posizione ${position}) entro ${READY_BOUND_MS / 1000} secondi.`,
      );
    }
    return { status: 'pronto', position };
  }
}
