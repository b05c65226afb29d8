import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { type ErrorDetail, validationError } from '../errors.js';

/** Resolves a host name to its addresses (all families). The real one asks the system resolver. */
export type HostResolver = (host: string) => Promise<string[]>;

export const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Addresses a webhook must never reach: they would let an API key probe or call the service's own network
 * (private ranges, link-local with cloud metadata at 169.254.169.254, CGNAT, multicast, reserved).
 */
const internal = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  internal.addSubnet(net, bits, 'ipv6');

/** An IPv6 address carrying an IPv4 one (::ffff:10.0.0.1, 64:ff9b::a00:1) is judged by the IPv4 inside. */
function embeddedV4(address: string): string | undefined {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return undefined;
  if (m[1]) return m[1];
  const hi = Number.parseInt(m[2]!, 16);
  const lo = Number.parseInt(m[3]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

const familyOf = (a: string) => (isIP(a) === 6 ? 'ipv6' : 'ipv4');

export const isLoopback = (address: string): boolean => {
  const v4 = embeddedV4(address);
  return v4 ? loopback.check(v4, 'ipv4') : loopback.check(address, familyOf(address));
};

/** True when the address may receive webhooks; loopback only when insecure local delivery is allowed. */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (allowLoopback && isLoopback(address)) return true;
  const v4 = embeddedV4(address);
  if (v4) return !internal.check(v4, 'ipv4');
  return isIP(address) !== 0 && !internal.check(address, familyOf(address));
}

const invalid = (message: string, details: ErrorDetail[] = [{ path: 'url', message }]) =>
  validationError(`Invalid url: ${message}`, details);

/** The host as it goes to the resolver: brackets of an IPv6 literal removed. */
const bareHost = (u: URL) => u.hostname.replace(/^\[(.*)\]$/, '$1');

/** Checks the URL's form; throws ValidationError. Returns the parsed URL. */
export function parseWebhookUrl(raw: string, allowInsecure: boolean): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw invalid('not an absolute URL');
  }
  if (u.username || u.password) throw invalid('must not carry a user name or password');
  if (u.protocol === 'http:') {
    const host = bareHost(u);
    const local = host === 'localhost' || (isIP(host) !== 0 && isLoopback(host));
    if (!allowInsecure || !local)
      throw invalid('must use https:// (http:// is accepted only for loopback with WEBHOOK_ALLOW_INSECURE)');
  } else if (u.protocol !== 'https:') {
    throw invalid('must use https://');
  }
  return u;
}

/**
 * Resolves the URL's host and returns the addresses, refusing when any is internal: checked at registration
 * and again before every send, since DNS can change between the two.
 */
export async function resolveWebhookHost(
  u: URL,
  deps: { resolveHost: HostResolver; allowInsecure: boolean },
): Promise<string[]> {
  const host = bareHost(u);
  let addresses: string[];
  try {
    addresses = isIP(host) !== 0 ? [host] : await deps.resolveHost(host);
  } catch {
    throw invalid(`the host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw invalid(`the host ${host} does not resolve`);
  const bad = addresses.find((a) => !isAllowedAddress(a, deps.allowInsecure));
  if (bad) throw invalid(`the host resolves to ${bad}, a private, loopback or link-local address`);
  return addresses;
}
