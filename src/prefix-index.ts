/**
 * Entries filed under their literal prefix (the text before the first `*`, or before a final
 * `$`). A check walks the path once, hashing each of its prefixes incrementally, and at each
 * length that some rule prefix has, looks the hash up in a small open-addressing table; each
 * entry of a hit is confirmed with `startsWith`, so a hash collision costs time, never a wrong
 * answer. Building it costs one hash and a probe per entry and a counting sort: no string
 * sorting (V8 sorts strings slowly), no `Map`, no string comparison.
 */

import {
  type IndexEntry,
  insertionSortByPriority,
  type MatchState,
  scanEntries,
  sortByStrength,
} from './rule-entry.js';

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
  /** The entries grouped by prefix hash, strongest first within a group. */
  readonly #entries: readonly IndexEntry[];
  /** Entries of hash group d are `[#starts[d], #starts[d + 1])`. */
  readonly #starts: Int32Array;
  /**
   * Open-addressing table of slot pairs: a distinct prefix hash and its group number + 1 (0:
   * empty slot). The hash sits next to the number so that a probe reads one cache line, and the
   * table is at most half full, so a miss (most probes) ends quickly.
   */
  readonly #table: Int32Array;
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
    // Number the distinct hashes (a group is almost always one prefix; no string is compared),
    // then counting-sort the entries by group number.
    let slots = 16;
    while (slots < entries.length * 2) slots *= 2;
    const mask = slots - 1;
    const table = new Int32Array(slots * 2);
    const ids = new Int32Array(entries.length);
    const counts: number[] = [];
    let longest = 0;
    for (let k = 0; k < entries.length; k++) {
      const prefix = entries[k]!.prefix;
      const hash = hashPrefix(prefix);
      let slot = hash & mask;
      while (table[2 * slot + 1] !== 0 && table[2 * slot] !== hash) slot = (slot + 1) & mask;
      if (table[2 * slot + 1] === 0) {
        table[2 * slot] = hash;
        table[2 * slot + 1] = counts.length + 1;
        counts.push(0);
      }
      const id = table[2 * slot + 1]! - 1;
      ids[k] = id;
      counts[id]!++;
      if (prefix.length > longest) longest = prefix.length;
    }
    const starts = new Int32Array(counts.length + 1);
    for (let d = 0; d < counts.length; d++) starts[d + 1] = starts[d]! + counts[d]!;
    const fill = starts.slice(0, counts.length);
    const grouped = new Array<IndexEntry>(entries.length);
    // In file order within a group: a stable sort by priority alone then puts them strongest
    // first (priority descending, then line ascending), so a check can stop early.
    for (let k = 0; k < entries.length; k++) grouped[fill[ids[k]!]!++] = entries[k]!;
    for (let d = 0; d < counts.length; d++) {
      const from = starts[d]!;
      const to = starts[d + 1]!;
      if (to - from < 2) continue;
      if (to - from < 32) {
        insertionSortByPriority(grouped, from, to);
      } else {
        const sorted = sortByStrength(grouped.slice(from, to));
        for (let k = 0; k < sorted.length; k++) grouped[from + k] = sorted[k]!;
      }
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
    this.#entries = grouped;
    this.#starts = starts;
    this.#table = table;
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

  /**
   * Tests the entries whose prefix has this hash, strongest first, until one can beat neither
   * best; each must really be a prefix of the path (a hash group may hold another prefix).
   */
  #visit(hash: number, path: string, state: MatchState): void {
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    let slot = hash & mask;
    while (table[2 * slot] !== hash) {
      if (table[2 * slot + 1] === 0) return;
      slot = (slot + 1) & mask;
    }
    const d = table[2 * slot + 1]! - 1;
    scanEntries(this.#entries, this.#starts[d]!, this.#starts[d + 1]!, path, state);
  }
}
