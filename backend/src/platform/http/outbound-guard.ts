import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as lookupCallback } from 'node:dns';
import { ValidationError } from '../common/errors';

/**
 * A URL that a user gives and the server then calls (a push subscription's endpoint, a doctor's CalDAV calendar) must
 * not turn the server into a proxy into the practice's network. Only https, and never an address that is private,
 * loopback, link-local, unique-local, CGNAT, multicast or unspecified (IPv4 and IPv6, IPv4-mapped included), unless its
 * origin is in the allowed list of that use (PUSH_ALLOWED_ENDPOINTS, CALDAV_ALLOWED_ORIGINS). The host is resolved when
 * the URL is given and again before each use (for push, on every connection: the agent's lookup), so a name that later
 * resolves to the inside is refused too.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** true when the address is not a public one */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** what a refusal says, in the words of the use (a notification service, a calendar) */
export interface OutboundUrlMessages {
  invalid: string;
  refused: string;
  unknownHost: string;
}

/** the URL, checked: a 400 in Italian when it is not https or its host is (or resolves to) a private address */
export async function checkOutboundUrl(address: string, allowed: readonly string[], messages: OutboundUrlMessages, resolve = defaultResolve): Promise<URL> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ValidationError(messages.invalid, 'endpoint_non_valido');
  }
  // allowed origins are the operator's own (a stand-in, a CalDAV server on the practice's network): http is theirs to choose
  if (allowed.includes(url.origin) && !url.username && !url.password) return url;
  if (url.protocol !== 'https:' || url.username || url.password) throw new ValidationError(messages.refused, 'endpoint_non_ammesso');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await resolve(host).catch(() => {
        throw new ValidationError(messages.unknownHost, 'endpoint_sconosciuto');
      });
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new ValidationError(messages.refused, 'endpoint_non_ammesso');
  return url;
}

const PUSH_MESSAGES: OutboundUrlMessages = {
  invalid: 'Indirizzo del servizio di notifica non valido.',
  refused: 'Indirizzo del servizio di notifica non ammesso: deve essere https e pubblico.',
  unknownHost: 'Il servizio di notifica non risponde a questo nome.',
};

/** a push subscription's endpoint */
export const checkPushEndpoint = (endpoint: string, allowed: readonly string[], resolve = defaultResolve): Promise<URL> =>
  checkOutboundUrl(endpoint, allowed, PUSH_MESSAGES, resolve);

async function defaultResolve(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}

/** the connection's own lookup: refuses a private address at connect time, unless the host is allowed */
export function guardedLookup(allowedHosts: ReadonlySet<string>): LookupFunction {
  return (hostname, options, callback) => {
    lookupCallback(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as { address: string; family: number }[];
      if (!allowedHosts.has(hostname) && list.some((a) => isPrivateAddress(a.address)))
        return callback(Object.assign(new Error(`indirizzo privato rifiutato per ${hostname}`), { code: 'EPRIVATE' }), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}
