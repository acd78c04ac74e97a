/**
 * The crawler-facing client: one object that answers `isAllowed(url, agent)` for any URL,
 * fetching each origin's robots.txt once, keeping it as RFC 9309 §2.4 and Google say, sharing
 * both the copy and the fetch through a cache store, and spacing requests per origin.
 */

import { createLocator, type LocatedOrigin } from '../fetch/locator.js';
import type { FetchAccess } from '../fetch/options.js';
import { settleRules } from '../fetch/outcomes.js';
import { untilAborted } from '../fetch/read-stream.js';
import type { FetchRobotsTxtResult } from '../fetch/result.js';
import type { RobotsTxtLocation } from '../fetch/robots-url.js';
import { MAX_CRAWL_DELAY } from '../parse/crawl-delay.js';
import type { Explanation, RequestRate, RobotsPolicy, RobotsTxt } from '../types.js';
import { createTaskClock } from '../util/task-clock.js';
import { type AgentQuery, checkAgent } from './agent-check.js';
import { type RobotsClientOptions, resolveClientOptions } from './client-options.js';
import { type OriginSlot, rulesOfEntry } from './origin-rules.js';
import {
  createPacer,
  type PacingStats,
  pacingInterval,
  pacingMargin,
  type RetryAfter,
  retryAfterDelay,
} from './pacer.js';
import { createParsedCache, type HeldOrigin, type ParsedCacheStats } from './parsed-cache.js';
import { refreshEntry } from './refresh.js';
import { requestedPathEnd, requestedUrl } from './request-url.js';
import type { CacheEntry } from './store.js';
import { guardStore, type StoreStatus } from './store-guard.js';
import { createMemoryStore } from './stores/memory.js';

export type { AgentQuery } from './agent-check.js';
export type { RobotsClientOptions, StoreOperation } from './client-options.js';
export { type PacingStats, PacingUnavailableError, type RetryAfter } from './pacer.js';
export type { ParsedCacheStats } from './parsed-cache.js';
export type { StoreStatus } from './store-guard.js';

/**
 * Where a lookup's answer came from: `memory` (this process had it), `store` (another process
 * fetched it), `fetch` (fetched now), `revalidated` (a conditional request answered `304`: the
 * copy is current and its lifetime renewed).
 */
export type LookupSource = 'memory' | 'store' | 'fetch' | 'revalidated';

/** The result of {@link RobotsClient.get}: the rules that govern an origin and where they came from. */
export interface RobotsLookup {
  /** `scheme://host[:port]`. */
  readonly origin: string;
  /** The robots.txt URL of the origin. */
  readonly url: string;
  /** The verdicts, crawl delay and request rate for the origin's URLs. */
  readonly robots: RobotsPolicy;
  /** The cache entry behind `robots`. */
  readonly entry: CacheEntry;
  /** See {@link LookupSource}. */
  readonly source: LookupSource;
  /** The fetch made for this lookup, when `source` is `fetch`. */
  readonly fetched?: FetchRobotsTxtResult;
}

/** Options of one client call. */
export interface CallOptions {
  /** Abandons the call (it rejects with the signal's reason); a fetch shared with others goes on. */
  readonly signal?: AbortSignal;
}

/**
 * A cache-aware robots.txt client for crawlers; see {@link createRobotsClient}. Every `agent`
 * argument may be left out when the client has `options.agent`, and must be a product token
 * (`FooBot`, not `FooBot/1.0`); `*` asks for the global group's rules.
 */
