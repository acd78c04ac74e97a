/**
 * Which IP addresses are on the public internet, and the policy that keeps robots.txt fetches
 * away from the others (the operator's own network, cloud metadata services) unless allowed.
 */

import { isIP } from 'node:net';
import { argumentError, RobotsTxtError } from '../errors.js';

/**
 * What an address is: `public`, or one of the kinds the default policy refuses — `loopback`
 * (127.0.0.0/8, ::1), `private` (RFC 1918, 100.64.0.0/10 shared space, fc00::/7, fec0::/10),
 * `link-local` (169.254.0.0/16 with cloud metadata at 169.254.169.254, fe80::/10), `unspecified`
 * (0.0.0.0/8, ::), `multicast` (224.0.0.0/4, ff00::/8) or `reserved` (240.0.0.0/4 with the
 * broadcast address, 192.0.0.0/24, 198.18.0.0/15, 100::/64). IPv6 forms that carry an IPv4
 * address (`::ffff:a.b.c.d`, `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by
 * the IPv4 address.
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

/**
 * The kind of an IP address (see {@link AddressKind}).
 * @throws {TypeError} when `address` is not an IPv4 or IPv6 address.
 * @example
 * ```ts
 * classifyAddress('169.254.169.254'); // 'link-local'
 * classifyAddress('::ffff:10.0.0.1'); // 'private'
 * classifyAddress('93.184.216.34'); // 'public'
 * ```
 */
export function classifyAddress(address: string): AddressKind {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const unzoned = bare.includes('%') ? bare.slice(0, bare.indexOf('%')) : bare;
  const version = isIP(unzoned);
  if (version === 4) return classifyIpv4(ipv4Octets(unzoned));
  if (version === 6) return classifyIpv6(ipv6Hextets(unzoned));
  throw argumentError('classifyAddress', 'address', 'an IPv4 or IPv6 address', address);
}

function ipv4Octets(address: string): number[] {
  return address.split('.').map(Number);
}

function classifyIpv4(octets: readonly number[]): AddressKind {
  const [a = 0, b = 0, c = 0] = octets;
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168)) return 'private';
  // RFC 6598 shared address space: carrier NAT, and some clouds' internal services.
  if (a === 100 && b >= 64 && b < 128) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a >= 224 && a < 240) return 'multicast';
  if (a >= 240) return 'reserved';
  if ((a === 192 && b === 0 && c === 0) || (a === 198 && (b === 18 || b === 19))) return 'reserved';
  return 'public';
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted quad included). */
function ipv6Hextets(address: string): number[] {
  let text = address.toLowerCase();
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Octets(text.slice(lastColon + 1));
    tail.push((a << 8) | b, (c << 8) | d);
    text = `${text.slice(0, lastColon + 1)}0`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const groups =
    rest === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  if (tail.length > 0) groups.splice(6, 2, ...tail);
  return groups;
}

function classifyIpv6(groups: readonly number[]): AddressKind {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embedded = (high: number, low: number): AddressKind =>
    classifyIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeroTo4 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroTo4 && g5 === 0 && g6 === 0) {
    if (g7 === 0) return 'unspecified';
    if (g7 === 1) return 'loopback';
  }
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated).
  if (zeroTo4 && (g5 === 0xffff || g5 === 0)) return embedded(g6, g7);
  // NAT64 (RFC 6052): the gateway forwards to the IPv4 address; 64:ff9b:1::/48 is local use.
  if (g0 === 0x64 && g1 === 0xff9b) {
    return g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 ? embedded(g6, g7) : 'private';
  }
  // 6to4 (RFC 3056): the IPv4 address of the relay-side host is in groups 1 and 2.
  if (g0 === 0x2002) return embedded(g1, g2);
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved';
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  return 'public';
}

/**
 * Which addresses outside the public internet a fetch may connect to: `false` none (the
 * default), `true` all (a crawler of an intranet), or a function asked for each such address
 * with the URL being requested (public addresses are always allowed).
 */
export type PrivateAddressPolicy = boolean | ((address: string, url: URL) => boolean);

/** A checked {@link PrivateAddressPolicy}: whether a connection to `address` for `url` may go. */
export type AddressCheck = (address: string, url: URL) => AddressKind | undefined;

/**
 * The check for a policy: undefined when `address` may be connected to, else its kind.
 * @internal
 */
export function addressCheck(
  policy: PrivateAddressPolicy | undefined,
  caller: string,
): AddressCheck {
  if (policy === undefined || policy === false) {
    return (address) => {
      const kind = kindOf(address);
      return kind === 'public' ? undefined : kind;
    };
  }
  if (policy === true) return () => undefined;
  if (typeof policy !== 'function') {
    throw argumentError(
      caller,
      'options.allowPrivateAddresses',
      'a boolean or a function (address, url) => boolean',
      policy,
    );
  }
  return (address, url) => {
    const kind = kindOf(address);
    if (kind === 'public') return undefined;
    try {
      return policy(address, url) === true ? undefined : kind;
    } catch {
      // A predicate that fails allows nothing: it runs inside the connection, where a throw
      // would have nowhere to go.
      return kind;
    }
  };
}

/** {@link classifyAddress}, with anything that is no IP address (from a lookup of yours) reserved. */
function kindOf(address: unknown): AddressKind {
  return typeof address === 'string' && isIP(address.replace(/^\[|\]$|%.*$/g, '')) !== 0
    ? classifyAddress(address)
    : 'reserved';
}

/** The error a refused connection fails with: code `ERR_ADDRESS_BLOCKED`, the address named. */
export function addressBlocked(host: string, address: string, kind: AddressKind): RobotsTxtError {
  const named = host === address ? address : `${host} (${address})`;
  return new RobotsTxtError(
    `${named} is a ${kind} address, not connected to (see allowPrivateAddresses)`,
    { code: 'ERR_ADDRESS_BLOCKED', input: host },
  );
}
