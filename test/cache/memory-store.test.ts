import { describe, expect, it } from 'vitest';
import { type CacheEntry, isCacheEntry } from '../../src/cache/store.js';
import { createMemoryStore } from '../../src/cache/stores/memory.js';
import { cacheStoreTests } from './cache-store.suite.js';

cacheStoreTests(
  'memory',
  async () => {
    let time = Date.UTC(2026, 0, 1);
    return {
      store: createMemoryStore({ now: () => time }),
      elapse: async (ms) => {
        time += ms;
      },
    };
  },
  { locks: true, reserve: true },
);

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

describe('isCacheEntry: entries read back from JSON', () => {
  const copy = {
    status: 'ok',
    body: 'User-agent: *\nDisallow: /\xff\n',
    fetchedAt: 1,
    finalUrl: 'https://h/robots.txt',
    reason: 'HTTP 200',
  };
  const entry = { expiresAt: 2, updatedAt: 1, failures: 0, copy };

  it('accepts an entry whose body is a byte string', () => {
    expect(isCacheEntry(entry)).toBe(true);
    expect(
      isCacheEntry({ expiresAt: 5, updatedAt: 4, failures: 2, unreachableSince: 3, error: 'x' }),
    ).toBe(true);
    expect(
      isCacheEntry({ expiresAt: 5, updatedAt: 4, failures: 1, unreachableSince: 3, error: 'x' }),
    ).toBe(false);
    expect(
      isCacheEntry({ expiresAt: 5, updatedAt: 4, failures: 1, unreachableSince: 4, error: 'x' }),
    ).toBe(true);
    expect(isCacheEntry({ ...entry, failures: 1, unreachableSince: 1, error: 'HTTP 503' })).toBe(
      true,
    );
  });

  it('rejects a body that is not one character per byte, and other shapes', () => {
    expect(isCacheEntry({ ...entry, copy: { ...copy, body: 'Disallow: /€' } })).toBe(false);
    expect(isCacheEntry({ ...entry, copy: { ...copy, body: 7 } })).toBe(false);
    expect(isCacheEntry({ ...entry, failures: '0' })).toBe(false);
    expect(isCacheEntry(null)).toBe(false);
  });
});
