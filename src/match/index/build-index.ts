/**
 * Builds a rule set's index: the rules filed by literal prefix ({@link PrefixIndex}) and the
 * wildcard rules with an empty or one-character prefix, trigram-filed or scanned
 * ({@link TrigramIndex}), as rule numbers over a rule table (`kept-entries.ts`): a parsed file's
 * (`indexSteps`: no entry is made up front, those whose pattern differs from their text,
 * escaped or rewritten, included), or one made for a list of entries (`indexEntries`, for
 * `compileRules`). A set of up to `SMALL_SET` rules is one scanned list of entries instead.
 *
 * Runs once per set, on the check that first indexes it (for a list, when it is compiled).
 */

import type { BodyText } from '../../parse/body.js';
import { FNV_OFFSET, fnv1a, smallHash } from '../../util/fnv.js';
import { IntList } from '../../util/int-list.js';
import { type BuildSteps, buildAtOnce, charge } from '../build-steps.js';
import { type IndexEntry, makeEntry } from '../rule-entry.js';
import {
  ruleCount as countRules,
  groupEnd,
  groupStart,
  type PatternVisitor,
  type RuleNumbers,
  ruleAt,
  ruleAtLine,
  ruleEntry,
  ruleNumber,
  ruleSize,
  valueLength,
  valueStart,
  visitRule,
} from '../rule-table.js';
import { PieceReader } from '../wildcard/program-build.js';
import { fileSource, listSource, type RuleSource } from './kept-entries.js';
import { listSteps, RULE_UNITS } from './list-steps.js';
import { HASH_SEED, mix, nextHash } from './prefix-hash.js';
import { PrefixIndex, type PrefixItems } from './prefix-index.js';
import {
  estimateBytes,
  type LazyWildcards,
  RuleIndex,
  repeats,
  ruleIndexing,
} from './rule-index.js';
import {
  type TrigramIndex,
  trigramKey,
  trigramSteps,
  type WildcardItems,
} from './trigram-index.js';

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
 * `PrefixIndex`), `list[0, count)`: one list a build (builds run in slices, side by side).
 */
class ProperPrefixes {
  list: Int32Array = new Int32Array(1024);
  count = 0;

  /** A list of at least `size` numbers, with the first `count` kept. */
  grow(size: number): Int32Array {
    let length = this.list.length;
    while (length < size) length *= 2;
    const list = new Int32Array(length);
    list.set(this.list.subarray(0, this.count));
    this.list = list;
    return list;
  }
}

/**
 * The index of the rules of `groups` (ascending) of the table `rules` of `body`: a set of up to
 * `SMALL_SET` rules as a scanned list of entries ({@link listSteps}); a larger one as rule
 * numbers (a few bytes a rule, where an entry costs about 200), its wildcard entries made only
 * if a check builds the set's wildcard program. With `programNow` (the set's scans showed that
 * a check through the indexes would be cut short for the program), no trigram index is built
 * for the short-prefix wildcard rules the program decides (`compile.ts`'s `setSteps` builds it
 * next). In counted steps (`build-steps.ts`), a rule read at a time: `compile.ts` runs them at
 * once or a slice a check.
 */
