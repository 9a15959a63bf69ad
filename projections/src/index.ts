export * from './projection';
export { createReadModelStore } from './read-model-store';
export type { CheckpointInfo, ReadModelStore, ReadModelStoreConfig, ReadModelWriter } from './read-model-store';
export { ProjectionRunner } from './runner';
export type { ChangeListener, ProjectionRunnerOptions } from './runner';
export { rebuildProjection } from './rebuild';
export type { RebuildDeps, RebuildOptions, RebuildProgress, RebuildResult } from './rebuild';
export { InMemoryEventStore } from './testing/in-memory-event-store';
export * from './read-models';
