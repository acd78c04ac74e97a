/**
 * Builds a small set's index (up to `SMALL_SET` rules of a parsed file's table): one list of
 * entries, scanned at every check (`scan/entry-list.ts`), in counted steps (`build-steps.ts`).
 * Runs once per set, on the check that first indexes it (`build-index.ts`'s `indexSteps`).
 */

import type { BodyText } from '../../parse/body.js';
import { type BuildSteps, charge } from '../build-steps.js';
import { type IndexEntry, makeEntry } from '../rule-entry.js';
import {
  groupEnd,
  groupStart,
  type PatternVisitor,
  type RuleNumbers,
  ruleSize,
  visitRule,
} from '../rule-table.js';
import { RuleIndex } from './rule-index.js';

/**
 * Build units a rule read costs besides its value's characters (`visitPatterns`): its numbers,
 * the visit, its hash among the patterns seen.
 */
export const RULE_UNITS = 32;

/**
 * Build units a character of a small set's pattern costs its list (`listSteps`): the entry made
 * (the pattern cut into its pieces, each a string), then the list's pass over the entries (their
 * repeats, order and the characters they need, `RuleIndex.scanned`), charged a unit a character.
 */
const ENTRY_UNITS_PER_CHAR = 4;

/**
 * A small set's list of entries (see `indexSteps`), a rule's entry made at a time and charged
 * ({@link RULE_UNITS} and {@link ENTRY_UNITS_PER_CHAR} a character), then the list, charged a
 * unit a character of its patterns in one step: a set of up to `SMALL_SET` long rules (20 of
 * 16,664 characters, the most a line keeps) was made at once in the check that indexed it, its
 * 333,000 characters uncounted.
 */
export function* listSteps(
  body: BodyText,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
): BuildSteps<RuleIndex> {
  const entries: IndexEntry[] = [];
  const visit: PatternVisitor = (pattern, start, end, _r, rewrite, _s, group, line, allow) => {
    entries.push(makeEntry(pattern.slice(start, end), allow, group, line, rewrite));
  };
  const size = ruleSize(rules);
  let chars = 0;
  for (const group of groups) {
    const last = groupEnd(rules, group);
    for (let r = groupStart(rules, group); r < last; r += size) {
      const read = visitRule(body, rules, r, group, rfc9309, visit);
      chars += read;
      if (charge(RULE_UNITS + ENTRY_UNITS_PER_CHAR * read)) yield;
    }
  }
  const list = RuleIndex.scanned(entries);
  charge(chars);
  return list;
}
