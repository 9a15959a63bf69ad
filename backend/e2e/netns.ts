/**
 * Hosts of their own on this machine: one network namespace per process (`ip netns`), joined to the root namespace by
 * a veth pair with a /30 of its own. Inside, a process sees only its loopback and its end of the pair; PostgreSQL and
 * Redis, which listen on 127.0.0.1 in the root namespace, it reaches through a TCP forwarder that this process binds
 * on the pair's host-side address (nothing else listens there, and nothing is routed further). Needs root.
 *
 * Names carry the owner's pid (`smnet-<pid>-<host>`, links `sm<pid>…`): a run that crashed leaves names whose pid is
 * gone, and the next run removes exactly those, never another live run's.
 */
import { execFileSync } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

const PREFIX = 'smnet-';

export interface Host {
  name: string;
  namespace: string;
  /** the root side of the pair: what `ip link set … down` cuts */
  hostLink: string;
  /** the process's address, inside its namespace */
  address: string;
  /** the forwarders' address, in the root namespace */
  gateway: string;
  /** the command line that runs argv inside the namespace */
  wrap(argv: string[]): string[];
  cut(): void;
  restore(): void;
}

export interface Hosts {
  host(name: string): Host;
  remove(): Promise<void>;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** why namespaces cannot be made here, in Italian, or null when they can */
export function namespacesRefusal(): string | null {
  if (process.platform !== 'linux') return 'i namespace di rete esistono solo su Linux';
  if (process.getuid?.() !== 0) return 'servono i permessi di root per creare namespace di rete (ip netns add)';
  const probe = `${PREFIX}${process.pid}-prova`;
  try {
    ip('netns', 'add', probe);
    ip('netns', 'del', probe);
    return null;
  } catch (error) {
    return `ip netns add non è permesso qui (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`;
  }
}

/** deletes what may already be gone (a pair goes with either of its ends, a namespace's links with it) */
const removeIfThere = (...args: string[]) => {
  try {
    ip(...args);
  } catch {
    // already gone
  }
};

/** namespaces and links of earlier runs whose process is gone (a crash, a kill -9 of jest) */
export function removeLeftovers(): void {
  for (const line of ip('netns', 'list').split('\n')) {
    const match = /^(smnet-(\d+)-\S+)/.exec(line);
    if (match && !alive(Number(match[2]))) removeIfThere('netns', 'del', match[1]);
  }
  for (const line of ip('-o', 'link', 'show').split('\n')) {
    const match = /^\d+: (sm([0-9a-z]+)x\d[hn])[@:]/.exec(line);
    if (match && !alive(parseInt(match[2], 36))) removeIfThere('link', 'del', match[1]);
  }
}

/** one /30 per host in 10.213.0.0/16, chosen by pid so that two runs side by side do not share one */
function subnet(index: number): { gateway: string; address: string } {
  const base = ((process.pid % 2000) * 8 + index) * 4;
  const prefix = `10.213.${(base >> 8) & 255}.`;
  return { gateway: `${prefix}${(base & 255) + 1}`, address: `${prefix}${(base & 255) + 2}` };
}

/**
 * Creates the namespaces for the given names and, on each pair's host side, forwarders to the given loopback ports
 * (e.g. 5432 and 6379): a process inside reaches them at `gateway:port`.
 */
export async function createHosts(names: string[], forwardedPorts: number[]): Promise<Hosts> {
  removeLeftovers();
  const tag = process.pid.toString(36);
  const hosts = new Map<string, Host>();
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  const remove = async () => {
    for (const s of sockets) s.destroy();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    for (const h of hosts.values()) {
      // deleting the namespace deletes its end of the pair, and with it the host's end
      removeIfThere('netns', 'del', h.namespace);
      removeIfThere('link', 'del', h.hostLink);
    }
  };
  try {
    for (const [index, name] of names.entries()) {
      const namespace = `${PREFIX}${process.pid}-${name.toLowerCase()}`;
      const hostLink = `sm${tag}x${index}h`;
      const innerLink = `sm${tag}x${index}n`;
      const { gateway, address } = subnet(index);
      const host: Host = {
        name,
        namespace,
        hostLink,
        address,
        gateway,
        wrap: (argv) => ['ip', 'netns', 'exec', namespace, ...argv],
        cut: () => ip('link', 'set', hostLink, 'down'),
        restore: () => ip('link', 'set', hostLink, 'up'),
      };
      hosts.set(name, host);
      ip('netns', 'add', namespace);
      ip('link', 'add', hostLink, 'type', 'veth', 'peer', 'name', innerLink);
      ip('link', 'set', innerLink, 'netns', namespace);
      ip('addr', 'add', `${gateway}/30`, 'dev', hostLink);
      ip('link', 'set', hostLink, 'up');
      ip('-n', namespace, 'addr', 'add', `${address}/30`, 'dev', innerLink);
      ip('-n', namespace, 'link', 'set', innerLink, 'up');
      ip('-n', namespace, 'link', 'set', 'lo', 'up');
      for (const port of forwardedPorts) servers.push(await forward(gateway, port, sockets));
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return {
    host: (name) => {
      const host = hosts.get(name);
      if (!host) throw new Error(`nessun host ${name}`);
      return host;
    },
    remove,
  };
}

function forward(address: string, port: number, sockets: Set<Socket>): Promise<Server> {
  const server = createServer((inbound) => {
    const outbound = createConnection({ host: '127.0.0.1', port });
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
      s.on('error', () => (inbound.destroy(), outbound.destroy()));
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve(server));
  });
}
