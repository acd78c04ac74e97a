/**
 * A compiled rule set. A check must find, among all rules, the best matching allow and disallow
 * (RFC 9309 §2.2.2); the reference walks every rule for every URL. Here a small set is one list,
 * strongest first, scanned until no entry can beat what was found; a large set is split so that
 * a check only looks at rules that can match:
 *
 * - rules with a literal prefix longer than `/`: a {@link PrefixIndex} by that prefix (for a set
 *   read from a rule table, a {@link TablePrefixIndex}: rule numbers, not entries);
 * - wildcard rules with an empty or `/` prefix and a literal piece of 3 or more characters: a
 *   {@link TrigramIndex} by a trigram of that piece;
 * - the few others (`/*`, `/*a`, `*`): scanned on every check, strongest first.
 */

import type { BodyText } from '../parse/body.js';
import { RuleFlag, rulePattern } from '../parse/read-groups.js';
import { hashPrefix, nextHash, PrefixIndex } from './prefix-index.js';
import {
  type IndexEntry,
  indexRewriteOf,
  type MatchState,
  makeEntry,
  scanEntries,
  sortByStrength,
} from './rule-entry.js';
import {
  endsInIndexHtm,
  entriesOf,
  groupEnd,
  groupStart,
  RULE_SIZE,
  type RuleNumbers,
  ruleFlags,
  ruleLine,
  valueEnd,
  valueStart,
} from './rule-table.js';
import { type PrefixItems, TablePrefixIndex } from './table-prefix-index.js';
import { longestPiece, TrigramIndex } from './trigram-index.js';
import { WildcardProgram } from './wildcard-program.js';

/** Up to this many entries a plain scan beats building (and probing) the indexes. */
export const SMALL_SET = 24;

/**
 * Test settings, not part of the public API. `smallSet`: the size up to which a rule set is one
 * scanned list ({@link SMALL_SET}); tests set it to 0 to run the conformance and property suites
 * through the prefix and trigram indexes too (small reference files would otherwise never reach
 * them). `alwaysProgram`: every check of a set with wildcard entries leaves them to its
 * {@link WildcardProgram} at once, so that the same suites run through it too.
 */
export const ruleIndexing: { smallSet: number; alwaysProgram: boolean } = {
  smallSet: SMALL_SET,
  alwaysProgram: false,
};

/** A compiled rule set: the rules of one or more merged groups. */
export class RuleIndex {
  /** Entries scanned on every check (all of them in a small set), strongest first. */
  readonly #table: readonly IndexEntry[];
  readonly #prefixes: PrefixIndex | TablePrefixIndex | null;
  readonly #trigrams: TrigramIndex | null;
  /**
   * The wildcard entries (without repeats), in file order: what a {@link WildcardProgram} runs;
   * for a set read from a rule table, made when the program is (see {@link TableWildcards}).
   */
  readonly #wildcards: readonly IndexEntry[] | TableWildcards;
  /** Built on the first check that the indexes make costly (see {@link match}). */
  #program: WildcardProgram | null = null;
  /**
   * The memory of the entries and indexes, estimated from measured heap sizes: about 150 bytes
   * an entry (the object, its pattern and prefix, its slots in the tables), 64 a wildcard piece
   * and 8 a wildcard entry's place in the list above.
   */
  readonly #bytes: number;

