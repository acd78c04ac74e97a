/**
 * The crawler-facing client: one object that answers `isAllowed(url, agent)` for any URL,
 * fetching each origin's robots.txt once, keeping it as RFC 9309 §2.4 and Google say, and sharing
 * both the copy and the fetch through a {@link CacheStore}.
 */

import { argumentError } from '../errors.js';
import { fetchWithOptions } from '../fetch/fetch.js';
import { type FetchRobotsTxtOptions, resolveFetchOptions } from '../fetch/options.js';
import { allowAll, disallowAll } from '../fetch/outcome-policy.js';
import type { FetchRobotsTxtResult } from '../fetch/result.js';
import { createLocator, type RobotsTxtLocation } from '../fetch/robots-url.js';
import { byteStringBody } from '../parse/body.js';
import { parseByteString } from '../robots.js';
import type { Explanation, RobotsPolicy } from '../types.js';
import { createLru } from '../util/lru.js';
import {
  type CacheEntry,
  type CacheLock,
  type CachePolicy,
  type CacheStore,
  nextCacheEntry,
} from './store.js';
import { createMemoryStore } from './stores/memory.js';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Options of {@link createRobotsClient}; the fetch options apply to every robots.txt fetch. */
export interface RobotsClientOptions extends Omit<FetchRobotsTxtOptions, 'signal'> {
  /**
   * Where entries are kept and shared. Use `createRedisStore` from `robots-rep/redis` to share
   * copies and fetches across processes.
   * @default createMemoryStore({ maxEntries: maxOrigins, now })
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
   * Lifetime (ms) of the store lock taken while fetching, after which a crashed holder's lock
   * lapses. Must be finite.
   * @default timeout + 5000 (60000 when timeout is infinite)
   */
  readonly lockTtl?: number;
  /**
   * How often (ms) a process that finds another one fetching looks for its result.
   * @default 50
   */
  readonly lockPollInterval?: number;
  /**
   * Called for every failed store operation; the client carries on from memory. By default the
   * first failure after a healthy period is logged with `console.warn`.
   * @default undefined
   */
  readonly onStoreError?: (error: unknown, operation: StoreOperation) => void;
}

/** A store call, as named to {@link RobotsClientOptions.onStoreError}. */
export type StoreOperation = 'get' | 'set' | 'delete' | 'lock' | 'unlock';

/** Health of the client's store, as last seen. */
export interface StoreStatus {
  /** False while store operations fail (the client then works from memory and fetches alone). */
  readonly healthy: boolean;
  /** Failed operations since the client was created. */
  readonly failures: number;
  /** The last error, if any. */
  readonly lastError?: unknown;
  /** When (epoch ms, the client's clock) the current failure run began. */
  readonly failingSince?: number;
}

/** Where a lookup's answer came from. */
export type LookupSource = 'memory' | 'store' | 'fetch';

/** The result of {@link RobotsClient.get}: the rules that govern an origin and where they came from. */
export interface RobotsLookup {
  /** `scheme://host[:port]`. */
  readonly origin: string;
  /** The robots.txt URL of the origin. */
  readonly url: string;
  /** The verdicts for the origin's URLs. */
  readonly robots: RobotsPolicy;
  /** The cache entry behind `robots`. */
  readonly entry: CacheEntry;
  /** `memory`: this process had it; `store`: another process fetched it; `fetch`: fetched now. */
  readonly source: LookupSource;
  /** The fetch made for this lookup, when `source` is `fetch`. */
  readonly fetched?: FetchRobotsTxtResult;
}

/** A cache-aware robots.txt client for crawlers; see {@link createRobotsClient}. */
export interface RobotsClient {
  /** Whether `agent` may crawl `url`, by the rules of the robots.txt of `url`'s origin. */
  isAllowed(url: string | URL, agent: string | readonly string[]): Promise<boolean>;
  /** The verdict with the deciding line, or the fetch outcome that fixed it. */
  explain(url: string | URL, agent: string | readonly string[]): Promise<Explanation>;
  /** The rules that govern `url`'s origin, fetched or refreshed when needed. */
  get(url: string | URL): Promise<RobotsLookup>;
  /** Forgets `url`'s origin, here and in the store, so the next check fetches it again. */
  delete(url: string | URL): Promise<void>;
  /** Health of the store. */
  readonly storeStatus: StoreStatus;
}

interface Slot {
  readonly entry: CacheEntry;
  readonly robots: RobotsPolicy;
}

/** After a store failure, the store is left alone this long (real time) before it is tried again. */
const storeRetryInterval = 5000;