export interface RobotsClient {
  /**
   * Whether `agent` may crawl `url`, by the rules of the robots.txt of `url`'s origin. The URL is
   * judged as it will be requested (`/café` as `/caf%C3%A9`).
   */
  isAllowed(url: string | URL, agent?: AgentQuery, options?: CallOptions): Promise<boolean>;
  /**
   * The verdict of {@link isAllowed}, synchronously, when this process holds a fresh copy of
   * `url`'s origin; `undefined` when it does not (the copy must be read from the store, fetched
   * or refreshed: call `isAllowed`). No promise, no microtask: the fast path for a crawler that
   * checks many URLs of origins it has seen. Throws, as `isAllowed` rejects, for a URL without
   * robots.txt or a bad agent.
   */
  isAllowedIfCached(url: string | URL, agent?: AgentQuery): boolean | undefined;
  /** The verdict with the deciding line, or the fetch outcome that fixed it, and notes. */
  explain(url: string | URL, agent?: AgentQuery, options?: CallOptions): Promise<Explanation>;
  /** The rules that govern `url`'s origin, fetched or refreshed when needed. */
  get(url: string | URL, options?: CallOptions): Promise<RobotsLookup>;
  /** The `Crawl-delay` in seconds that `url`'s robots.txt sets for `agent`, if any. */
  crawlDelay(
    url: string | URL,
    agent?: AgentQuery,
    options?: CallOptions,
  ): Promise<number | undefined>;
  /** The `Request-rate` that `url`'s robots.txt sets for `agent`, if any. */
  requestRate(
    url: string | URL,
    agent?: AgentQuery,
    options?: CallOptions,
  ): Promise<RequestRate | undefined>;
  /**
   * Waits for the next request slot of `url`'s origin and resolves to the milliseconds waited.
   * Slots are spaced by the largest of `Crawl-delay`, `Request-rate`, a `Retry-After` reported
   * with `backOff`, and `options.minDelay`; with a store that can reserve (memory, Redis) the
   * spacing holds for every client sharing it. Call it right before each request. While the store
   * cannot grant a slot it waits for it, and rejects with a {@link PacingUnavailableError} after
   * `options.storeWaitTimeout` (unless `options.fleetSize` is set).
   */
  acquire(url: string | URL, agent?: AgentQuery, options?: CallOptions): Promise<number>;
  /**
   * Reports a `429`/`503` answer: keeps every client sharing the store from `url`'s origin for
   * its `Retry-After` (seconds, the header's value, or the response; `options.retryDelay` when it
   * has none), at most `options.maxRetryDelay`.
   */
  backOff(url: string | URL, retryAfter?: RetryAfter): Promise<void>;
  /** Forgets `url`'s origin, here and in the store, so the next check fetches it again. */
  delete(url: string | URL): Promise<void>;
  /** Health of the store. */
  readonly storeStatus: StoreStatus;
  /**
   * What the client keeps in memory, the checks that ran out of their work budget, and the pacing
   * values read from the store that were repaired or lost.
   */
  readonly stats: RobotsClientStats;
}

