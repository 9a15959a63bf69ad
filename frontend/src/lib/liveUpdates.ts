/**
 * Live availability over socket.io: one watch per doctor, shared by every cache entry that shows
 * that doctor's slots (calendar weeks, booking days and hours; reference counted), the highest
 * position seen remembered so that a reconnection asks the server to replay what was missed.
 * Shared by the features (app/): two watchers on one socket would unwatch each other's doctors.
 */
import {
  AVAILABILITY_CHANGED,
  AVAILABILITY_UNWATCH,
  AVAILABILITY_WATCH,
  AvailabilityChanged,
  type AvailabilityWatch,
  type AvailabilityWatchAck,
} from '@studio/contracts';
import type { LiveStatus } from './liveStatus';
import { getSharedSocket } from './socket';

/** the part of a socket.io client socket the watcher uses */
export interface LiveSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
  emit(event: string, ...args: any[]): unknown;
  connect(): unknown;
}

export interface WatchListener {
  /** a validated change of the watched doctor, newer than any seen for that slot */
  onChange(change: AvailabilityChanged): void;
  onStatus?(status: LiveStatus): void;
  /** the server could not (re)start the watch: reload over HTTP to be safe */
  onResync?(): void;
  /** the server acknowledged the watch: from now on every change of the doctor arrives */
  onWatched?(position: number): void;
}

type DoctorWatch = {
  listeners: Set<WatchListener>;
  /** true once a watch was sent on the current connection */
  watched: boolean;
  /** highest position seen (ack or change) */
  position?: number;
  /** last position applied per slot id: older or repeated changes are dropped */
  slotPositions: Map<string, number>;
};

export interface AvailabilityWatcher {
  readonly socket: LiveSocket;
  readonly status: LiveStatus;
  /**
   * starts (or joins) the watch of a doctor; the returned function leaves it. `since`: the read
   * position the HTTP answer was served at, so a change committed between that answer and the
   * watch is replayed instead of lost.
   */
  watch(doctorId: string, listener: WatchListener, since?: number): () => void;
  /** last position seen for a doctor, if any */
  positionOf(doctorId: string): number | undefined;
  dispose(): void;
}

export function createAvailabilityWatcher(socket: LiveSocket): AvailabilityWatcher {
  const doctors = new Map<string, DoctorWatch>();
  let status: LiveStatus = socket.connected ? 'online' : 'connecting';

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    for (const d of doctors.values()) for (const l of d.listeners) l.onStatus?.(next);
  };

  const sendWatch = (doctorId: string, d: DoctorWatch) => {
    d.watched = true;
    const payload: AvailabilityWatch = d.position === undefined ? { doctorId } : { doctorId, since: d.position };
    socket.emit(AVAILABILITY_WATCH, payload, (ack: AvailabilityWatchAck | undefined) => {
      if (doctors.get(doctorId) !== d) return; // left meanwhile
      if (ack && ack.ok === true && typeof ack.position === 'number') {
        d.position = Math.max(d.position ?? ack.position, ack.position);
        for (const l of d.listeners) l.onWatched?.(ack.position);
      } else {
        for (const l of d.listeners) l.onResync?.();
      }
    });
  };

  const onConnect = () => {
    setStatus('online');
    for (const [doctorId, d] of doctors) if (!d.watched) sendWatch(doctorId, d);
  };
  const onDisconnect = (reason?: string) => {
    for (const d of doctors.values()) d.watched = false;
    setStatus('offline');
    // socket.io reconnects by itself except when the server closed the socket: ask again
    if (reason === 'io server disconnect') socket.connect();
  };
  const onConnectError = () => {
    if (!socket.connected) setStatus('offline');
  };
  const onChanged = (message: unknown) => {
    const parsed = AvailabilityChanged.safeParse(message);
    if (!parsed.success) return;
    const change = parsed.data;
    const d = doctors.get(change.doctorId);
    if (!d) return;
    d.position = Math.max(d.position ?? change.position, change.position);
    const seen = d.slotPositions.get(change.slot.id);
    if (seen !== undefined && change.position <= seen) return;
    d.slotPositions.set(change.slot.id, change.position);
    for (const l of d.listeners) l.onChange(change);
  };

  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onConnectError);
  socket.on(AVAILABILITY_CHANGED, onChanged);

  return {
    socket,
    get status() {
      return status;
    },
    watch(doctorId, listener, since) {
      let d = doctors.get(doctorId);
      if (!d) {
        d = { listeners: new Set(), watched: false, slotPositions: new Map(), position: since };
        doctors.set(doctorId, d);
      }
      const entry = d;
      entry.listeners.add(listener);
      listener.onStatus?.(status);
      // while disconnected the watch goes out on 'connect' (never buffered twice)
      if (!entry.watched && socket.connected) sendWatch(doctorId, entry);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        entry.listeners.delete(listener);
        if (entry.listeners.size > 0 || doctors.get(doctorId) !== entry) return;
        doctors.delete(doctorId);
        if (entry.watched && socket.connected) socket.emit(AVAILABILITY_UNWATCH, { doctorId });
      };
    },
    positionOf(doctorId) {
      return doctors.get(doctorId)?.position;
    },
    dispose() {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off(AVAILABILITY_CHANGED, onChanged);
      doctors.clear();
    },
  };
}

let shared: AvailabilityWatcher | undefined;

/** the watcher of the app's shared socket (a new one after logout replaced the socket) */
export async function sharedAvailabilityWatcher(): Promise<AvailabilityWatcher> {
  const socket = await getSharedSocket();
  if (!shared || shared.socket !== socket) {
    shared?.dispose();
    shared = createAvailabilityWatcher(socket);
  }
  return shared;
}
