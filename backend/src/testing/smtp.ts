import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  /** every message accepted, parsed */
  received: ParsedMail[];
  /** when each one arrived (performance.now()), in the same order */
  arrivals: number[];
  /** waits until at least n messages arrived */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** the next `n` messages are refused with a 451 (temporary failure) */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

/**
 * a real SMTP server (the smtp-server package) on loopback, port 0, unless told another address and port; no TLS,
 * login utente/segreto
 */
export async function startTestSmtp(at: { host?: string; port?: number } = {}): Promise<TestSmtp> {
  const host = at.host ?? '127.0.0.1';
  const received: ParsedMail[] = [];
  const arrivals: number[] = [];
  const waiters = new Set<() => void>();
  let refusals = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'utente' && auth.password === 'segreto') return callback(null, { user: 'utente' });
      return callback(new Error('Credenziali non valide'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          const error = new Error('Servizio temporaneamente non disponibile') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        const at = performance.now();
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          arrivals.push(at);
          for (const w of waiters) w();
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => (server.server.once('error', reject), server.listen(at.port ?? 0, host, resolve)));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://utente:segreto@${host}:${port}`,
    received,
    arrivals,
    refuseNext: (n) => (refusals = n),
    waitFor(n, timeoutMs = 10_000) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => (waiters.delete(check), reject(new Error(`attesi ${n} messaggi, arrivati ${received.length}`))), timeoutMs);
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
