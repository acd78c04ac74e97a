/**
 * Entries filed under their literal prefix (the text before the first `*`, or before a final
 * `$`). A check walks the path once (`RuleIndex`), hashing each of its prefixes
 * incrementally, and at each length that some rule prefix ends with the path's character there,
 * looks the hash up ({@link EntryGroups}); each entry of a hit is confirmed with `startsWith`, so
 * a hash collision costs time, never a wrong answer. Building it costs one hash per entry: no
 * string comparison.
 *
 * Built once per set of more than `SMALL_SET` entries (up to `TABLE_SET` rules from a file);
 * probed at every later check.
 */

import type { IndexEntry, MatchState } from '../rule-entry.js';
import { EntryGroups } from './entry-groups.js';

/**
 * The offset of the prefix hash, FNV-1a over UTF-16 code units (prefixes are ASCII; a path may
 * hold any character), drawn once per process rather than FNV's standard one: the prefix
 * indexes bucket rules by this hash, and a hostile file could otherwise choose prefixes (found
 * offline, once) whose hashes share a bucket, so that every check walked them all.
 */
export const HASH_SEED: number = (Math.random() * 0x100000000) | 0;

/** The hash of a path prefix one character longer: FNV-1a's step. */
export function nextHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

/** The hash a check computes for a path prefix equal to `text[start, end)`. */
export function hashPrefix(text: string, start: number, end: number): number {
  let hash = HASH_SEED;
  for (let i = start; i < end; i++) hash = nextHash(hash, text.charCodeAt(i));
  return hash;
}

/**
 * The bit sets a walk tests each path prefix against, in a loop that calls an index only for a
 * prefix that passes them: `ends`, per length n, a 128-bit set (four words at 4n) of the last
 * characters of the prefixes of that length; `slots`, two bits per value s of
 * `mix(hash) >>> shift` (bits 2(s & 15) and 2(s & 15) + 1 of word s >>> 4): the first set for
 * every prefix's hash, the second for every proper prefix of a prefix (a walk whose path
 * prefix's second bit is clear has met every prefix it can). Both bits in one word: a walk
 * reads one element of one array a step for both (each array read costs V8 its checks anew).
 */
export interface PrefixFilters {
  readonly ends: Int32Array;
  readonly slots: Int32Array;
  readonly shift: number;
}

/** The `PrefixFilters.slots` bit of a prefix's hash. */
export const PREFIX_BIT = 1;
/** The `PrefixFilters.slots` bit of a proper prefix's hash. */
export const PROPER_BIT = 2;

/** A prefix hash mixed (Fibonacci hashing): its top bits pick a bucket and a filter bit. */
export function mix(hash: number): number {
  return Math.imul(hash, 0x9e3779b1);
}

/** Filter slots of one word, all set: `mix(hash) >>> 28` picks two bits of it. */
const EVERY_HASH = new Int32Array([-1]);

/** An immutable index of entries by literal prefix. */
export class PrefixIndex {
  /** The entries grouped by prefix hash (a group is almost always one prefix). */
  readonly #groups: EntryGroups;
  /**
   * For each length n ≥ 1, a 128-bit set (four words at 4n) of the last characters of the
   * prefixes of that length: a path prefix whose last character is not in it needs no probe.
   * Most path positions are ruled out by one bit test.
   */
  readonly #ends: Int32Array;
  /** What a walk tests a path prefix against first (its groups filter hashes themselves). */
  readonly filters: PrefixFilters;
  /** True when some prefix is empty (a rule `Disallow:` or `Allow: $`). */
  readonly #hasEmpty: boolean;

  /** `entries` in file order. */
  constructor(entries: readonly IndexEntry[]) {
    const hashes = new Int32Array(entries.length);
    let longest = 0;
    for (let k = 0; k < entries.length; k++) {
      const prefix = entries[k]!.prefix;
      hashes[k] = hashPrefix(prefix, 0, prefix.length);
      if (prefix.length > longest) longest = prefix.length;
    }
    const ends = new Int32Array((longest + 1) * 4);
    let hasEmpty = false;
    for (const entry of entries) {
      const n = entry.prefix.length;
      if (n === 0) {
        hasEmpty = true;
        continue;
      }
      // Prefixes are escaped patterns: ASCII.
      const c = entry.prefix.charCodeAt(n - 1);
      ends[(n << 2) | (c >> 5)]! |= 1 << (c & 31);
    }
    this.#groups = new EntryGroups(entries, hashes);
    this.#ends = ends;
    this.#hasEmpty = hasEmpty;
    this.filters = { ends, slots: EVERY_HASH, shift: 28 };
  }

  /** Length of the longest prefix: a walk need not go further. */
  get longest(): number {
    return (this.#ends.length >> 2) - 1;
  }

  /** Starts a walk over `path`: tests the empty prefix; returns the hash of the empty prefix. */
  start(path: string, state: MatchState): number {
    if (this.#hasEmpty) this.#visit(HASH_SEED, path, state);
    return HASH_SEED;
  }

  /** Tests the entries whose prefix is the path's first `_n` characters, of hash `hash`. */
  visit(_n: number, hash: number, path: string, state: MatchState): void {
    this.#visit(hash, path, state);
  }

  /** Tests the entries whose prefix has this hash. */
  #visit(hash: number, path: string, state: MatchState): void {
    const group = this.#groups.find(hash);
    if (group >= 0) this.#groups.scan(group, path, state);
  }
}
