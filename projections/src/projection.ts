import type { RecordedEvent } from '@studio/contracts';

// the shape of a projection is a contract (contracts/src/platform/projection.ts): a `*.projection.ts` imports only @studio/contracts
export type { ProjectedEvent, ProjectionDefinition } from '@studio/contracts';

/** a document as stored: the doc plus the position of the last event applied to it */
export interface StoredDocument<D = any> {
  id: string;
  doc: D;
  position: number;
}

export type Comparable = string | number;
export type WhereValue = Comparable | null | { eq?: Comparable; gt?: Comparable; gte?: Comparable; lt?: Comparable; lte?: Comparable; in?: Comparable[] };
/** keys are index column names, or 'position' */
export type Where = Record<string, WhereValue>;

export interface FindOptions {
  orderBy?: { column: string; direction?: 'asc' | 'desc' }[];
  limit?: number;
}

export interface ReadModelReader {
  get<D>(collection: string, id: string): Promise<StoredDocument<D> | null>;
  find<D>(collection: string, where?: Where, options?: FindOptions): Promise<StoredDocument<D>[]>;
  checkpoint(projection: string): Promise<number>;
}

/** one projection's change, published after its transaction committed */
export interface DocumentChange<D = any> {
  projection: string;
  id: string;
  previous: D | null;
  doc: D | null;
  position: number;
  event: RecordedEvent;
}
