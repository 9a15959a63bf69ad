/**
 * The push comparison's baselines: bare node:http + socket.io, the same toggle and watch interface as the app
 * (POST /disponibilita/toggle, availability:watch, availability:changed), no session. With no argument the state is
 * in memory and nothing is stored; with a database file as argument (the durable baseline) every toggle is first
 * appended through the app's SQLite adapter (better-sqlite3, WAL, synchronous=FULL, group commit: one fsync for the
 * toggles that arrive together, hash chain included) as the SlotOpened or SlotClosed of its doctor-day stream, and is
 * pushed and answered once committed, as the app does. Run in its own process by the bench.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { availabilityStreamName } from '@studio/contracts';
import { SqliteEventStore } from '../backend/src/platform/event-store/sqlite-event-store';

const storeFile = process.argv[2];
const store = storeFile ? new SqliteEventStore(storeFile) : null;
const open = new Set<string>();
let position = 0;

async function stored(t: { for: string; start: string; end: string }, id: string, status: 'available' | 'unavailable'): Promise<number> {
  if (!store) return ++position;
  const metadata = { userId: t.for, role: 'doctor' as const, at: new Date().toISOString(), correlationId: id, causationId: id };
  const result = await store.append(
    availabilityStreamName(t.for, t.start.slice(0, 10)),
    [{ type: status === 'available' ? 'SlotOpened' : 'SlotClosed', data: { doctorId: t.for, slotId: id, start: t.start, end: t.end }, metadata }],
    { expectedRevision: 'any' },
  );
  return result.position;
}

const http = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/disponibilita/toggle') {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.on('data', (c: Buffer) => (body += c));
  req.on('end', () => {
    const t = JSON.parse(body) as { for: string; start: string; end: string };
    const id = `${t.for}~${t.start}`;
    const status = open.has(id) ? 'unavailable' : 'available';
    if (status === 'available') open.add(id);
    else open.delete(id);
    stored(t, id, status).then(
      (at) => {
        position = Math.max(position, at);
        io.to(`availability:${t.for}`).emit('availability:changed', { slot: { id, start: t.start, end: t.end, status }, position: at });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, status }));
      },
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
});
const io = new Server(http);
io.on('connection', (socket) => {
  socket.on('availability:watch', async (m: { doctorId: string }, ack: (a: unknown) => void) => {
    await socket.join(`availability:${m.doctorId}`);
    ack({ ok: true, position });
  });
});
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
