import type { EventMetadata, RecordedEvent } from '@studio/contracts';
import { createHash } from 'node:crypto';
import { ChainVerifier, chained, eventHash, GENESIS_HASH } from './hash-chain';

const meta: EventMetadata = { userId: 'u1', role: 'admin', at: '2030-03-04T06:00:00.000Z', correlationId: 'c1', causationId: 'c1' };

/** a well-chained stream of `n` events, as an adapter stores it */
function stream(n: number, name = 'prova-1', firstPosition = 1): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  let previous = GENESIS_HASH;
  for (let revision = 0; revision < n; revision++) {
    const data = { n: revision };
    const metadata = chained('Provato', data, meta, previous);
    previous = metadata.hash as string;
    events.push({ id: `e${revision}`, stream: name, revision, position: firstPosition + revision, type: 'Provato', data, metadata, recordedAt: meta.at });
  }
  return events;
}

const verify = (events: RecordedEvent[]) => {
  const v = new ChainVerifier();
  events.forEach((e) => v.visit(e));
  return v;
};

describe('hash chain', () => {
  it('hashes a canonical text of type, data, metadata and the previous hash (checked by hand, not by the same function)', () => {
    const byHand = createHash('sha256')
      .update(
        '{"data":{"n":1},"metadata":{"at":"2030-03-04T06:00:00.000Z","causationId":"c1","correlationId":"c1","role":"admin","userId":"u1"},"previousHash":"abc","type":"Provato"}',
      )
      .digest('hex');
    expect(eventHash('Provato', { n: 1 }, meta, 'abc')).toBe(byHand);
    // the previous hash is part of it: the same event after another predecessor hashes differently
    expect(eventHash('Provato', { n: 1 }, meta, 'abd')).not.toBe(byHand);
  });

  it('a sound stream verifies', () => {
    expect(verify(stream(4))).toMatchObject({ checked: 4, firstBroken: null });
  });

  it('an edited event whose own hash was recomputed breaks the chain at the next event', () => {
    const events = stream(4);
    const edited = { n: 99 };
    const previousHash = events[0].metadata.hash as string;
    events[1] = { ...events[1], data: edited, metadata: chained('Provato', edited, meta, previousHash) };
    const v = verify(events);
    expect(v.firstBroken).toMatchObject({ revision: 2, position: 3, reason: 'hash_mismatch', storedHash: events[2].metadata.hash });
  });

  it('a missing revision is reported as a gap, even when the hashes would fit', () => {
    const events = stream(4);
    // drop revision 2 and rechain revision 3 onto revision 1, as a deleter covering its tracks would
    const rechained = { ...events[3], metadata: chained('Provato', events[3].data, meta, events[1].metadata.hash as string) };
    const v = verify([events[0], events[1], rechained]);
    expect(v.firstBroken).toMatchObject({ revision: 3, reason: 'revision_gap' });
  });

  it('a stream that does not start at revision 0 is a gap too', () => {
    expect(verify(stream(3).slice(1)).firstBroken).toMatchObject({ revision: 1, reason: 'revision_gap' });
  });
});