/** See {@link RobotsClient.stats}. */
export interface RobotsClientStats extends ParsedCacheStats, PacingStats {
  /** Checks that ran out of `workBudget` and were answered disallowed (fail closed). */
  readonly exhaustedChecks: number;
  /** Refreshes sent with the copy's `If-None-Match` / `If-Modified-Since`. */
  readonly conditionalRequests: number;
  /** Of those, the ones answered `304`: the copy renewed without a body. */
  readonly notModified: number;
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
 * - `acquire` spaces requests per origin, across processes through the store;
 * - when the store fails, the client keeps working from memory and reports it through
 *   `storeStatus` and `onStoreError`; it never answers "allowed" for lack of data.
 *
 * This entry's client has **no address policy** (it runs in browsers): on Node, import
 * `createRobotsClient` from `robots-rep/node`, which never connects to loopback, private or
 * link-local addresses unless told to.
 *
 * @example
 * ```ts
 * const robots = createRobotsClient({
 *   agent: 'FooBot',
 *   userAgent: 'FooBot/1.0 (+https://foo.example/bot)',
 * });
 * if (await robots.isAllowed('https://example.com/page')) {
 *   await robots.acquire('https://example.com/page');
 *   crawl();
 * }
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
  // Whether a kept copy is fresh: with the default clock, read once per task (a burst of cached
  // checks reads the system clock once); an injected `now` is asked every time.
  const freshNow = options.now === undefined ? createTaskClock() : now;
  const { maxParsedBytes } = resolved;
  const store = guardStore(
    // The store keeps bodies only: more origins than the parsed rules, so that an origin dropped
    // from those is read again, not fetched.
    resolved.store ??
      createMemoryStore({ maxEntries: 4 * maxOrigins, maxBytes: maxParsedBytes, now }),
    now,
    resolved.onStoreError,
    resolved.storeRetryInterval,
  );
  const memory = createParsedCache(maxOrigins, maxParsedBytes, (stats) => {
    console.warn(
      `robots-rep: more origins are active than the client keeps parsed (maxOrigins ${maxOrigins}, ` +
        `maxParsedBytes ${maxParsedBytes}, ${stats.origins} kept): dropped origins are read again ` +
        'from the store or refetched; raise the limits (see client.stats)',
    );
  });
  const context = {
    now,
    unreachableAllowAfter: resolved.unreachableAllowAfter,
    parse: resolved.fetch.parse,
    // Origins serving the same bytes share one parsed file: parsed once, checked as one.
    parsed: memory.parsedBody,
  };
  let exhaustedChecks = 0;
  let conditionalRequests = 0;
  let notModified = 0;
  /**
   * After a check of `slot`'s rules begun when they had `exhausted` checks past their work
   * budget: counts this one if it ran out too, and weighs the slot again (a check that compiled
   * rules grew it; the parsed cache then drops older origins if the total passed
   * maxParsedBytes). Called after the check rather than around it: no closure on the path of
   * every cached check.
   */
  const settle = (slot: OriginSlot, exhausted: number | undefined): void => {
    if ((slot.robots as ParsedPolicy).exhaustedChecks !== exhausted) exhaustedChecks++;
    memory.reweigh(slot);
  };
  const verdict = (slot: OriginSlot, url: string | URL, query: AgentQuery): boolean => {
    const exhausted = (slot.robots as ParsedPolicy).exhaustedChecks;
    const allowed = slot.robots.isAllowed(requestedUrl(url), query);
    settle(slot, exhausted);
    return allowed;
  };
  // Every active origin's authority is remembered, with where its rules are held: a check then
  // parses no URL to find them.
  const locator = createLocator(maxOrigins);
  const locate = (url: string | URL, caller: string): LocatedOrigin => locator.locate(url, caller);
  /**
   * The verdict on `url` from the rules this process holds fresh for its origin, found through
   * the locator's table and the parsed cache's slots (typed arrays: at 20,000 origins each
   * record or map entry read on the way is a cache miss, which cost more than the check itself);
   * undefined when that path cannot answer (the URL or its origin is not known there, the copy is
   * not fresh, or its path or query is not as it will be requested). Then the general path
   * answers.
   */
  const cachedVerdict = (url: string | URL, query: AgentQuery): boolean | undefined => {
    if (typeof url !== 'string') return undefined;
    const at = locator.find(url);
    if (at < 0) return undefined;
    const slot = locator.heldSlot(at);
    // RFC 9309 §2.4 as isFresh(entry, now()), from the copy of `expiresAt` kept with the slot.
    if (slot < 0 || !(freshNow() < locator.heldTime(at))) return undefined;
    const robots = memory.rulesAt(slot, locator.heldStamp(at));
    if (robots === undefined) return undefined;
    // Judged as it will be requested: a URL whose path or query the WHATWG parser would rewrite
    // takes the general path. Read once, here: the check is told where the path ends.
    const start = locator.pathStart;
    const end = start < 0 ? 0 : requestedPathEnd(url, start);
    if (end < 0) return undefined;
    const parsed = robots as ParsedPolicy;
    const exhausted = parsed.exhaustedChecks;
    // A policy without `isAllowedAt` (not a parsed file) is given the URL as it is requested.
    const allowed =
      parsed.isAllowedAt === undefined
        ? robots.isAllowed(requestedUrl(url), query)
        : parsed.isAllowedAt(url, start, end, query);
    if (parsed.exhaustedChecks !== exhausted) exhaustedChecks++;
    memory.checked(slot);
    return allowed;
  };
  const inflight = new Map<string, Promise<RobotsLookup>>();
  const pacer = createPacer(store, {
    now,
    sleep: resolved.sleep,
    maxOrigins,
    // The furthest ahead this client itself writes a pacing time: anything beyond is corrupt.
    limit: Math.max(
      MAX_CRAWL_DELAY * 1000,
      resolved.policy.maxRetryDelay,
      resolved.maxDelay + pacingMargin(resolved.maxDelay),
    ),
    fleetSize: resolved.fleetSize,
    storeWaitTimeout: resolved.storeWaitTimeout,
    storeRetryInterval: resolved.storeRetryInterval,
  });

  async function refresh(origin: string, url: string): Promise<RobotsLookup> {
    const previous = memory.get(origin);
    const { entry, source, fetched, conditional } = await refreshEntry(
      origin,
      url,
      previous?.entry,
      store,
      resolved,
    );
    if (conditional === true) conditionalRequests++;
    if (source === 'revalidated') notModified++;
    // Read from the entry's copy even after a fetch (which left its bytes unparsed): the rules
    // then keep the very string the store keeps, and the body is held once and parsed once;
    // the fetch's result is given those rules.
    const body = fetched?.status === 'ok' ? fetched.body : undefined;
    const robots = rulesOfEntry(entry, previous, context, body);
    // A copy fetched whole is a parsed file (its copy's status is `ok`).
    if (fetched?.status === 'ok') settleRules(fetched, robots as RobotsTxt);
    memory.set(origin, { entry, robots, expiresAt: entry.expiresAt });
    return { origin, url, robots, entry, source, ...(fetched ? { fetched } : {}) };
  }

  /**
   * The fresh copy of an origin kept in memory, if any, looked up by name (and marked used). Its
   * slot, stamp and `expiresAt` are kept with the location's authority: the next check of one of
   * its URLs is answered by {@link cachedVerdict}.
   */
  function fresh(location: LocatedOrigin): HeldOrigin | undefined {
    const slot = memory.get(location.origin);
    if (slot !== undefined) {
      locator.hold(location, slot.slot, memory.stampOf(slot.slot), slot.expiresAt);
    }
    // As isFresh(slot.entry, now()), from the copy of `expiresAt` the slot holds.
    return slot !== undefined && freshNow() < slot.expiresAt ? slot : undefined;
  }

  /**
   * The slot this process holds for `origin` when it has `lookup`'s rules (a check then weighs
   * them again), else `lookup`.
   */
  function held(origin: string, lookup: OriginSlot): OriginSlot {
    const slot = memory.get(origin);
    return slot?.robots === lookup.robots ? slot : lookup;
  }

  /** Reads or fetches an origin's rules; concurrent calls for one origin share the work. */
  function load(
    location: RobotsTxtLocation,
    signal: AbortSignal | undefined,
  ): Promise<RobotsLookup> {
    let pending = inflight.get(location.origin);
    if (pending === undefined) {
      // Not tied to one caller's signal: others may be waiting for the same fetch.
      pending = refresh(location.origin, location.url).finally(() =>
        inflight.delete(location.origin),
      );
      inflight.set(location.origin, pending);
    }
    return signal === undefined ? pending : untilAborted(pending, signal);
  }

  /** The origin's slot for `url`: a check on a fresh origin costs no promise. */
  function slotFor(
    url: string | URL,
    caller: string,
    signal: AbortSignal | undefined,
  ): OriginSlot | Promise<OriginSlot> {
    signal?.throwIfAborted();
    const location = locate(url, caller);
    return fresh(location) ?? load(location, signal);
  }

  // Crawlers check many URLs as one agent: a string that passed the check once is not re-read.
  let checkedAgent: string | undefined;
  const agentOf = (agent: AgentQuery | undefined, caller: string): AgentQuery => {
    const chosen = agent ?? resolved.agent;
    if (typeof chosen === 'string' && chosen === checkedAgent) return chosen;
    const checked = checkAgent(agent, resolved.agent, caller);
    if (typeof checked === 'string') checkedAgent = checked;
    return checked;
  };

  return {
    // Not async: a check of a fresh origin makes one settled promise and queues nothing else.
    isAllowed(url, agent, call) {
      try {
        const query = agentOf(agent, 'isAllowed');
        call?.signal?.throwIfAborted();
        const cached = cachedVerdict(url, query);
        // Settled promises, made once: a cached check allocates none.
        if (cached !== undefined) return cached ? ALLOWED : DISALLOWED;
        const location = locate(url, 'isAllowed');
        const { origin } = location;
        const slot = fresh(location);
        return slot !== undefined
          ? Promise.resolve(verdict(slot, url, query))
          : load(location, call?.signal).then((loaded) =>
              verdict(held(origin, loaded), url, query),
            );
      } catch (error) {
        return Promise.reject(error);
      }
    },
    isAllowedIfCached(url, agent) {
      const query = agentOf(agent, 'isAllowedIfCached');
      const cached = cachedVerdict(url, query);
      if (cached !== undefined) return cached;
      const slot = fresh(locate(url, 'isAllowedIfCached'));
      return slot === undefined ? undefined : verdict(slot, url, query);
    },
    async explain(url, agent, call) {
      const query = agentOf(agent, 'explain');
      call?.signal?.throwIfAborted();
      const location = locate(url, 'explain');
      const slot = fresh(location) ?? held(location.origin, await load(location, call?.signal));
      const { robots, entry } = slot;
      const exhausted = (robots as ParsedPolicy).exhaustedChecks;
      const explanation = robots.explain(requestedUrl(url), query);
      settle(slot, exhausted);
      const stale = staleNote(entry);
      return stale === undefined
        ? explanation
        : { ...explanation, notes: [...(explanation.notes ?? []), stale] };
    },
    async get(url, call) {
      call?.signal?.throwIfAborted();
      const location = locate(url, 'get');
      const slot = fresh(location);
      return slot !== undefined
        ? { ...location, robots: slot.robots, entry: slot.entry, source: 'memory' }
        : load(location, call?.signal);
    },
    async crawlDelay(url, agent, call) {
      const query = agentOf(agent, 'crawlDelay');
      return (await slotFor(url, 'crawlDelay', call?.signal)).robots.crawlDelay(query);
    },
    async requestRate(url, agent, call) {
      const query = agentOf(agent, 'requestRate');
      return (await slotFor(url, 'requestRate', call?.signal)).robots.requestRate(query);
    },
    async acquire(url, agent, call) {
      const query = agentOf(agent, 'acquire');
      const { robots } = await slotFor(url, 'acquire', call?.signal);
      const interval = pacingInterval(robots, query, resolved.minDelay, resolved.maxDelay);
      return pacer.acquire(locate(url, 'acquire').origin, interval, call?.signal);
    },
    async backOff(url, retryAfter) {
      const { origin } = locate(url, 'backOff');
      const asked = retryAfter === undefined ? undefined : retryAfterDelay(retryAfter, now());
      const delay = Math.min(asked ?? resolved.policy.retryDelay, resolved.policy.maxRetryDelay);
      await pacer.hold(origin, delay);
    },
    async delete(url) {
      const { origin } = locate(url, 'delete');
      memory.delete(origin);
      await store.remove(origin);
    },
    get storeStatus() {
      return store.status;
    },
    get stats() {
      return {
        ...memory.stats,
        ...pacer.stats,
        exhaustedChecks,
        conditionalRequests,
        notModified,
      };
    },
  };
}

const ALLOWED: Promise<boolean> = Promise.resolve(true);
const DISALLOWED: Promise<boolean> = Promise.resolve(false);

/** A policy that may be a parsed file, which counts its exhausted checks and its size. */
type ParsedPolicy = RobotsPolicy & {
  readonly exhaustedChecks?: number;
  readonly retainedBytes?: number;
  readonly isAllowedAt?: (
    url: string,
    pathStart: number,
    pathEnd: number,
    agent: AgentQuery,
  ) => boolean;
};

/** The note of an answer from a copy kept through a failed refresh (RFC 9309 §2.4). */
function staleNote(entry: CacheEntry): string | undefined {
  if (entry.copy === undefined || entry.unreachableSince === undefined) return undefined;
  return (
    `answered from the copy fetched ${new Date(entry.copy.fetchedAt).toISOString()}: refreshing ` +
    `it failed (${entry.error ?? 'unreachable'}) ${entry.failures} time(s) since ` +
    `${new Date(entry.unreachableSince).toISOString()}, and RFC 9309 §2.4 keeps the last good ` +
    `copy; retried after ${new Date(entry.expiresAt).toISOString()}`
  );
}
