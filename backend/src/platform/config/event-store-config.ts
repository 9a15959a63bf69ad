import { join } from 'node:path';
import type { AppConfig } from '../kernel/app-config';

/** where the events live: SQLite in DATA_DIR (default), PostgreSQL (EVENT_STORE=postgres) or EventStoreDB (EVENTSTORE_URL) */
export function eventStoreConfig(
  e: { EVENT_STORE?: 'sqlite' | 'postgres'; EVENT_STORE_URL?: string; EVENTSTORE_URL?: string; DATABASE_URL?: string; EVENT_WRITER_THREAD?: 'true' | 'false' },
  dataDir: string,
  production: boolean,
  chainKey: Buffer,
): AppConfig['eventStore'] {
  if (e.EVENT_STORE === 'postgres') {
    if (e.EVENTSTORE_URL) throw new Error('Configurazione non valida: EVENT_STORE=postgres ed EVENTSTORE_URL (EventStoreDB) si escludono a vicenda');
    const connectionString = e.EVENT_STORE_URL ?? e.DATABASE_URL;
    if (!connectionString) throw new Error('Configurazione non valida: EVENT_STORE=postgres richiede EVENT_STORE_URL o DATABASE_URL');
    return { kind: 'postgres', connectionString, chainKey };
  }
  if (e.EVENTSTORE_URL) return { kind: 'eventstoredb', connectionString: e.EVENTSTORE_URL, chainKey };
  return {
    kind: 'sqlite',
    filename: join(dataDir, 'events.db'),
    writerThread: e.EVENT_WRITER_THREAD ? e.EVENT_WRITER_THREAD === 'true' : production,
    chainKey,
  };
}
