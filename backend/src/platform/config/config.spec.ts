import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'studio-config-'));
const PAYPAL = { PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };

describe('config: PayPal', () => {
  it('refuses a practice name that would print a line break or nothing (the rule of every stored name)', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir(), PRACTICE_NAME: 'Studio\r\nBcc: x@y.it' })).toThrow(/PRACTICE_NAME/);
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir(), PRACTICE_NAME: '\u200b\u200b' })).toThrow(/PRACTICE_NAME/);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir(), PRACTICE_NAME: 'Studio Rossi & Bianchi' }).practice.name).toBe('Studio Rossi & Bianchi');
  });

  it('outside production with no PAYPAL_* the demo pays against the local stand-in', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir() });
    expect(config.paypal).toBeNull();
    expect(config.paypalStandIn).toBe(true);
    expect(config.paypalSdkUrl).toBe('https://www.paypal.com/sdk/js');
  });

  it('real credentials switch the stand-in off; so does PAYPAL_STAND_IN=false', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir(), ...PAYPAL }).paypalStandIn).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir(), PAYPAL_STAND_IN: 'false' }).paypalStandIn).toBe(false);
  });

  it('production never uses the stand-in, and refuses to be asked for it', () => {
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SESSION_SECRET: 'x'.repeat(32), LOOKUP_SECRET: 'y'.repeat(32) }).paypalStandIn).toBe(
      false,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), PAYPAL_STAND_IN: 'true' })).toThrow(/PAYPAL_STAND_IN/);
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir(), PAYPAL_STAND_IN: 'true', ...PAYPAL })).toThrow(/si escludono/);
  });

  it('empty PAYPAL_* (docker compose passing unset variables) count as not set', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      SESSION_SECRET: 'x'.repeat(32),
      LOOKUP_SECRET: 'y'.repeat(32),
      PAYPAL_BASE_URL: '',
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
    });
    expect(config.paypal).toBeNull();
  });

  it('PAYPAL_* go together', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir(), PAYPAL_CLIENT_ID: 'id' })).toThrow(/vanno impostati insieme/);
  });
});

describe('config: erasure ledger', () => {
  it('lives beside DATA_DIR, never inside it (a backup of DATA_DIR must not carry it); ERASURE_LEDGER moves it', () => {
    const dir = dataDir();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(config.erasureLedger).toBe(`${dir}-cancellazioni.jsonl`);
    expect(config.erasureLedger.startsWith(`${dir}/`)).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, ERASURE_LEDGER: '/srv/registro/cancellazioni.jsonl' }).erasureLedger).toBe(
      '/srv/registro/cancellazioni.jsonl',
    );
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, ERASURE_LEDGER: '' }).erasureLedger).toBe(`${dir}-cancellazioni.jsonl`);
  });
});

describe('config: event store', () => {
  it('SQLite in DATA_DIR by default; EVENT_STORE=postgres on EVENT_STORE_URL, else DATABASE_URL; EVENTSTORE_URL for EventStoreDB', () => {
    const dir = dataDir();
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).eventStore).toMatchObject({ kind: 'sqlite', filename: join(dir, 'events.db') });
    const db = 'postgres://db/app';
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, EVENT_STORE: 'postgres', DATABASE_URL: db }).eventStore).toMatchObject({
      kind: 'postgres',
      connectionString: db,
    });
    expect(
      loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, EVENT_STORE: 'postgres', DATABASE_URL: db, EVENT_STORE_URL: 'postgres://db/events' }).eventStore,
    ).toMatchObject({ kind: 'postgres', connectionString: 'postgres://db/events' });
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, EVENTSTORE_URL: 'esdb://x:2113' }).eventStore).toMatchObject({ kind: 'eventstoredb' });
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, EVENT_STORE: 'postgres' })).toThrow(/richiede EVENT_STORE_URL o DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, EVENT_STORE: 'postgres', DATABASE_URL: db, EVENTSTORE_URL: 'esdb://x' })).toThrow(
      /si escludono/,
    );
  });
});
