/** Test-only. */
import { AVAILABILITY_WATCH } from '@studio/contracts';
import type { LiveSocket } from '../lib/liveUpdates';

/** an in-memory stand-in for a socket.io client socket */
export class FakeSocket implements LiveSocket {
  connected = false;
  emitted: { event: string; payload: unknown; ack?: (answer: unknown) => void }[] = [];
  private handlers = new Map<string, Set<(...args: any[]) => void>>();
  on(event: string, fn: (...args: any[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(fn);
    return this;
  }
  off(event: string, fn: (...args: any[]) => void) {
    this.handlers.get(event)?.delete(fn);
    return this;
  }
  emit(event: string, payload?: unknown, ack?: (answer: unknown) => void) {
    this.emitted.push({ event, payload, ack });
    return this;
  }
  /** what the server sends */
  receive(event: string, ...args: unknown[]) {
    for (const fn of [...(this.handlers.get(event) ?? [])]) fn(...args);
  }
  connect() {
    this.connected = true;
    this.receive('connect');
  }
  drop() {
    this.connected = false;
    this.receive('disconnect', 'transport close');
  }
  watches() {
    return this.emitted.filter((e) => e.event === AVAILABILITY_WATCH);
  }
}
