/**
 * Entries grouped by an integer key (a prefix hash, a trigram), strongest first within a group,
 * and found through a {@link KeyTable}: the shared core of the prefix and trigram indexes.
 * Building it costs a probe per entry and a counting sort: no `Map`, no string sorting (V8
 * sorts strings slowly).
 *
 * Built when a set's index over entries is compiled; probed at every check of it.
 */

import { type IndexEntry, type MatchState, sortByStrength } from '../rule-entry.js';
import { scanEntries } from '../scan/scan-entries.js';
import { groupOrder, type KeyFilter, KeyTable } from './key-table.js';

/** An immutable grouping of entries by key. */
export class EntryGroups {
  /** The entries grouped by key, strongest first within a group. */
  readonly #entries: readonly IndexEntry[];
  /** Entries of group g are `[#starts[g], #starts[g + 1])`. */
  readonly #starts: Int32Array;
  readonly #keys: KeyTable;

  /** `keys[k]` is the key of `entries[k]`; entries of equal priority keep their order. */
  constructor(entries: readonly IndexEntry[], keys: Int32Array) {
    const groups = new Int32Array(entries.length);
    const counts: number[] = [];
    this.#keys = new KeyTable(keys, groups, counts);
    const { starts, order } = groupOrder(groups, counts);
    // Stable: each group keeps the order of `entries`, so (for entries in file order) a stable
    // sort by priority alone puts it strongest first: priority descending, then line ascending.
    const grouped = new Array<IndexEntry>(entries.length);
    for (let k = 0; k < entries.length; k++) grouped[k] = entries[order[k]!]!;
    for (let g = 0; g < counts.length; g++) sortByStrength(grouped, starts[g]!, starts[g + 1]!);
    this.#entries = grouped;
    this.#starts = starts;
  }

  /** Number of groups (distinct keys). */
  get keyFilter(): KeyFilter {
    return this.#keys.keyFilter;
  }

  get size(): number {
    return this.#keys.size;
  }

  /** The group of `key`, or −1. */
  find(key: number): number {
    return this.#keys.find(key);
  }

  /**
   * Tests a group's entries against `path`, strongest first, until one can beat neither best
   * (each entry's prefix is confirmed: equal keys do not mean equal prefixes).
   */
  scan(group: number, path: string, state: MatchState): void {
    scanEntries(this.#entries, this.#starts[group]!, this.#starts[group + 1]!, path, state);
  }
}