  /**
   * `all`: the entries of the merged groups in file order (not modified); or, with `fromTable`
   * (see {@link indexRuleTable}), the entries of their wildcard rules with a short prefix only.
   */
  constructor(all: readonly IndexEntry[], fromTable: TableRules | null = null) {
    if (fromTable === null && all.length <= ruleIndexing.smallSet) {
      // Sorted in a copy, without repeated wildcard entries (see below; few entries: compared
      // pairwise).
      const table = withoutRepeats(all);
      this.#wildcards = table.filter((entry) => entry.pieces !== null);
      sortByStrength(table);
      this.#bytes = estimateBytes(table) + 8 * this.#wildcards.length;
      this.#table = table;
      this.#prefixes = null;
      this.#trigrams = null;
      return;
    }
    const tree: IndexEntry[] = [];
    const floating: IndexEntry[] = [];
    const wildcards: IndexEntry[] = [];
    // Sites repeat patterns (`/*.pdf$` in several groups merged for `*`), and a hostile file
    // repeats one thousands of times: of identical wildcard entries only the first can ever win
    // (same priority, earliest line), so keep just it. (A plain prefix is found by its hash and
    // costs its length to confirm; only wildcard entries cost searches of the path.)
    // Pattern → bit set of the entry kinds (allow or not, rewrite or not) already kept.
    let seen: Map<string, number> | undefined;
    for (const entry of all) {
      if (entry.pieces !== null) {
        const kind = 1 << ((entry.allow ? 2 : 0) + (entry.indexRewrite ? 1 : 0));
        seen ??= new Map();
        const kinds = seen.get(entry.pattern) ?? 0;
        if ((kinds & kind) !== 0) continue;
        seen.set(entry.pattern, kinds | kind);
        wildcards.push(entry);
      }
      if (entry.pieces === null || entry.prefix.length > 1) tree.push(entry);
      else floating.push(entry);
    }
    this.#wildcards = fromTable?.wildcards ?? wildcards;
    this.#bytes = estimateBytes(tree) + estimateBytes(floating) + 8 * wildcards.length;
    const hashed: IndexEntry[] = [];
    const table: IndexEntry[] = [];
    for (const entry of floating) (longestPiece(entry).length >= 3 ? hashed : table).push(entry);
    sortByStrength(table);
    // An exact-size copy: a pushed-to array keeps room for 17 entries, and the index keeps it.
    this.#table = table.slice();
    this.#prefixes = fromTable?.prefixes ?? (tree.length > 0 ? new PrefixIndex(tree) : null);
    this.#trigrams = hashed.length > 0 ? new TrigramIndex(hashed) : null;
  }

