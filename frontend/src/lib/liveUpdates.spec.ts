/** @jest-environment jsdom */
import { AVAILABILITY_CHANGED, AVAILABILITY_UNWATCH, SLOT_COLORS, type AvailabilityChanged } from '@studio/contracts';
import { FakeSocket } from '../test/fakeSocket';
import type { LiveStatus } from './liveStatus';
import { createAvailabilityWatcher } from './liveUpdates';

const changed = (doctorId: string, id: string, position: number, status: 'available' | 'unavailable' = 'available'): AvailabilityChanged => ({
  doctorId,
  position,
  slot: { id, start: '2025-03-10T09:00:00Z', end: '2025-03-10T09:30:00Z', status, ...SLOT_COLORS[status] },
});

describe('availability watcher', () => {
  test('the first watch replays from the position the HTTP answer was read at', () => {
    const socket = new FakeSocket();
    socket.connected = true;
    const watcher = createAvailabilityWatcher(socket);
    watcher.watch('d1', { onChange: () => undefined }, 17);
    expect(socket.watches()[0].payload).toEqual({ doctorId: 'd1', since: 17 });
  });

  test('asks to reconnect when the server closed the socket (socket.io would not)', () => {
    const socket = new FakeSocket();
    const watcher = createAvailabilityWatcher(socket);
    watcher.watch('d1', { onChange: () => undefined });
    socket.connect();
    socket.connected = false;
    const connect = jest.spyOn(socket, 'connect');
    socket.receive('disconnect', 'io server disconnect');
    expect(connect).toHaveBeenCalledTimes(1);
    socket.receive('disconnect', 'transport close');
    expect(connect).toHaveBeenCalledTimes(1);
  });

  test('watches once connected, remembers the ack position, re-watches with since after a reconnect', () => {
    const socket = new FakeSocket();
    const watcher = createAvailabilityWatcher(socket);
    const statuses: LiveStatus[] = [];
    const seen: AvailabilityChanged[] = [];
    watcher.watch('d1', { onChange: (c) => seen.push(c), onStatus: (s) => statuses.push(s) });
    expect(socket.watches()).toHaveLength(0); // not connected yet: nothing buffered

    socket.connect();
    expect(socket.watches()).toHaveLength(1);
    expect(socket.watches()[0].payload).toEqual({ doctorId: 'd1' });
    socket.watches()[0].ack!({ ok: true, position: 40 });
    expect(watcher.positionOf('d1')).toBe(40);

    socket.receive(AVAILABILITY_CHANGED, changed('d1', 's1', 42));
    expect(seen).toHaveLength(1);
    expect(watcher.positionOf('d1')).toBe(42);

    socket.drop();
    socket.connect();
    expect(socket.watches()).toHaveLength(2);
    expect(socket.watches()[1].payload).toEqual({ doctorId: 'd1', since: 42 });
    expect(statuses).toEqual(['connecting', 'online', 'offline', 'online']);
  });

  test('ignores other doctors, invalid messages and older or repeated changes of a slot', () => {
    const socket = new FakeSocket();
    socket.connected = true;
    const watcher = createAvailabilityWatcher(socket);
    const seen: number[] = [];
    watcher.watch('d1', { onChange: (c) => seen.push(c.position) });
    socket.receive(AVAILABILITY_CHANGED, changed('d2', 's1', 5));
    socket.receive(AVAILABILITY_CHANGED, { doctorId: 'd1', slot: { id: 's1' }, position: 6 });
    socket.receive(AVAILABILITY_CHANGED, changed('d1', 's1', 10));
    socket.receive(AVAILABILITY_CHANGED, changed('d1', 's1', 10));
    socket.receive(AVAILABILITY_CHANGED, changed('d1', 's1', 8, 'unavailable'));
    socket.receive(AVAILABILITY_CHANGED, changed('d1', 's2', 9));
    expect(seen).toEqual([10, 9]);
    expect(watcher.positionOf('d1')).toBe(10);
  });

  test('one watch per doctor for many cached weeks; unwatch when the last one leaves', () => {
    const socket = new FakeSocket();
    socket.connected = true;
    const watcher = createAvailabilityWatcher(socket);
    const a: string[] = [];
    const b: string[] = [];
    const leaveA = watcher.watch('d1', { onChange: (c) => a.push(c.slot.id) });
    const leaveB = watcher.watch('d1', { onChange: (c) => b.push(c.slot.id) });
    expect(socket.watches()).toHaveLength(1);
    socket.receive(AVAILABILITY_CHANGED, changed('d1', 's1', 1));
    expect(a).toEqual(['s1']);
    expect(b).toEqual(['s1']);

    leaveA();
    leaveA();
    expect(socket.emitted.filter((e) => e.event === AVAILABILITY_UNWATCH)).toHaveLength(0);
    leaveB();
    expect(socket.emitted.filter((e) => e.event === AVAILABILITY_UNWATCH).map((e) => e.payload)).toEqual([{ doctorId: 'd1' }]);
    socket.receive(AVAILABILITY_CHANGED, changed('d1', 's2', 2));
    expect(a).toEqual(['s1']);
  });

  test('an acknowledged watch tells every listener of that doctor (the booking page shows it live)', () => {
    const socket = new FakeSocket();
    socket.connected = true;
    const watcher = createAvailabilityWatcher(socket);
    const seen: number[] = [];
    watcher.watch('d1', { onChange: () => {}, onWatched: (p) => seen.push(p) });
    watcher.watch('d1', { onChange: () => {}, onWatched: (p) => seen.push(p * 10) });
    expect(socket.watches()).toHaveLength(1);
    socket.watches()[0].ack!({ ok: true, position: 7 });
    expect(seen).toEqual([7, 70]);
    expect(watcher.positionOf('d1')).toBe(7);
  });

  test('one watcher per shared socket, shared by the features', async () => {
    await jest.isolateModulesAsync(async () => {
      const sockets = [new FakeSocket(), new FakeSocket()];
      let current = sockets[0];
      // the socket loads on first use (socket.io-client is not in the first download)
      jest.doMock('./socket', () => ({ getSharedSocket: () => Promise.resolve(current), disconnectSharedSocket: () => {} }));
      const live = require('./liveUpdates') as typeof import('./liveUpdates');
      // two features asking while the socket loads get the one watcher
      const [first, also] = await Promise.all([live.sharedAvailabilityWatcher(), live.sharedAvailabilityWatcher()]);
      expect(also).toBe(first);
      expect(await live.sharedAvailabilityWatcher()).toBe(first);
      current = sockets[1]; // logout replaced the socket
      const second = await live.sharedAvailabilityWatcher();
      expect(second).not.toBe(first);
      expect(second.socket).toBe(sockets[1]);
    });
  });

  test('a refused watch asks for a reload over HTTP', () => {
    const socket = new FakeSocket();
    socket.connected = true;
    const watcher = createAvailabilityWatcher(socket);
    const onResync = jest.fn();
    watcher.watch('d1', { onChange: () => {}, onResync });
    socket.watches()[0].ack!({ ok: false, error: 'Non autorizzato' });
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  test('connection errors show the offline state; dispose stops listening', () => {
    const socket = new FakeSocket();
    const watcher = createAvailabilityWatcher(socket);
    const statuses: LiveStatus[] = [];
    watcher.watch('d1', { onChange: () => {}, onStatus: (s) => statuses.push(s) });
    socket.receive('connect_error', new Error('rifiutata'));
    expect(watcher.status).toBe('offline');
    watcher.dispose();
    socket.connect();
    expect(socket.watches()).toHaveLength(0);
    expect(statuses).toEqual(['connecting', 'offline']);
  });
});
