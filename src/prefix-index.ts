/**
 * Entries filed under their literal prefix (the text before the first `*`, or before a final
 * `$`). A check walks the path once, hashing each of its prefixes incrementally, and at each
 * length that some rule prefix ends with the path's character there, looks the hash up
 * ({@link EntryGroups}); each entry of a hit is confirmed with `startsWith`, so a hash collision
 * costs time, never a wrong answer. Building it costs one hash per entry: no string comparison.
 */

import { EntryGroups } from './entry-groups.js';
import type { IndexEntry, MatchState } from './rule-entry.js';

// FNV-1a over UTF-16 code units (prefixes are ASCII; a path may hold any character).
const HASH_SEED = 0x811c9dc5 | 0;

function nextHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

/** The hash a check computes for a path prefix equal to `prefix`. */
function hashPrefix(prefix: string): number {
  let hash = HASH_SEED;
  for (let i = 0; i < prefix.length; i++) hash = nextHash(hash, prefix.charCodeAt(i));
  return hash;
}

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
  /** True when some prefix is empty (a rule `Disallow:` or `Allow: $`). */
  readonly #hasEmpty: boolean;

  /** `entries` in file order. */
  constructor(entries: readonly IndexEntry[]) {
    const hashes = new Int32Array(entries.length);
    let longest = 0;
    for (let k = 0; k < entries.length; k++) {
      const prefix = entries[k]!.prefix;
      hashes[k] = hashPrefix(prefix);
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
  }

  /** Updates `state` with the entries whose prefix the path starts with and that match it. */
  match(path: string, state: MatchState): void {
    const ends = this.#ends;
    const last = Math.min(path.length, (ends.length >> 2) - 1);
    let hash = HASH_SEED;
    if (this.#hasEmpty) this.#visit(hash, path, state);
    for (let n = 1; n <= last; n++) {
      const c = path.charCodeAt(n - 1);
      hash = nextHash(hash, c);
      // A character above 0x7F ends no prefix (they are ASCII).
      if (c < 0x80 && (ends[(n << 2) | (c >> 5)]! & (1 << (c & 31))) !== 0) {
        this.#visit(hash, path, state);
      }
    }
  }

  /** Tests the entries whose prefix has this hash. */
  #visit(hash: number, path: string, state: MatchState): void {
    const group = this.#groups.find(hash);
    if (group >= 0) this.#groups.scan(group, path, state);
  }
}
