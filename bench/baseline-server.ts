/**
 * The push comparison's baseline: bare node:http + socket.io, the same toggle and watch
 * interface as the app (POST /disponibilita/toggle, availability:watch, availability:changed),
 * state in memory, no storage, no session. Run in its own process by the bench.
 */
import { createServer } from 'node:http';
import { Server } from '../backend/node_modules/socket.io';

const open = new Set<string>();
let position = 0;
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
    position++;
    io.to(`availability:${t.for}`).emit('availability:changed', { slot: { id, start: t.start, end: t.end, status }, position });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, status }));
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
