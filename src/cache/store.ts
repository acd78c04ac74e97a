/**
 * What a robots.txt cache keeps per origin, the small store interface behind it, and the rules
 * that decide how long a copy is used (RFC 9309 §2.4) and when an unreachable origin is retried.
 */

import { isValidatorValue } from '../fetch/http-headers.js';
import type { FetchRefusal, FetchRobotsTxtResult } from '../fetch/result.js';
import { bytesToByteString, isByteString } from '../util/bytes.js';

/** The last fetch of an origin that reached it: a file (`ok`) or its absence (`unavailable`). */
export interface CachedCopy {
  /** `ok`: the body's rules apply; `unavailable`: no robots.txt, every URL is allowed. */
  readonly status: 'ok' | 'unavailable';
  /** The HTTP status of the last response. */
  readonly httpStatus?: number;
  /**
   * The body bytes as handed to the parser, as a byte string (one character per byte,
   * U+0000–U+00FF): lossless for non-UTF-8 files and safe in JSON. Empty for `unavailable`.
   */
  readonly body: string;
  /** When it was fetched (epoch ms, the client's clock). */
  readonly fetchedAt: number;
  /** The URL the body came from, after redirects. */
  readonly finalUrl: string;
  /** Why this outcome, as `fetchRobotsTxt` said it. */
  readonly reason: string;
  /**
   * The response's `ETag` and `Last-Modified`, sent back as `If-None-Match` / `If-Modified-Since`
   * when the copy is refreshed: a `304` renews it without a body. Absent in entries written by
   * versions before them, which are refreshed unconditionally.
   */
  readonly etag?: string;
  readonly lastModified?: string;
}

/** Everything a cache keeps about one origin; plain JSON-safe data. */
export interface CacheEntry {
  /** The last good copy; kept while the origin is unreachable (RFC 9309 §2.4). */
  readonly copy?: CachedCopy;
  /**
   * Until when (epoch ms) the entry is used without asking the origin again: the copy's expiry,
   * or after an unreachable fetch the time of the next retry.
   */
  readonly expiresAt: number;
  /** Start (epoch ms) of the current run of unreachable fetches; absent once the origin answers. */
  readonly unreachableSince?: number;
  /** Unreachable fetches in a row (0 after a fetch that reached the origin). */
  readonly failures: number;
  /** What the last unreachable fetch failed with. */
  readonly error?: string;
  /**
   * Set when the last fetch was not made because a policy refused it (an address outside the
   * public internet, an https → http redirect): such an origin stays disallowed however long it
   * lasts, where an outage is treated as "no robots.txt" after `unreachableAllowAfter`.
   */
  readonly refused?: FetchRefusal;
  /** When the entry was written (epoch ms). */
  readonly updatedAt: number;
}

/** A held cross-process lock; see {@link CacheStore.lock}. */
export interface CacheLock {
  /** Gives the lock up (only if still held by this holder; never throws for an expired lock). */
  release(): Promise<void>;
  /**
   * Optional: extends the lock by `ttl` milliseconds from now while its holder is still working,
   * so that a lease can be short. Resolves to false when the lock was lost (it lapsed and another
   * took it): the holder then works on, but no longer holds it.
   */
  renew?(ttl: number): Promise<boolean>;
}

/** How a pacing call bounds and seeds what it reads; see {@link CacheStore.reserve}. */
export interface SlotOptions {
  /**
   * The furthest ahead (ms) a stored time can honestly be: a next free time later than now plus
   * this, or a last start after now, was not written by a client of these rules. It is replaced
   * (as if absent) and the reply says `repaired`.
   * @default Infinity
   */
  readonly limit?: number;
  /** The slot starts no sooner than this many ms from now (the caller's own schedule). @default 0 */
  readonly floor?: number;
  /**
   * `reserve` only: instead of taking a slot, keeps the key from every caller for `interval` ms
   * from now (a `Retry-After`): the next free time becomes at least now + interval.
   * @default false
   */
  readonly hold?: boolean;
}

/** A store's answer to `reserve` or `claim`. */
export interface SlotReply {
  /** Milliseconds to wait: until the slot (`reserve`), or before claiming again (`claim`; 0 = claimed). */
  readonly wait: number;
  /** The stored time was beyond `limit` and was replaced. */
  readonly repaired?: boolean;
  /**
   * `claim`: the last start is unknown although the key may have been in use (the store lost it:
   * a restart, a flush or an eviction), so the claim was refused for one interval and recorded as
   * a start.
   */
  readonly lost?: boolean;
}

