/**
 * Builds a rule set's index: the rules filed by literal prefix ({@link PrefixIndex}) and the
 * wildcard rules with an empty or one-character prefix, trigram-filed or scanned
 * ({@link TrigramIndex}), as rule numbers over a rule table (`kept-entries.ts`): a parsed file's
 * (`indexRuleTable`: no entry is made up front, those whose pattern differs from their text,
 * escaped or rewritten, included), or one made for a list of entries (`indexEntries`, for
 * `compileRules`). A set of up to `SMALL_SET` rules is one scanned list of entries instead.
 *
 * Runs once per set, on the check that first indexes it (for a list, when it is compiled).
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
  ruleAt,
  ruleAtLine,
  ruleEntry,
  ruleNumber,
  ruleSize,
} from '../rule-table.js';
import { fileSource, listSource, type RuleSource } from './kept-entries.js';
import { HASH_SEED, mix, nextHash } from './prefix-hash.js';
import { PrefixIndex, type PrefixItems } from './prefix-index.js';
import {
  estimateBytes,
  type LazyWildcards,
  RuleIndex,
  repeats,
  ruleIndexing,
} from './rule-index.js';
import { TrigramIndex, trigramKey, type WildcardItems } from './trigram-index.js';

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
 * `PrefixIndex`), `list[0, count)`: one list for every build, which runs to its end before
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
 * `SMALL_SET` rules as a scanned list of entries ({@link entriesOf}); a larger one as rule
 * numbers (a few bytes a rule, where an entry costs about 200), its wildcard entries made only
 * if a check builds the set's wildcard program.
 */
export function indexRuleTable(
  body: BodyText,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
): RuleIndex {
  let count = 0;
  for (const group of groups) count += groupEnd(rules, group) - groupStart(rules, group);
  if (count <= ruleSize(rules) * ruleIndexing.smallSet) {
    return RuleIndex.scanned(entriesOf(body, rules, groups, rfc9309));
  }
  const build = new IndexBuild(rules);
  forEachPattern(
    body,
    rules,
    groups,
    rfc9309,
    (pattern, start, end, r, rewrite, _special, _group, _line, allow) => {
      build.add(pattern, start, end, r, rewrite, allow, end - start, rewrite, true);
    },
  );
  const lazy = new TableWildcards(
    body,
    rules,
    groups,
    rfc9309,
    build.wildcards,
    build.wildcardBytes,
  );
  return build.finish(fileSource(body, rules, rfc9309), lazy, 0);
}

/**
 * The index of `entries` (in file order, not modified): up to `SMALL_SET` of them a scanned
 * list; more filed as the rules of a parsed file are, by their numbers in a table made for them
 * (`listSource`), each rule's pattern, priority and kind its entry's.
 */
export function indexEntries(entries: readonly IndexEntry[]): RuleIndex {
  if (entries.length <= ruleIndexing.smallSet) return RuleIndex.scanned(entries);
  const source = listSource(entries);
  const build = new IndexBuild(source.rules);
  const wildcards: IndexEntry[] = [];
  for (let k = 0; k < entries.length; k++) {
    const { pattern, allow, priority, indexRewrite } = entries[k]!;
    // A repeat with a priority of its own, which a caller may give, can win: kept.
    const dedupe = priority === pattern.length;
    const r = ruleAt(source.rules, k);
    if (build.add(pattern, 0, pattern.length, r, false, allow, priority, indexRewrite, dedupe)) {
      wildcards.push(entries[k]!);
    }
  }
  // The entries, and their table (a typed array: about 256 bytes and 4 a number).
  const bytes = estimateBytes(entries) + 256 + 4 * source.rules.length;
  return build.finish(source, wildcards, bytes);
}

