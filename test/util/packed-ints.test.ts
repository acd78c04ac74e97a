import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsFor, packedWords, packInts, readPacked } from '../../src/util/packed-ints.js';

describe('packed integers', () => {
  it('read back every value at every width, across word boundaries', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 0x7fffffff }), { maxLength: 200 }),
        (values) => {
          const width = bitsFor(values.reduce((a, b) => Math.max(a, b), 0));
          const words = packInts(values, width);
          expect(words.length).toBe(packedWords(values.length, width));
          const mask = 2 ** width - 1;
          expect(values.map((_, i) => readPacked(words, width, mask, i))).toEqual(values);
        },
      ),
    );
  });

  it('take the bits of the largest value, at least one', () => {
    expect([0, 1, 2, 255, 256, 0x7fffffff].map(bitsFor)).toEqual([1, 1, 2, 8, 9, 31]);
    expect(() => bitsFor(2 ** 31)).toThrow(RangeError);
    expect(() => bitsFor(-1)).toThrow(RangeError);
  });
});
