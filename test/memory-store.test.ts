import { describe, expect, it } from 'vitest';
import type { CacheEntry } from '../src/cache.js';
import { createMemoryStore } from '../src/stores/memory.js';
import { cacheStoreTests } from './cache-store.suite.js';

cacheStoreTests('memory', async () => {
  let time = Date.UTC(2026, 0, 1);
  return {
    store: createMemoryStore({ now: () => time }),
    elapse: async (ms) => {
      time += ms;
    },
  };
});

describe('createMemoryStore', () => {
  const entry: CacheEntry = { expiresAt: 1, failures: 1, updatedAt: 0 };

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const store = createMemoryStore({ maxEntries: 2 });
    await store.set('a', entry, 60_000);
    await store.set('b', entry, 60_000);
    await store.get('a');
    await store.set('c', entry, 60_000);
    expect(await store.get('a')).toBe(entry);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('c')).toBe(entry);
  });

  it('rejects a bad maxEntries with a TypeError', () => {
    expect(() => createMemoryStore({ maxEntries: 0 })).toThrow(TypeError);
  });
});