/**
 * Where cache entries live, keyed by origin (`https://example.com`). Stores keep entries as
 * given and may drop them at any time (LRU, TTL); methods may reject when the backend is down —
 * the client then carries on from memory.
 */
export interface CacheStore {
  /** The entry under `key`, or undefined. */
  get(key: string): Promise<CacheEntry | undefined>;
  /** Stores `entry` under `key` for at least `ttl` milliseconds (unless evicted). */
  set(key: string, entry: CacheEntry, ttl: number): Promise<void>;
  /** Removes the entry under `key`, if any. */
  delete(key: string): Promise<void>;
  /**
   * Optional: takes a short lock on `key` for `ttl` milliseconds, so that of many processes
   * sharing the store only one fetches an origin. Resolves to the lock, or to undefined when
   * another holder has it. Taking a lock is atomic: of many callers after it lapsed, one gets it.
   */
  lock?(key: string, ttl: number): Promise<CacheLock | undefined>;
  /**
   * Optional: reserves the next request slot of `key`, atomically for every process sharing the
   * store. The slot starts at the later of now, the key's next free time and `options.floor`
   * from now; the next free time then moves to the slot's start plus `interval` milliseconds.
   * Resolves to the milliseconds to wait until the slot starts (by the store's clock, so
   * processes need not agree on the time). Without it, the client spaces requests within its own
   * process only.
   */
  reserve?(key: string, interval: number, options?: SlotOptions): Promise<SlotReply>;
  /**
   * Optional, with `reserve`: marks a request to `key` as starting now, unless the last one
   * started less than `interval` milliseconds ago (a process that woke late for its slot). Resolves
   * to a wait of 0 when the start is claimed, else to the milliseconds to wait before claiming
   * again.
   */
  claim?(key: string, interval: number, options?: SlotOptions): Promise<SlotReply>;
}

/** Durations of the caching rules, in milliseconds; see `RobotsClientOptions`. */
export interface CachePolicy {
  readonly ttl: number;
  readonly minTtl: number;
  readonly maxTtl: number;
  readonly retryDelay: number;
  readonly maxRetryDelay: number;
}

/**
 * The entry after a fetch at time `now`, given the one before it (if any).
 * @internal
 */
export function nextCacheEntry(
  previous: CacheEntry | undefined,
  result: FetchRobotsTxtResult,
  now: number,
  policy: CachePolicy,
): CacheEntry {
  if (result.status === 'unreachable') {
    const failures = (previous?.failures ?? 0) + 1;
    let delay: number;
    if (result.retryAfter !== undefined) {
      // RFC 9110 §10.2.3: the server said when to come back; bounded, so that `Retry-After: 0`
      // cannot make every check a fetch.
      delay = clamp(result.retryAfter * 1000, 1000, policy.maxRetryDelay);
    } else {
      delay = Math.min(policy.maxRetryDelay, policy.retryDelay * 2 ** Math.min(failures - 1, 30));
      // A 503 announces a short outage (RFC 9110 §15.6.4): ask again sooner.
      if (result.httpStatus === 503) delay /= 2;
    }
    return {
      // RFC 9309 §2.4: an unreachable origin keeps its last good copy, however old.
      ...(previous?.copy === undefined ? {} : { copy: previous.copy }),
      expiresAt: now + delay,
      unreachableSince: previous?.unreachableSince ?? now,
      failures,
      error: result.error,
      ...(result.refused === undefined ? {} : { refused: result.refused }),
      updatedAt: now,
    };
  }
  return {
    copy: {
      status: result.status,
      ...(result.httpStatus === undefined ? {} : { httpStatus: result.httpStatus }),
      body: result.status === 'ok' ? bytesToByteString(result.body) : '',
      fetchedAt: now,
      finalUrl: result.finalUrl,
      reason: result.reason,
      ...(result.status === 'ok' && result.etag !== undefined ? { etag: result.etag } : {}),
      ...(result.status === 'ok' && result.lastModified !== undefined
        ? { lastModified: result.lastModified }
        : {}),
    },
    expiresAt: now + copyLifetime(result.maxAge, policy),
    failures: 0,
    updatedAt: now,
  };
}

