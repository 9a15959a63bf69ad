import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

const BODIES: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'intestazioni_troppo_grandi',
    'Intestazioni della richiesta troppo grandi: cancella i cookie del sito e riprova.',
  ],
};

/**
 * Errors Node's HTTP parser meets before any middleware (headers too large, a malformed request
 * line) are answered by Node with an empty body. Answer them as every other error: Italian JSON.
 */
export function answerHeaderOverflowInItalian(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // as Node's own handler: only while no answer has started on this connection
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) return socket.destroy();
    const [status, reason, code, message] = BODIES[error.code ?? ''] ?? [400, 'Bad Request', 'richiesta_non_valida', 'Richiesta HTTP non valida.'];
    const body = JSON.stringify({ error: { code, message } });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
