/**
 * A rule set's index made from the rule table (`RuleTable`) rather than from entries: the rules
 * filed by literal prefix ({@link TablePrefixIndex}) and the wildcard rules with an empty or
 * one-character prefix, trigram-filed or scanned ({@link TableTrigramIndex}), stay rule numbers,
 * those whose pattern differs from their text (escaped, rewritten) included: no entry is made up
 * front.
 *
 * Runs once per set of a parsed file, on the check that first indexes it.
 */

import type { BodyText } from '../../parse/body.js';
import { type IndexEntry, makeEntry } from '../rule-entry.js';
import {
  ruleCount as countRules,
  entriesOf,
  forEachPattern,
  groupEnd,
  groupStart,
  type PatternVisitor,
  type RuleNumbers,
  ruleAtLine,
  ruleEntry,
  ruleNumber,
  ruleSize,
} from '../rule-table.js';
import { HASH_SEED, mix, nextHash } from './prefix-index.js';
import { type LazyWildcards, RuleIndex, repeats, ruleIndexing } from './rule-index.js';
import { type PrefixItems, TablePrefixIndex } from './table-prefix-index.js';
import { TableTrigramIndex, trigramKey, type WildcardItems } from './table-trigram-index.js';

/** Where a pattern's literal prefix ends: its first `*` before a final `$`, or that end. */
export function literalEnd(pattern: string, start: number, end: number): number {
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
 * The mixed hashes of the proper prefixes of the literal prefixes a build files (see
 * `TablePrefixIndex`), `list[0, count)`: one list for every build, which runs to its end before
 * another starts (a large one is let go after it).
 */
const extended = {
  list: new Int32Array(1024) as Int32Array,
  count: 0,
  /** A list of at least `size` numbers, with the first `count` kept. */
  grow(size: number): Int32Array {
    let length = this.list.length;
    while (length < size) length *= 2;
    const list = new Int32Array(length);
    list.set(this.list.subarray(0, this.count));
    this.list = list;
    return list;
  },
  release(): void {
    this.count = 0;
    if (this.list.length > 1 << 14) this.list = new Int32Array(1024);
  },
};

/**
 * The index of the rules of `groups` (ascending) of the table `rules` of `body`: a set of up to
 * `TABLE_SET` rules as entries ({@link entriesOf}); a larger one with its rules filed by prefix kept as rule numbers
 * ({@link TablePrefixIndex}: a few bytes a rule, where an entry costs about 200), and its
 * wildcard rules with an empty or one-character prefix as rule numbers too
 * ({@link TableTrigramIndex}). The same answers, and the same work, as
 * `new RuleIndex(entriesOf(body, rules, groups, rfc9309))`.
 */
export function indexRuleTable(
  body: BodyText,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
): RuleIndex {
  let count = 0;
  for (const group of groups) count += groupEnd(rules, group) - groupStart(rules, group);
  if (count <= ruleSize(rules) * Math.max(ruleIndexing.smallSet, ruleIndexing.tableSet)) {
    return new RuleIndex(entriesOf(body, rules, groups, rfc9309));
  }
  const floating: WildcardItems = {
    ids: [],
    specials: [],
    firsts: [],
    keys: [],
    priorities: [],
  };
  const items: PrefixItems = {
    ids: [],
    specials: [],
    hashes: [],
    priorities: [],
    lengths: [],
    lastChars: [],
  };
  extended.count = 0;
  const ruleCount = countRules(rules);
  const seen = new Map<string, number>();
  let wildcards = 0;
  let wildcardBytes = 0;
  forEachPattern(
    body,
    rules,
    groups,
    rfc9309,
    (pattern, start, end, r, rewrite, special, _group, _line, allow) => {
      // One pass over the literal prefix (up to its first `*` before a final `$`): its hash, as
      // a check computes it (`hashPrefix`), and the mixed hash of each
      // prefix of it (`mix`), for the prefix index's filter of proper prefixes, kept in
      // `extended` but for the whole prefix's (dropped below, with all of them if the rule is
      // not the prefix index's).
      const last = end > start && pattern.charCodeAt(end - 1) === 0x24 ? end - 1 : end;
      const mark = extended.count;
      let list = extended.list;
      if (list.length < mark + (last - start)) list = extended.grow(mark + (last - start));
      let hash = HASH_SEED;
      let prefixEnd = start;
      for (; prefixEnd < last; prefixEnd++) {
        const c = pattern.charCodeAt(prefixEnd);
        if (c === 0x2a) break;
        hash = nextHash(hash, c);
        list[mark + prefixEnd - start] = mix(hash);
      }
      if (prefixEnd < last) {
        const whole = pattern.slice(start, end);
        if (repeats(seen, whole, allow, rewrite)) return;
        wildcards++;
        wildcardBytes += end - start;
        if (prefixEnd - start <= 1) {
          if (rewrite) {
            floating.ids.push(ruleCount + floating.specials.length);
            floating.specials.push(ruleNumber(rules, r));
            floating.firsts.push(prefixEnd > start ? pattern.charCodeAt(start) : -1);
          } else {
            floating.ids.push(ruleNumber(rules, r));
          }
          floating.keys.push(trigramKey(pattern, start, end, prefixEnd));
          floating.priorities.push(end - start);
          return;
        }
      }
      if (rewrite) {
        items.ids.push(ruleCount + items.specials.length);
        const wildcard = isWildcard(pattern, end, prefixEnd);
        items.specials.push(2 * ruleNumber(rules, r) + (wildcard ? 1 : 0));
      } else {
        items.ids.push(ruleNumber(rules, r));
      }
      if (prefixEnd - start > 1) extended.count = mark + prefixEnd - start - 1;
      items.hashes.push(hash);
      items.priorities.push(end - start);
      items.lengths.push(prefixEnd - start);
      items.lastChars.push(prefixEnd > start ? pattern.charCodeAt(prefixEnd - 1) : 0);
    },
  );
  const prefixes =
    items.ids.length > 0
      ? new TablePrefixIndex(body, rules, rfc9309, items, extended.list, extended.count)
      : null;
  extended.release();
  const short =
    floating.ids.length > 0 ? new TableTrigramIndex(body, rules, rfc9309, floating) : null;
  const lazy = new TableWildcards(body, rules, groups, rfc9309, wildcards, wildcardBytes);
  return new RuleIndex([], { prefixes, floating: short, wildcards: lazy });
}

/**
 * The wildcard entries of a set read from a rule table, for its `WildcardProgram`: made (as
 * {@link entriesOf} makes them) only when a check builds the program, which keeps numbers and
 * makes again the entry of a rule that wins.
 */
class TableWildcards implements LazyWildcards {
  readonly #body: BodyText;
  readonly #rules: RuleNumbers;
  readonly #groups: readonly number[];
  readonly #rfc9309: boolean;
  readonly length: number;
  readonly bytes: number;

  constructor(
    body: BodyText,
    rules: RuleNumbers,
    groups: readonly number[],
    rfc9309: boolean,
    length: number,
    bytes: number,
  ) {
    this.#body = body;
    this.#rules = rules;
    this.#groups = groups;
    this.#rfc9309 = rfc9309;
    this.length = length;
    this.bytes = bytes;
  }

  get rules(): RuleNumbers {
    return this.#rules;
  }

  get text(): string {
    return this.#body.text;
  }

  readonly entryAt = (line: number, rewrite: boolean): IndexEntry =>
    ruleEntry(this.#body, this.#rules, ruleAtLine(this.#rules, line), rewrite, this.#rfc9309);

  entries(): IndexEntry[] {
    const all: IndexEntry[] = [];
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
      if (!isWildcard(pattern, end, prefixEnd)) return;
      const whole = pattern.slice(start, end);
      if (!repeats(seen, whole, allow, rewrite))
        all.push(makeEntry(whole, allow, group, line, rewrite));
    };
    forEachPattern(this.#body, this.#rules, this.#groups, this.#rfc9309, visit);
    return all;
  }
}
