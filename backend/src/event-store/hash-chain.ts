import { createHash } from 'node:crypto';
import type { ChainBrokenLink, EventMetadata, RecordedEvent } from '@studio/contracts';

/**
 * Tamper evidence: every event's metadata carries `hash`, the sha-256 of a canonical
 * serialisation of its type, data, metadata without the hash, and the hash of the previous
 * event of its stream ('' for revision 0). Both adapters compute it inside their append, so
 * every event ever written (seeds included) is chained. Editing a stored event outside the
 * application breaks its own hash, and rewriting that hash breaks the next event's link.
 */
export const GENESIS_HASH = '';

/** JSON with object keys sorted at every depth (RFC 8785 style), so equal values hash equally */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.keys(value as Record<string, unknown>)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

export function eventHash(type: string, data: unknown, metadata: EventMetadata, previousHash: string): string {
  const { hash: _ignored, ...rest } = metadata;
  return createHash('sha256')
    .update(canonicalJson({ type, data: data ?? null, metadata: rest, previousHash }))
    .digest('hex');
}

/** the metadata as stored: the caller's, plus the chained hash */
export function chained(type: string, data: unknown, metadata: EventMetadata, previousHash: string): EventMetadata {
  const { hash: _dropped, ...rest } = metadata;
  return { ...rest, hash: eventHash(type, data, rest, previousHash) };
}

export const storedHash = (metadata: EventMetadata | undefined): string => (typeof metadata?.hash === 'string' ? metadata.hash : GENESIS_HASH);

/**
 * Walks events in global order, keeping each stream's last hash. Feed it every event of the
 * streams being verified, from each stream's revision 0; `firstBroken` is the earliest (by
 * global position) event whose hash does not follow.
 */
export class ChainVerifier {
  private readonly last = new Map<string, { revision: number; hash: string }>();
  checked = 0;
  firstBroken: ChainBrokenLink | null = null;

  visit(event: RecordedEvent): void {
    this.checked++;
    const previous = this.last.get(event.stream) ?? { revision: -1, hash: GENESIS_HASH };
    const expected = eventHash(event.type, event.data, event.metadata, previous.hash);
    const stored = storedHash(event.metadata);
    if (!this.firstBroken) {
      if (event.revision !== previous.revision + 1) this.firstBroken = link(event, 'revision_gap', expected, stored);
      else if (stored !== expected) this.firstBroken = link(event, 'hash_mismatch', expected, stored);
    }
    // continue from what is stored, so one edit reports one event, not its whole tail
    this.last.set(event.stream, { revision: event.revision, hash: stored });
  }
}

function link(event: RecordedEvent, reason: ChainBrokenLink['reason'], expectedHash: string, stored: string): ChainBrokenLink {
  return {
    stream: event.stream,
    revision: event.revision,
    position: event.position,
    eventId: event.id,
    type: event.type,
    reason,
    expectedHash,
    storedHash: stored,
  };
}