export function* indexSteps(
  body: BodyText,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
  programNow: boolean,
): BuildSteps<RuleIndex> {
  let count = 0;
  for (const group of groups) count += groupEnd(rules, group) - groupStart(rules, group);
  if (count <= ruleSize(rules) * ruleIndexing.smallSet)
    return yield* listSteps(body, rules, groups, rfc9309);
  const build = new IndexBuild(rules, body.text, programNow, count);
  yield* visitPatterns(
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
  return yield* build.finish(fileSource(body, rules, rfc9309), lazy, 0);
}

/**
 * Visits the patterns of the rules of `groups` (ascending) in file order, as `forEachPattern`
 * does (escaped as a check matches them, with their `index.html` rewrites), charging each rule
 * read (`RULE_UNITS` and its value's characters) and yielding when a slice's quota is spent.
 */
function* visitPatterns(
  body: BodyText,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
  visit: PatternVisitor,
): BuildSteps<void> {
  const size = ruleSize(rules);
  for (const group of groups) {
    const last = groupEnd(rules, group);
    for (let r = groupStart(rules, group); r < last; r += size) {
      const chars = visitRule(body, rules, r, group, rfc9309, visit);
      if (charge(RULE_UNITS + chars)) yield;
    }
  }
}

/**
 * The index of `entries` (in file order, not modified): up to `SMALL_SET` of them a scanned
 * list; more filed as the rules of a parsed file are, by their numbers in a table made for them
 * (`listSource`), each rule's pattern, priority and kind its entry's.
 */
export function indexEntries(entries: readonly IndexEntry[]): RuleIndex {
  if (entries.length <= ruleIndexing.smallSet) return RuleIndex.scanned(entries);
  const source = listSource(entries);
  const build = new IndexBuild(source.rules, null, false, entries.length);
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
  return buildAtOnce(build.finish(source, wildcards, bytes));
}
/** Build units an item of the prefix index costs (`IndexBuild.finish`). */
const INDEX_ITEM_UNITS = 16;
/**
 * Build units an item of the trigram index costs past `trigramSteps`' own: its key table, filter
 * and groups, one step (0.3–1 ms warm for 10,708 items, seed 1's `early` σ 2, at load 8).
 */
const TRIGRAM_ITEM_UNITS = 12;

/** The items of one index build, filed as {@link IndexBuild.add} is given the set's patterns. */
class IndexBuild {
  readonly #rules: RuleNumbers;
  readonly #ruleCount: number;
  /** Wildcard patterns seen, for repeats (see `PatternSet`). */
  readonly #seen: PatternSet;
  /** The items of each index, a list a field (see `WildcardItems`, `PrefixItems`). */
  readonly #floating = {
    ids: new IntList(),
    specials: new IntList(),
    firsts: new IntList(),
    keys: new IntList(),
    priorities: new IntList(),
  };
  readonly #items: { readonly [field in keyof PrefixItems]: IntList };
  /**
   * The set's wildcard program is built right after the index (see `indexSteps`): the
   * short-prefix wildcard rules, which it decides, are counted, not filed.
   */
  readonly #programNow: boolean;
  /** The proper prefixes' hashes (see `ProperPrefixes`). */
  readonly #extended = new ProperPrefixes();
  /** Wildcard patterns filed (repeats left out), and their characters. */
  wildcards = 0;
  wildcardBytes = 0;

  /** A build of the rules of `rules` (`count` of them: room for as many prefix items). */
  constructor(rules: RuleNumbers, text: string | null, programNow: boolean, count: number) {
    this.#items = {
      ids: new IntList(count),
      specials: new IntList(),
      hashes: new IntList(count),
      priorities: new IntList(count),
      lengths: new IntList(count),
      lastChars: new IntList(count),
    };
    this.#programNow = programNow;
    this.#rules = rules;
    this.#seen = new PatternSet(text);
    this.#ruleCount = countRules(rules);
  }

  /**
   * Files `pattern[start, end)`, of the rule at `r` (as its `index.html` rewrite, numbered apart,
   * with `special`), of this kind and priority; returns whether it is a wildcard pattern filed.
   * Sites repeat patterns (`/*.pdf$` in groups merged for `*`), a hostile file thousands of times:
   * of identical wildcard patterns of a kind (allow or not, `rewrite` or not) only the first can
   * ever win (same priority, earliest line), so with `dedupe` only it is filed.
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
    const extended = this.#extended;
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
      if (dedupe && this.#seen.repeats(pattern, start, end, allow, rewrite)) return false;
      this.wildcards++;
      this.wildcardBytes += end - start;
      if (prefixEnd - start <= 1) {
        if (this.#programNow) return true;
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
  *finish(
    source: RuleSource,
    wildcards: readonly IndexEntry[] | LazyWildcards,
    bytes: number,
  ): BuildSteps<RuleIndex> {
    const lists = this.#items;
    const items: PrefixItems = {
      ids: lists.ids.items,
      specials: lists.specials.items,
      hashes: lists.hashes.items,
      priorities: lists.priorities.items,
      lengths: lists.lengths.items,
      lastChars: lists.lastChars.items,
    };
    const extended = this.#extended;
    // Each index built in one step, charged by its items (typed arrays' loops and a sort).
    const prefixes =
      items.ids.length > 0 ? new PrefixIndex(source, items, extended.list, extended.count) : null;
    if (charge(INDEX_ITEM_UNITS * items.ids.length)) yield;
    const f = this.#floating;
    const floatingItems: WildcardItems = {
      ids: f.ids.items,
      specials: f.specials.items,
      firsts: f.firsts.items,
      keys: f.keys.items,
      priorities: f.priorities.items,
    };
    let floating: TrigramIndex | null = null;
    if (f.ids.length > 0) floating = yield* trigramSteps(source, floatingItems);
    if (charge(TRIGRAM_ITEM_UNITS * f.ids.length)) yield;
    const programNow = this.#programNow && this.wildcards > 0;
    return RuleIndex.indexed({ prefixes, floating, wildcards, programNow }, bytes);
  }
}

/**
 * The wildcard rules of a set read from a rule table, for its `WildcardProgram`: read (the
 * patterns {@link entriesOf} would make entries of) only when a check builds the program, into
 * a `PieceReader`'s typed arrays, no entry made; the program keeps numbers and makes the entry
 * of a rule that wins.
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

  *read(): BuildSteps<PieceReader> {
    const text = this.#body.text;
    const rules = this.#rules;
    // Room for every wildcard rule and, as most have one `*`, two pieces each.
    const reader = new PieceReader(this.length, 2 * this.length);
    const seen = new PatternSet(text);
    const visit: PatternVisitor = (pattern, start, end, r, rewrite, _s, _g, line, allow) => {
      const prefixEnd = literalEnd(pattern, start, end);
      if (!isWildcard(pattern, end, prefixEnd)) return;
      if (seen.repeats(pattern, start, end, allow, rewrite)) return;
      // Where its characters are in the text: in place, or its value as written when an
      // escaped pattern is that.
      let at = -1;
      if (pattern === text) at = start;
      else if (!rewrite) {
        const from = valueStart(rules, r);
        if (valueLength(rules, r) === end - start && text.startsWith(pattern, from)) at = from;
      }
      // Its pieces hashed and looked up, a string made only for a piece not read before.
      charge(reader.add(pattern, start, end, line, allow, rewrite, end - start, at));
    };
    yield* visitPatterns(this.#body, rules, this.#groups, this.#rfc9309, visit);
    return reader;
  }
}

/**
 * The seed of {@link PatternSet}'s hash, drawn once per process: a file cannot choose patterns
 * (found offline) that share one slot.
 */
