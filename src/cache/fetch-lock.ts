/**
 * The fetch lock as a lease: one process fetches an origin while the others wait for its entry.
 * The holder renews its short lease while its fetch runs; when a holder dies its lease lapses
 * within `lockTtl`, and of the waiters one takes the lock over (the store takes it atomically)
 * and fetches while the others go on waiting for its entry.
 */

import { sleep } from '../util/sleep.js';
import type { ResolvedClientOptions } from './client-options.js';
import type { CacheEntry, CacheLock } from './store.js';
import type { GuardedStore } from './store-guard.js';

/** What waiting for an origin's lock ends with. */
export type LockOutcome =
  /** Another process wrote a fresh entry meanwhile. */
  | { readonly entry: CacheEntry }
  /** This process holds the lock, or fetches without one (no lock to be had). */
  | { readonly lock: CacheLock | undefined };

/**
 * Takes the origin's lock, or waits for whoever holds it: every `lockPollInterval` the entry is
 * read (`readFresh`) and the lock tried again, so a lapsed lease is taken over by one waiter. A
 * holder renews its lease only while its fetch runs, which `timeout` bounds; past `timeout` plus
 * two leases of waiting (a dead holder's lease, then its successor's fetch) the process fetches
 * without the lock rather than wait on a holder that never ends.
 */
export async function awaitLock(
  origin: string,
  store: GuardedStore,
  options: ResolvedClientOptions,
  readFresh: () => Promise<CacheEntry | undefined>,
): Promise<LockOutcome> {
  const { lockTtl, lockPollInterval } = options;
  const timeout = options.fetch.timeout;
  const giveUpAt = performance.now() + (Number.isFinite(timeout) ? timeout : 60_000) + 2 * lockTtl;
  let attempt = await store.lock(origin, lockTtl);
  while (attempt === 'busy') {
    await sleep(lockPollInterval);
    const entry = await readFresh();
    if (entry !== undefined) return { entry };
    attempt = performance.now() < giveUpAt ? await store.lock(origin, lockTtl) : undefined;
  }
  return { lock: attempt };
}

/** Runs `work` while renewing `lock` every third of `lockTtl`, so it never lapses under it. */
export async function whileRenewed<T>(
  store: GuardedStore,
  lock: CacheLock | undefined,
  lockTtl: number,
  work: () => Promise<T>,
): Promise<T> {
  if (lock?.renew === undefined) return work();
  const timer = setInterval(() => {
    store.renew(lock, lockTtl).catch(() => {});
  }, lockTtl / 3);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
