/** How `robots-rep/node` reaches servers: its options, and the fetch and FTP they make. */

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { argumentError } from '../errors.js';
import type { FetchAccess, FetchFunction } from '../fetch/options.js';
import {
  type AddressCheck,
  addressBlocked,
  addressCheck,
  type PrivateAddressPolicy,
} from './address.js';
import { createFtpRetrieval } from './ftp.js';
import { createNodeFetch, type LookupFunction } from './http.js';

/** The options `robots-rep/node` adds to `fetchRobotsTxt` and `createRobotsClient`. */
export interface NodeAccessOptions {
  /**
   * Addresses outside the public internet a fetch may connect to (loopback, private, link-local,
   * unspecified, multicast, reserved: see `classifyAddress`). `false` refuses them all, for the
   * first request and every redirect, checked on the address each connection is made to; `true`
   * allows them all (a crawler of an intranet); a function decides for each such address, with the
   * URL being requested. A refused connection makes the robots.txt `unreachable`
   * (`refused: 'address'`): everything disallowed.
   * @default false
   */
  readonly allowPrivateAddresses?: PrivateAddressPolicy;
  /**
   * The DNS lookup used to connect (`dns.lookup`'s signature), e.g. a caching resolver. The
   * address policy checks the addresses it returns, at the moment of connecting.
   * @default dns.lookup
   */
  readonly lookup?: LookupFunction;
}

/** The `fetch` and FTP of `robots-rep/node` for `options`, checked; `caller` names errors. */
export function nodeAccess(
  options: NodeAccessOptions & { readonly fetch?: FetchFunction },
  caller: string,
): { readonly fetch: FetchFunction; readonly access: FetchAccess } {
  const check = addressCheck(options.allowPrivateAddresses, caller);
  const lookup = options.lookup ?? dnsLookup;
  if (typeof lookup !== 'function') {
    throw argumentError(caller, 'options.lookup', 'a function like dns.lookup', lookup);
  }
  const ftp = createFtpRetrieval(check, lookup);
  if (options.fetch === undefined) {
    // Our own fetch decodes bodies itself and checks that they are whole.
    return { fetch: createNodeFetch(check, lookup), access: { ftp, headers: {} } };
  }
  if (typeof options.fetch !== 'function') {
    throw argumentError(caller, 'options.fetch', 'a function', options.fetch);
  }
  return { fetch: checkBeforeFetch(options.fetch, check, lookup), access: { ftp } };
}

/**
 * A `fetch` of yours (a proxy's, say) with the policy applied to the destination it is asked
 * for: an IP literal as is, a host name by resolving it here first, every address it has. The
 * check is made before the request, not at connect time — your `fetch`, or its proxy, resolves
 * the name again, so a DNS answer that changes in between is not caught. Make the proxy refuse
 * private destinations too.
 */
function checkBeforeFetch(
  fetchFunction: FetchFunction,
  check: AddressCheck,
  lookup: LookupFunction,
): FetchFunction {
  return async (input, init) => {
    const url = new URL(input);
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const addresses: LookupAddress[] =
      isIP(host) !== 0
        ? [{ address: host, family: isIP(host) }]
        : await new Promise((resolve, reject) =>
            lookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
          );
    for (const { address } of addresses) {
      const kind = check(address, url);
      if (kind !== undefined) throw addressBlocked(host, address, kind);
    }
    return fetchFunction(input, init);
  };
}
