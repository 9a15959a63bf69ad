import type { ProjectionDefinition } from '@studio/contracts';
import type { FindOptions, ReadModelReader, StoredDocument, Where } from './projection';

/**
 * One read model, typed: the feature that owns its projection exports it from its public entry, and every reader
 * goes through it, so no reader names a collection by a string or imports another feature's projection for the
 * document's type. `store` is the kernel's read-model port.
 */
export interface ReadModel<D> {
  readonly name: string;
  /** its definition, for a replay into a temporary store (the auditor's "as it was") */
  readonly projection: ProjectionDefinition<D>;
  get(store: Pick<ReadModelReader, 'get'>, id: string): Promise<StoredDocument<D> | null>;
  find(store: Pick<ReadModelReader, 'find'>, where?: Where, options?: FindOptions): Promise<StoredDocument<D>[]>;
  /** how far the projection has applied the log (commands wait for it before they answer) */
  checkpoint(store: Pick<ReadModelReader, 'checkpoint'>): Promise<number>;
}

export function readModelOf<D>(projection: ProjectionDefinition<D, any>): ReadModel<D> {
  const { name } = projection;
  return {
    name,
    projection,
    get: (store, id) => store.get<D>(name, id),
    find: (store, where, options) => store.find<D>(name, where, options),
    checkpoint: (store) => store.checkpoint(name),
  };
}
