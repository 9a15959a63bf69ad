import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConnectedSocket, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { AUDIT_REBUILD_PROGRESS, AUDIT_REBUILD_WATCH, type RebuildProgressMessage, type SessionUser } from '@studio/contracts';
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import { AppError, ConflictError, NotFoundError } from '../../platform/common/errors';
import { PROJECTION_RUNNER } from '../../platform/kernel/tokens';
import { rebuildable } from '../../platform/event-store/live-projections';
import { type Ports } from '../../platform/kernel/ports';
import { KernelPorts } from '../../platform/kernel/kernel-ports';

const ROOM = 'audit:rebuild';

/** pushes a projection rebuild's progress to the admins watching it */
@WebSocketGateway()
export class RebuildGateway {
  @WebSocketServer() server!: Server;

  @SubscribeMessage(AUDIT_REBUILD_WATCH)
  async watch(@ConnectedSocket() socket: Socket): Promise<{ ok: boolean; error?: string }> {
    const user = (socket.request as IncomingMessage & { session?: { user?: SessionUser } }).session?.user;
    if (user?.role !== 'admin') return { ok: false, error: 'Solo l’amministrazione segue le ricostruzioni.' };
    await socket.join(ROOM);
    return { ok: true };
  }

  publish(message: RebuildProgressMessage): void {
    this.server?.to(ROOM).emit(AUDIT_REBUILD_PROGRESS, message);
  }
}

/**
 * Admin rebuild of a live projection from position 0 into fresh tables, swapped in atomically
 * (projections' rebuildProjection through the live runner, so no event is lost or applied twice
 * and readers keep the old table until the swap).
 */
@Injectable()
export class RebuildService {
  private readonly logger = new Logger('RebuildService');
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly kernel: KernelPorts,
    @Inject(PROJECTION_RUNNER) private readonly runner: Ports['runner'],
    private readonly gateway: RebuildGateway,
  ) {}

  /** the runner's read models: the auditor's index is one of them only when the log cannot serve it */
  private live() {
    return rebuildable(this.runner.projections);
  }

  projections(): string[] {
    return this.live().map((p) => p.name);
  }

  /** starts it and answers at once; progress and the end arrive over socket.io */
  async start(name: string): Promise<{ projection: string; total: number }> {
    if (!this.live().some((p) => p.name === name)) throw new NotFoundError('Proiezione sconosciuta.', 'proiezione_sconosciuta');
    if (!this.kernel.config.runProjections) throw new AppError(503, 'proiezioni_altrove', 'Le proiezioni girano nel worker: ricostruiscile da lì.');
    if (this.running.has(name)) throw new ConflictError('Ricostruzione di questa proiezione già in corso.', 'ricostruzione_in_corso');
    const total = await this.kernel.eventStore.headPosition();
    let last = { done: 0, total, eventsPerSecond: 0 };
    const run = this.runner
      .rebuild(name, {
        onProgress: (p) => {
          last = p;
          this.gateway.publish({ projection: name, ...p, finished: false });
        },
      })
      .then(
        () => this.gateway.publish({ projection: name, ...last, finished: true }),
        (error: unknown) => {
          this.logger.error(`ricostruzione di ${name} fallita: ${String(error)}`);
          this.gateway.publish({ projection: name, done: 0, total, eventsPerSecond: 0, finished: true, error: 'Ricostruzione non riuscita.' });
        },
      )
      .finally(() => this.running.delete(name));
    this.running.set(name, run);
    return { projection: name, total };
  }

  /** for tests and shutdown: resolves when that rebuild is over */
  async settled(name: string): Promise<void> {
    await this.running.get(name);
  }
}
