/**
 * Wildcard entries whose literal prefix is empty or `/` (`/*.pdf$`, `/*?sort=`) would be
 * candidates for every path. They are filed instead under one trigram of their longest literal
 * piece, which must occur in any path they match: a check slides over the path's trigrams and
 * tests only the entries filed under them.
 */

import { EntryGroups } from './entry-groups.js';
import type { IndexEntry, MatchState } from './rule-entry.js';

/** The trigram at `text[i, i + 3)` as one number (patterns are ASCII). */
function trigramAt(text: string, i: number): number {
  return (text.charCodeAt(i) << 16) | (text.charCodeAt(i + 1) << 8) | text.charCodeAt(i + 2);
}

/** The longest literal piece after the prefix: a substring every matching path contains. */
export function longestPiece(entry: IndexEntry): string {
  let longest = '';
  for (const piece of entry.pieces ?? []) if (piece.length > longest.length) longest = piece;
  return longest;
}

/** An immutable trigram index over entries that each have a literal piece of length ≥ 3. */
export class TrigramIndex {
  /** The entries grouped by the last trigram of their longest piece. */
  readonly #groups: EntryGroups;
  /**
   * Check number that last walked each group. A path can repeat a trigram many times; its
   * entries are tested once per check, or a file of rules sharing one trigram would cost
   * path length × rules on every check.
   */
  readonly #walked: Int32Array;
  #checks = 0;

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

  /** Updates `state` with the entries that match `path`. */
  match(path: string, state: MatchState): void {
    if (path.length < 3) return;
    const groups = this.#groups;
    const walked = this.#walked;
    // A check number per call. It never wraps: past 2^31 no stored Int32 can equal it, which
    // only turns the skip off.
    const check = ++this.#checks;
    // A sliding window: one new character per position instead of three. A path character
    // above 0xFF garbles only trigrams that contain it, and those cannot equal an ASCII key
    // except by a false candidate, which the full match rejects.
    let trigram = (path.charCodeAt(0) << 8) | path.charCodeAt(1);
    for (let p = 2; p < path.length; p++) {
      trigram = ((trigram << 8) | path.charCodeAt(p)) & 0xffffff;
      const group = groups.find(trigram);
      if (group < 0 || walked[group] === check) continue;
      walked[group] = check;
      groups.scan(group, path, state);
    }
  }
}
