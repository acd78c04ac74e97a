/**
 * A compiled rule set. A check must find, among all rules, the best matching allow and disallow
 * (RFC 9309 §2.2.2); the reference walks every rule for every URL. Here a small set is one list,
 * strongest first, scanned until no entry can beat what was found; a large set is split so that
 * a check only looks at rules that can match:
 *
 * - rules with a literal prefix longer than `/`: a {@link PrefixIndex} by that prefix;
 * - wildcard rules with an empty or `/` prefix and a literal piece of 3 or more characters: a
 *   {@link TrigramIndex} by a trigram of that piece;
 * - the few others (`/*`, `/*a`, `*`): scanned on every check, strongest first.
 */

import { PrefixIndex } from './prefix-index.js';
import {
  addEntries,
  byStrength,
  type IndexEntry,
  type MatchState,
  scanEntries,
} from './rule-entry.js';
import { longestPiece, TrigramIndex } from './trigram-index.js';
import type { Group } from './types.js';

export type { IndexEntry, MatchState } from './rule-entry.js';

/** Up to this many entries a plain scan beats building (and probing) the indexes. */
const SMALL_SET = 24;

/** A compiled rule set: the rules of one or more merged groups. */
export class RuleIndex {
  /** Entries scanned on every check (all of them in a small set), strongest first. */
  readonly #scanned: readonly IndexEntry[];
  readonly #prefixes: PrefixIndex | null;
  readonly #trigrams: TrigramIndex | null;

  constructor(groups: readonly Group[]) {
    const all: IndexEntry[] = [];
    for (const group of groups) {
      for (const rule of group.rules) addEntries(rule, group.index, all);
    }
    if (all.length <= SMALL_SET) {
      this.#scanned = all.sort(byStrength);
      this.#prefixes = null;
      this.#trigrams = null;
      return;
    }
    const tree: IndexEntry[] = [];
    let floating: IndexEntry[] = [];
    for (const entry of all) {
      (entry.pieces !== null && entry.prefix.length <= 1 ? floating : tree).push(entry);
    }
    // Sites repeat patterns (`/*.pdf$` in several groups merged for `*`): of identical floating
    // entries only the first can ever win (same priority, earliest line), so keep just it.
    floating.sort(byStrength);
    const distinct = new Set<string>();
    floating = floating.filter((e) => {
      const key = `${e.allow ? 'a' : 'd'}${e.indexRewrite ? 'r' : '-'}${e.rule.pattern}`;
      if (distinct.has(key)) return false;
      distinct.add(key);
      return true;
    });
    const hashed: IndexEntry[] = [];
    const scanned: IndexEntry[] = [];
    for (const entry of floating) (longestPiece(entry).length >= 3 ? hashed : scanned).push(entry);
    this.#scanned = scanned;
    this.#prefixes = tree.length > 0 ? new PrefixIndex(tree) : null;
    this.#trigrams = hashed.length > 0 ? new TrigramIndex(hashed) : null;
  }

  /** Updates `state` with the best allow and disallow of this set that match `path`. */
  match(path: string, state: MatchState): void {
    if (this.#scanned.length > 0) {
      scanEntries(this.#scanned, 0, this.#scanned.length, path, state, true);
    }
    if (this.#prefixes !== null) this.#prefixes.match(path, state);
    if (this.#trigrams !== null) this.#trigrams.match(path, state);
  }
}
