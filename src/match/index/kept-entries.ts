/**
 * The entries a table index keeps. An index of rule numbers (`TablePrefixIndex`,
 * `TableTrigramIndex`) makes an entry only for a rule a check must match further or that wins;
 * the last few made are kept here, direct-mapped by item number, so that the rules a site's
 * URLs keep reaching are not made again on every check.
 *
 * Filled during checks of a set indexed by rule numbers.
 */

import type { BodyText } from '../../parse/body.js';
import type { IndexEntry } from '../rule-entry.js';
import { type RuleNumbers, ruleEntry, ruleLine } from '../rule-table.js';

export class KeptEntries {
  readonly #body: BodyText;
  readonly #rules: RuleNumbers;
  readonly #rfc9309: boolean;
  /** The entry of item `item` is at `item & (#slots.length - 1)` (a power of two of slots). */
  readonly #slots: (IndexEntry | undefined)[];
  /** Slots filled. */
  #filled = 0;

  /** `slots`: a power of two. */
  constructor(body: BodyText, rules: RuleNumbers, rfc9309: boolean, slots: number) {
    this.#body = body;
    this.#rules = rules;
    this.#rfc9309 = rfc9309;
    this.#slots = new Array(slots);
  }

  /** The entry of item number `item`, the rule at `r` (its `index.html` rewrite with `rewrite`). */
  get(item: number, r: number, rewrite: boolean): IndexEntry {
    const slot = item & (this.#slots.length - 1);
    const kept = this.#slots[slot];
    // One rule a line (and its rewrite): the line and kind name the item.
    if (
      kept !== undefined &&
      kept.line === ruleLine(this.#rules, r) &&
      kept.indexRewrite === rewrite
    ) {
      return kept;
    }
    const entry = ruleEntry(this.#body, this.#rules, r, rewrite, this.#rfc9309);
    if (kept === undefined) this.#filled++;
    this.#slots[slot] = entry;
    return entry;
  }

  /** An estimate of the bytes retained: the slots, and `entryBytes` an entry kept. */
  estimatedBytes(entryBytes: number): number {
    return 8 * this.#slots.length + this.#filled * entryBytes;
  }
}
