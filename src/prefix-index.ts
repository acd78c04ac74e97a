/**
 * Entries filed under their literal prefix (the text before the first `*`, or before a final
 * `$`). A check walks the path once, hashing each of its prefixes incrementally, and at each
 * length that some rule prefix has, looks the hash up in a small open-addressing table; a hit is
 * confirmed with `startsWith`, so a hash collision costs time, never a wrong answer. Building it
 * is linear in the rules' length: no string sorting (V8 sorts strings slowly) and no `Map`.
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
  /** Distinct literal prefixes. */
  readonly #prefixes: string[];
  /**
   * Open-addressing table of slot pairs: the {@link hashPrefix} of a prefix and its number + 1
   * (0: empty slot). The hash sits next to the number so that a probe reads one cache line; the
   * table is at most half full, so a miss (most probes) ends quickly.
   */
  readonly #table: Int32Array;
  /** `#lengths[n]` is 1 when some prefix has length n. */
  readonly #lengths: Uint8Array;
  /** Entries grouped by prefix (in `#prefixes` order), strongest first within a prefix. */
  readonly #entries: IndexEntry[];
  /** `#entries` of prefix `i` are `[#starts[i], #starts[i + 1])`. */
  readonly #starts: Int32Array;

  constructor(tree: readonly IndexEntry[]) {
    // Number the distinct prefixes in a table sized for all entries (so at most half full, and
    // emptier when prefixes repeat), then counting-sort the entries by prefix number.
    let slots = 16;
    while (slots < tree.length * 2) slots *= 2;
    const mask = slots - 1;
    const table = new Int32Array(slots * 2);
    const prefixes: string[] = [];
    const counts: number[] = [];
    const ids = new Int32Array(tree.length);
    let longest = 0;
    for (let k = 0; k < tree.length; k++) {
      const prefix = tree[k]!.prefix;
      const hash = hashPrefix(prefix);
      let slot = hash & mask;
      let id = -1;
      for (
        let v = table[2 * slot + 1]!;
        v !== 0;
        slot = (slot + 1) & mask, v = table[2 * slot + 1]!
      ) {
        if (table[2 * slot] === hash && prefixes[v - 1] === prefix) {
          id = v - 1;
          break;
        }
      }
      if (id < 0) {
        id = prefixes.length;
        prefixes.push(prefix);
        counts.push(0);
        table[2 * slot] = hash;
        table[2 * slot + 1] = id + 1;
        if (prefix.length > longest) longest = prefix.length;
      }
      ids[k] = id;
      counts[id]!++;
    }
    const starts = new Int32Array(prefixes.length + 1);
    for (let i = 0; i < prefixes.length; i++) starts[i + 1] = starts[i]! + counts[i]!;
    const fill = starts.slice(0, prefixes.length);
    const entries = new Array<IndexEntry>(tree.length);
    // `tree` is in file order: each prefix's entries come out in file order, and a stable sort
    // by priority alone then puts them strongest first.
    for (let k = 0; k < tree.length; k++) entries[fill[ids[k]!]!++] = tree[k]!;
    for (let i = 0; i < prefixes.length; i++) {
      const from = starts[i]!;
      const to = starts[i + 1]!;
      if (to - from <= 1) continue;
      if (to - from < 32) {
        insertionSortByPriority(entries, from, to);
      } else {
        const sorted = sortByStrength(entries.slice(from, to));
        for (let k = 0; k < sorted.length; k++) entries[from + k] = sorted[k]!;
      }
    }
    const lengths = new Uint8Array(longest + 1);
    for (const prefix of prefixes) lengths[prefix.length] = 1;
    this.#prefixes = prefixes;
    this.#table = table;
    this.#lengths = lengths;
    this.#entries = entries;
    this.#starts = starts;
  }

  /** Updates `state` with the entries whose prefix the path starts with and that match it. */
  match(path: string, state: MatchState): void {
    const lengths = this.#lengths;
    const last = Math.min(path.length, lengths.length - 1);
    let hash = HASH_SEED;
    if (lengths[0] === 1) this.#visit(hash, path, state);
    for (let n = 1; n <= last; n++) {
      hash = nextHash(hash, path.charCodeAt(n - 1));
      if (lengths[n] === 1) this.#visit(hash, path, state);
    }
  }

  /** Tests the entries of every prefix with this hash that the path really starts with. */
  #visit(hash: number, path: string, state: MatchState): void {
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    for (let slot = hash & mask; table[2 * slot + 1] !== 0; slot = (slot + 1) & mask) {
      if (table[2 * slot] !== hash) continue;
      const i = table[2 * slot + 1]! - 1;
      if (!path.startsWith(this.#prefixes[i]!)) continue;
      scanEntries(this.#entries, this.#starts[i]!, this.#starts[i + 1]!, path, state, false);
    }
  }
}