  /**
   * The memory the index retains, estimated: its entries and indexes (see `#bytes`), and the
   * wildcard program once a check has built it.
   */
  get estimatedBytes(): number {
    const prefixes = this.#prefixes;
    const wildcards = this.#wildcards;
    return (
      this.#bytes +
      (prefixes instanceof TablePrefixIndex ? prefixes.estimatedBytes : 0) +
      (wildcards instanceof TableWildcards ? wildcards.bytes : 0) +
      (this.#program?.bytes ?? 0)
    );
  }

  /**
   * Updates `state` with the best allow and disallow of this set that match `path` (the path of
   * `state.search`, which counts the work: a walk costs one unit per character).
   *
   * The indexes answer first. A check that they make cost more than a pass of the
   * {@link WildcardProgram} would (about two units a path character and one a wildcard entry)
   * is cut short there: the program (built on the first such check, and kept) decides the
   * wildcard entries, and the indexes, run again, the others. What the cut-short run found
   * stays: each is a match. So no check costs more than about twice what the cheaper of the two
   * ways costs, and a set whose checks stay cheap never builds the program.
   */
  match(path: string, state: MatchState): void {
    const search = state.search;
    const wildcards = this.#wildcards.length;
    if (wildcards === 0) {
      this.#matchIndexed(path, state);
      return;
    }
    if (!ruleIndexing.alwaysProgram) {
      const budget = search.budget;
      const limit = search.work + programAfter(path.length, wildcards);
      if (limit >= budget) {
        this.#matchIndexed(path, state);
        return;
      }
      search.budget = limit;
      this.#matchIndexed(path, state);
      search.budget = budget;
      if (search.work <= limit) return;
    }
    if (this.#program === null) {
      const wildcards =
        this.#wildcards instanceof TableWildcards
          ? this.#wildcards.entries()
          : this.#wildcards.slice();
      sortByStrength(wildcards);
      // Built once for the set, like the indexes: its cost, bounded by the patterns' length, is
      // not a check's.
      this.#program = new WildcardProgram(wildcards);
    }
    search.skipWildcards = true;
    this.#matchIndexed(path, state);
    search.skipWildcards = false;
    this.#program.match(path, state);
  }

  /** {@link match} through the indexes alone (wildcard entries too, unless the search skips them). */
  #matchIndexed(path: string, state: MatchState): void {
    if (this.#table.length > 0) {
      scanEntries(this.#table, 0, this.#table.length, path, state);
    }
    if (this.#prefixes === null && this.#trigrams === null) return;
    const search = state.search;
    search.work += path.length;
    if (search.work <= search.budget) this.#walk(path, state);
  }

  /**
   * One pass over the path's characters feeds both indexes: each prefix's hash to the prefix
   * index (up to its longest prefix), each trigram to the trigram index. Reading a character
   * costs more than either index's step, so they share it.
   */
  #walk(path: string, state: MatchState): void {
    const prefixes = this.#prefixes;
    let n = 1;
    let window = 0;
    // The trigram index holds wildcard entries only.
    const trigrams = state.search.skipWildcards ? null : this.#trigrams;
    const walk = trigrams === null ? 0 : trigrams.start();
    if (prefixes !== null) {
      const prefixEnd = Math.min(path.length, prefixes.longest);
      // The hash of each path prefix, as the index hashed the rule prefixes: from `start`'s
      // value, one `nextHash` step per character.
      let hash = prefixes.start(path, state);
      for (; n <= prefixEnd; n++) {
        const c = path.charCodeAt(n - 1);
        hash = nextHash(hash, c);
        prefixes.at(n, c, hash, path, state);
        if (trigrams !== null) {
          window = (window << 8) | c;
          if (n >= 3) trigrams.at(window, walk, path, state);
        }
      }
    }
    if (trigrams === null) return;
    for (; n <= path.length; n++) {
      window = (window << 8) | path.charCodeAt(n - 1);
      if (n >= 3) trigrams.at(window, walk, path, state);
    }
  }
}

/**
 * Work after which a check leaves the wildcard entries to the program: about what the program's
 * pass costs (a few units a path character for the automaton and the sort, one a wildcard entry
 * visited), and at least 4,096, so that ordinary checks never switch.
 */
function programAfter(pathLength: number, wildcards: number): number {
  return 4 * pathLength + wildcards + 4096;
}

/** `entries` without the wildcard entries that repeat an earlier one's pattern and kind. */
function withoutRepeats(entries: readonly IndexEntry[]): IndexEntry[] {
  let kept: IndexEntry[] | null = null;
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k]!;
    let repeat = false;
    if (entry.pieces !== null) {
      for (let j = 0; j < k && !repeat; j++) {
        const other = entries[j]!;
        repeat =
          other.pattern === entry.pattern &&
          other.allow === entry.allow &&
          other.indexRewrite === entry.indexRewrite;
      }
    }
    if (repeat) kept ??= entries.slice(0, k);
    else kept?.push(entry);
  }
  return kept === null ? entries.slice() : kept.slice();
}

/** See {@link RuleIndex.estimatedBytes}. */
function estimateBytes(entries: readonly IndexEntry[]): number {
  let bytes = 256;
  for (const entry of entries) bytes += 150 + 64 * (entry.pieces?.length ?? 0);
  return bytes;
}

/** What {@link indexRuleTable} gives the index besides the entries it made. */
interface TableRules {
  readonly prefixes: TablePrefixIndex | null;
  readonly wildcards: TableWildcards;
}

/**
 * The wildcard entries of a set read from a rule table, for its {@link WildcardProgram}: counted
 * when the set is indexed, made (as {@link entriesOf} makes them) only when a check builds the
 * program, which keeps them.
 */
class TableWildcards {
  readonly #body: BodyText;
  readonly #rules: RuleNumbers;
  readonly #groups: readonly number[];
  readonly #rfc9309: boolean;
  /** Their number, without repeats. */
  readonly length: number;
  /** The bytes of the entries made (see `estimateBytes`), 0 until they are. */
  bytes = 0;

  constructor(
    body: BodyText,
    rules: RuleNumbers,
    groups: readonly number[],
    rfc9309: boolean,
    length: number,
  ) {
    this.#body = body;
    this.#rules = rules;
    this.#groups = groups;
    this.#rfc9309 = rfc9309;
    this.length = length;
  }

