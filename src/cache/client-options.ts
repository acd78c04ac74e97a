/**
 * The options of the robots client, their defaults, and the one place they are checked.
 */

import { argumentError } from '../errors.js';
import {
  type FetchAccess,
  type FetchRobotsTxtOptions,
  type ResolvedFetchOptions,
  resolveFetchOptions,
} from '../fetch/options.js';
import { sleep } from '../util/sleep.js';
import { type AgentQuery, checkAgent } from './agent-check.js';
import type { CachePolicy, CacheStore } from './store.js';

const minute = 60_000;
const hour = 60 * minute;
/**
 * The client's default `workBudget` (comparisons per check): a few milliseconds of matching at
 * most, about nine times the costliest check of the real-world corpus (about 220,000) and 50
 * times that of any reference case (docs/performance.md).
 */
export const CLIENT_WORK_BUDGET = 2_000_000;

/** A day in milliseconds. */
export const day: number = 24 * hour;

/** Options of `createRobotsClient`; the fetch options apply to every robots.txt fetch. */
export interface RobotsClientOptions extends Omit<FetchRobotsTxtOptions, 'signal'> {
  /**
   * Where entries are kept and shared. Use `createRedisStore` from `robots-rep/redis` to share
   * copies and fetches across processes.
   * @default createMemoryStore({ maxEntries: 4 * maxOrigins, maxBytes: maxParsedBytes, now })
   */
  readonly store?: CacheStore;
  /**
   * The clock, in epoch milliseconds; inject one to test expiry without waiting.
   * @default Date.now
   */
  readonly now?: () => number;
  /**
   * How long a copy is used when the response has no `Cache-Control: max-age` (ms).
   * @default 86400000 (24 h, RFC 9309 §2.4); 604800000 (7 days, the 1996 draft's default) with
   * `interpretation: 'draft-1996'`
   */
  readonly ttl?: number;
  /**
   * Lower bound for a `max-age` (ms), so that `max-age=0` does not make every check a fetch.
   * @default 3600000 (1 h)
   */
  readonly minTtl?: number;
  /**
   * Upper bound for a `max-age` (ms).
   * @default 86400000 (24 h: RFC 9309 §2.4 says a copy SHOULD NOT be used longer); 7 days with
   * `interpretation: 'draft-1996'`
   */
  readonly maxTtl?: number;
  /**
   * Delay before the first retry of an unreachable origin (ms); it doubles with every further
   * failure, is halved after a 503, and `Retry-After` replaces it.
   * @default 300000 (5 min)
   */
  readonly retryDelay?: number;
  /**
   * Upper bound of the retry delay, also for `Retry-After` (ms).
   * @default 21600000 (6 h)
   */
  readonly maxRetryDelay?: number;
  /**
   * After this long (ms) of continuous unreachability with no copy, the origin is treated as
   * having no robots.txt (allow all) instead of disallow all (RFC 9309 §2.3.1.4, Google's
   * 30-day rule). `Infinity` keeps disallowing.
   * @default 2592000000 (30 days)
   */
  readonly unreachableAllowAfter?: number;
  /**
   * How long (ms) the store keeps an entry after it was written, so that a copy and the start of
   * an outage survive long outages. Keep it above `unreachableAllowAfter`.
   * @default 3024000000 (35 days)
   */
  readonly retention?: number;
  /**
   * Origins whose parsed rules are kept in this process (LRU).
   * @default 10000
   */
  readonly maxOrigins?: number;
  /**
   * Bytes of parsed rules kept in this process (LRU), as `RobotsTxt.retainedBytes` estimates
   * them: the body, the rule table, the compiled rules of the agents checked. Origins dropped to
   * fit are read again from the store (not fetched) when it still has them; `stats` counts it.
   * @default 268435456 (256 MiB)
   */
  readonly maxParsedBytes?: number;
  /**
   * Lease (ms) of the store lock taken while fetching: its holder renews it every third of the
   * lease while its fetch runs, so a holder that dies keeps the others waiting at most this long
   * before one of them takes the lock over and fetches; a waiter fetches without the lock only
   * after `timeout` (60 s when infinite) plus two leases. Must be finite.
   * @default 2000
   */
  readonly lockTtl?: number;
  /**
   * How often (ms) a process that finds another one fetching looks for its result.
   * @default 50
   */
  readonly lockPollInterval?: number;
  /**
   * The product token(s) of your crawler that select its groups (`FooBot`), used by every call
   * that names no agent. Distinct from `userAgent`, the HTTP header the fetches send
   * (`FooBot/1.0 (+https://foo.example/bot)`). A value that is not a product token is rejected:
   * Google would match it against no group and apply only the `*` rules.
   * @default undefined (every call names its agent)
   */
  readonly agent?: string | readonly string[];
  /**
   * The least spacing (ms) `acquire` keeps between two requests to one origin, whatever its
   * robots.txt says.
   * @default 0
   */
  readonly minDelay?: number;
  /**
   * The most spacing (ms) a robots.txt can ask of `acquire` through `Crawl-delay` or
   * `Request-rate`, so that `Crawl-delay: 86400` cannot stall a crawler.
   * @default 60000 (1 min)
   */
  readonly maxDelay?: number;
  /**
   * How `acquire` waits; inject one with `now` to test pacing without waiting.
   * @default a timer (setTimeout) that an AbortSignal cancels
   */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * How a store that cannot grant a request slot (down, paused, timing out, or a store that lost
   * its pacing state) is handled by `acquire`. Unset (the default, strict): `acquire` waits for the
   * store, trying it every `storeRetryInterval`, and rejects with a `PacingUnavailableError` after
   * `storeWaitTimeout` — no two requests to an origin are closer than its spacing. Set to the
   * number of processes sharing the store: while the store fails, each process paces alone at
   * `fleetSize` times the spacing after its own last start (its first start after the store is
   * back too), so the fleet keeps the origin's rate but two processes' requests may come closer
   * than the spacing.
   * @default undefined (strict)
   */
  readonly fleetSize?: number;
  /**
   * How long (ms) `acquire` waits for a store that cannot grant a slot before it rejects with a
   * `PacingUnavailableError` (a slot granted is waited for however far ahead it is).
   * @default 60000 (1 min)
   */
  readonly storeWaitTimeout?: number;
  /**
   * After a store operation fails, the store is left alone this long (ms) — checks work from
   * memory meanwhile, so they do not pay a timeout each — and waiting acquires try it again after
   * it.
   * @default 1000
   */
  readonly storeRetryInterval?: number;
  /**
   * Called for every failed store operation; the client carries on from memory. By default the
   * first failure after a healthy period is logged with `console.warn`.
   * @default undefined
   */
  readonly onStoreError?: (error: unknown, operation: StoreOperation) => void;
}

