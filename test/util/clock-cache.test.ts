import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ClockRecord, createClockCache } from '../../src/util/clock-cache.js';

interface Item extends ClockRecord {
  readonly value: number;
}

const item = (key: string, weight: number, value = 0): Item => ({
  key,
  value,
  weight,
  slot: -1,
  live: false,
  previous: null,
  next: null,
});

// The CLOCK map against a plain model: the records in ring order as an array, the hand an index
// into it, new records placed just behind the hand; the hand clears a used record's mark and
// drops the first unmarked one (never the record set last).
describe('the CLOCK map', () => {
  it('drops as the CLOCK rule says, within both bounds', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const op = fc.oneof(
      fc.record({ kind: fc.constant('get' as const), key }),
      fc.record({ kind: fc.constant('set' as const), key, weight: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ kind: fc.constant('delete' as const), key }),
      fc.record({ kind: fc.constant('adjust' as const), delta: fc.integer({ min: -3, max: 6 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const evicted: string[] = [];
        const cache = createClockCache<Item>(3, 10, (record) => evicted.push(record.key));
        const ring: { key: string; weight: number; used: boolean; record: Item }[] = [];
        let hand = 0;
        let extra = 0;
        let kept: string | undefined;
        const modelEvicted: string[] = [];
        const dropped: Item[] = [];
        const total = () => ring.reduce((n, e) => n + e.weight, extra);
        const remove = (at: number) => {
          ring.splice(at, 1);
          if (at < hand) hand--;
          if (hand >= ring.length) hand = 0;
        };
        const evict = () => {
          while (ring.length > 1 && (ring.length > 3 || total() > 10)) {
            const at = ring[hand]!;
            if (at.used || at.key === kept) {
              at.used = false;
              hand = (hand + 1) % ring.length;
              continue;
            }
            modelEvicted.push(at.key);
            dropped.push(at.record);
            remove(hand);
          }
        };
        for (const o of ops) {
          if (o.kind === 'adjust') {
            cache.adjust(o.delta);
            extra += o.delta;
            evict();
            continue;
          }
          const at = ring.findIndex((e) => e.key === o.key);
          if (o.kind === 'get') {
            expect(cache.get(o.key)).toBe(at < 0 ? undefined : ring[at]!.record);
            if (at >= 0) ring[at]!.used = true;
          } else if (o.kind === 'delete') {
            cache.delete(o.key);
            if (at >= 0) {
              dropped.push(ring[at]!.record);
              remove(at);
            }
          } else {
            const record = item(o.key, o.weight);
            cache.set(record);
            if (at >= 0) {
              dropped.push(ring[at]!.record);
              remove(at);
            }
            const entry = { key: o.key, weight: o.weight, used: true, record };
            if (ring.length === 0) ring.push(entry);
            else {
              // Just behind the hand.
              ring.splice(hand, 0, entry);
              hand++;
            }
            kept = o.key;
            evict();
          }
          expect(cache.size).toBe(ring.length);
          expect(cache.weight).toBe(total());
          expect(evicted).toEqual(modelEvicted);
          for (const e of ring) expect(e.record.live).toBe(true);
          for (const record of dropped) {
            if (!ring.some((e) => e.record === record)) expect(record.live).toBe(false);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a record used since the hand passed, and drops one that was not', () => {
    const cache = createClockCache<Item>(2, Number.POSITIVE_INFINITY);
    const a = item('a', 1);
    const b = item('b', 1);
    cache.set(a);
    cache.set(b);
    // The hand clears both marks, then comes back to `a`, unused since: it goes.
    cache.set(item('c', 1));
    expect(a.live).toBe(false);
    expect(cache.get('b')).toBe(b);
    // `b` used again: the hand passes it once more and drops `c`.
    cache.use(b);
    cache.set(item('d', 1));
    expect(cache.get('c')).toBeUndefined();
    expect(b.live).toBe(true);
  });

  it('keeps the record set last even when it alone weighs more than the bound', () => {
    const cache = createClockCache<Item>(10, 5);
    cache.set(item('a', 2));
    const big = item('b', 8);
    cache.set(big);
    expect(cache.size).toBe(1);
    expect(cache.get('b')).toBe(big);
    expect(cache.weight).toBe(8);
  });
});
