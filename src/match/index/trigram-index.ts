/**
 * Wildcard entries whose literal prefix is empty or `/` (`/*.pdf$`, `/*?sort=`) would be
 * candidates for every path. They are filed instead under one trigram of their longest literal
 * piece, which must occur in any path they match: a check slides over the path's trigrams
 * (`RuleIndex`) and tests only the entries filed under them.
 *
 * Built once per set of more than `SMALL_SET` entries; walked at every later check until the
 * set's wildcard program replaces it.
 */

import type { PathSearch } from '../path-search.js';
import type { IndexEntry, MatchState } from '../rule-entry.js';
import { EntryGroups } from './entry-groups.js';
import type { KeyFilter } from './key-table.js';

/** The trigram at `text[i, i + 3)` as one number (patterns are ASCII). */
export function trigramAt(text: string, i: number): number {
  return (text.charCodeAt(i) << 16) | (text.charCodeAt(i + 1) << 8) | text.charCodeAt(i + 2);
}

/** The longest literal piece after the prefix: a substring every matching path contains. */
export function longestPiece(entry: IndexEntry): string {
  let longest = '';
  for (const piece of entry.pieces ?? []) if (piece.length > longest.length) longest = piece;
  return longest;
}

/**
 * A trigram index over entries that each have a literal piece of length ≥ 3: its entries are
 * fixed; only the per-walk marks change.
 */
export class TrigramIndex {
  /** The entries grouped by the last trigram of their longest piece. */
  readonly #groups: EntryGroups;
  /**
   * Number of the walk that last tested each group. A path can repeat a trigram many times;
   * its entries are tested once per check, or a file of rules sharing one trigram would cost
   * path length × rules on every check.
   */
  readonly #walked: Int32Array;
  #walks = 0;

  /** `entries`: each with a piece of 3 or more characters, in file order. */
  constructor(entries: readonly IndexEntry[]) {
    const keys = new Int32Array(entries.length);
    for (let k = 0; k < entries.length; k++) {
      const piece = longestPiece(entries[k]!);
      keys[k] = trigramAt(piece, piece.length - 3);
    }
    this.#groups = new EntryGroups(entries, keys);
    this.#walked = new Int32Array(this.#groups.size);
  }

  /** The filter of its trigrams: a walk steps `at` only for a trigram that passes it. */
  get keyFilter(): KeyFilter {
    return this.#groups.keyFilter;
  }

  /** Where a walk's first key can start: anywhere (see `TableTrigramIndex.firstPlace`). */
  firstPlace(_path: string, _search: PathSearch): number {
    return 0;
  }

  /** Starts a walk; returns its number, which `at` takes. */
  start(): number {
    // It never wraps: past 2^31 no stored Int32 can equal it, which only turns the skip off.
    return ++this.#walks;
  }

  /**
   * One step of walk number `walk`: tests the entries filed under the trigram in the low 24
   * bits of `window` (the path's last three characters, 8 bits each). A path character above
   * 0xFF garbles only trigrams that contain it, and those cannot equal an ASCII key except by a
   * false candidate, which the full match rejects.
   */
  at(window: number, walk: number, path: string, state: MatchState): void {
    const group = this.#groups.find(window & 0xffffff);
    if (group < 0 || this.#walked[group] === walk) return;
    this.#walked[group] = walk;
    this.#groups.scan(group, path, state);
  }
}
