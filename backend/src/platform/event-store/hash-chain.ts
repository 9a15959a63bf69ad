import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ChainBrokenLink, EventMetadata, RecordedEvent } from '@studio/contracts';

/**
 * Tamper evidence: every event's metadata carries `hash`, the sha-256 of a canonical
 * serialisation of its type, data, metadata without the hash, and the hash of the previous
 * event of its stream ('' for revision 0). Both adapters compute it inside their append, so
 * every event ever written (seeds included) is chained. Editing a stored event outside the
 * application breaks its own hash, and rewriting that hash breaks the next event's link.
 *
 * The hash alone is public arithmetic: whoever can write the file can recompute a whole chain. So
 * every event also carries `signature`, an HMAC-SHA-256 of its stream, revision and hash under the
 * chain key (CHAIN_KEY), which lives outside DATA_DIR and outside every backup: each event signs the
 * head of its stream as it was appended, and an edit with recomputed hashes no longer verifies.
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
  const { hash: _ignored, signature: _signature, ...rest } = metadata;
  return createHash('sha256')
    .update(canonicalJson({ type, data: data ?? null, metadata: rest, previousHash }))
    .digest('hex');
}

/** the signature of a stream's head: which stream, which revision, and the hash that chains all before it */
export function headSignature(key: Buffer, stream: string, revision: number, hash: string): string {
  return createHmac('sha256', key).update(`${stream}\n${revision}\n${hash}`).digest('hex');
}

/** where an event goes, and the chain key that signs it (none: unsigned, for stores without a key) */
export interface ChainSigning {
  key: Buffer;
  stream: string;
  revision: number;
}

/** the metadata as stored: the caller's, plus the chained hash, plus the head's signature under the chain key */
export function chained(type: string, data: unknown, metadata: EventMetadata, previousHash: string, signing?: ChainSigning): EventMetadata {
  const { hash: _dropped, signature: _forged, ...rest } = metadata;
  const hash = eventHash(type, data, rest, previousHash);
  return signing ? { ...rest, hash, signature: headSignature(signing.key, signing.stream, signing.revision, hash) } : { ...rest, hash };
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const storedHash = (metadata: EventMetadata | undefined): string => (typeof metadata?.hash === 'string' ? metadata.hash : GENESIS_HASH);

/**
 * Walks events in global order, keeping each stream's last hash. Feed it every event of the
 * streams being verified, from each stream's revision 0; `firstBroken` is the earliest (by
 * global position) event whose hash does not follow.
 */
export class ChainVerifier {
  private readonly last = new Map<string, { revision: number; hash: string }>();
  checked = 0;
  /** events without a signature (only a store written before signing, e.g. an older backup, has any) */
  unsigned = 0;
  firstBroken: ChainBrokenLink | null = null;

  /**
   * `key`: the chain key; then every event must carry a valid signature, and one without (stripped,
   * or written without the key) breaks the chain. `unsignedAllowed`: an older store, written before
   * the signatures, is checked on its hashes alone and its unsigned events only counted.
   */
  constructor(
    private readonly key?: Buffer,
    private readonly unsignedAllowed = false,
  ) {}

  visit(event: RecordedEvent): void {
    this.checked++;
    const previous = this.last.get(event.stream) ?? { revision: -1, hash: GENESIS_HASH };
    const expected = eventHash(event.type, event.data, event.metadata, previous.hash);
    const stored = storedHash(event.metadata);
    if (!this.firstBroken) {
      if (event.revision !== previous.revision + 1) this.firstBroken = link(event, 'revision_gap', expected, stored);
      else if (stored !== expected) this.firstBroken = link(event, 'hash_mismatch', expected, stored);
      else if (this.key) this.checkSignature(event, stored);
    }
    // continue from what is stored, so one edit reports one event, not its whole tail
    this.last.set(event.stream, { revision: event.revision, hash: stored });
  }

  private checkSignature(event: RecordedEvent, hash: string): void {
    const signature = event.metadata?.signature;
    if (typeof signature !== 'string') {
      this.unsigned++;
      if (!this.unsignedAllowed) this.firstBroken = link(event, 'unsigned', hash, hash);
      return;
    }
    if (!sameHex(signature, headSignature(this.key!, event.stream, event.revision, hash))) this.firstBroken = link(event, 'signature_mismatch', hash, hash);
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
