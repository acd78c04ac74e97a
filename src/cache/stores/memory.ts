/** The default cache store: entries in an LRU map inside this process, bounded in entries and bytes. */

import { argumentError } from '../../errors.js';
import { createLru } from '../../util/lru.js';
import { createWeightedLru } from '../../util/weighted-lru.js';
import type { CacheEntry, CacheLock, CacheStore } from '../store.js';

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /**
   * How many origins are kept; the least recently used goes first.
   * @default 10000
   */
  readonly maxEntries?: number;
  /**
   * How many bytes of entries are kept (each weighs its copy's body plus 256 bytes); the least
   * recently used go first.
   * @default 268435456 (256 MiB)
   */
  readonly maxBytes?: number;
  /**
   * The clock for entry TTLs and locks, in epoch milliseconds.
   * @default Date.now
   */
  readonly now?: () => number;
}

const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/** What an entry weighs in the store: its body (a byte string, one byte a character) and the rest. */
function entryBytes(entry: CacheEntry): number {
  return (entry.copy?.body.length ?? 0) + 256;
}

/**
 * An in-memory LRU {@link CacheStore}, the client's default. Entries are kept by reference (they
 * are never mutated). Its `lock`, `reserve` and `claim` only coordinate clients that share this one store
 * object.
 *
 * @example
 * ```ts
 * const client = createRobotsClient({ store: createMemoryStore({ maxEntries: 50_000 }) });
 * ```
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): CacheStore {
  const { maxEntries = 10_000, maxBytes = DEFAULT_MAX_BYTES, now = Date.now } = options;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw argumentError(
      'createMemoryStore',
      'options.maxEntries',
      'a whole number ≥ 1',
      maxEntries,
    );
  }
  if (typeof maxBytes !== 'number' || !(maxBytes > 0)) {
    throw argumentError('createMemoryStore', 'options.maxBytes', 'a positive number', maxBytes);
  }
  const entries = createWeightedLru<{ entry: CacheEntry; until: number }>(
    maxEntries,
    maxBytes,
    (held) => entryBytes(held.entry),
  );
  const locks = new Map<string, { token: object; until: number }>();
  // Next free request slot per key (epoch ms); bounded like the entries.
  const slots = createLru<number>(maxEntries);
  // When the last request per key started (epoch ms).
  const starts = createLru<number>(maxEntries);
  return {
    get(key) {
      const held = entries.get(key);
      if (held === undefined) return Promise.resolve(undefined);
      if (held.until <= now()) {
        entries.delete(key);
        return Promise.resolve(undefined);
      }
      return Promise.resolve(held.entry);
    },
    set(key, entry, ttl) {
      entries.set(key, { entry, until: now() + ttl });
      return Promise.resolve();
    },
    delete(key) {
      entries.delete(key);
      return Promise.resolve();
    },
    reserve(key, interval, slot = {}) {
      const time = now();
      const { limit = Number.POSITIVE_INFINITY, floor = 0, hold = false } = slot;
      let free = slots.get(key) ?? time;
      // Only this store writes here, but the same rule as a shared store's: never beyond `limit`.
      const repaired = free > time + limit ? { repaired: true } : {};
      if (free > time + limit) free = time;
      if (hold) {
        slots.set(key, Math.max(free, time + interval));
        return Promise.resolve({ wait: 0, ...repaired });
      }
      const start = Math.max(time, free, time + floor);
      slots.set(key, start + interval);
      return Promise.resolve({ wait: start - time, ...repaired });
    },
    claim(key, interval) {
      const time = now();
      const last = starts.get(key);
      if (last !== undefined && time < last + interval) {
        return Promise.resolve({ wait: last + interval - time });
      }
      starts.set(key, time);
      return Promise.resolve({ wait: 0 });
    },
    lock(key, ttl) {
      const held = locks.get(key);
      if (held !== undefined && held.until > now()) return Promise.resolve(undefined);
      const token = {};
      locks.set(key, { token, until: now() + ttl });
      const lock: CacheLock = {
        release() {
          if (locks.get(key)?.token === token) locks.delete(key);
          return Promise.resolve();
        },
        renew(extension) {
          const current = locks.get(key);
          if (current?.token !== token || current.until <= now()) return Promise.resolve(false);
          current.until = now() + extension;
          return Promise.resolve(true);
        },
      };
      return Promise.resolve(lock);
    },
  };
}
