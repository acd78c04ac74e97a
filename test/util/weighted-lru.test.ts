import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWeightedLru } from '../../src/util/weighted-lru.js';

// The LRU against a plain model (an array in use order): any sequence of gets, sets and deletes
// leaves the same entries, in the same order of eviction, within both bounds.
describe('the weighted LRU', () => {
  it('behaves as a list in use order, bounded in entries and weight', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const op = fc.oneof(
      fc.record({ kind: fc.constant('get' as const), key }),
      fc.record({ kind: fc.constant('set' as const), key, weight: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ kind: fc.constant('delete' as const), key }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const evicted: string[] = [];
        const lru = createWeightedLru<number>(
          3,
          10,
          (w) => w,
          (k) => evicted.push(k),
        );
        const model: { key: string; weight: number }[] = [];
        const modelEvicted: string[] = [];
        for (const o of ops) {
          const at = model.findIndex((e) => e.key === o.key);
          if (o.kind === 'get') {
            expect(lru.get(o.key)).toBe(at < 0 ? undefined : model[at]!.weight);
            if (at >= 0) model.push(...model.splice(at, 1));
          } else if (o.kind === 'delete') {
            lru.delete(o.key);
            if (at >= 0) model.splice(at, 1);
          } else {
            lru.set(o.key, o.weight);
            if (at >= 0) model.splice(at, 1);
            model.push({ key: o.key, weight: o.weight });
            const total = () => model.reduce((n, e) => n + e.weight, 0);
            while (model.length > 1 && (model.length > 3 || total() > 10)) {
              modelEvicted.push(model.shift()!.key);
            }
          }
          expect(lru.size).toBe(model.length);
          expect(lru.weight).toBe(model.reduce((n, e) => n + e.weight, 0));
          expect(evicted).toEqual(modelEvicted);
        }
      }),
      { numRuns: 500 },
    );
  });
});
