/** Test-only: pure projection folds without a store. */
import { documentIdsOf, parseRecordedEvent, type RecordedEvent } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

let position = 0;

/** a recorded event with a fresh global position; `at` is when it happened */
export const recorded = (stream: string, type: string, data: object, at = '2030-01-01T00:00:00.000Z'): RecordedEvent => ({
  id: `e${++position}`,
  stream,
  revision: 0,
  position,
  type,
  data,
  metadata: { userId: 'x', role: 'system', at, correlationId: 'c', causationId: 'c' },
  recordedAt: at,
});

/** what the runner would store: each document folded with evolve, by documentId */
export function foldDocuments<D>(p: Pick<ProjectionDefinition<D>, 'documentId' | 'evolve'>, events: RecordedEvent[]): Map<string, D | null> {
  const docs = new Map<string, D | null>();
  for (const recorded of events) {
    const e = parseRecordedEvent(recorded);
    for (const id of documentIdsOf(p.documentId(e))) docs.set(id, p.evolve(docs.get(id) ?? null, e, id));
  }
  return docs;
}
