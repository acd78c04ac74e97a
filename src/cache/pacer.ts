/**
 * Politeness: requests to one origin are spaced by the largest of its `Crawl-delay`, its
 * `Request-rate`, a `Retry-After` the crawler reported and a configured minimum. The spacing is
 * reserved in the store, so it holds across every process that shares it.
 */

import { RobotsTxtError } from '../errors.js';
import { type HeaderReader, parseRetryAfter } from '../fetch/http-headers.js';
import type { RobotsPolicy } from '../types.js';
import { createLru } from '../util/lru.js';
import { MAX_TIMER_DELAY } from '../util/sleep.js';
import type { AgentQuery } from './agent-check.js';
import type { SlotReply } from './store.js';
import { failed, type GuardedStore } from './store-guard.js';

/** What the pacer needs of the client's options (see `RobotsClientOptions` for each). */
export interface PacerOptions {
  readonly now: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly maxOrigins: number;
  /** The furthest ahead (ms) an honest client writes a time: larger ones are corrupt. */
  readonly limit: number;
  /** Set: while the store fails, each process paces alone at `fleetSize` times the spacing. */
  readonly fleetSize: number | undefined;
  /** How long an acquire waits for a store that cannot grant a slot. */
  readonly storeWaitTimeout: number;
  /** How often a failing store is tried again. */
  readonly storeRetryInterval: number;
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
 * crawler's own HTTP client). On two cores shared by four crawler processes that difference
 * reached 23 ms now and then (the fleet bench: gaps of 187–196 ms at the origin in 4 of 12 runs
 * for `Crawl-delay: 0.2` paced at 210 ms), so the margin is 5% of the spacing, at least 30 ms and
 * at most 100 ms: a `Crawl-delay: 0.2` is paced at 230 ms, one of 1 s at 1.05 s, one of 10 s at
 * 10.1 s.
 */
export function pacingMargin(interval: number): number {
  return Math.min(100, Math.max(30, Math.ceil(interval * 0.05)));
}

/**
 * Claims tried after a slot's wait. Every refused claim means another process started within the
 * spacing, so the fleet moves on while one waits; past this many, `acquire` rejects rather than
 * let a request go without its spacing (a bound on the loop, not a pace anyone reaches).
 */
export const MAX_CLAIMS = 1000;

/**
 * Thrown by `acquire` when it cannot get a request slot that keeps the origin's spacing: the
 * shared store could not grant one within `storeWaitTimeout` (down, paused, too slow), or other
 * processes started first {@link MAX_CLAIMS} times in a row. No request should be sent.
 */
export class PacingUnavailableError extends RobotsTxtError {
  /** The origin whose slot was not granted. */
  readonly origin: string;

  constructor(message: string, origin: string, cause?: unknown) {
    super(message, {
      code: 'ERR_PACING_UNAVAILABLE',
      input: origin,
      ...(cause === undefined ? {} : { cause }),
    });
    this.origin = origin;
  }
}

/** What the pacer saw of the store's pacing state; part of the client's stats. */
export interface PacingStats {
  /** Stored pacing times beyond what an honest client writes, replaced instead of followed. */
  readonly repairedPacingValues: number;
  /** Claims refused for one spacing because the store had lost the origin's last start. */
  readonly lostPacingState: number;
}

/** The per-origin request slots of one client. */
export interface Pacer {
  /** Reserves the origin's next slot and waits for it; resolves to the milliseconds waited. */
  acquire(origin: string, interval: number, signal?: AbortSignal): Promise<number>;
  /** Keeps every process from the origin for `delay` milliseconds from now. */
  hold(origin: string, delay: number): Promise<void>;
  readonly stats: PacingStats;
}

/** Creates the pacer of a client over its (guarded) store. */
export function createPacer(store: GuardedStore, options: PacerOptions): Pacer {
  const { now, limit, fleetSize, storeWaitTimeout, storeRetryInterval } = options;
  // This process's own schedule per origin (its clock, epoch ms): its last start (and whether it
  // paced alone for it) and any hold. No slot is taken before it, whatever the store says or
  // forgets; while the store fails in fleet mode, it is the schedule.
  const starts = createLru<{ readonly at: number; readonly alone: boolean }>(options.maxOrigins);
  const holds = createLru<number>(options.maxOrigins);
  let repairedPacingValues = 0;
  let lostPacingState = 0;

  /** Sleeps in pieces a timer can hold, so that no wait fires early. */
  async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    for (let left = ms; left > 0; left -= MAX_TIMER_DELAY) {
      await options.sleep(Math.min(left, MAX_TIMER_DELAY), signal);
    }
  }

  /**
   * The earliest start this process allows itself: a spacing after its last start, `fleetSize`
   * spacings after it when that start or this one is paced alone (each process then takes its
   * share of the origin's rate, and the processes' last starts, spaced by the store, stay spaced).
   */
  function ownNext(origin: string, spacing: number, alone: boolean): number {
    const last = starts.get(origin);
    const step = (alone || last?.alone === true) && fleetSize !== undefined ? fleetSize : 1;
    return Math.max(holds.get(origin) ?? 0, last === undefined ? 0 : last.at + step * spacing);
  }