/** The items of one index build, filed as {@link IndexBuild.add} is given the set's patterns. */
class IndexBuild {
  readonly #rules: RuleNumbers;
  readonly #ruleCount: number;
  /** Wildcard patterns seen, for repeats (see `repeats`). */
  readonly #seen = new Map<string, number>();
  readonly #floating: WildcardItems = {
    ids: [],
    specials: [],
    firsts: [],
    keys: [],
    priorities: [],
  };
  readonly #items: PrefixItems = {
    ids: [],
    specials: [],
    hashes: [],
    priorities: [],
    lengths: [],
    lastChars: [],
  };
  /** Wildcard patterns filed (repeats left out), and their characters. */
  wildcards = 0;
  wildcardBytes = 0;

  constructor(rules: RuleNumbers) {
    this.#rules = rules;
    this.#ruleCount = countRules(rules);
    extended.count = 0;
  }

  /**
   * Files `pattern[start, end)`, of the rule at `r` (as its `index.html` rewrite, numbered apart,
   * with `special`), of this kind and priority. Sites repeat patterns (`/*.pdf$` in several
   * groups merged for `*`), and a hostile file repeats one thousands of times: of identical
   * wildcard patterns of a kind (allow or not, `rewrite` or not) only the first can ever win
   * (same priority, earliest line), so with `dedupe` only it is filed. Returns whether the
   * pattern is a wildcard pattern filed.
   */
  add(
    pattern: string,
    start: number,
    end: number,
    r: number,
    special: boolean,
    allow: boolean,
    priority: number,
    rewrite: boolean,
    dedupe: boolean,
  ): boolean {
    const rules = this.#rules;
    const floating = this.#floating;
    const items = this.#items;
    // One pass over the literal prefix (up to its first `*` before a final `$`): its hash, as a
    // check computes it (`hashPrefix`), and the mixed hash of each prefix of it (`mix`), for the
    // prefix index's filter of proper prefixes, kept in `extended` but for the whole prefix's
    // (dropped below, with all of them if the rule is not the prefix index's).
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
    const wildcard = prefixEnd < last;
    if (wildcard) {
      if (dedupe && repeats(this.#seen, pattern.slice(start, end), allow, rewrite)) return false;
      this.wildcards++;
      this.wildcardBytes += end - start;
      if (prefixEnd - start <= 1) {
        if (special) {
          floating.ids.push(this.#ruleCount + floating.specials.length);
          floating.specials.push(ruleNumber(rules, r));
          floating.firsts.push(prefixEnd > start ? pattern.charCodeAt(start) : -1);
        } else {
          floating.ids.push(ruleNumber(rules, r));
        }
        floating.keys.push(trigramKey(pattern, start, end, prefixEnd));
        floating.priorities.push(priority);
        return true;
      }
    }
    if (special) {
      items.ids.push(this.#ruleCount + items.specials.length);
      items.specials.push(2 * ruleNumber(rules, r) + (isWildcard(pattern, end, prefixEnd) ? 1 : 0));
    } else {
      items.ids.push(ruleNumber(rules, r));
    }
    if (prefixEnd - start > 1) extended.count = mark + prefixEnd - start - 1;
    items.hashes.push(hash);
    items.priorities.push(priority);
    items.lengths.push(prefixEnd - start);
    items.lastChars.push(prefixEnd > start ? pattern.charCodeAt(prefixEnd - 1) : 0);
    return wildcard;
  }

  /**
   * The index of what was filed, over `source`; `wildcards` its wildcard entries (or how to make
   * them), `bytes` what it holds besides the indexes (a list's entries).
   */
  finish(
    source: RuleSource,
    wildcards: readonly IndexEntry[] | LazyWildcards,
    bytes: number,
  ): RuleIndex {
    const items = this.#items;
    const prefixes =
      items.ids.length > 0 ? new PrefixIndex(source, items, extended.list, extended.count) : null;
    extended.release();
    const floating =
      this.#floating.ids.length > 0 ? new TrigramIndex(source, this.#floating) : null;
    return RuleIndex.indexed({ prefixes, floating, wildcards }, bytes);
  }
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
