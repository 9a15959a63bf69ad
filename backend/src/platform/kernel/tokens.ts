import type { DocumentChange } from '@studio/projections';

/**
 * The kernel's ports: what every feature may be given, each under its own token (no service locator), and the narrow
 * type of each. The composition root (`infrastructure/core.ts`) opens the adapters behind them; features import
 * these, never the composition root.
 */
export const CONFIG = Symbol('CONFIG');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const READ_MODELS = Symbol('READ_MODELS');
export const APP_DB = Symbol('APP_DB');
export const PERSONAL_DATA = Symbol('PERSONAL_DATA');
export const PROJECTION_RUNNER = Symbol('PROJECTION_RUNNER');
export const CHANGE_FEED = Symbol('CHANGE_FEED');
export const RATE_LIMITS = Symbol('RATE_LIMITS');
/** which periodic jobs this instance runs (job-leases.ts); absent: all of them */
export const JOB_LEASES = Symbol('JOB_LEASES');

/**
 * What the read models just committed, for live pushes and read-your-writes. Embedded: the
 * in-process projection runner. Scale-out: the projections worker publishes on Redis and every
 * backend instance listens.
 */
export interface ChangeFeed {
  onChange(listener: (changes: DocumentChange[]) => void): () => void;
  /** resolves once the read models hold every event up to `position` */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}