/**
 * How long (ms) a copy is used: RFC 9309 §2.4 says a copy SHOULD NOT be used for more than 24
 * hours; `max-age` (seconds) moves it within [minTtl, maxTtl].
 */
export function copyLifetime(maxAge: number | undefined, policy: CachePolicy): number {
  return clamp(maxAge === undefined ? policy.ttl : maxAge * 1000, policy.minTtl, policy.maxTtl);
}

/**
 * Whether `value` is a whole, self-consistent {@link CacheEntry}, as read back from JSON where
 * anything may have been written: finite times, a whole failure count, and the fields each kind of
 * entry always has — an entry after a fetch that reached the origin has a copy and no failures;
 * one after unreachable fetches has failures, the start of the outage (not after the entry) and
 * its error. Anything else is treated as absent, so it is fetched again: no partial entry can
 * turn into "unreachable for decades, so allowed" or "fresh forever".
 */
export function isCacheEntry(value: unknown): value is CacheEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entry = value as Record<string, unknown>;
  const { expiresAt, updatedAt, failures, unreachableSince, error, copy, refused } = entry;
  if (refused !== undefined && refused !== 'address' && refused !== 'downgrade') return false;
  if (!isTime(expiresAt) || !isTime(updatedAt) || expiresAt < updatedAt) return false;
  if (typeof failures !== 'number' || !Number.isSafeInteger(failures) || failures < 0) return false;
  if (copy !== undefined && !isCachedCopy(copy, updatedAt)) return false;
  if (failures === 0) {
    // A fetch that reached the origin always leaves its copy, and ends any outage.
    return (
      copy !== undefined &&
      unreachableSince === undefined &&
      error === undefined &&
      refused === undefined
    );
  }
  return (
    isTime(unreachableSince) &&
    // The first unreachable fetch starts the outage: it is when that entry was written.
    (failures === 1 ? unreachableSince === updatedAt : unreachableSince <= updatedAt) &&
    (copy === undefined || (copy as CachedCopy).fetchedAt <= unreachableSince) &&
    typeof error === 'string'
  );
}

function isCachedCopy(value: unknown, updatedAt: number): value is CachedCopy {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fields = value as Record<string, unknown>;
  const { status, httpStatus, body, fetchedAt, finalUrl, reason, etag, lastModified } = fields;
  return (
    (status === 'ok' || (status === 'unavailable' && body === '')) &&
    (httpStatus === undefined ||
      (typeof httpStatus === 'number' &&
        Number.isInteger(httpStatus) &&
        httpStatus >= 100 &&
        httpStatus < 1000)) &&
    // The client parses the body as it is: one character per byte.
    typeof body === 'string' &&
    isByteString(body) &&
    isTime(fetchedAt) &&
    fetchedAt <= updatedAt &&
    typeof finalUrl === 'string' &&
    typeof reason === 'string' &&
    // Sent back in a request header: only what a response could have given.
    (etag === undefined || isValidatorValue(etag)) &&
    (lastModified === undefined || isValidatorValue(lastModified))
  );
}

/** A time in epoch milliseconds: a finite number (`1e400` parses as Infinity). */
function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Whether an entry read from a shared store fits the client's own rules at time `now`: written no
 * later than now (give or take `skew` for clocks across machines), expiring no later than the
 * longest lifetime the rules give (a copy's `maxTtl`, a retry's `maxRetryDelay`) after it was
 * written, and with an outage no longer than its failures can span. An entry that does not fit was written by other rules or by someone else, and is
 * fetched again.
 */
export function fitsPolicy(
  entry: CacheEntry,
  now: number,
  policy: CachePolicy & { readonly retention: number },
  skew: number = 60_000,
): boolean {
  if (entry.updatedAt > now + skew) return false;
  const longest = Math.max(policy.maxTtl, policy.maxRetryDelay, 1000);
  if (entry.expiresAt > entry.updatedAt + longest) return false;
  // Each unreachable fetch rewrote the entry within `retention` of the one before (else it would
  // be gone): an outage can be no older than that allows. This keeps a forged outage start from
  // reaching the 30 days after which an origin is allowed.
  const since = entry.unreachableSince;
  return since === undefined || entry.updatedAt - since <= (entry.failures - 1) * policy.retention;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
