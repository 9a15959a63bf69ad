import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config';
import { StartupRefusal, checkSharedSecrets, listenRefusal, productionChecks } from './startup-checks';

const base = () => ({
  NODE_ENV: 'production',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'studio-avvio-')),
  SESSION_SECRET: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  LOOKUP_SECRET: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  PUBLIC_URL: 'https://prenota.studio.example.it',
  TRUST_PROXY: 'loopback',
});
const check = (env: Record<string, string | undefined>) => productionChecks(loadConfig(env), env);

describe('start-time checks (the spawned refusals are in backend/e2e/production.e2e.spec.ts)', () => {
  it('outside production nothing is checked', () => {
    expect(check({ ...base(), NODE_ENV: 'development', PUBLIC_URL: undefined, SESSION_SECRET: 'cambia-questo-segreto-di-sessione' })).toEqual({
      warnings: [],
      notes: [],
    });
  });

  it('a plain-http PUBLIC_URL with the Secure cookie is refused; with COOKIE_SECURE=false it is accepted', () => {
    expect(() => check({ ...base(), PUBLIC_URL: 'http://prenota.studio.example.it' })).toThrow(/non è https:\/\//);
    expect(() => check({ ...base(), PUBLIC_URL: 'http://localhost:3000', COOKIE_SECURE: 'false' })).not.toThrow();
  });

  it('a public PostgreSQL password in DATABASE_URL is refused', () => {
    expect(() => check({ ...base(), DATABASE_URL: 'postgres://studio:studio@postgres:5432/studio' })).toThrow(StartupRefusal);
    expect(() => check({ ...base(), DATABASE_URL: 'postgres://studio:8f3a9c1e7b2d4f60@postgres:5432/studio' })).not.toThrow();
  });

  it('what is not set but not fatal is a warning: SMTP, PayPal, the STS certificate, TRUST_PROXY', () => {
    const { warnings } = check({ ...base(), TRUST_PROXY: undefined });
    expect(warnings.join('\n')).toMatch(/SMTP_URL/);
    expect(warnings.join('\n')).toMatch(/PAYPAL_BASE_URL/);
    expect(warnings.join('\n')).toMatch(/STS_CERT_PATH/);
    expect(warnings.join('\n')).toMatch(/TRUST_PROXY/);
  });

  it('listen errors become sentences: a busy port, a privileged one; anything else stays as it is', () => {
    expect(listenRefusal({ code: 'EADDRINUSE' }, 3000)?.message).toMatch(/la porta 3000 è già in uso/);
    expect(listenRefusal({ code: 'EACCES' }, 80)?.message).toMatch(/porta 80 è riservata/);
    expect(listenRefusal(new Error('altro'), 3000)).toBeNull();
  });

  it('with DATABASE_URL (several instances possible) the start refuses missing shared secrets in one Italian sentence, in production or not', () => {
    const shared = {
      SESSION_SECRET: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
      LOOKUP_SECRET: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
      CHAIN_KEY: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
      KEY_ENCRYPTION_KEY: '9f8e7d6c5b4a39281706f5e4d3c2b1a0',
    };
    expect(() => checkSharedSecrets({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => checkSharedSecrets({ DATABASE_URL: 'postgres://db/app', ...shared })).not.toThrow();
    expect(() =>
      checkSharedSecrets({ DATABASE_URL: 'postgres://db/app', ...shared, CHAIN_KEY: undefined, CHAIN_KEY_FILE: '/run/secrets/catena' }),
    ).not.toThrow();
    expect(() => checkSharedSecrets({ DATABASE_URL: 'postgres://db/app', NODE_ENV: 'development' })).toThrow(
      new StartupRefusal(
        'Con DATABASE_URL più istanze condividono account, chiavi e registro, quindi SESSION_SECRET, LOOKUP_SECRET, CHAIN_KEY, KEY_ENCRYPTION_KEY vanno impostati uguale su tutte (generane uno con "openssl rand -hex 32").',
      ),
    );
    expect(() => checkSharedSecrets({ DATABASE_URL: 'postgres://db/app', ...shared, CHAIN_KEY: undefined })).toThrow(/quindi CHAIN_KEY va impostato uguale/);
  });
});
