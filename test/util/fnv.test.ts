import { describe, expect, it } from 'vitest';
import { FNV_OFFSET, fnv1a, smallHash } from '../../src/util/fnv.js';

describe('fnv1a', () => {
  it("gives FNV-1a's published 32-bit values", () => {
    expect(fnv1a('') >>> 0).toBe(0x811c9dc5);
    expect(fnv1a('a') >>> 0).toBe(0xe40c292c);
    expect(fnv1a('foobar') >>> 0).toBe(0xbf9cf968);
  });

  it('starts from the offset it is given', () => {
    expect(fnv1a('a', FNV_OFFSET)).toBe(fnv1a('a'));
    expect(fnv1a('a', FNV_OFFSET ^ 1)).not.toBe(fnv1a('a'));
  });

  it('hashes a range of the string as it hashes that slice', () => {
    const text = 'User-agent: foobar';
    expect(fnv1a(text, FNV_OFFSET, 12, 18)).toBe(fnv1a('foobar'));
    expect(fnv1a(text, FNV_OFFSET ^ 7, 0, 4)).toBe(fnv1a('User', FNV_OFFSET ^ 7));
    expect(fnv1a(text, FNV_OFFSET, 5, 5)).toBe(FNV_OFFSET);
  });
});

describe('smallHash', () => {
  it('keeps 30 bits and moves the high bits into the low ones', () => {
    for (const h of [0, 1, -1, 0x7fffffff, 0x80000000 | 0, fnv1a('foobar')]) {
      const small = smallHash(h);
      expect(small).toBeGreaterThanOrEqual(0);
      expect(small).toBeLessThan(2 ** 30);
    }
    // Hashes that differ only above bit 16 still differ in their low bits.
    expect(smallHash(1 << 20) & 0xffff).not.toBe(smallHash(1 << 21) & 0xffff);
  });
});
