import { type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConnectedSocket, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { MESSAGES_CHANGED, MESSAGES_WATCH, SEGRETERIA } from '@studio/contracts';
import type { Server, Socket } from 'socket.io';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { SOCKET_TOO_FAST_MESSAGE, socketMayGo, socketUser } from '../../../platform/security/socket-limits';
import type { ConversationDoc } from './conversations.projection';

/** what a socket hears: which conversation changed and the unread count of the listener's side, never the content */
export interface MessagesChanged {
  patientId: string;
  with: string;
  unread: number;
  position: number;
}

const patientRoom = (patientId: string) => `messages:patient:${patientId}`;
const staffRoom = (counterpart: string) => `messages:staff:${counterpart}`;

/**
 * Messages live: fed by the projection runner's committed changes. The rooms come from the session, never from the
 * client: a patient hears their own conversations, a doctor theirs, the admins the segreteria's.
 */
@WebSocketGateway()
export class MessagesGateway implements OnModuleInit, OnModuleDestroy {
  @WebSocketServer() server!: Server;
  private unsubscribe?: () => void;

  constructor(private readonly kernel: KernelPorts) {}

  onModuleInit(): void {
    this.unsubscribe = this.kernel.changes.onChange((changes) => {
      for (const change of changes) {
        if (change.projection !== 'conversations' || !change.doc) continue;
        const doc = change.doc as ConversationDoc;
        const base = { patientId: doc.patientId, with: doc.counterpart, position: change.position };
        // local: every instance hears the whole feed (see AvailabilityGateway)
        this.server.local.to(patientRoom(doc.patientId)).emit(MESSAGES_CHANGED, { ...base, unread: doc.unreadByPatient } satisfies MessagesChanged);
        this.server.local.to(staffRoom(doc.counterpart)).emit(MESSAGES_CHANGED, { ...base, unread: doc.unreadByStaff } satisfies MessagesChanged);
      }
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  @SubscribeMessage(MESSAGES_WATCH)
  async watch(@ConnectedSocket() socket: Socket): Promise<{ ok: boolean; error?: string }> {
    if (!(await socketMayGo(this.kernel.limits.socket, socket))) return { ok: false, error: SOCKET_TOO_FAST_MESSAGE };
    const user = socketUser(socket);
    if (!user) return { ok: false, error: 'Accedi per seguire i tuoi messaggi.' };
    if (user.role === 'patient') await socket.join(patientRoom(user.id));
    else if (user.role === 'doctor') await socket.join(staffRoom(user.id));
    else if (user.role === 'admin') await socket.join(staffRoom(SEGRETERIA));
    else return { ok: false, error: 'I messaggi sono riservati al paziente e allo studio.' };
    return { ok: true };
  }
}
