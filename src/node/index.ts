/**
 * `robots-rep/node`: `fetchRobotsTxt` and `createRobotsClient` for Node, with what only Node's
 * networking can do — an address policy checked on the address each connection is made to (so
 * fetching cannot reach the operator's own network, DNS rebinding included), content decoding
 * that fails closed on a cut body, and FTP. Same signatures as the root entry's, plus
 * {@link NodeAccessOptions}.
 */

import {
  createClientWithAccess,
  type RobotsClient,
  type RobotsClientOptions,
} from '../cache/client.js';
import { fetchWithOptions } from '../fetch/fetch.js';
import { type FetchRobotsTxtOptions, resolveFetchOptions } from '../fetch/options.js';
import type { FetchRobotsTxtResult } from '../fetch/result.js';
import { type NodeAccessOptions, nodeAccess } from './access.js';

export type { NodeAccessOptions } from './access.js';
export { type AddressKind, classifyAddress, type PrivateAddressPolicy } from './address.js';
export type { LookupFunction } from './http.js';

/** Options of {@link fetchRobotsTxt}: the root entry's, plus {@link NodeAccessOptions}. */
export interface NodeFetchRobotsTxtOptions extends FetchRobotsTxtOptions, NodeAccessOptions {}

/** Options of {@link createRobotsClient}: the root entry's, plus {@link NodeAccessOptions}. */
export interface NodeRobotsClientOptions extends RobotsClientOptions, NodeAccessOptions {}

/**
 * Fetches the robots.txt that governs `url` (http, https or ftp) and maps the outcome as RFC 9309
 * §2.3.1 and Google do, like the root entry's `fetchRobotsTxt`, and also:
 * - connects only to public addresses unless `allowPrivateAddresses` says otherwise, for every
 *   redirect too; a refused address is `unreachable` with `refused: 'address'`;
 * - decodes gzip, deflate and br itself: a body cut or corrupt in its encoding is `unreachable`;
 * - fetches `ftp:` URLs with an anonymous login (550 → `unavailable`, other refusals →
 *   `unreachable`).
 *
 * @throws {RobotsTxtError} when `url` has no robots.txt (see `robotsTxtUrl`).
 * @throws the signal's reason (an `AbortError`) when `options.signal` aborts.
 * @example
 * ```ts
 * import { fetchRobotsTxt } from 'robots-rep/node';
 *
 * const result = await fetchRobotsTxt('http://169.254.169.254/latest/meta-data/');
 * result.status; // 'unreachable'
 * result.refused; // 'address'
 * ```
 */
export async function fetchRobotsTxt(
  url: string | URL,
  options: NodeFetchRobotsTxtOptions = {},
): Promise<FetchRobotsTxtResult> {
  const { allowPrivateAddresses: _policy, lookup: _lookup, ...rest } = options;
  const { fetch, access } = nodeAccess(options, 'fetchRobotsTxt');
  return fetchWithOptions(
    url,
    resolveFetchOptions({ ...rest, fetch }, 'fetchRobotsTxt', access),
    options.signal,
  );
}

/**
 * The root entry's `createRobotsClient`, fetching as {@link fetchRobotsTxt} of this entry does:
 * address policy, whole bodies only, FTP.
 *
 * @example
 * ```ts
 * import { createRobotsClient } from 'robots-rep/node';
 *
 * const robots = createRobotsClient({ userAgent: 'FooBot/1.0 (+https://foo.example/bot)' });
 * await robots.isAllowed('http://10.0.0.5/admin', 'FooBot'); // false: never fetched
 * ```
 */
export function createRobotsClient(options: NodeRobotsClientOptions = {}): RobotsClient {
  const { allowPrivateAddresses: _policy, lookup: _lookup, ...rest } = options;
  const { fetch, access } = nodeAccess(options, 'createRobotsClient');
  return createClientWithAccess({ ...rest, fetch }, access);
}
