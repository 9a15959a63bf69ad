import type { EventType, RecordedDomainEvent } from '../event-catalogue';
import type { RecordedEvent } from './event-store';

/**
 * A projection is a pure fold over events into documents of one collection.
 * `evolve(null, e)` creates, returning null deletes. No I/O, no clock.
 */
/**
 * The events a projection folds, as the union of their catalogue types (checked by parseRecordedEvent on the way
 * in): declaring `eventTypes` narrows `documentId` and `evolve` to exactly those events, with no casts. A type
 * outside the catalogue (a test's own projection) is a plain RecordedEvent of that type.
 */
export type ProjectedEvent<T extends string> = string extends T
  ? RecordedDomainEvent
  : T extends EventType
    ? Extract<RecordedDomainEvent, { type: T }>
    : RecordedEvent & { type: T };

/** the ids an event touches, as a list (documentId gives one, several or none) */
export function documentIdsOf(id: string | readonly string[] | null | undefined): readonly string[] {
  return id == null ? [] : typeof id === 'string' ? [id] : id;
}

export interface ProjectionDefinition<D = any, T extends string = any> {
  /** collection name, also the checkpoint key: [a-z_]+ */
  name: string;
  /** bump to force a rebuild when evolve changes meaning */
  version: number;
  streamPrefixes: string[];
  /** event types it handles ('all': every type, also of later issues); others are skipped (their position still advances the checkpoint) */
  eventTypes: T[] | 'all';
  /**
   * which document an event touches; null = none (events come checked against the catalogue: parseRecordedEvent).
   * A list: an event that touches several documents (an imported table's part, one document per food), each folded
   * with evolve and its id (the runner always passes the id; a single-document projection may ignore it).
   */
  documentId(event: ProjectedEvent<T>): string | readonly string[] | null;
  evolve(doc: D | null, event: ProjectedEvent<T>, id?: string): D | null;
  /**
   * queryable columns, computed from the document on every write. `then`: a second column of the column's index (another
   * index column, or 'position'), for the queries that filter on this column and range over or order by that one: the
   * index answers them without reading every row of the column's value (a doctor's week out of years of slots).
   */
  indexes: Record<string, { type: 'text' | 'integer'; value: (doc: D) => string | number | null; then?: string }>;
}
