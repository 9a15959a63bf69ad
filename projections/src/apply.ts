import { documentIdsOf, parseRecordedEvent, type RecordedDomainEvent, type RecordedEvent } from '@studio/contracts';
import type { DocumentChange, ProjectionDefinition, StoredDocument } from './projection';
import type { ReadModelWriter } from './read-model-store';

export const handlesStream = (def: ProjectionDefinition, stream: string): boolean =>
  def.streamPrefixes.length === 0 || def.streamPrefixes.some((p) => stream.startsWith(p));

/**
 * Folds `events` (ascending positions, all past the projection's checkpoint) into the documents
 * they touch, inside the caller's transaction. Shared by the runner and rebuild so both fold the
 * same way. A document whose stored position is at or past an event skips it: a redelivered
 * event never counts twice even if a checkpoint was lost.
 */
/** each event is checked once, however many projections fold it (a rebuild checks its pages itself: see rebuild.ts) */
const checked = new WeakMap<RecordedEvent, RecordedDomainEvent>();
export function domainEvent(event: RecordedEvent): RecordedDomainEvent {
  let parsed = checked.get(event);
  if (!parsed) checked.set(event, (parsed = parseRecordedEvent(event)));
  return parsed;
}

export async function applyEvents(
  tx: ReadModelWriter,
  def: ProjectionDefinition,
  events: RecordedEvent[],
  table?: string,
  /** a rebuild's: its events already checked, and no list of changes (nobody hears of them) */
  bulk?: { checked: true; changes: false },
): Promise<DocumentChange[]> {
  const types = def.eventTypes === 'all' ? null : new Set(def.eventTypes);
  const touched: { id: string; event: RecordedDomainEvent }[] = [];
  for (const recorded of events) {
    if ((types && !types.has(recorded.type)) || !handlesStream(def, recorded.stream)) continue;
    const event = bulk ? (recorded as RecordedDomainEvent) : domainEvent(recorded);
    for (const id of documentIdsOf(def.documentId(event))) touched.push({ id, event });
  }
  if (touched.length === 0) return [];

  // one read for the whole batch, then one write per document: a batch is a few statements, not one per event
  const docs: Map<string, StoredDocument<unknown | null>> = await tx.getManyForUpdate(
    def.name,
    touched.map((t) => t.id),
    table,
  );
  const dirty = new Set<string>();
  const changes: DocumentChange[] = [];
  for (const { id, event } of touched) {
    const stored = docs.get(id);
    if (stored && stored.position >= event.position) continue;
    const previous = stored?.doc ?? null;
    const doc = def.evolve(previous, event, id) ?? null;
    // evolve returns its input when the event changes nothing
    if (doc === previous) continue;
    docs.set(id, { id, doc, position: event.position });
    dirty.add(id);
    if (!bulk) changes.push({ projection: def.name, id, previous, doc, position: event.position, event });
  }
  const written = [...dirty].map((id) => docs.get(id)!);
  const puts = written.filter((d) => d.doc !== null);
  const deletes = written.filter((d) => d.doc === null).map((d) => d.id);
  if (puts.length) await tx.put(def.name, puts, table);
  if (deletes.length) await tx.delete(def.name, deletes, table);
  return changes;
}
