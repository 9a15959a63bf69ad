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
export function answerHeaderOverflowInItalian(server: Server, securityHeaders: Record<string, string> = {}): void {
  // the app's security headers, on these early answers too (helmet never ran for them)
  const extra = Object.entries(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    // as Node's own handler: only while no answer has started on this connection
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) return socket.destroy();
    const [status, reason, code, message] = BODIES[error.code ?? ''] ?? [400, 'Bad Request', 'richiesta_non_valida', 'Richiesta HTTP non valida.'];
    const body = JSON.stringify({ error: { code, message } });
    // a HEAD gets the headers of the answer and no body (the request line is read from the raw bytes)
    const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${extra}Connection: close\r\n\r\n${head ? '' : body}`,
    );
  });
}