  function floorOf(origin: string, spacing: number): number {
    return Math.max(0, ownNext(origin, spacing, false) - now());
  }

  function counted(reply: SlotReply): SlotReply {
    if (reply.repaired === true) repairedPacingValues++;
    if (reply.lost === true) lostPacingState++;
    return reply;
  }

  /** A slot by this process's own schedule (no store pacing, or fleet mode while it fails). */
  function reserveLocally(origin: string, spacing: number, alone: boolean): number {
    const time = now();
    const start = Math.max(time, ownNext(origin, spacing, alone));
    starts.set(origin, { at: start, alone });
    return start - time;
  }

  /** Waits before trying a failing store again (resolves to the ms waited); past the deadline, rejects. */
  async function awaitStore(
    origin: string,
    deadline: number,
    signal: AbortSignal | undefined,
  ): Promise<number> {
    const left = deadline - now();
    if (left <= 0) {
      throw new PacingUnavailableError(
        `acquire: the cache store could not grant a request slot for ${origin} within ` +
          `${storeWaitTimeout} ms (storeWaitTimeout); not starting without the origin's spacing`,
        origin,
        store.status.lastError,
      );
    }
    const wait = Math.min(storeRetryInterval, left);
    await pause(wait, signal);
    return wait;
  }

  /**
   * After the slot's wait: a process that woke late must not start right before the next one. The
   * store confirms the start against the last actual one, and the process waits until it does:
   * when many processes wake late their claims collide, and none may go ahead unclaimed.
   * Resolves to the milliseconds waited, or `failed` when the store failed (the caller decides).
   */
  async function claim(
    origin: string,
    spacing: number,
    deadline: number,
    signal: AbortSignal | undefined,
  ): Promise<number | typeof failed> {
    const shared = store.store;
    const take = shared.claim?.bind(shared);
    let waited = 0;
    for (let attempt = 0; attempt < MAX_CLAIMS; attempt++) {
      const own = floorOf(origin, spacing);
      if (own > 0) {
        await pause(own, signal);
        waited += own;
      }
      if (take === undefined || spacing <= 0) break;
      const reply = await store.use('claim', () => take(origin, spacing, { limit }));
      if (reply === failed) {
        if (fleetSize !== undefined) return failed;
        waited += await awaitStore(origin, deadline, signal);
        continue;
      }
      if (counted(reply).wait <= 0) {
        starts.set(origin, { at: now(), alone: false });
        return waited;
      }
      await pause(reply.wait, signal);
      waited += reply.wait;
    }
    if (take === undefined || spacing <= 0) {
      starts.set(origin, { at: now(), alone: false });
      return waited;
    }
    throw new PacingUnavailableError(
      `acquire: other processes started a request to ${origin} before this one ${MAX_CLAIMS} times in a row; not starting without the origin's spacing`,
      origin,
    );
  }

  async function acquire(origin: string, interval: number, signal?: AbortSignal) {
    signal?.throwIfAborted();
    const spacing = interval > 0 ? interval + pacingMargin(interval) : 0;
    const shared = store.store;
    const reserve = shared.reserve?.bind(shared);
    const deadline = now() + storeWaitTimeout;
    // Without the store's reserve (a store that does not pace), the process paces itself.
    if (reserve === undefined) {
      const wait = reserveLocally(origin, spacing, false);
      await pause(wait, signal);
      return wait;
    }
    let waited = 0;
    for (;;) {
      const reply = await store.use('reserve', () =>
        reserve(origin, spacing, { limit, floor: floorOf(origin, spacing) }),
      );
      if (reply !== failed) {
        const wait = counted(reply).wait;
        await pause(wait, signal);
        const claimed = await claim(origin, spacing, deadline, signal);
        if (claimed !== failed) return waited + wait + claimed;
        waited += wait;
      }
      if (fleetSize !== undefined) {
        // Fleet mode: the rate holds (each of fleetSize processes takes 1/fleetSize of it), the
        // gaps between two processes' requests may be short.
        const wait = reserveLocally(origin, spacing, true);
        await pause(wait, signal);
        return waited + wait;
      }
      // Strict (default): no slot without the store; wait for it, up to storeWaitTimeout.
      waited += await awaitStore(origin, deadline, signal);
    }
  }

  return {
    acquire,
    async hold(origin, delay) {
      // Kept here too: a hold the store did not take reaches it as the floor of the next slot.
      holds.set(origin, Math.max(holds.get(origin) ?? 0, now() + delay));
      const shared = store.store;
      const reserve = shared.reserve?.bind(shared);
      if (reserve === undefined) return;
      const reply = await store.use('reserve', () => reserve(origin, delay, { limit, hold: true }));
      if (reply !== failed) counted(reply);
    },
    get stats() {
      return { repairedPacingValues, lostPacingState };
    },
  };
}
