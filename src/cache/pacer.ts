/**
 * Politeness: requests to one origin are spaced by the largest of its `Crawl-delay`, its
 * `Request-rate`, a `Retry-After` the crawler reported and a configured minimum. The spacing is
 * reserved in the store, so it holds across every process that shares it.
 */

import { type HeaderReader, parseRetryAfter } from '../fetch/http-headers.js';
import type { RobotsPolicy } from '../types.js';
import { createLru } from '../util/lru.js';
import type { AgentQuery } from './agent-check.js';
import { failed, type GuardedStore } from './store-guard.js';

/** What the pacer needs of the client's options. */
export interface PacerOptions {
  readonly now: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly maxOrigins: number;
}

/**
 * The spacing in milliseconds between two requests of `agent` to an origin governed by `robots`:
 * `Crawl-delay` seconds, or the span of `Request-rate` divided by its count, whichever is longer,
 * capped at `maxDelay` (a file cannot stall a crawler) and at least `minDelay`.
 */
export function pacingInterval(
  robots: RobotsPolicy,
  agent: AgentQuery,
  minDelay: number,
  maxDelay: number,
): number {
  const delay = robots.crawlDelay(agent);
  const rate = robots.requestRate(agent);
  const fromDelay = delay === undefined ? 0 : delay * 1000;
  const fromRate = rate === undefined ? 0 : (rate.seconds * 1000) / rate.requests;
  return Math.max(minDelay, Math.min(maxDelay, Math.max(fromDelay, fromRate)));
}

/**
 * A `Retry-After` as the crawler got it: seconds, the header's value, or the response (any
 * fetch's: only `headers.get` is read, and the `Date` header when the value is a date).
 */
export type RetryAfter = number | string | { readonly headers: HeaderReader };

/** Milliseconds a `Retry-After` asks for, or undefined when it says nothing usable. */
export function retryAfterDelay(value: RetryAfter, now: number): number | undefined {
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 ? value * 1000 : undefined;
  const headers: HeaderReader =
    typeof value === 'string'
      ? { get: (name) => (name.toLowerCase() === 'retry-after' ? value : null) }
      : value.headers;
  const seconds = parseRetryAfter(headers, now);
  return seconds === undefined ? undefined : seconds * 1000;
}

/**
 * Added to every non-zero spacing: what reaches the origin is the spacing plus the difference of
 * two requests' latencies from their granted slot to the origin (waking up, the store's reply, the
 * crawler's own HTTP client), a few milliseconds either way on a loaded machine. The margin is 5% of
 * the spacing, at least 2 ms and at most 100 ms: a `Crawl-delay: 0.2` is paced at 210 ms, one of
 * 10 seconds at 10.1 s.
 */
export function pacingMargin(interval: number): number {
  return Math.min(100, Math.max(2, Math.ceil(interval * 0.05)));
}

/**
 * Claims tried after a slot's wait. Every refused claim means another process started within the
 * spacing, so the fleet moves on while one waits; past this many, `acquire` rejects rather than
 * let a request go without its spacing (a bound on the loop, not a pace anyone reaches).
 */
export const MAX_CLAIMS = 1000;

/** The per-origin request slots of one client. */
export interface Pacer {
  /** Reserves the origin's next slot and waits for it; resolves to the milliseconds waited. */
  acquire(origin: string, interval: number, signal?: AbortSignal): Promise<number>;
  /** Keeps every process from the origin for `delay` milliseconds after the slots already given. */
  hold(origin: string, delay: number): Promise<void>;
}

/** Creates the pacer of a client over its (guarded) store. */
export function createPacer(store: GuardedStore, options: PacerOptions): Pacer {
  const { now, sleep } = options;
  // Used when the store cannot reserve (no `reserve`, or failing): spacing within this process.
  const local = createLru<number>(options.maxOrigins);

  function reserveLocally(origin: string, interval: number): number {
    const time = now();
    const start = Math.max(time, local.get(origin) ?? time);
    local.set(origin, start + interval);
    return start - time;
  }

  async function reserve(origin: string, interval: number): Promise<number> {
    const shared = store.store;
    if (shared.reserve !== undefined) {
      const take = shared.reserve.bind(shared);
      const wait = await store.use('reserve', () => take(origin, interval));
      if (wait !== failed) {
        // Keep the local view in step, so a store outage does not start from an empty schedule.
        local.set(origin, now() + wait + interval);
        return wait;
      }
    }
    return reserveLocally(origin, interval);
  }

  /**
   * After the slot's wait: a process that woke late must not start right before the next one. The
   * store confirms the start against the last actual one, and the process waits until it does:
   * when many processes wake late their claims collide, and none may go ahead unclaimed. (A store
   * that fails leaves the spacing to this process's own schedule, as `reserve` does.)
   */
  async function claim(origin: string, interval: number, signal?: AbortSignal): Promise<number> {
    const shared = store.store;
    if (shared.claim === undefined || interval <= 0) return 0;
    const take = shared.claim.bind(shared);
    let waited = 0;
    for (let attempt = 0; attempt < MAX_CLAIMS; attempt++) {
      const wait = await store.use('claim', () => take(origin, interval));
      if (wait === failed || wait <= 0) return waited;
      await sleep(wait, signal);
      waited += wait;
    }
    throw new Error(
      `acquire: other processes started a request to ${origin} before this one ${MAX_CLAIMS} times in a row; not starting without the origin's spacing`,
    );
  }

  return {
    async acquire(origin, interval, signal) {
      signal?.throwIfAborted();
      const spacing = interval > 0 ? interval + pacingMargin(interval) : 0;
      const wait = await reserve(origin, spacing);
      if (wait > 0) await sleep(wait, signal);
      return wait + (await claim(origin, spacing, signal));
    },
    async hold(origin, delay) {
      await reserve(origin, delay);
    },
  };
}
