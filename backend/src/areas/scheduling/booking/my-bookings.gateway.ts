import { type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConnectedSocket, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { MY_BOOKINGS_CHANGED, MY_BOOKINGS_WATCH, type MyBookingsChanged, type MyBookingsWatchAck } from '@studio/contracts';
import type { BookingDoc } from './bookings.projection';
import type { Server, Socket } from 'socket.io';
import { SOCKET_TOO_FAST_MESSAGE, socketMayGo, socketUser } from '../../../platform/security/socket-limits';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

const room = (patientId: string) => `patient:${patientId}`;

/**
 * /home updates live: a patient's sockets hear when one of their bookings changed (held, confirmed,
 * expired, released). Fed, like availability, by the projection runner's committed changes; the
 * room is the session's user, never a client-given id, so nobody can follow another's bookings.
 */
@WebSocketGateway()
export class MyBookingsGateway implements OnModuleInit, OnModuleDestroy {
  @WebSocketServer() server!: Server;
  private unsubscribe?: () => void;

  constructor(private readonly kernel: KernelPorts) {}

  onModuleInit(): void {
    this.unsubscribe = this.kernel.changes.onChange((changes) => {
      for (const change of changes) {
        if (change.projection !== 'bookings' || !change.doc) continue;
        const doc = change.doc as BookingDoc;
        const previous = change.previous as BookingDoc | null;
        // a move keeps the status but changes the hour; a settled cancellation tells the refund
        if (previous?.status === doc.status && previous?.start === doc.start && previous?.refundId === doc.refundId) continue;
        const message: MyBookingsChanged = { bookingId: doc.id, status: doc.status, position: change.position };
        // local: every instance hears the whole feed (see AvailabilityGateway)
        this.server.local.to(room(doc.patientId)).emit(MY_BOOKINGS_CHANGED, message);
      }
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  @SubscribeMessage(MY_BOOKINGS_WATCH)
  async watch(@ConnectedSocket() socket: Socket): Promise<MyBookingsWatchAck> {
    if (!(await socketMayGo(this.kernel.limits.socket, socket))) return { ok: false, error: SOCKET_TOO_FAST_MESSAGE };
    const user = socketUser(socket);
    if (!user) return { ok: false, error: 'Accedi per seguire le tue prenotazioni.' };
    await socket.join(room(user.id));
    return { ok: true };
  }
}
