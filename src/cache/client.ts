/**
 * The crawler-facing client: one object that answers `isAllowed(url, agent)` for any URL,
 * fetching each origin's robots.txt once, keeping it as RFC 9309 §2.4 and Google say, and sharing
 * both the copy and the fetch through a cache store.
 */

import type { FetchAccess } from '../fetch/options.js';
import type { FetchRobotsTxtResult } from '../fetch/result.js';
import { createLocator, type RobotsTxtLocation } from '../fetch/robots-url.js';
import type { Explanation, RobotsPolicy } from '../types.js';
import { createLru } from '../util/lru.js';
import { type RobotsClientOptions, resolveClientOptions } from './client-options.js';
import { type OriginSlot, rulesOfEntry } from './origin-rules.js';
import { isFresh, refreshEntry } from './refresh.js';
import type { CacheEntry } from './store.js';
import { guardStore, type StoreStatus } from './store-guard.js';
import { createMemoryStore } from './stores/memory.js';

export type { RobotsClientOptions, StoreOperation } from './client-options.js';
export type { StoreStatus } from './store-guard.js';

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
  return createClientWithAccess(options);
}

/**
 * {@link createRobotsClient} reaching servers through `access` (FTP, headers): how
 * `robots-rep/node` builds its client on this one.
 * @internal
 */
export function createClientWithAccess(
  options: RobotsClientOptions,
  access?: FetchAccess,
): RobotsClient {
  const resolved = resolveClientOptions(options, access);
  const { now, maxOrigins } = resolved;
  const store = guardStore(
    resolved.store ?? createMemoryStore({ maxEntries: maxOrigins, now }),
    now,
    resolved.onStoreError,
  );
  const context = {
    now,
    unreachableAllowAfter: resolved.unreachableAllowAfter,
    parse: resolved.fetch.parse,
  };
  const memory = createLru<OriginSlot>(maxOrigins);
  const locate = createLocator();
  const inflight = new Map<string, Promise<RobotsLookup>>();

  async function refresh(origin: string, url: string): Promise<RobotsLookup> {
    const previous = memory.get(origin);
    const { entry, source, fetched } = await refreshEntry(
      origin,
      url,
      previous?.entry,
      store,
      resolved,
    );
    // A fresh fetch that gave the entry its copy was parsed already (with the same options).
    const robots =
      fetched !== undefined && fetched.status !== 'unreachable'
        ? fetched.robots
        : rulesOfEntry(entry, memory.get(origin), context);
    memory.set(origin, { entry, robots });
    return { origin, url, robots, entry, source, ...(fetched ? { fetched } : {}) };
  }

  /** The fresh copy of an origin kept in memory, if any. */
  function fresh(origin: string): OriginSlot | undefined {
    const slot = memory.get(origin);
    return slot !== undefined && isFresh(slot.entry, now()) ? slot : undefined;
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
      await store.remove(origin);
    },
    get storeStatus() {
      return store.status;
    },
  };
}