  /** The entries, in file order, without repeats (as the `RuleIndex` constructor keeps them). */
  entries(): IndexEntry[] {
    const wildcards: IndexEntry[] = [];
    const seen = new Map<string, number>();
    for (const entry of entriesOf(this.#body, this.#rules, this.#groups, this.#rfc9309)) {
      if (entry.pieces === null) continue;
      const kind = 1 << ((entry.allow ? 2 : 0) + (entry.indexRewrite ? 1 : 0));
      const kinds = seen.get(entry.pattern) ?? 0;
      if ((kinds & kind) !== 0) continue;
      seen.set(entry.pattern, kinds | kind);
      wildcards.push(entry);
    }
    this.bytes = estimateBytes(wildcards);
    return wildcards;
  }
}

/**
 * The index of the rules of `groups` (ascending) of the table `rules` of `body`: a small set as
 * entries ({@link entriesOf}); a larger one with its rules filed by prefix kept as rule numbers
 * ({@link TablePrefixIndex}: a few bytes a rule, where an entry costs about 150), and only its
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
  if (count <= RULE_SIZE * ruleIndexing.smallSet)
    return new RuleIndex(entriesOf(body, rules, groups, rfc9309));
  const text = body.text;
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
  // As in the RuleIndex constructor: of identical wildcard patterns of a kind, the first only.
  let seen: Map<string, number> | undefined;
  let wildcards = 0;
  let group = 0;
  let line = 0;
  let allow = false;
  /**
   * Files the pattern `pattern[start, end)` of the rule at `r` (its `index.html` rewrite with
   * `rewrite`; the text as written unless `special`).
   */
  const add = (
    pattern: string,
    start: number,
    end: number,
    r: number,
    rewrite: boolean,
    special: boolean,
  ): void => {
    const anchored = end > start && pattern.charCodeAt(end - 1) === 0x24;
    const literalEnd = anchored ? end - 1 : end;
    let star = start;
    while (star < literalEnd && pattern.charCodeAt(star) !== 0x2a) star++;
    if (star < literalEnd) {
      const whole = pattern.slice(start, end);
      const kind = 1 << ((allow ? 2 : 0) + (rewrite ? 1 : 0));
      seen ??= new Map();
      const kinds = seen.get(whole) ?? 0;
      if ((kinds & kind) !== 0) return;
      seen.set(whole, kinds | kind);
      wildcards++;
      if (star - start <= 1) {
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
    items.hashes.push(hashPrefix(pattern, start, star));
    items.priorities.push(end - start);
    items.lengths.push(star - start);
    items.lastChars.push(star > start ? pattern.charCodeAt(star - 1) : 0);
  };
  for (group of groups) {
    const last = groupEnd(rules, group);
    for (let r = groupStart(rules, group); r < last; r += RULE_SIZE) {
      const flags = ruleFlags(rules, r);
      line = ruleLine(rules, r);
      allow = (flags & RuleFlag.allow) !== 0;
      let pattern = text;
      let start = valueStart(rules, r);
      let end = valueEnd(rules, r);
      if ((flags & RuleFlag.escaped) !== 0) {
        pattern = rulePattern(text.slice(start, end), flags, body.utf16, rfc9309);
        start = 0;
        end = pattern.length;
      }
      add(pattern, start, end, r, false, pattern !== text);
      // Google-specific: an allow of `…/index.htm…` also allows its directory (`indexRewriteOf`).
      if (allow && endsInIndexHtm(pattern, start, end)) {
        const rewritten = indexRewriteOf(pattern.slice(start, end))!;
        add(rewritten, 0, rewritten.length, r, true, true);
      }
    }
  }
  const prefixes = items.ids.length > 0 ? new TablePrefixIndex(body, rules, rfc9309, items) : null;
  return new RuleIndex(short, {
    prefixes,
    wildcards: new TableWildcards(body, rules, groups, rfc9309, wildcards),
  });
}
