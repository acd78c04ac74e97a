/**
 * Reading or fetching an origin's entry when this process has no fresh one: one fetch per origin
 * per expiry, across processes when the store can lock.
 */

import { fetchIfModified } from '../fetch/fetch.js';
import type { FetchRobotsTxtResult } from '../fetch/result.js';
import type { ResolvedClientOptions } from './client-options.js';
import { renewedEntry, validatorsOf } from './conditional.js';
import { awaitLock, whileRenewed } from './fetch-lock.js';
import { type CacheEntry, fitsPolicy, nextCacheEntry } from './store.js';
import type { GuardedStore } from './store-guard.js';

/**
 * Where an entry came from: `store` (another process fetched it), `fetch` (fetched now) or
 * `revalidated` (a conditional request answered 304: the copy is current).
 */
export interface RefreshResult {
  readonly entry: CacheEntry;
  readonly source: 'store' | 'fetch' | 'revalidated';
  /** The fetch, when `source` is `fetch`. */
  readonly fetched?: FetchRobotsTxtResult;
  /** The request carried the copy's validators (`If-None-Match` / `If-Modified-Since`). */
  readonly conditional?: boolean;
}

/** Whether `entry` may be used without asking the origin again. */
export function isFresh(entry: CacheEntry | undefined, now: number): entry is CacheEntry {
  return entry !== undefined && now < entry.expiresAt;
}

/** The entry written last of two. */
export function newer(
  a: CacheEntry | undefined,
  b: CacheEntry | undefined,
): CacheEntry | undefined {
  return a === undefined ? b : b === undefined || a.updatedAt >= b.updatedAt ? a : b;
}

/**
 * A fresh entry for `origin`: from the store when another process has one, else fetched by the
 * holder of the origin's lock while the others wait for its entry (see `awaitLock`: a holder
 * that died lets its lease lapse within `lockTtl`, and one waiter takes over). `known` is the
 * entry this process has, if any.
 */
export async function refreshEntry(
  origin: string,
  url: string,
  known: CacheEntry | undefined,
  store: GuardedStore,
  options: ResolvedClientOptions,
): Promise<RefreshResult> {
  const { now, policy } = options;
  // An entry another process wrote is used only if it fits our rules (see fitsPolicy).
  const read = async (): Promise<CacheEntry | undefined> => {
    const entry = await store.read(origin);
    return entry !== undefined &&
      fitsPolicy(entry, now(), { ...policy, retention: options.retention })
      ? entry
      : undefined;
  };
  let stored = await read();
  if (isFresh(stored, now())) return { entry: stored, source: 'store' };

  const outcome = await awaitLock(origin, store, options, async () => {
    stored = await read();
    return isFresh(stored, now()) ? stored : undefined;
  });
  if ('entry' in outcome) return { entry: outcome.entry, source: 'store' };
  const held = outcome.lock;
  try {
    if (held !== undefined) {
      // Someone may have finished between our read and our lock.
      stored = await read();
      if (isFresh(stored, now())) return { entry: stored, source: 'store' };
    }
    const base = newer(stored, known);
    // A copy kept with its validators is asked for only if it changed (RFC 9309 §2.4 lets
    // crawlers use HTTP caching); an entry of an older version has none: fetched whole.
    const validators = validatorsOf(base);
    const copy = base?.copy;
    // The lease is renewed while the fetch runs: a dead holder's lapses within lockTtl.
    const refreshed = await whileRenewed(store, held, options.lockTtl, async () => {
      // A body fetched here is parsed by the client, from the copy it keeps (its `robots` is
      // read lazily: see `fetchIfModified`).
      const answer = await fetchIfModified(
        url,
        options.fetch,
        copy === undefined ? undefined : validators,
      );
      return answer.status === 'not-modified' && copy !== undefined
        ? { renewed: renewedEntry(copy, answer, now(), policy) }
        : { fetched: answer as FetchRobotsTxtResult };
    });
    const conditional = validators !== undefined;
    const entry =
      'renewed' in refreshed
        ? refreshed.renewed
        : nextCacheEntry(base, refreshed.fetched, now(), policy);
    await store.write(origin, entry, Math.max(options.retention, entry.expiresAt - now()));
    return 'renewed' in refreshed
      ? { entry, source: 'revalidated', conditional }
      : { entry, source: 'fetch', fetched: refreshed.fetched, conditional };
  } finally {
    if (held !== undefined) await store.release(held);
  }
}
