/**
 * The same scale-out proofs with the events in PostgreSQL (EVENT_STORE=postgres): the worker and both instances share
 * only PostgreSQL (events, read models, sessions, keys) and Redis, nothing on disk. The assertions read the log
 * through the port, so they hold for either store.
 */
process.env.SCALE_OUT_EVENT_STORE = 'postgres';
require('./scale-out.e2e.spec');
