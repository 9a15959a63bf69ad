import { Controller, Get } from '@nestjs/common';
import type { EventStore } from '@studio/contracts';
import { createServer, type Server } from 'node:http';
import { AppError } from '../common/errors';
import { type ChangeFeed } from '../kernel/tokens';
import { KernelPorts } from '../kernel/kernel-ports';

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

/** ready: the event store answers and the read models hold its last event within READY_BOUND_MS; else a 503 */
export async function readiness(eventStore: EventStore, changes: Pick<ChangeFeed, 'waitFor'>): Promise<Readiness> {
  let position: number;
  try {
    position = await within(eventStore.headPosition(), READY_BOUND_MS, 'archivio eventi');
  } catch {
    throw new AppError(503, 'archivio_eventi_non_raggiungibile', 'Non pronto: l’archivio degli eventi non risponde.');
  }
  try {
    await changes.waitFor(position, READY_BOUND_MS);
  } catch {
    throw new AppError(
      503,
      'modelli_di_lettura_indietro',
      `Non pronto: i modelli di lettura non hanno ancora raggiunto l’ultimo evento (posizione ${position}) entro ${READY_BOUND_MS / 1000} secondi.`,
    );
  }
  return { status: 'pronto', position };
}

/**
 * For monitors and orchestrators (container healthchecks, a load balancer): /healthz says the process answers,
 * /readyz that it can serve what it is asked (see readiness: a worker still rebuilding, or stopped, makes a
 * scale-out instance not ready).
 */
@Controller()
export class HealthController {
  constructor(private readonly kernel: KernelPorts) {}

  @Get('healthz')
  health(): { status: 'vivo' } {
    return { status: 'vivo' };
  }

  @Get('readyz')
  ready(): Promise<Readiness> {
    return readiness(this.kernel.eventStore, this.kernel.changes);
  }
}

/** the projections worker has no Nest app: the same two answers on a bare node:http server (WORKER_HEALTH_PORT) */
export function serveWorkerHealth(port: number, eventStore: EventStore, changes: Pick<ChangeFeed, 'waitFor'>): Promise<Server> {
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (req.url === '/healthz') return send(200, { status: 'vivo' });
    if (req.url !== '/readyz') return send(404, { error: { code: 'non_trovato', message: 'Risorsa non trovata.' } });
    readiness(eventStore, changes).then(
      (ready) => send(200, ready),
      (error: AppError) => send(error.status, { error: { code: error.code, message: error.message } }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}