/**
 * Creates a client that fetches each origin's robots.txt once and keeps it:
 * - a copy is used for 24 h, or `Cache-Control: max-age` within [`minTtl`, `maxTtl`];
 * - when a refresh finds the origin unreachable, the last good copy stays in use
 *   (RFC 9309 §2.4); with no copy, everything is disallowed, and after 30 days of continuous
 *   unreachability everything is allowed (RFC 9309 §2.3.1.4);
 * - unreachable origins are retried with exponential backoff (sooner after a 503, `Retry-After`
 *   honoured);
 * - concurrent checks of one origin share one fetch; with a store that has `lock` (Redis), so do
 *   checks from other processes;
 * - when the store fails, the client keeps working from memory and reports it through
 *   `storeStatus` and `onStoreError`; it never answers "allowed" for lack of data.
 *
 * @example
 * ```ts
 * const robots = createRobotsClient({ userAgent: 'FooBot/1.0 (+https://foo.example/bot)' });
 * if (await robots.isAllowed('https://example.com/page', 'FooBot')) crawl();
 * ```
 */
export function createRobotsClient(options: RobotsClientOptions = {}): RobotsClient {
  const {
    store: givenStore,
    now = Date.now,
    // The 1996 draft's default lifetime is 7 days (RFC 9309 §2.4 caps Google's reading at 24 h).
    ttl = options.interpretation === 'draft-1996' ? 7 * day : day,
    minTtl = hour,
    maxTtl = options.interpretation === 'draft-1996' ? 7 * day : day,
    retryDelay = 5 * minute,
    maxRetryDelay = 6 * hour,
    unreachableAllowAfter = 30 * day,
    retention = 35 * day,
    maxOrigins = 10_000,
    lockTtl: givenLockTtl,
    lockPollInterval = 50,
    onStoreError,
    ...rest
  } = options;
  // Checked once here, not on every fetch.
  const fetchOptions = resolveFetchOptions(rest, 'createRobotsClient');
  // The lock must lapse if its holder dies: never infinite, even with an infinite timeout.
  const lockTtl =
    givenLockTtl ?? (Number.isFinite(fetchOptions.timeout) ? fetchOptions.timeout + 5000 : 60_000);
  for (const [name, value] of Object.entries({
    ttl,
    minTtl,
    maxTtl,
    retryDelay,
    maxRetryDelay,
    unreachableAllowAfter,
    retention,
    lockPollInterval,
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
  // Stricter than the loop above (which they are not in): a whole number, a lapsing lock.
  if (!Number.isInteger(maxOrigins) || maxOrigins < 1) {
    throw argumentError(
      'createRobotsClient',
      'options.maxOrigins',
      'a whole number ≥ 1',
      maxOrigins,
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
  const policy: CachePolicy = { ttl, minTtl, maxTtl, retryDelay, maxRetryDelay };
  const store = givenStore ?? createMemoryStore({ maxEntries: maxOrigins, now });
  const memory = createLru<Slot>(maxOrigins);
  const locate = createLocator();
  const inflight = new Map<string, Promise<RobotsLookup>>();
  let status: StoreStatus = { healthy: true, failures: 0 };
  let lastFailure = Number.NEGATIVE_INFINITY;

  async function useStore<T>(
    operation: StoreOperation,
    call: () => Promise<T>,
  ): Promise<T | Failed> {
    // While the store is down, don't pay a timeout on every miss: try it again now and then.
    if (!status.healthy && performance.now() - lastFailure < storeRetryInterval) return failed;
    try {
      const value = await call();
      if (!status.healthy) status = { healthy: true, failures: status.failures };
      return value;
    } catch (error) {
      const first = status.healthy;
      lastFailure = performance.now();
      status = {
        healthy: false,
        failures: status.failures + 1,
        lastError: error,
        failingSince: first ? now() : (status.failingSince ?? now()),
      };
      if (onStoreError !== undefined) onStoreError(error, operation);
      else if (first) {
        console.warn(
          `robots-rep: cache store ${operation} failed, working from memory until it recovers:`,
          error,
        );
      }
      return failed;
    }
  }

  function policyOf(entry: CacheEntry, previous: Slot | undefined): RobotsPolicy {
    const copy = entry.copy;
    if (copy !== undefined) {
      // The same copy as before (e.g. kept through an outage): no need to parse it again.
      if (
        previous?.entry.copy?.fetchedAt === copy.fetchedAt &&
        previous.entry.copy.body === copy.body
      ) {
        return previous.robots;
      }
      if (copy.status === 'unavailable') return allowAll(copy.reason);
      // The stored byte string is the body: read as is, with the options checked once above.
      return parseByteString(copy.body, fetchOptions.parse);
    }
    const unreachableFor = now() - (entry.unreachableSince ?? entry.updatedAt);
    if (unreachableFor >= unreachableAllowAfter) {
      return allowAll(
        `robots.txt unreachable for ${Math.floor(unreachableFor / day)} days with no earlier copy, so it is treated as ` +
          'unavailable and every URL is allowed (RFC 9309 §2.3.1.4)',
      );
    }
    return disallowAll(
      `robots.txt unreachable (${entry.error ?? 'unknown error'}) and no earlier copy, so every ` +
        'URL is disallowed (RFC 9309 §2.3.1.4)',
    );
  }

  function remember(
    origin: string,
    url: string,
    entry: CacheEntry,
    source: LookupSource,
    fetched?: FetchRobotsTxtResult,
  ): RobotsLookup {
    // A fresh fetch that gave the entry its copy was parsed already (with the same options).
    const robots =
      fetched !== undefined && fetched.status !== 'unreachable'
        ? fetched.robots
        : policyOf(entry, memory.get(origin));
    memory.set(origin, { entry, robots });
    return { origin, url, robots, entry, source, ...(fetched ? { fetched } : {}) };
  }

  const isFresh = (entry: CacheEntry | undefined): entry is CacheEntry =>
    entry !== undefined && now() < entry.expiresAt;

  const newer = (a: CacheEntry | undefined, b: CacheEntry | undefined): CacheEntry | undefined =>
    a === undefined ? b : b === undefined || a.updatedAt >= b.updatedAt ? a : b;

  async function readStore(origin: string): Promise<CacheEntry | undefined> {
    const value = await useStore('get', () => store.get(origin));
    return value === failed ? undefined : value;
  }

  /** The origin's lock, 'busy' when another holds it, or undefined: no lock to be had. */
  async function lock(origin: string): Promise<CacheLock | 'busy' | undefined> {
    if (store.lock === undefined) return undefined;
    const takeLock = store.lock.bind(store);
    const value = await useStore('lock', () => takeLock(origin, lockTtl));
    if (value === failed) return undefined;
    return value ?? 'busy';
  }

  async function refresh(origin: string, url: string): Promise<RobotsLookup> {
    let stored = await readStore(origin);
    if (isFresh(stored)) return remember(origin, url, stored, 'store');

    // One fetch per origin per expiry across processes: the lock holder fetches, the others
    // wait for its entry. A holder that died lets its lock lapse after lockTtl.
    let attempt = await lock(origin);
    const waitUntil = performance.now() + lockTtl;
    while (attempt === 'busy') {
      await sleep(lockPollInterval);
      stored = await readStore(origin);
      if (isFresh(stored)) return remember(origin, url, stored, 'store');
      attempt = performance.now() < waitUntil ? await lock(origin) : undefined;
    }
    const held = attempt;
    try {
      if (held !== undefined) {
        // Someone may have finished between our read and our lock.
        stored = await readStore(origin);
        if (isFresh(stored)) return remember(origin, url, stored, 'store');
      }
      const fetched = await fetchWithOptions(url, fetchOptions);
      const entry = nextCacheEntry(
        newer(stored, memory.get(origin)?.entry),
        fetched,
        now(),
        policy,
      );
      await useStore('set', () =>
        store.set(origin, entry, Math.max(retention, entry.expiresAt - now())),
      );
      return remember(origin, url, entry, 'fetch', fetched);
    } finally {
      if (held !== undefined) await useStore('unlock', () => held.release());
    }
  }

  /** The fresh copy of an origin kept in memory, if any. */
  function fresh(origin: string): Slot | undefined {
    const slot = memory.get(origin);
    return slot !== undefined && isFresh(slot.entry) ? slot : undefined;
  }

  /** Reads or fetches an origin's rules; concurrent calls for one origin share the work. */
  function load(location: RobotsTxtLocation): Promise<RobotsLookup> {
    let pending = inflight.get(location.origin);
    if (pending === undefined) {
      pending = refresh(location.origin, location.url).finally(() =>
        inflight.delete(location.origin),
      );
      inflight.set(location.origin, pending);
    }
    return pending;
  }

  /** The rules for `url`: a check on a fresh origin costs no lookup object and no promise. */
  function rulesFor(url: string | URL, caller: string): RobotsPolicy | Promise<RobotsPolicy> {
    const location = locate(url, caller);
    const slot = fresh(location.origin);
    return slot !== undefined ? slot.robots : load(location).then((lookup) => lookup.robots);
  }

  return {
    async isAllowed(url, agent) {
      return (await rulesFor(url, 'isAllowed')).isAllowed(url, agent);
    },
    async explain(url, agent) {
      return (await rulesFor(url, 'explain')).explain(url, agent);
    },
    async get(url) {
      const location = locate(url, 'get');
      const slot = fresh(location.origin);
      return slot !== undefined
        ? { ...location, robots: slot.robots, entry: slot.entry, source: 'memory' }
        : load(location);
    },
    async delete(url) {
      const { origin } = locate(url, 'delete');
      memory.delete(origin);
      await useStore('delete', () => store.delete(origin));
    },
    get storeStatus() {
      return status;
    },
  };
}

const failed: unique symbol = Symbol('failed');
type Failed = typeof failed;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
