/**
 * The shared suite every CacheStore passes (as undici's cacheStoreTests): run it with a factory
 * for the store under test and a way to let time pass for it.
 */

import { describe, expect, it } from 'vitest';
import type { CacheEntry, CacheStore } from '../../src/cache/store.js';

/** A store under test. */
export interface StoreHarness {
  readonly store: CacheStore;
  /** Lets `ms` milliseconds pass for the store's TTLs (a fake clock, or a real wait). */
  elapse(ms: number): Promise<void>;
}

const t0 = Date.UTC(2026, 0, 1);

function entry(overrides: Partial<CacheEntry> = {}): CacheEntry {
  return {
    copy: {
      status: 'ok',
      httpStatus: 200,
      body: 'User-agent: *\nDisallow: /private\n',
      fetchedAt: t0,
      finalUrl: 'https://example.com/robots.txt',
      reason: 'fetched',
    },
    expiresAt: t0 + 86_400_000,
    failures: 0,
    updatedAt: t0,
    ...overrides,
  };
}

/** Runs the CacheStore conformance tests against stores made by `create`. */
/**
 * `locks`, `reserve`: the store implements `lock`, `reserve` (both shipped stores do); their
 * tests then run. `sharedState`: the store's pacing state lives outside the process (it can be
 * flushed), so a new store vouches for no earlier start: a claim that finds none is refused for
 * one interval, as lost, until the store has held its state that long.
 */
