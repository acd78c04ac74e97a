/**
 * The client's guard around its store: a failing store never fails a check. Failures are
 * counted and reported, and while the store is down it is left alone for a while instead of
 * paying a timeout on every miss.
 */

import type { StoreOperation } from './client-options.js';
import { type CacheEntry, type CacheLock, type CacheStore, isCacheEntry } from './store.js';

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

/** What a guarded call gives when the store failed (or is being left alone). */
export const failed: unique symbol = Symbol('failed');
/** The type of {@link failed}. */
export type Failed = typeof failed;

/** A store seen through the guard. */
export interface GuardedStore {
  /** Runs one store call; {@link failed} when it failed or the store is resting. */
  use<T>(operation: StoreOperation, call: () => Promise<T>): Promise<T | Failed>;
  /** The entry under `origin`, undefined when missing or unreadable. */
  read(origin: string): Promise<CacheEntry | undefined>;
  /** Writes `entry` under `origin` for `ttl` ms; a failure is reported, not thrown. */
  write(origin: string, entry: CacheEntry, ttl: number): Promise<void>;
  /** Removes the entry under `origin`; a failure is reported, not thrown. */
  remove(origin: string): Promise<void>;
  /** The origin's lock, 'busy' when another holds it, or undefined: no lock to be had. */
  lock(origin: string, ttl: number): Promise<CacheLock | 'busy' | undefined>;
  /**
   * Gives a held lock up — always tried, even while the store rests after a failure (a failed
   * write must not leave the others waiting for the lock to lapse); a failure is reported.
   */
  release(lock: CacheLock): Promise<void>;
  /** Extends a held lock by `ttl` ms; false when it was lost or the store failed (reported). */
  renew(lock: CacheLock, ttl: number): Promise<boolean>;
  /** The store itself (for optional capabilities such as pacing). */
  readonly store: CacheStore;
  readonly status: StoreStatus;
}

/**
 * Wraps `store` so that its failures are reported and never thrown. After a failure the store is
 * left alone for `retryInterval` ms of the client's clock (the `storeRetryInterval` option).
 */
export function guardStore(
  store: CacheStore,
  now: () => number,
  onStoreError: ((error: unknown, operation: StoreOperation) => void) | undefined,
  retryInterval: number,
): GuardedStore {
  let status: StoreStatus = { healthy: true, failures: 0 };
  let lastFailure = Number.NEGATIVE_INFINITY;

  async function use<T>(
    operation: StoreOperation,
    call: () => Promise<T>,
    always = false,
  ): Promise<T | Failed> {
    // While the store is down, don't pay a timeout on every miss: try it again now and then.
    if (!always && !status.healthy && now() - lastFailure < retryInterval) {
      return failed;
    }
    try {
      const value = await call();
      if (!status.healthy) status = { healthy: true, failures: status.failures };
      return value;
    } catch (error) {
      const first = status.healthy;
      lastFailure = now();
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

  return {
    use,
    async read(origin) {
      const value = await use('get', () => store.get(origin));
      // Whatever a store gives back is checked whole: an entry that is not one is absent.
      return value === failed || !isCacheEntry(value) ? undefined : value;
    },
    async write(origin, entry, ttl) {
      await use('set', () => store.set(origin, entry, ttl));
    },
    async remove(origin) {
      await use('delete', () => store.delete(origin));
    },
    async lock(origin, ttl) {
      if (store.lock === undefined) return undefined;
      const takeLock = store.lock.bind(store);
      const value = await use('lock', () => takeLock(origin, ttl));
      if (value === failed) return undefined;
      return value ?? 'busy';
    },
    async renew(lock, ttl) {
      if (lock.renew === undefined) return false;
      const renew = lock.renew.bind(lock);
      return (await use('lock', () => renew(ttl), true)) === true;
    },
    async release(lock) {
      await use('unlock', () => lock.release(), true);
    },
    store,
    get status() {
      return status;
    },
  };
}
