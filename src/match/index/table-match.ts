/**
 * How the prefix index (`PrefixIndex`) answers with a rule it keeps only as numbers: a check
 * that a plain rule matches needs its priority, line and kind, which the rule table holds, and
 * nothing of its text; its strings are made only if they are read (by an explanation).
 *
 * Runs at checks of a set indexed by rule numbers, when a plain rule wins.
 */

import { type IndexEntry, leadMaskOf, leadOf } from '../rule-entry.js';
import { groupOfRule, type RuleNumbers, ruleLine, valueEnd, valueStart } from '../rule-table.js';

/**
 * The best match of one kind (allow or disallow) that an index found among its plain rules
 * written as they match (no `*`, no escaping), as an entry. An index has one of each kind and
 * refills it when another of its rules becomes the best: a check's state holds at most one of
 * each, and is read before the next check.
 */
export class TableMatch implements IndexEntry {
  readonly allow: boolean;
  readonly indexRewrite = false;
  readonly pieces = null;
  // A plain rule: no tail, no piece.
  readonly tailEnd = -1;
  need = -1;
  priority = 0;
  line = 0;
  anchored = false;
  readonly #text: string;
  readonly #rules: RuleNumbers;
  /** The rule's first number in the table. */
  #r = 0;

  constructor(text: string, rules: RuleNumbers, allow: boolean) {
    this.#text = text;
    this.#rules = rules;
    this.allow = allow;
  }

  /** Makes this the match of the rule at `r` (its pattern, as written, ends with `$` if `anchored`). */
  set(r: number, anchored: boolean): this {
    this.#r = r;
    this.priority = valueEnd(this.#rules, r) - valueStart(this.#rules, r);
    this.line = ruleLine(this.#rules, r);
    this.anchored = anchored;
    return this;
  }

  get pattern(): string {
    return this.#text.slice(valueStart(this.#rules, this.#r), valueEnd(this.#rules, this.#r));
  }

  get prefix(): string {
    const pattern = this.pattern;
    return this.anchored ? pattern.slice(0, -1) : pattern;
  }

  get lead(): number {
    return leadOf(this.prefix) & this.leadMask;
  }

  get leadMask(): number {
    return leadMaskOf(this.prefix);
  }

  get group(): number {
    return groupOfRule(this.#rules, this.#r);
  }
}