export function cacheStoreTests(
  name: string,
  create: () => Promise<StoreHarness>,
  {
    locks,
    reserve,
    sharedState = false,
  }: { readonly locks: boolean; readonly reserve: boolean; readonly sharedState?: boolean },
): void {
  /** A new store's first claim of a key. */
  const firstClaim = (interval: number) =>
    sharedState ? { wait: interval, lost: true } : { wait: 0 };

  describe(`CacheStore conformance: ${name}`, () => {
    it('misses an unknown key', async () => {
      const { store } = await create();
      expect(await store.get('https://unknown.example')).toBeUndefined();
    });

    it('gives back what was set, per key', async () => {
      const { store } = await create();
      const a = entry();
      const b = entry({ expiresAt: t0 + 1, failures: 3, unreachableSince: t0, error: 'HTTP 503' });
      await store.set('https://a.example', a, 60_000);
      await store.set('https://b.example:8080', b, 60_000);
      expect(await store.get('https://a.example')).toEqual(a);
      expect(await store.get('https://b.example:8080')).toEqual(b);
    });

    it('keeps an entry without copy (an outage with nothing cached)', async () => {
      const { store } = await create();
      const outage: CacheEntry = {
        expiresAt: t0 + 1,
        unreachableSince: t0,
        failures: 1,
        error: 'x',
        updatedAt: t0,
      };
      await store.set('k', outage, 60_000);
      expect(await store.get('k')).toEqual(outage);
    });

    it('overwrites', async () => {
      const { store } = await create();
      await store.set('k', entry(), 60_000);
      const newer = entry({ updatedAt: t0 + 5, expiresAt: t0 + 10 });
      await store.set('k', newer, 60_000);
      expect(await store.get('k')).toEqual(newer);
    });

    it('deletes, also a missing key', async () => {
      const { store } = await create();
      await store.set('k', entry(), 60_000);
      await store.delete('k');
      await store.delete('never-set');
      expect(await store.get('k')).toBeUndefined();
    });

    it('keeps every byte of a body: all 256 byte values, 500 KiB', async () => {
      const { store } = await create();
      const bytes = Array.from({ length: 256 }, (_, code) => String.fromCharCode(code)).join('');
      const body = `${bytes}${'#'.repeat(512_000)}`;
      const big = entry({ copy: { ...entry().copy!, body } });
      await store.set('k', big, 60_000);
      expect((await store.get('k'))?.copy?.body).toBe(body);
    });

    // One wait serves the three lifetimes (on Redis it is a real 150 ms).
    it('drops an entry after its ttl, keeps a longer or infinite one (retention: Infinity)', async () => {
      const harness = await create();
      await harness.store.set('k', entry(), 50);
      await harness.store.set('long', entry(), 60_000);
      await harness.store.set('forever', entry(), Number.POSITIVE_INFINITY);
      await harness.elapse(150);
      expect(await harness.store.get('k')).toBeUndefined();
      expect(await harness.store.get('long')).toBeDefined();
      expect(await harness.store.get('forever')).toEqual(entry());
    });

    describe.runIf(reserve)('reserve', () => {
      it('gives consecutive slots per key, one interval apart, and lapses with time', async () => {
        const harness = await create();
        const { store } = harness;
        expect(store.reserve).toBeTypeOf('function');
        const start = performance.now();
        expect((await store.reserve!('k', 200)).wait).toBe(0);
        const second = (await store.reserve!('k', 200)).wait;
        // On Redis real time passes between the two calls (more on a loaded machine): the slot is
        // an interval after the first, less what passed, to the millisecond.
        expect(second).toBeGreaterThanOrEqual(200 - Math.ceil(performance.now() - start) - 1);
        expect(second).toBeGreaterThan(0);
        expect(second).toBeLessThanOrEqual(200);
        const third = (await store.reserve!('k', 50)).wait;
        expect(third).toBeGreaterThan(second);
        expect(third).toBeLessThanOrEqual(400);
        expect((await store.reserve!('other', 200)).wait).toBe(0);
        await harness.elapse(500);
        expect((await store.reserve!('k', 200)).wait).toBe(0);
        expect((await store.reserve!('zero', 0)).wait).toBe(0);
        expect((await store.reserve!('zero', 0)).wait).toBe(0);
      });

      it('claims a start only an interval after the last one', async () => {
        const harness = await create();
        const { store } = harness;
        expect(store.claim).toBeTypeOf('function');
        const start = performance.now();
        expect(await store.claim!('k', 200)).toEqual(firstClaim(200));
        // Recorded as a start either way.
        const again = (await store.claim!('k', 200)).wait;
        // An interval after the first claim, less the real time that passed (on Redis).
        expect(again).toBeGreaterThanOrEqual(200 - Math.ceil(performance.now() - start) - 1);
        expect(again).toBeGreaterThan(0);
        expect(again).toBeLessThanOrEqual(200);
        expect(await store.claim!('other', 60_000)).toEqual(firstClaim(60_000));
        await harness.elapse(250);
        expect((await store.claim!('k', 200)).wait).toBe(0);
      });

      it('hands out each slot once to concurrent callers', async () => {
        const { store } = await create();
        const waits = await Promise.all(
          Array.from({ length: 20 }, async () => (await store.reserve!('k', 1000)).wait),
        );
        const slots = waits.map((wait) => Math.round(wait / 1000)).sort((a, b) => a - b);
        expect(slots).toEqual(Array.from({ length: 20 }, (_, index) => index));
      });

      it('starts a slot no sooner than the floor, and holds a key from now', async () => {
        const { store } = await create();
        // The caller's own schedule says 5 s from now: the store's slot is no sooner.
        const floored = (await store.reserve!('k', 1000, { floor: 5000 })).wait;
        expect(floored).toBeGreaterThan(4900);
        expect(floored).toBeLessThanOrEqual(5000);
        // The next slot follows it.
        expect((await store.reserve!('k', 1000)).wait).toBeGreaterThan(5900);
        // A hold keeps every caller away for its time from now; a shorter one changes nothing.
        expect((await store.reserve!('held', 30_000, { hold: true })).wait).toBe(0);
        expect((await store.reserve!('held', 10, { hold: true })).wait).toBe(0);
        const after = (await store.reserve!('held', 1000)).wait;
        expect(after).toBeGreaterThan(29_000);
        expect(after).toBeLessThanOrEqual(30_000);
      });

      it('replaces a stored time beyond the limit instead of following it', async () => {
        const { store } = await create();
        await store.reserve!('k', 40 * 86_400_000, { hold: true });
        // 40 days ahead, where nothing this caller writes goes beyond a day: repaired.
        const reply = await store.reserve!('k', 1000, { limit: 86_400_000 });
        expect(reply).toEqual({ wait: 0, repaired: true });
        const next = await store.reserve!('k', 1000, { limit: 86_400_000 });
        expect(next.repaired).toBeUndefined();
        expect(next.wait).toBeGreaterThan(900);
        // Within the limit it is followed (a 30-day back-off under a 60-day limit).
        await store.reserve!('long', 30 * 86_400_000, { hold: true });
        const held = await store.reserve!('long', 1000, { limit: 60 * 86_400_000 });
        expect(held.repaired).toBeUndefined();
        expect(held.wait).toBeGreaterThan(30 * 86_400_000 - 1000);
      });
    });

    describe.runIf(locks)('lock', () => {
      it('is held by one holder at a time, per key', async () => {
        const { store } = await create();
        expect(store.lock).toBeTypeOf('function');
        const first = await store.lock!('k', 10_000);
        expect(first).toBeDefined();
        expect(await store.lock!('k', 10_000)).toBeUndefined();
        const other = await store.lock!('other', 10_000);
        expect(other).toBeDefined();
        await first?.release();
        const again = await store.lock!('k', 10_000);
        expect(again).toBeDefined();
        await again?.release();
        await other?.release();
      });

      it('lapses after its ttl; a late release leaves the next holder alone', async () => {
        const harness = await create();
        const { store } = harness;
        expect(store.lock).toBeTypeOf('function');
        const stale = await store.lock!('k', 50);
        await harness.elapse(150);
        const next = await store.lock!('k', 10_000);
        expect(next).toBeDefined();
        await stale?.release();
        expect(await store.lock!('k', 10_000)).toBeUndefined();
        await next?.release();
      });

      it('is renewed by its holder only while held', async () => {
        const harness = await create();
        const { store } = harness;
        // Leases of 600 ms renewed every 200 ms: a loaded machine's delays stay well inside.
        const lease = await store.lock!('k', 600);
        expect(lease?.renew).toBeTypeOf('function');
        // Renewed twice past its first lease: still held, nobody else gets it.
        await harness.elapse(200);
        expect(await lease?.renew?.(600)).toBe(true);
        await harness.elapse(200);
        expect(await lease?.renew?.(600)).toBe(true);
        await harness.elapse(300);
        expect(await store.lock!('k', 10_000)).toBeUndefined();
        // Not renewed: it lapses, another takes it, and the old holder cannot renew it back.
        await harness.elapse(700);
        const next = await store.lock!('k', 10_000);
        expect(next).toBeDefined();
        expect(await lease?.renew?.(600)).toBe(false);
        await next?.release();
      });
    });
  });
}
