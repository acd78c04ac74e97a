import { describe, expect, it } from 'vitest';
import { FNV_OFFSET, fnv1a } from '../../src/util/fnv.js';

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
});