/** A store call, as named to {@link RobotsClientOptions.onStoreError}. */
export type StoreOperation = 'get' | 'set' | 'delete' | 'lock' | 'unlock' | 'reserve' | 'claim';

/** The client's options with every default filled in and checked. */
export interface ResolvedClientOptions {
  readonly store: CacheStore | undefined;
  readonly now: () => number;
  readonly policy: CachePolicy;
  readonly unreachableAllowAfter: number;
  readonly retention: number;
  readonly maxOrigins: number;
  readonly maxParsedBytes: number;
  readonly lockTtl: number;
  readonly lockPollInterval: number;
  readonly onStoreError: ((error: unknown, operation: StoreOperation) => void) | undefined;
  readonly fetch: ResolvedFetchOptions;
  readonly agent: AgentQuery | undefined;
  readonly minDelay: number;
  readonly maxDelay: number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly fleetSize: number | undefined;
  readonly storeWaitTimeout: number;
  readonly storeRetryInterval: number;
}

/** Fills in the defaults and checks every option once, with an error that names it. */
export function resolveClientOptions(
  options: RobotsClientOptions,
  access?: FetchAccess,
): ResolvedClientOptions {
  const draft = options.interpretation === 'draft-1996';
  const {
    store,
    now = Date.now,
    // The 1996 draft's default lifetime is 7 days (RFC 9309 §2.4 caps Google's reading at 24 h).
    ttl = draft ? 7 * day : day,
    minTtl = hour,
    maxTtl = draft ? 7 * day : day,
    retryDelay = 5 * minute,
    maxRetryDelay = 6 * hour,
    unreachableAllowAfter = 30 * day,
    retention = 35 * day,
    maxOrigins = 10_000,
    maxParsedBytes = 256 * 1024 * 1024,
    lockTtl: givenLockTtl,
    lockPollInterval = 50,
    onStoreError,
    agent,
    minDelay = 0,
    maxDelay = minute,
    sleep: givenSleep = sleep,
    fleetSize,
    storeWaitTimeout = minute,
    storeRetryInterval = 1000,
    ...rest
  } = options;
  // Hostile files arrive here: a check has a work budget unless the caller sets another.
  const fetch = resolveFetchOptions(
    { ...rest, workBudget: rest.workBudget ?? CLIENT_WORK_BUDGET },
    'createRobotsClient',
    access,
  );
  // A short lease, renewed while its holder fetches: a dead holder stalls the others briefly.
  const lockTtl = givenLockTtl ?? 2000;
  for (const [name, value] of Object.entries({
    ttl,
    minTtl,
    maxTtl,
    retryDelay,
    maxRetryDelay,
    unreachableAllowAfter,
    retention,
    lockPollInterval,
    minDelay,
    maxDelay,
    storeWaitTimeout,
    storeRetryInterval,
  })) {
    if (typeof value !== 'number' || !(value >= 0)) {
      throw argumentError('createRobotsClient', `options.${name}`, 'a non-negative number', value);
    }
  }
  if (minTtl > maxTtl) {
    throw argumentError(
      'createRobotsClient',
      'options.minTtl',
      `at most options.maxTtl (${maxTtl})`,
      minTtl,
    );
  }
  if (minDelay > maxDelay) {
    throw argumentError(
      'createRobotsClient',
      'options.minDelay',
      `at most options.maxDelay (${maxDelay})`,
      minDelay,
    );
  }
  if (typeof givenSleep !== 'function') {
    throw argumentError('createRobotsClient', 'options.sleep', 'a function', givenSleep);
  }
  // Checked now, so that a full User-Agent fails at construction, not on the first check.
  if (agent !== undefined) checkAgent(agent, undefined, 'createRobotsClient: options');
  // Stricter than the loop above (which they are not in): a whole number, a lapsing lock.
  if (!Number.isInteger(maxOrigins) || maxOrigins < 1) {
    throw argumentError(
      'createRobotsClient',
      'options.maxOrigins',
      'a whole number ≥ 1',
      maxOrigins,
    );
  }
  if (typeof maxParsedBytes !== 'number' || !(maxParsedBytes > 0)) {
    throw argumentError(
      'createRobotsClient',
      'options.maxParsedBytes',
      'a positive number',
      maxParsedBytes,
    );
  }
  if (fleetSize !== undefined && !(Number.isInteger(fleetSize) && fleetSize >= 1)) {
    throw argumentError(
      'createRobotsClient',
      'options.fleetSize',
      'a whole number ≥ 1 or undefined',
      fleetSize,
    );
  }
  if (!Number.isFinite(lockTtl) || lockTtl <= 0) {
    throw argumentError(
      'createRobotsClient',
      'options.lockTtl',
      'a finite positive number (a lock must lapse)',
      lockTtl,
    );
  }
  return {
    store,
    now,
    policy: { ttl, minTtl, maxTtl, retryDelay, maxRetryDelay },
    unreachableAllowAfter,
    retention,
    maxOrigins,
    maxParsedBytes,
    lockTtl,
    lockPollInterval,
    onStoreError,
    fetch,
    agent,
    minDelay,
    maxDelay,
    sleep: givenSleep,
    fleetSize,
    storeWaitTimeout,
    storeRetryInterval,
  };
}
