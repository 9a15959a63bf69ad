import { Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  AVAILABILITY_CHANGED,
  AVAILABILITY_UNWATCH,
  AVAILABILITY_WATCH,
  AvailabilityWatch,
  type AvailabilityWatchAck,
} from '@studio/contracts';
import { changedMessage, type SlotDoc } from '@studio/projections';
import type { Server, Socket } from 'socket.io';
import { CORE, type Core } from '../infrastructure/core';
import { AvailabilityService } from './availability.service';

const room = (doctorId: string) => `availability:${doctorId}`;

/**
 * Pushes availability changes to the browsers watching a doctor. The feed is the projection
 * runner's committed changes, never the in-process command bus: what is pushed is what a
 * query would now answer.
 */
@WebSocketGateway()
export class AvailabilityGateway implements OnModuleInit, OnModuleDestroy {
  @WebSocketServer() server!: Server;
  private readonly logger = new Logger('AvailabilityGateway');
  private unsubscribe?: () => void;

  constructor(
    @Inject(CORE) private readonly core: Core,
    private readonly availability: AvailabilityService,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.core.changes.onChange((changes) => {
      for (const change of changes) {
        if (change.projection !== 'availability_slots' || !change.doc) continue;
        const doc = change.doc as SlotDoc;
        const previous = change.previous as SlotDoc | null;
        // a new hold changes the red link even if the status stays the same
        if (previous?.status === doc.status && previous?.bookingId === doc.bookingId) continue;
        this.server.to(room(doc.doctorId)).emit(AVAILABILITY_CHANGED, changedMessage(doc, change.position));
      }
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  @SubscribeMessage(AVAILABILITY_WATCH)
  async watch(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<AvailabilityWatchAck> {
    const parsed = AvailabilityWatch.safeParse(body);
    if (!parsed.success) return { ok: false, error: 'Richiesta non valida: indica il medico da seguire.' };
    const { doctorId, since } = parsed.data;
    // join first, then replay: a change committed in between arrives twice at worst, never zero times
    await socket.join(room(doctorId));
    const position = await this.availability.checkpoint();
    if (since !== undefined) {
      for (const message of await this.availability.changesSince(doctorId, since)) socket.emit(AVAILABILITY_CHANGED, message);
    }
    this.logger.debug(`watch ${doctorId} since ${since ?? '-'} at ${position}`);
    return { ok: true, position };
  }

  @SubscribeMessage(AVAILABILITY_UNWATCH)
  async unwatch(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<{ ok: boolean }> {
    const parsed = AvailabilityWatch.safeParse(body);
    if (parsed.success) await socket.leave(room(parsed.data.doctorId));
    return { ok: parsed.success };
  }
}
