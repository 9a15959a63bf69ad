import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  AVAILABILITY_CHANGED,
  AVAILABILITY_UNWATCH,
  AVAILABILITY_WATCH,
  AvailabilityWatch,
  type AvailabilityChanged,
  type AvailabilityWatchAck,
} from '@studio/contracts';
import { changedMessage, publicChangedMessage } from './availability-slots.queries';
import type { SlotDoc } from './availability-slots.projection';
import type { Server, Socket } from 'socket.io';
import { type Ports } from '../../../platform/kernel/ports';
import { AvailabilityService } from './availability.service';
import { SlotOffers } from './availability.ports';
import {
  MAX_WATCHED_DOCTORS,
  REPLAY_COST,
  SOCKET_TOO_FAST_MESSAGE,
  SOCKET_TOO_MANY_WATCHES_MESSAGE,
  socketMayGo,
  socketUser,
} from '../../../platform/security/socket-limits';
import type { Role } from '@studio/contracts';
import { usersReadModel } from '../../accounts/users';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

/**
 * Two rooms per doctor: staff (who may read GET /disponibilita/json) hear the full slot, with held
 * or booked and the booking's link; patients and visitors only free or not free, as
 * GET /disponibilita/query tells them.
 */
const STAFF: Role[] = ['doctor', 'admin', 'auditor'];
const ROOM_PREFIX = 'availability:';
const room = (doctorId: string, staff: boolean) => `${ROOM_PREFIX}${staff ? 'staff' : 'public'}:${doctorId}`;

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
  private publicQueue: Promise<void> = Promise.resolve();

  private readonly readModels: Ports['readModels'];

  constructor(
    private readonly kernel: KernelPorts,
    private readonly availability: AvailabilityService,
    private readonly offers: SlotOffers,
  ) {
    this.readModels = kernel.readModels;
  }

  onModuleInit(): void {
    this.unsubscribe = this.kernel.changes.onChange((changes) => {
      for (const change of changes) {
        if (change.projection !== 'availability_slots' || !change.doc) continue;
        const doc = change.doc as SlotDoc;
        const previous = change.previous as SlotDoc | null;
        // a new hold changes the red link even if the status stays the same
        if (previous?.status === doc.status && previous?.bookingId === doc.bookingId) continue;
        const full = changedMessage(doc, change.position);
        // local: every instance hears the whole feed and serves its own sockets (through the Redis adapter each would reach all, twice)
        this.server.local.to(room(doc.doctorId, true)).emit(AVAILABILITY_CHANGED, full);
        const visible = publicChangedMessage(full);
        const before = previous ? publicChangedMessage(changedMessage(previous, change.position)) : null;
        // held → booked changes nothing a patient may see
        if (before?.slot.status === visible.slot.status) continue;
        // a slot taken or closed is not free, room or not: told at once
        if (visible.slot.status !== 'available') this.server.local.to(room(doc.doctorId, false)).emit(AVAILABILITY_CHANGED, visible);
        // a slot that becomes free is free only with a room: told once the rooms are read, in the feed's order
        else this.publicQueue = this.publicQueue.then(() => this.pushFreed(doc, full).catch((e) => this.logger.error(String(e))));
      }
    });
  }

  /** patients and visitors hear a slot free as GET /disponibilita/query answers: not while its location has no free room */
  private async pushFreed(doc: SlotDoc, full: AvailabilityChanged): Promise<void> {
    const target = room(doc.doctorId, false);
    // nobody here watches: no rooms to read
    if (!this.server.sockets.adapter.rooms.get(target)?.size) return;
    if ((await this.offers.offered(doc.doctorId, [doc.start])).has(doc.start))
      this.server.local.to(target).emit(AVAILABILITY_CHANGED, publicChangedMessage(full));
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    await this.publicQueue;
  }

  /** the doctors someone watches through this instance: the only ones a change seen elsewhere need be pushed for */
  watchedDoctors(): Set<string> {
    const doctors = new Set<string>();
    for (const [name, members] of this.server.sockets.adapter.rooms)
      if (name.startsWith(ROOM_PREFIX) && members.size > 0) doctors.add(name.slice(name.indexOf(':', ROOM_PREFIX.length) + 1));
    return doctors;
  }

  /**
   * A slot offered or no longer offered while the slot itself stays as it was (a room of its location taken or given
   * back): staff hear the slot as it is, so their views ask again; the others hear free or not free, as
   * GET /disponibilita/query now answers.
   */
  pushOffer(doc: SlotDoc, offered: boolean, position: number): void {
    const full = changedMessage(doc, position);
    this.server.local.to(room(doc.doctorId, true)).emit(AVAILABILITY_CHANGED, full);
    this.server.local.to(room(doc.doctorId, false)).emit(AVAILABILITY_CHANGED, publicChangedMessage(full, offered));
  }

  @SubscribeMessage(AVAILABILITY_WATCH)
  async watch(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<AvailabilityWatchAck> {
    const parsed = AvailabilityWatch.safeParse(body);
    if (!parsed.success) return { ok: false, error: 'Richiesta non valida: indica il medico da seguire.' };
    const { doctorId, since } = parsed.data;
    if (!(await socketMayGo(this.kernel.limits.socket, socket, since === undefined ? 1 : REPLAY_COST))) return { ok: false, error: SOCKET_TOO_FAST_MESSAGE };
    const doctor = await usersReadModel.get(this.readModels, doctorId);
    if (doctor?.doc.role !== 'doctor') return { ok: false, error: 'Medico non trovato.' };
    const user = socketUser(socket);
    const staff = user !== undefined && STAFF.includes(user.role);
    const target = room(doctorId, staff);
    const watched = [...socket.rooms].filter((r) => r.startsWith(ROOM_PREFIX));
    if (!watched.includes(target) && watched.length >= MAX_WATCHED_DOCTORS) return { ok: false, error: SOCKET_TOO_MANY_WATCHES_MESSAGE };
    // join first, then replay: a change committed in between arrives twice at worst, never zero times
    await socket.join(target);
    const position = await this.availability.checkpoint();
    if (since !== undefined) {
      const missed = await this.availability.changesSince(doctorId, since);
      const offered = staff
        ? new Set<string>()
        : await this.offers.offered(
            doctorId,
            missed.filter((m) => m.slot.status === 'available').map((m) => m.slot.start),
          );
      for (const message of missed) socket.emit(AVAILABILITY_CHANGED, staff ? message : publicChangedMessage(message, offered.has(message.slot.start)));
    }
    this.logger.debug(`watch ${doctorId} since ${since ?? '-'} at ${position}`);
    return { ok: true, position };
  }

  @SubscribeMessage(AVAILABILITY_UNWATCH)
  async unwatch(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<{ ok: boolean }> {
    const parsed = AvailabilityWatch.safeParse(body);
    if (!parsed.success || !(await socketMayGo(this.kernel.limits.socket, socket))) return { ok: false };
    await socket.leave(room(parsed.data.doctorId, true));
    await socket.leave(room(parsed.data.doctorId, false));
    return { ok: true };
  }
}
