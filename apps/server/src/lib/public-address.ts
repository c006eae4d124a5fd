import dns from 'node:dns';
import net from 'node:net';

/**
 * Which IP addresses an outbound call chosen by a visitor (a Web Push endpoint) may reach: the
 * public Internet only, never this machine, the local network, the cloud's metadata service or
 * any special-purpose range (issue 20 item 13). Built on node's BlockList.
 *
 * IPv4: everything but the special-purpose registry's non-global blocks (RFC 6890 and later).
 * IPv6: global unicast (2000::/3) only, minus the blocks inside it that are not global or that
 * carry an IPv4 address (Teredo, 6to4), so ::1, ::, fe80::/10, fc00::/7, ff00::/8,
 * ::ffff:0:0/96 (IPv4-mapped: ::ffff:127.0.0.1) and 64:ff9b::/96 (NAT64) are all refused.
 */
const blockedV4 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches this machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}

const globalV6 = new net.BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const blockedV6 = new net.BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo 2001::/32 among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address
  ['3fff::', 20], // documentation
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6, as text) is a public Internet address. Anything unreadable is not. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return !blockedV4.check(bare, 'ipv4');
  if (family === 6) return globalV6.check(bare, 'ipv6') && !blockedV6.check(bare, 'ipv6');
  return false;
}

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether an IP address is this machine's loopback (the tests' local receivers). */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  if (family === 4) return loopback.check(bare, 'ipv4');
  if (family === 6) return loopback.check(bare, 'ipv6');
  return false;
}

/** A connection refused because of where it would go (not retried: the address will not change for the better). */
export class RefusedAddressError extends Error {
  constructor(readonly host: string) {
    super(`adresse refusée pour ${host}\u00a0: elle n’est pas une adresse publique`);
    this.name = 'RefusedAddressError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls/http(s) connections: resolves the name once, refuses when any address it
 * resolves to is not allowed, and hands the connection exactly the addresses it checked, so the
 * address checked is the address connected to (no second lookup a rebinding DNS could answer
 * differently). IP literals never reach a lookup: callers check them with `allowed` first.
 * `resolve` is the system's resolver (dns.lookup: /etc/hosts, then DNS); tests give a fake DNS.
 */
export type Resolver = (hostname: string, options: dns.LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

const systemResolver: Resolver = (hostname, options, callback) => dns.lookup(hostname, options, callback);

export function guardedLookup(allowed: (address: string) => boolean, resolve: Resolver = systemResolver): net.LookupFunction {
  return (hostname, options, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const first = addresses[0];
      if (!first || addresses.some((entry) => !allowed(entry.address))) {
        callback(Object.assign(new RefusedAddressError(hostname), { code: 'EADDRNOTALLOWED' }), '', 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
