import { type OnGatewayConnection, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { createHash } from 'node:crypto';
import type { Server, Socket } from 'socket.io';
import { socketUser } from '../security/socket-limits';

/** a room per signed-in session, named by a hash: the session id itself never travels to Redis */
const room = (sessionId: string) => `session:${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`;
/** a room per signed-in user (all their sessions), for an erasure */
const userRoom = (userId: string) => `user:${createHash('sha256').update(userId).digest('hex').slice(0, 32)}`;

/**
 * A socket keeps the session it was opened with: after a logout it would go on hearing what the
 * user could read. The logout closes that session's sockets on every instance (through the
 * socket.io Redis adapter when REDIS_URL is set, so a socket on B closes on a logout on A); an
 * erasure closes all of the person's sockets.
 */
@WebSocketGateway()
export class SessionSocketsGateway implements OnGatewayConnection {
  @WebSocketServer() server!: Server;

  handleConnection(socket: Socket): void {
    const sessionId = (socket.request as unknown as { sessionID?: string }).sessionID;
    const user = socketUser(socket);
    if (sessionId && user) void socket.join([room(sessionId), userRoom(user.id)]);
  }

  endSession(sessionId: string): void {
    this.server?.in(room(sessionId)).disconnectSockets(true);
  }

  /** every socket of the user, on every instance: an erased person keeps no open channel */
  endUser(userId: string): void {
    this.server?.in(userRoom(userId)).disconnectSockets(true);
  }
}
