/**
 * A local nginx in front of the built app, with the production proxy's own limits and locations
 * (deploy/nginx/limits.conf and locations.conf, included as they are, the files docker-compose.yml mounts):
 * plain HTTP on loopback (or HTTPS with a given certificate, as default.conf's 443), one worker. Used by the
 * socket-flood bench ("behind nginx"), the proxy's test and the widget's cross-site browser test (HTTPS).
 * Debian's nginx (`apt-get install nginx-light`); `nginxBinary()` is null where it is absent.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const NGINX_DIR = resolve(__dirname, '..', 'deploy', 'nginx');

/** nginx on PATH or in the usual places, or null */
export function nginxBinary(): string | null {
  for (const candidate of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** a certificate and its key (PEM files) for `listen … ssl` */
export interface LocalTls {
  cert: string;
  key: string;
}

/** the whole nginx.conf: the compose file's limits and locations, an upstream of `upstreamPorts` on loopback */
export function localNginxConfig(workDir: string, listenPort: number, upstreamPorts: number[], tls?: LocalTls): string {
  const temp = (name: string) => join(workDir, name);
  return `worker_processes 1;
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${join(NGINX_DIR, 'limits.conf')};
  upstream backends {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${listenPort}${tls ? ` ssl;\n    ssl_certificate ${tls.cert};\n    ssl_certificate_key ${tls.key};\n    ssl_protocols TLSv1.2 TLSv1.3` : ''};
    include ${join(NGINX_DIR, 'locations.conf')};
  }
}
`;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('nessuna porta libera'))));
    });
  });
}

/** writes the config into workDir and checks it (`nginx -t`); throws with nginx's own words when it is refused */
export function writeLocalNginxConfig(nginx: string, workDir: string, listenPort: number, upstreamPorts: number[], tls?: LocalTls): string {
  mkdirSync(workDir, { recursive: true });
  const file = join(workDir, 'nginx.conf');
  writeFileSync(file, localNginxConfig(workDir, listenPort, upstreamPorts, tls));
  execFileSync(nginx, ['-t', '-q', '-p', workDir, '-c', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  return file;
}

/** starts nginx in front of the upstream ports (on `options.port`, or a free one); resolves once it answers on its port */
export async function startLocalNginx(
  nginx: string,
  workDir: string,
  upstreamPorts: number[],
  options: { port?: number; tls?: LocalTls } = {},
): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const port = options.port ?? (await freePort());
  const file = writeLocalNginxConfig(nginx, workDir, port, upstreamPorts, options.tls);
  const child = spawn(nginx, ['-p', workDir, '-c', file], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const base = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx non avviato (vedi ${join(workDir, 'error.log')})`);
    // a TCP connection, not a request: a request would reach the backend
    const listening = await new Promise<boolean>((answer) => {
      const probe = connect(port, '127.0.0.1', () => (probe.end(), answer(true)));
      probe.once('error', () => answer(false));
    });
    if (listening) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    pid: child.pid!,
    stop: async () => {
      // TERM: nginx's fast stop (a graceful QUIT would wait for the open websockets)
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