const PATTERN_SEED: number = (Math.random() * 0x100000000) | 0;

/**
 * The wildcard patterns a build has seen, for repeats (`repeats`: of identical patterns of a
 * kind only the first can win): those in the body's text by a seeded FNV-1a of their characters
 * in an open-addressing table, compared in place with no string made (a `Map` of slices cost a
 * 500 KiB file's build about 20 ms); others (escaped, rewritten, a list's) by string in a `Map`.
 * One in the text and an equal one outside are both kept: it costs work, never an answer.
 */
class PatternSet {
  readonly #text: string | null;
  /** Per pattern seen in the text: where it starts and ends there, its kinds' bits, its hash. */
  readonly #starts = new IntList();
  readonly #ends = new IntList();
  readonly #kinds = new IntList();
  readonly #hashes = new IntList();
  /** Per slot, a pattern's number + 1 (0: empty); at most half full. */
  #slots = new Int32Array(256);
  #shift = 32 - 8;
  readonly #others = new Map<string, number>();

  constructor(text: string | null) {
    this.#text = text;
  }

  /** Whether `pattern[start, end)` of this kind was seen, recording it if not. */
  repeats(pattern: string, start: number, end: number, allow: boolean, rewrite: boolean): boolean {
    const text = this.#text;
    if (pattern !== text || text === null) {
      return repeats(this.#others, pattern.slice(start, end), allow, rewrite);
    }
    const kind = 1 << ((allow ? 2 : 0) + (rewrite ? 1 : 0));
    const h = smallHash(fnv1a(text, PATTERN_SEED ^ FNV_OFFSET, start, end));
    const slots = this.#slots;
    const mask = slots.length - 1;
    let slot = Math.imul(h, 0x9e3779b1) >>> this.#shift;
    for (;;) {
      const held = slots[slot]!;
      if (held === 0) break;
      const k = held - 1;
      if (this.#hashes.list[k] === h && this.#sameAs(k, start, end)) {
        const kinds = this.#kinds.list[k]!;
        if ((kinds & kind) !== 0) return true;
        this.#kinds.list[k] = kinds | kind;
        return false;
      }
      slot = (slot + 1) & mask;
    }
    const k = this.#starts.length;
    this.#starts.push(start);
    this.#ends.push(end);
    this.#kinds.push(kind);
    this.#hashes.push(h);
    slots[slot] = k + 1;
    if (2 * this.#starts.length > slots.length) this.#grow();
    return false;
  }

  /** Whether the text's characters `[start, end)` are those of pattern `k`. */
  #sameAs(k: number, start: number, end: number): boolean {
    const text = this.#text!;
    const from = this.#starts.list[k]!;
    if (this.#ends.list[k]! - from !== end - start) return false;
    for (let i = 0; i < end - start; i++) {
      if (text.charCodeAt(from + i) !== text.charCodeAt(start + i)) return false;
    }
    return true;
  }

  /** Doubles the table, placing each pattern again. */
  #grow(): void {
    const slots = new Int32Array(2 * this.#slots.length);
    const shift = this.#shift - 1;
    const mask = slots.length - 1;
    const hashes = this.#hashes.list;
    for (let k = 0; k < this.#hashes.length; k++) {
      let slot = Math.imul(hashes[k]!, 0x9e3779b1) >>> shift;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = k + 1;
    }
    this.#slots = slots;
    this.#shift = shift;
  }
}
