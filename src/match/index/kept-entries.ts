/**
 * Where the indexes read their rules from, and how they get the entry of a rule. The indexes
 * hold rule numbers over a rule table ({@link RuleSource}): a parsed file's (`fileSource`: the
 * rules stay in the body's text, and an index makes an entry only for a rule a check must match
 * further or that wins; the last few made are kept here, direct-mapped by item number, so that
 * the rules a site's URLs keep reaching are not made again on every check), or one made for a
 * list of entries (`listSource`, for `compileRules`: every rule flagged as one whose pattern is
 * its entry's, which the list already holds).
 *
 * Sources are made when a set is indexed; entries are asked for during its checks.
 */

import type { BodyText } from '../../parse/body.js';
import { RuleFlag } from '../../parse/read-groups.js';
import { retainedChanged } from '../matcher.js';
import type { IndexEntry } from '../rule-entry.js';
import { COMPACT_RULE, type RuleNumbers, ruleEntry, ruleLine } from '../rule-table.js';

/** The entries of an index's rules, asked for by item number and place in the table. */
export interface RuleEntries {
  /** The entry of item number `item`, the rule at `r` (its `index.html` rewrite with `rewrite`). */
  get(item: number, r: number, rewrite: boolean): IndexEntry;
  /** An estimate of the bytes retained, with `entryBytes` an entry made and kept. */
  estimatedBytes(entryBytes: number): number;
}

/**
 * What an index reads its rules from: a text and a rule table over it (`RuleTable`: a rule's
 * line, kind and flags, where its value is), and the entries of its rules, for an index that
 * may keep up to `slots` of them made (a power of two).
 */
export interface RuleSource {
  readonly text: string;
  readonly rules: RuleNumbers;
  /** The characters of the rules' text: what an index's keys may cost is weighed against it. */
  readonly size: number;
  entries(slots: number): RuleEntries;
}

/** The rules of a parsed file's table, escaped as Google's reading (or RFC 9309's) escapes them. */
export function fileSource(body: BodyText, rules: RuleNumbers, rfc9309: boolean): RuleSource {
  return {
    text: body.text,
    rules,
    size: body.text.length,
    entries: (slots) => new KeptEntries(body, rules, rfc9309, slots),
  };
}

/** The entries a file's index made, the last few kept (see the file's comment). */
class KeptEntries implements RuleEntries {
  readonly #body: BodyText;
  readonly #rules: RuleNumbers;
  readonly #rfc9309: boolean;
  /** The entry of item `item` is at `item & (#slots.length - 1)` (a power of two of slots). */
  readonly #slots: (IndexEntry | undefined)[];
  /** Slots filled. */
  #filled = 0;

  constructor(body: BodyText, rules: RuleNumbers, rfc9309: boolean, slots: number) {
    this.#body = body;
    this.#rules = rules;
    this.#rfc9309 = rfc9309;
    this.#slots = new Array(slots);
  }

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
    if (kept === undefined) {
      this.#filled++;
      retainedChanged();
    }
    this.#slots[slot] = entry;
    return entry;
  }

  estimatedBytes(entryBytes: number): number {
    return 8 * this.#slots.length + this.#filled * entryBytes;
  }
}

/**
 * A rule table for `entries` (in file order), one group: each rule flagged `escaped`, so that an
 * index reads its pattern, priority and prefix from its entry (a list's priorities, groups and
 * rewrites are its caller's) and only its line and kind from the table. Compact and typed (8
 * bytes a rule: the value's number is unused). Lines must fit the table (an integer in
 * [0, 2^29): `compileRules` checks).
 */
export function listSource(entries: readonly IndexEntry[]): RuleSource {
  const end = COMPACT_RULE * entries.length;
  const rules = new Int32Array(end + 4);
  let size = 0;
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k]!;
    size += entry.pattern.length;
    rules[COMPACT_RULE * k] =
      (entry.line << 2) | RuleFlag.escaped | (entry.allow ? RuleFlag.allow : 0);
  }
  // The one group's start (0), where it ends, the numbers a rule takes, where the starts begin.
  rules.set([0, end, COMPACT_RULE, end], end);
  const list: RuleEntries = {
    // `r` is twice the rule's number (a compact table).
    get: (_item, r) => entries[r >> 1]!,
    // The entries are the list's, counted with it (`RuleIndex`).
    estimatedBytes: () => 0,
  };
  return { text: '', rules, size, entries: () => list };
}
