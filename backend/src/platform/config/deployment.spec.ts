import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docker-compose.yml, Dockerfile and .dockerignore fit for production. Docker cannot run here: the files are
 * parsed (js-yaml) and held to what a production deployment needs.
 */
// js-yaml (a dependency of the lint tooling) ships no types: only load() is used
const { load } = require('js-yaml') as { load(text: string): unknown };

const root = join(__dirname, '..', '..', '..', '..');
const text = (file: string) => readFileSync(join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  ports?: string[];
  profiles?: string[];
  networks?: string[];
  healthcheck?: { test?: unknown; disable?: boolean };
  environment?: Record<string, string>;
  volumes?: string[];
}
const compose = load(text('docker-compose.yml')) as { services: Record<string, Service>; networks: Record<string, { internal?: boolean } | null> };
const services = compose.services;
const appServices = ['projections', 'backend-1', 'backend-2'];

describe('docker-compose.yml for production', () => {
  it('says which Compose version it needs', () => {
    expect(text('docker-compose.yml')).toMatch(/Compose v2\.23 or newer/);
  });

  it('every service has a restart policy and a healthcheck (the on-demand backup says it has none)', () => {
    for (const [name, s] of Object.entries(services)) {
      expect([name, s.restart]).toEqual([name, expect.stringMatching(/^(unless-stopped|always|on-failure|no)$/)]);
      expect([name, s.healthcheck?.test !== undefined || s.healthcheck?.disable === true]).toEqual([name, true]);
      if (!s.profiles) expect([name, s.restart]).toEqual([name, 'unless-stopped']);
    }
  });

  it('only the TLS proxy publishes ports; EventStoreDB, PostgreSQL and Redis stay on an internal network', () => {
    const published = Object.entries(services)
      .filter(([, s]) => s.ports?.length)
      .map(([name]) => name);
    expect(published).toEqual(['proxy']);
    expect(compose.networks.interno?.internal).toBe(true);
    for (const name of ['eventstore', 'postgres', 'redis']) expect(services[name].networks).toEqual(['interno']);
  });

  it('no demo data; secrets have no default and stop `docker compose` with an Italian message when missing', () => {
    const raw = text('docker-compose.yml');
    for (const name of appServices) expect(services[name].environment?.SEED_DEMO).toBe('false');
    for (const secret of ['SESSION_SECRET', 'LOOKUP_SECRET', 'POSTGRES_PASSWORD', 'PUBLIC_URL']) {
      expect(raw).toMatch(new RegExp(`\\$\\{${secret}:\\?Imposta ${secret}`));
      expect(raw).not.toMatch(new RegExp(`\\$\\{${secret}:-`));
    }
    expect(raw).not.toMatch(/cambia-questo-segreto/);
    expect(services.postgres.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it('passes every variable production needs to the app', () => {
    for (const name of appServices) {
      const env = services[name].environment ?? {};
      for (const variable of [
        'NODE_ENV',
        'PUBLIC_URL',
        'TRUST_PROXY',
        'SMTP_URL',
        'MAIL_FROM',
        'STS_CERT_PATH',
        'PAYPAL_BASE_URL',
        'PAYPAL_CLIENT_ID',
        'PAYPAL_CLIENT_SECRET',
        'PRACTICE_NAME',
        'PRACTICE_TIME_ZONE',
        'SESSION_SECRET',
        'LOOKUP_SECRET',
        'ERASURE_LEDGER',
      ]) {
        expect([name, variable, variable in env]).toEqual([name, variable, true]);
      }
      expect(env.NODE_ENV).toBe('production');
      expect(services[name].volumes).toEqual(expect.arrayContaining(['./certificati:/certificati:ro', 'erasure-ledger:/registro-cancellazioni']));
    }
    expect(services.backup.volumes).toEqual(expect.arrayContaining(['./backup:/backup']));
  });

  it('the events in PostgreSQL by default (the tested store); EventStoreDB only under its profile', () => {
    for (const name of appServices) {
      expect(services[name].environment?.EVENT_STORE).toBe('${EVENT_STORE-postgres}');
      expect(services[name].environment?.EVENTSTORE_URL).toBe('${EVENTSTORE_URL:-}');
    }
    expect(services.eventstore.profiles).toEqual(['eventstoredb']);
    expect(text('docker-compose.yml')).toMatch(/-n app -n event_store/);
  });

  it('nginx terminates TLS and tells the app the scheme (X-Forwarded-Proto), which TRUST_PROXY lets it believe', () => {
    // the proxy's config is deploy/nginx/ (shared with the socket-flood bench), mounted by the compose file
    expect(text('docker-compose.yml')).toMatch(/file: \.\/deploy\/nginx\/default\.conf/);
    expect(services.proxy.volumes).toEqual(expect.arrayContaining(['./deploy/nginx:/etc/nginx/studio:ro']));
    const server = text('deploy/nginx/default.conf');
    expect(server).toMatch(/listen 443 ssl/);
    expect(server).toMatch(/include \/etc\/nginx\/studio\/limits\.conf;/);
    expect(server).toMatch(/include \/etc\/nginx\/studio\/locations\.conf;/);
    expect(text('deploy/nginx/locations.conf')).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme/);
    expect(services['backend-1'].environment?.TRUST_PROXY).toMatch(/uniquelocal/);
  });

  it('nginx limits each client address: concurrent socket.io connections as the app does (20), login bursts', () => {
    const locations = text('deploy/nginx/locations.conf');
    const socketIo = locations.slice(locations.indexOf('location /socket.io/'));
    expect(socketIo.slice(0, socketIo.indexOf('}'))).toMatch(/limit_conn sockets_per_address 20;/);
    const login = locations.slice(locations.indexOf('location = /api/auth/login'));
    expect(login.slice(0, login.indexOf('}'))).toMatch(/limit_req zone=logins /);
    expect(text('deploy/nginx/limits.conf')).toMatch(/limit_conn_zone \$binary_remote_addr zone=sockets_per_address:/);
  });
});

describe('Dockerfile and .dockerignore', () => {
  const dockerfile = text('Dockerfile');
  const stages = dockerfile.match(/^FROM .*/gm) ?? [];

  it('multi-stage on a supported Node LTS (22 or 24), runtime without devDependencies, as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=(22|24)$/m);
    for (const from of stages) expect(from).toMatch(/^FROM node:\$\{NODE_VERSION\}-/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/npm ci(?! --omit=dev)/);
    expect(runtime).toMatch(/HEALTHCHECK/);
  });

  it("the runtime gets every production package the lock file installs for the server's workspaces, nested ones too", () => {
    // npm ci puts a package under <workspace>/node_modules when the root holds another version of it (socket.io,
    // ical-generator, @nestjs/* under backend/): a runtime copying only the root's node_modules lacked them
    const lock = JSON.parse(text('package-lock.json')) as { packages: Record<string, { dev?: boolean }> };
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const nested = ['backend', 'contracts', 'projections'].filter((workspace) =>
      Object.entries(lock.packages).some(([path, entry]) => path.startsWith(`${workspace}/node_modules/`) && !entry.dev),
    );
    expect(nested).toContain('backend');
    for (const workspace of nested) expect(runtime).toContain(`COPY --from=server-deps /app/${workspace}/node_modules ${workspace}/node_modules`);
  });

  it('.dockerignore keeps out history, host modules and builds, local data and secrets', () => {
    const ignored = text('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['.git', '**/node_modules', '**/dist', 'data', '.env', 'certificati', 'tls', 'backup']) expect(ignored).toContain(entry);
  });
});
