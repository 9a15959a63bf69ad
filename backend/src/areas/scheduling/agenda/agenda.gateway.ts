import { type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { AGENDA_CHANGED, AGENDA_WATCH, AgendaWatch, type AgendaChanged, type AgendaWatchAck } from '@studio/contracts';
import type { BookingDoc } from '../booking';
import type { OrderDoc } from '../../payments/orders';
import type { Server, Socket } from 'socket.io';
import { type Ports } from '../../../platform/kernel/ports';
import { SOCKET_TOO_FAST_MESSAGE, socketMayGo, socketUser } from '../../../platform/security/socket-limits';
import { bookingsReadModel } from '../booking';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

const room = (doctorId: string) => `agenda:${doctorId}`;

/**
 * /agenda updates live: staff watching a doctor hear that one of the doctor's appointments changed (held,
 * paid, cancelled, moved, refunded, outcome) and read the agenda again over HTTP, where the access log is
 * written. The message carries no personal data; only the doctor themselves and the secretary may join.
 */
@WebSocketGateway()
export class AgendaGateway implements OnModuleInit, OnModuleDestroy {
  @WebSocketServer() server!: Server;
  private unsubscribe?: () => void;

  private readonly readModels: Ports['readModels'];

  constructor(private readonly kernel: KernelPorts) {
    this.readModels = kernel.readModels;
  }

  onModuleInit(): void {
    this.unsubscribe = this.kernel.changes.onChange((changes) => {
      for (const change of changes) {
        if (change.projection === 'bookings' && change.doc) {
          const doc = change.doc as BookingDoc;
          this.emit(doc.doctorId, doc.id, change.position);
        } else if (change.projection === 'orders' && change.doc) {
          const order = change.doc as OrderDoc;
          void bookingsReadModel.get(this.readModels, order.bookingId).then((b) => b && this.emit(b.doc.doctorId, b.id, change.position));
        }
      }
    });
  }

  private emit(doctorId: string, bookingId: string, position: number): void {
    const message: AgendaChanged = { doctorId, bookingId, position };
    // local: every instance hears the whole feed (see AvailabilityGateway)
    this.server.local.to(room(doctorId)).emit(AGENDA_CHANGED, message);
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  @SubscribeMessage(AGENDA_WATCH)
  async watch(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<AgendaWatchAck> {
    if (!(await socketMayGo(this.kernel.limits.socket, socket))) return { ok: false, error: SOCKET_TOO_FAST_MESSAGE };
    const parsed = AgendaWatch.safeParse(body);
    if (!parsed.success) return { ok: false, error: 'Richiesta non valida: indica il medico.' };
    const user = socketUser(socket);
    if (!user) return { ok: false, error: 'Accedi per seguire l’agenda.' };
    if (!(user.role === 'admin' || (user.role === 'doctor' && user.id === parsed.data.doctorId)))
      return { ok: false, error: 'Puoi seguire solo la tua agenda.' };
    await socket.join(room(parsed.data.doctorId));
    return { ok: true };
  }
}
