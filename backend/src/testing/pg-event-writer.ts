/**
 * A writer process of the PostgreSQL event store's concurrency proof (run with @swc-node/register). From the
 * environment: PG_URL, PG_SCHEMA, WRITER (its name, the prefix of its streams), LOOPS concurrent appenders, APPENDS
 * per appender, PAUSE_MS (the longest random pause inside each committing transaction), HOLD=1 (commit one group of
 * appends and stop inside its transaction, holding the lock, until killed).
 * Prints each acknowledged position on a line; `holding` once it holds the lock.
 */
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { sleep } from '../platform/event-store/support';
import { testMetadata } from '../platform/event-store/test-events';

const env = process.env;
const writer = env.WRITER ?? 'w';
const hold = env.HOLD === '1';
const pauseMs = Number(env.PAUSE_MS ?? 0);
const store = new PostgresEventStore(env.PG_URL!, {
  schema: env.PG_SCHEMA,
  beforeCommit: hold
    ? () => {
        process.stdout.write('holding\n');
        return new Promise<void>(() => undefined);
      }
    : pauseMs > 0
      ? () => sleep(Math.random() * pauseMs)
      : undefined,
});
const events = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ type: 'Written', data: { tag, i }, metadata: testMetadata() }));

async function appender(loop: number): Promise<void> {
  const stream = `${writer}-${loop}`;
  let revision = -1;
  for (let i = 0; i < Number(env.APPENDS ?? 20); i++) {
    const count = 1 + (i % 3);
    const result = await store.append(stream, events(count, `${loop}.${i}`), { expectedRevision: revision < 0 ? 'no_stream' : revision });
    revision = result.nextRevision;
    process.stdout.write(`${result.position}\n`);
  }
}

async function main(): Promise<void> {
  const loops = Number(env.LOOPS ?? 4);
  if (hold) {
    // requested in one tick: one group, several streams, several events each
    await Promise.all(Array.from({ length: loops }, (_, loop) => store.append(`${writer}-${loop}`, events(3, 'held'), { expectedRevision: 'any' })));
    return;
  }
  await Promise.all(Array.from({ length: loops }, (_, loop) => appender(loop)));
  await store.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
