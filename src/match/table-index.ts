/**
 * A rule set's index made from the rule table (`RuleTable`) rather than from entries: the rules
 * filed by literal prefix stay rule numbers ({@link TablePrefixIndex}), and the wildcard rules
 * with an empty or `/` prefix, trigram-filed or scanned, are the only entries made up front.
 */

import type { BodyText } from '../parse/body.js';
import { hashPrefix } from './prefix-index.js';
import { type IndexEntry, makeEntry } from './rule-entry.js';
import {
  estimateBytes,
  type LazyWildcards,
  RuleIndex,
  repeats,
  ruleIndexing,
} from './rule-index.js';
import {
  entriesOf,
  forEachPattern,
  groupEnd,
  groupStart,
  type PatternVisitor,
  RULE_SIZE,
  type RuleNumbers,
} from './rule-table.js';
import { type PrefixItems, TablePrefixIndex } from './table-prefix-index.js';

/** Where a pattern's literal prefix ends: its first `*` before a final `$`, or that end. */
function literalEnd(pattern: string, start: number, end: number): number {
  const last = end > start && pattern.charCodeAt(end - 1) === 0x24 ? end - 1 : end;
  let star = start;
  while (star < last && pattern.charCodeAt(star) !== 0x2a) star++;
  return star;
}

/** Whether a pattern has a `*` before a final `$`, given where its literal prefix ends. */
function isWildcard(pattern: string, end: number, prefixEnd: number): boolean {
  return prefixEnd < end && pattern.charCodeAt(prefixEnd) === 0x2a;
}

/**
 * The index of the rules of `groups` (ascending) of the table `rules` of `body`: a set of up to
 * `TABLE_SET` rules as entries ({@link entriesOf}); a larger one with its rules filed by prefix kept as rule numbers
 * ({@link TablePrefixIndex}: a few bytes a rule, where an entry costs about 180), and only its
 * wildcard rules with an empty or `/` prefix made into entries. The same answers, and the same
 * work, as `new RuleIndex(entriesOf(body, rules, groups, rfc9309))`.
 */
export function indexRuleTable(
  body: BodyText,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
): RuleIndex {
  let count = 0;
  for (const group of groups) count += groupEnd(rules, group) - groupStart(rules, group);
  if (count <= RULE_SIZE * Math.max(ruleIndexing.smallSet, ruleIndexing.tableSet)) {
    return new RuleIndex(entriesOf(body, rules, groups, rfc9309));
  }
  const short: IndexEntry[] = [];
  const items: PrefixItems = {
    ids: [],
    specials: [],
    hashes: [],
    priorities: [],
    lengths: [],
    lastChars: [],
  };
  const ruleCount = rules[rules.length - 1]! / RULE_SIZE;
  const seen = new Map<string, number>();
  let wildcards = 0;
  forEachPattern(
    body,
    rules,
    groups,
    rfc9309,
    (pattern, start, end, r, rewrite, special, group, line, allow) => {
      const prefixEnd = literalEnd(pattern, start, end);
      if (isWildcard(pattern, end, prefixEnd)) {
        const whole = pattern.slice(start, end);
        if (repeats(seen, whole, allow, rewrite)) return;
        wildcards++;
        if (prefixEnd - start <= 1) {
          short.push(makeEntry(whole, allow, group, line, rewrite));
          return;
        }
      }
      if (special) {
        items.ids.push(ruleCount + items.specials.length);
        items.specials.push(makeEntry(pattern.slice(start, end), allow, group, line, rewrite));
      } else {
        items.ids.push(r / RULE_SIZE);
      }
      items.hashes.push(hashPrefix(pattern, start, prefixEnd));
      items.priorities.push(end - start);
      items.lengths.push(prefixEnd - start);
      items.lastChars.push(prefixEnd > start ? pattern.charCodeAt(prefixEnd - 1) : 0);
    },
  );
  const prefixes = items.ids.length > 0 ? new TablePrefixIndex(body, rules, rfc9309, items) : null;
  const lazy = new TableWildcards(body, rules, groups, rfc9309, wildcards, short);
  return new RuleIndex(short, { prefixes, wildcards: lazy });
}

/**
 * The wildcard entries of a set read from a rule table, for its `WildcardProgram`: the short
 * ones are the index's own entries; those filed by prefix are made (as {@link entriesOf} makes
 * them) only when a check builds the program, which keeps them.
 */
class TableWildcards implements LazyWildcards {
  readonly #body: BodyText;
  readonly #rules: RuleNumbers;
  readonly #groups: readonly number[];
  readonly #rfc9309: boolean;
  /** The entries of the wildcard rules with an empty or `/` prefix, in file order. */
  readonly #short: readonly IndexEntry[];
  readonly length: number;
  bytes = 0;

  constructor(
    body: BodyText,
    rules: RuleNumbers,
    groups: readonly number[],
    rfc9309: boolean,
    length: number,
    short: readonly IndexEntry[],
  ) {
    this.#body = body;
    this.#rules = rules;
    this.#groups = groups;
    this.#rfc9309 = rfc9309;
    this.length = length;
    this.#short = short;
  }

  entries(): IndexEntry[] {
    const long: IndexEntry[] = [];
    const seen = new Map<string, number>();
    const visit: PatternVisitor = (
      pattern,
      start,
      end,
      _r,
      rewrite,
      _special,
      group,
      line,
      allow,
    ) => {
      const prefixEnd = literalEnd(pattern, start, end);
      if (!isWildcard(pattern, end, prefixEnd) || prefixEnd - start <= 1) return;
      const whole = pattern.slice(start, end);
      if (!repeats(seen, whole, allow, rewrite))
        long.push(makeEntry(whole, allow, group, line, rewrite));
    };
    forEachPattern(this.#body, this.#rules, this.#groups, this.#rfc9309, visit);
    this.bytes = estimateBytes(long);
    // Both lists in file order: merged by line, a rule before its rewrite.
    const short = this.#short;
    const all: IndexEntry[] = [];
    let i = 0;
    let j = 0;
    while (i < short.length || j < long.length) {
      const a = short[i];
      const b = long[j];
      const shortFirst =
        b === undefined ||
        (a !== undefined && (a.line < b.line || (a.line === b.line && !a.indexRewrite)));
      all.push(shortFirst ? a! : b!);
      if (shortFirst) i++;
      else j++;
    }
    return all;
  }
}
