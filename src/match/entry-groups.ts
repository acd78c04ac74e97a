/**
 * Entries grouped by an integer key (a prefix hash, a trigram), strongest first within a group,
 * and found through a bit filter and a small open-addressing table: the shared core of the prefix
 * and trigram indexes. Building it costs a probe per entry and a counting sort: no `Map`, no
 * string sorting (V8 sorts strings slowly).
 */

import { type IndexEntry, type MatchState, scanEntries, sortByStrength } from './rule-entry.js';

/** A key's hash; its top bits pick a slot or a filter bit (Fibonacci hashing: any key bits spread). */
function hashOf(key: number): number {
  return Math.imul(key, 0x9e3779b1);
}

/** log2 of the filter bits per table slot: 8 bits, so 16 or more per distinct key. */
const FILTER_SLOT_SHIFT = 3;

/** An immutable grouping of entries by key. */
export class EntryGroups {
  /** The entries grouped by key, strongest first within a group. */
  readonly #entries: readonly IndexEntry[];
  /** Entries of group g are `[#starts[g], #starts[g + 1])`. */
  readonly #starts: Int32Array;
  /**
   * Slot pairs: a distinct key and its group number + 1 (0: empty slot). The key sits next to
   * the number so that a probe reads one cache line, and the table is at most half full, so a
   * miss (most probes) ends quickly.
   */
  readonly #table: Int32Array;
  readonly #shift: number;
  /**
   * One bit per hash value's top bits, set for every key: a check probes at almost every path
   * position and most keys it asks for are absent, so most probes end at one bit test in an
   * array an eighth of the table's size.
   */
  readonly #filter: Int32Array;
  readonly #filterShift: number;

  /** `keys[k]` is the key of `entries[k]`; entries of equal priority keep their order. */
  constructor(entries: readonly IndexEntry[], keys: Int32Array) {
    let bits = 4;
    while (1 << bits < entries.length * 2) bits++;
    const shift = 32 - bits;
    const mask = (1 << bits) - 1;
    const table = new Int32Array(2 << bits);
    const filterShift = shift - FILTER_SLOT_SHIFT;
    const filter = new Int32Array(1 << (bits + FILTER_SLOT_SHIFT - 5));
    const ids = new Int32Array(entries.length);
    const counts: number[] = [];
    for (let k = 0; k < entries.length; k++) {
      const key = keys[k]!;
      const hash = hashOf(key);
      const bit = hash >>> filterShift;
      filter[bit >>> 5]! |= 1 << (bit & 31);
      let slot = hash >>> shift;
      while (table[2 * slot + 1] !== 0 && table[2 * slot] !== key) slot = (slot + 1) & mask;
      if (table[2 * slot + 1] === 0) {
        table[2 * slot] = key;
        table[2 * slot + 1] = counts.length + 1;
        counts.push(0);
      }
      const id = table[2 * slot + 1]! - 1;
      ids[k] = id;
      counts[id]!++;
    }
    const starts = new Int32Array(counts.length + 1);
    for (let g = 0; g < counts.length; g++) starts[g + 1] = starts[g]! + counts[g]!;
    const fill = starts.slice(0, counts.length);
    const grouped = new Array<IndexEntry>(entries.length);
    // Stable: each group keeps the order of `entries`, so (for entries in file order) a stable
    // sort by priority alone puts it strongest first: priority descending, then line ascending.
    for (let k = 0; k < entries.length; k++) grouped[fill[ids[k]!]!++] = entries[k]!;
    for (let g = 0; g < counts.length; g++) sortByStrength(grouped, starts[g]!, starts[g + 1]!);
    this.#entries = grouped;
    this.#starts = starts;
    this.#table = table;
    this.#shift = shift;
    this.#filter = filter;
    this.#filterShift = filterShift;
  }

  /** Number of groups (distinct keys). */
  get size(): number {
    return this.#starts.length - 1;
  }

  /** The group of `key`, or −1. */
  find(key: number): number {
    const hash = hashOf(key);
    const bit = hash >>> this.#filterShift;
    if ((this.#filter[bit >>> 5]! & (1 << (bit & 31))) === 0) return -1;
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    for (let slot = hash >>> this.#shift; table[2 * slot + 1] !== 0; slot = (slot + 1) & mask) {
      if (table[2 * slot] === key) return table[2 * slot + 1]! - 1;
    }
    return -1;
  }

  /**
   * Tests a group's entries against `path`, strongest first, until one can beat neither best
   * (each entry's prefix is confirmed: equal keys do not mean equal prefixes).
   */
  scan(group: number, path: string, state: MatchState): void {
    scanEntries(this.#entries, this.#starts[group]!, this.#starts[group + 1]!, path, state);
  }
}
