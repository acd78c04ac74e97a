import { describe, expect, it } from 'vitest';
import { hashOf, slotOf } from '../../src/match/index/key-table.js';
import { hashPrefix, mix } from '../../src/match/index/prefix-hash.js';

// A hostile site chooses keys offline. With fixed hashes it can pick keys that share one slot or
// bucket (every lookup then probes, or every check confirms, all of them); the slots and the
// prefix hash are keyed per process, so such a choice spreads like random keys.

/** Distinct values of `top` bits among `values`. */
function spread(values: readonly number[], top: number): number {
  return new Set(values.map((value) => value >>> (32 - top))).size;
}

describe('index hashes a site cannot aim', () => {
  it('trigram keys that share the top bits of the filter hash spread over the slots', () => {
    const keys: number[] = [];
    for (let key = 0; key < 1 << 24 && keys.length < 4096; key++) {
      if (hashOf(key) >>> 20 === 0x5a5) keys.push(key);
    }
    expect(keys.length).toBeGreaterThan(4000);
    expect(spread(keys.map(hashOf), 12)).toBe(1);
    // About 4,096 keys in 4,096 slots at random fill about 2,590 of them.
    expect(spread(keys.map(slotOf), 12)).toBeGreaterThan(2000);
    // So do keys in arithmetic progression (a weak spot of multiplicative hashing).
    const stepped = Array.from({ length: 4096 }, (_, k) => k * 4096);
    expect(spread(stepped.map(slotOf), 12)).toBeGreaterThan(2000);
  });

  it('prefixes that FNV-1a with its standard offset puts in one bucket spread', () => {
    // Standard FNV-1a over UTF-16 code units, mixed as the prefix index mixes its hashes.
    const standard = (text: string): number => {
      let hash = 0x811c9dc5 | 0;
      for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
      return mix(hash);
    };
    const chosen: string[] = [];
    for (let n = 0; n < 1 << 22 && chosen.length < 1024; n++) {
      const prefix = `/${n.toString(36)}`;
      if (standard(prefix) >>> 22 === 0x155) chosen.push(prefix);
    }
    expect(chosen.length).toBe(1024);
    // Their buckets (the keyed hash of the process's prefix hash).
    const buckets = chosen.map((prefix) => slotOf(hashPrefix(prefix, 0, prefix.length)));
    // About 1,024 prefixes in 1,024 buckets at random fill about 650 of them.
    expect(spread(buckets, 10)).toBeGreaterThan(500);
  });
});
