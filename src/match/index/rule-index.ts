/**
 * A compiled rule set. A check must find, among all rules, the best matching allow and disallow
 * (RFC 9309 §2.2.2); the reference walks every rule for every URL. Here a small set (up to
 * {@link SMALL_SET} rules) is one list of entries, strongest first, scanned until no entry can
 * beat what was found (`scan/entry-list.ts`); a larger one is indexed, as rule numbers over a
 * rule table (`build-index.ts`), so that a check only looks at rules that can match:
 *
 * - rules with a literal prefix longer than `/`, or no `*`: a {@link PrefixIndex} by that prefix;
 * - wildcard rules with an empty or one-character prefix: a {@link TrigramIndex} by a trigram of
 *   their longest literal piece, or, for the few without a piece of 3 characters (`/*`, `/*a`,
 *   `*`), scanned on every check, strongest first.
 *
 * Built when a set is first indexed (`compile.ts`); its `match` runs at every later check, and
 * hands the wildcard rules to the program once their checks have paid for it (`ProgramRent`).
 */

import { advance, type BuildSteps, buildAtOnce, sliceQuota } from '../build-steps.js';
import { retainedChanged } from '../matcher.js';
import { type IndexEntry, leadOf, type MatchState, sortByStrength } from '../rule-entry.js';
import type { RuleNumbers } from '../rule-table.js';
import {
  assignNeeds,
  bySecondChar,
  type PieceNeeds,
  scanList,
  withoutRepeats,
} from '../scan/entry-list.js';
import type { PieceReader } from '../wildcard/program-build.js';
import { layoutReadSteps, layoutSteps, type ProgramLayout } from '../wildcard/program-layout.js';
import { ProgramRent, patternBytes, programBuilds } from '../wildcard/program-rent.js';
import { type EntryMaker, WildcardProgram } from '../wildcard/wildcard-program.js';
import type { PREFIX_BIT, PROPER_BIT } from './prefix-hash.js';
import type { PrefixIndex } from './prefix-index.js';
import type { TrigramIndex } from './trigram-index.js';

/**
 * Up to this many rules a set is one scanned list of entries: a scan of a few entries (split by
 * the path's second character) beats building and probing the indexes, whose typed arrays cost
 * their allocations outside the heap (with 24 here, the corpus's files whose set has 25–32
 * rules ran their parse and 100 checks about 15% slower, interleaved in one process), and their
 * entries cost about 250 bytes a rule (8 KB here).
 */
export const SMALL_SET = 32;

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

/**
 * The indexes of a set of more than {@link SMALL_SET} rules (see `build-index.ts`): its prefix
 * index and its index of wildcard rules with a short prefix, of rule numbers, and its wildcard
 * entries (for a parsed file's set, counted but made only when a check builds the
 * {@link WildcardProgram}).
 */
export interface IndexedRules {
  readonly prefixes: PrefixIndex | null;
  readonly floating: TrigramIndex | null;
  readonly wildcards: readonly IndexEntry[] | LazyWildcards;
  /**
   * The wildcard program is built right after the index (`compile.ts`'s `setSteps`), with no
   * check through the indexes first: the short-prefix wildcard rules are then in no index
   * (`floating` is null), the program deciding them (see `indexSteps`' `programNow`).
   */
  readonly programNow: boolean;
}

/** Wildcard rules read on demand (their numbers and pieces, no entry made). */
export interface LazyWildcards {
  /** Their number, without repeats. */
  readonly length: number;
  /** The characters of their patterns (what building their program costs: `ProgramRent`). */
  readonly bytes: number;
  /**
   * Their pieces read, in file order, without repeats (as the index files them), in steps: no
   * entry is made (`PieceReader`).
   */
  read(): BuildSteps<PieceReader>;
  /** Makes one of them again, by line (see `EntryMaker`): the program keeps none. */
  readonly entryAt: EntryMaker;
  /** The rule table their lines name, which the program reads their numbers from. */
  readonly rules: RuleNumbers;
  /** The body's text their values are in, which the program reads their pieces from. */
  readonly text: string;
}

/** A compiled rule set: the rules of one or more merged groups. */
export class RuleIndex {
  /** A small set's entries, scanned on every check, strongest first (none in a larger set). */
  readonly #table: readonly IndexEntry[];
  /**
   * A small set's table split by the second character of the path (see {@link bySecondChar}):
   * the entries that can match a path whose second character is `c` < 128, strongest first;
   * null when splitting saves nothing.
   */
  readonly #bySecond: readonly (readonly IndexEntry[])[] | null;
  /** The characters the wildcard entries of `#table` (and `#bySecond`) need (see `scanList`). */
  readonly #needs: PieceNeeds;
  readonly #prefixes: PrefixIndex | null;
  /** `#floating` while it files some rule under a trigram (a walk then slides over the path). */
  #trigrams: TrigramIndex | null;
  /**
   * The short-prefix wildcard rules; none once the program is built (it decides them all, its
   * rules filed by piece).
   */
  #floating: TrigramIndex | null;
  /**
   * The wildcard entries (without repeats), in file order: what a {@link WildcardProgram} runs;
   * for a parsed file's indexed set, made when the program is.
   */
  readonly #wildcards: readonly IndexEntry[] | LazyWildcards;
  /** Built once the indexes' checks have cost more than building it would (see {@link match}). */
  #program: WildcardProgram | null = null;
  /** What the checks through the indexes have left to pay before the program is built. */
  readonly #rent: ProgramRent;
  /** The program is built on the first check (see {@link IndexedRules.programNow}). */
  readonly #programNow: boolean;
  /** A `ProgramRent.sliced` program's build, from its rent's end until built ({@link match}). */
  #building: BuildSteps<void> | null = null;
  /**
   * The memory of the entries and indexes but the indexes' own (which grow as they keep
   * entries), estimated from measured heap sizes: about 210 bytes an entry (the object, its
   * pattern and prefix, its slots in the lists), 64 a wildcard piece and 8 a wildcard entry's
   * place in the list above.
   */
  readonly #bytes: number;

  /** The set of `entries` (in file order, not modified) as one scanned list. */
  static scanned(entries: readonly IndexEntry[]): RuleIndex {
    return new RuleIndex(entries, null, 0);
  }

  /** The set of `indexed`, whose entries (a list's) are estimated to hold `bytes`. */
  static indexed(indexed: IndexedRules, bytes: number): RuleIndex {
    return new RuleIndex([], indexed, bytes);
  }

  private constructor(all: readonly IndexEntry[], indexed: IndexedRules | null, bytes: number) {
    if (indexed === null) {
      // Sorted in a copy, without repeated wildcard entries (see `repeats`; few entries:
      // compared pairwise).
      const table = withoutRepeats(all);
      this.#wildcards = table.filter((entry) => entry.pieces !== null);
      this.#rent = new ProgramRent(patternBytes(this.#wildcards));
      sortByStrength(table);
      this.#needs = assignNeeds(this.#wildcards);
      const split = bySecondChar(table);
      this.#bytes =
        estimateBytes(table) + 8 * this.#wildcards.length + (split === null ? 0 : split.bytes);
      this.#table = table;
      this.#bySecond = split === null ? null : split.lists;
      this.#prefixes = null;
      this.#trigrams = null;
      this.#floating = null;
      this.#programNow = false;
      return;
    }
    this.#programNow = indexed.programNow;
    const wildcards = indexed.wildcards;
    this.#wildcards = wildcards;
    this.#rent = new ProgramRent(
      Array.isArray(wildcards)
        ? patternBytes(wildcards as readonly IndexEntry[])
        : (wildcards as LazyWildcards).bytes,
    );
    this.#bytes = 512 + bytes;
    this.#table = [];
    this.#needs = assignNeeds([]);
    this.#bySecond = null;
    this.#prefixes = indexed.prefixes;
    this.#floating = indexed.floating;
    this.#trigrams = indexed.floating?.hasTrigrams === true ? indexed.floating : null;
  }

  /**
   * The memory the index retains, estimated: its entries and indexes (see `#bytes`), and the
   * wildcard program once a check has built it.
   */
  get estimatedBytes(): number {
    return (
      this.#bytes +
      (this.#prefixes?.estimatedBytes ?? 0) +
      (this.#floating?.estimatedBytes ?? 0) +
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
   * ways costs, and a set whose checks stay cheap never builds the program. Once it is built,
   * every check leaves the wildcard entries to it (it visits only the rules of the pieces a path
   * holds), and the index of short-prefix wildcard rules it replaces is dropped. A program
   * reckoned at more than `SLICES_AT_ONCE` slices is built a slice a check ({@link #matchRenting}).
   */
  match(path: string, state: MatchState): void {
    const search = state.search;
    const wildcardCount = this.#wildcards.length;
    if (wildcardCount === 0) {
      this.#matchIndexed(path, state);
      return;
    }
    if (this.#program === null) {
      if (!ruleIndexing.alwaysProgram && !this.#programNow) {
        if (this.#rent.sliced) {
          this.#matchRenting(path, state);
          return;
        }
        // Ski rental (`ProgramRent`): a check past what is left of the price is cut short here.
        const budget = search.budget;
        const start = search.work;
        const limit = this.#rent.limit(start, path.length, wildcardCount);
        if (limit < budget) search.budget = limit;
        this.#matchIndexed(path, state);
        search.budget = budget;
        if (search.work <= limit) {
          this.#rent.pay(start, search.work, path.length, wildcardCount);
          return;
        }
        // Past its budget: the check fails closed, and builds nothing.
        if (search.work > budget) return;
      }
      buildAtOnce(this.programSteps());
      retainedChanged();
    }
    this.#matchProgram(path, state);
  }

  /** {@link match} once the program is built: it decides the wildcard entries, the indexes the rest. */
  #matchProgram(path: string, state: MatchState): void {
    const search = state.search;
    search.skipWildcards = true;
    this.#matchIndexed(path, state);
    search.skipWildcards = false;
    this.#program!.match(path, state);
  }

  /**
   * {@link match} before the program is built, of a set whose program is `ProgramRent.sliced`:
   * the indexes (or the list) answer each check whole within `ProgramRent.buildingLimit`; the
   * check whose rent runs out starts the build, a slice a check (`sliceQuota`) from there; a
   * check past the limit completes it at once (README.md, "The program ski rental buys").
   */
  #matchRenting(path: string, state: MatchState): void {
    const search = state.search;
    const start = search.work;
    const budget = search.budget;
    const wildcards = this.#wildcards.length;
    const rent = this.#rent;
    const cap = rent.buildingLimit(start, path.length, wildcards, budget);
    if (cap < budget) search.budget = cap;
    this.#matchIndexed(path, state);
    search.budget = budget;
    const work = search.work;
    if (work <= cap) {
      if (this.#building === null) {
        if (!rent.payUntilDue(start, work, path.length, wildcards)) return;
        this.#building = this.programSteps();
      }
      advance(this.#building, sliceQuota(work - start));
      if (this.#program !== null) {
        this.#building = null;
        retainedChanged();
      }
      return;
    }
    // Past its budget (only one below the check's start): fails closed; else the program answers.
    if (work > budget) return;
    buildAtOnce(this.#building ?? this.programSteps());
    this.#building = null;
    retainedChanged();
    this.#matchProgram(path, state);
  }

  /**
   * Builds the set's wildcard program in counted steps (`build-steps.ts`): its rules read (a
   * rule at a time: their numbers, their pieces numbered, into typed arrays), ordered strongest
   * first, their finder, then the rest of its layout (`layoutReadSteps`). Nothing if it is built, or there are no wildcard
   * entries. `compile.ts` runs it a slice a check after the index's own steps, while a large
   * set's scans still answer, so that no one check builds the index and the program; a set's
   * checks through the indexes build it when they have paid for it ({@link match}).
   */
  *programSteps(): BuildSteps<void> {
    if (this.#program !== null || this.#wildcards.length === 0) return;
    const all = this.#wildcards;
    const lazy = Array.isArray(all) ? null : (all as LazyWildcards);
    // Built once for the set, like the indexes: its cost, bounded by the patterns' length, is
    // not a check's. A rule table's rules are read as numbers, no entry made.
    let layout: ProgramLayout;
    let bytes: number;
    if (lazy === null) {
      const wildcards = all as readonly IndexEntry[];
      bytes = patternBytes(wildcards);
      layout = yield* layoutSteps(wildcards, null);
    } else {
      bytes = lazy.bytes;
      const reader = yield* lazy.read();
      const source = { rules: lazy.rules, text: lazy.text, make: lazy.entryAt };
      layout = yield* layoutReadSteps(reader, null, source);
    }
    // Counted once built (a build in slices, only by the check that completes it).
    programBuilds.bytes += bytes;
    this.#program = new WildcardProgram(layout);
    // The program files its rules by piece, so it answers any check of them on its own: the
    // index of the short-prefix wildcard rules, which it replaces, is dropped.
    if (this.#trigrams === this.#floating) this.#trigrams = null;
    this.#floating = null;
  }

  /** Whether the program is built on the set's first check through the index (`programNow`). */
  get programNow(): boolean {
    return this.#programNow && this.#wildcards.length > 0;
  }

  /** {@link match} through the indexes alone (wildcard entries too, unless the search skips them). */
  #matchIndexed(path: string, state: MatchState): void {
    const lists = this.#bySecond;
    if (lists !== null) {
      // A path of one character has no second: only entries with a short prefix can match it,
      // as they can a path whose second character (above 0x7F) no prefix has.
      const lead = leadOf(path);
      const second = (lead >>> 8) & 0xff;
      scanList(lists[second < 128 ? second : 0]!, this.#needs, path, lead, state);
    } else if (this.#table.length > 0) {
      scanList(this.#table, this.#needs, path, leadOf(path), state);
    }
    const search = state.search;
    let anchorless = false;
    if (this.#prefixes !== null || this.#trigrams !== null) {
      search.work += path.length;
      if (search.work <= search.budget) anchorless = this.#walk(path, state);
    }
    // Its rules are all wildcard rules (see `PathSearch.skipWildcards`); after the walk, which
    // notes the path's characters when it reads them all, or finds that the path has none of
    // the characters its rules all need (`TrigramIndex.scanAnchored`).
    const floating = this.#floating;
    if (floating !== null && !search.skipWildcards && !(anchorless && floating.scanAnchored)) {
      floating.scan(path, state);
    }
  }

  /**
   * Two loops over the path's characters feed the indexes: the first each prefix's hash to the
   * prefix index (up to its longest prefix, or to where no prefix goes on: see
   * `PrefixFilters`), the second each trigram to the trigram index, from where the first key
   * can start (`firstPlace`), if at all. A character both need is read twice, but the first
   * loop seldom reaches where keys start, and a loop feeding both keeps more values live than
   * registers hold (spilled and reloaded at every step). When the trigram index has enough
   * rules it scans (`TrigramIndex.notesChars`), the second loop reads the whole path and
   * notes its characters in the search (`PathSearch.charsKnown`). Returns whether the path has
   * none of the trigram index's anchors.
   */
  #walk(path: string, state: MatchState): boolean {
    const prefixes = this.#prefixes;
    // The trigram index holds wildcard entries only.
    let trigrams = state.search.skipWildcards ? null : this.#trigrams;
    // Whether the trigrams' loop notes the path's characters (it reads them all then), for the
    // scanned rules.
    const noteChars = trigrams !== null && this.#floating !== null && this.#floating.notesChars;
    // Where the first key the walk must meet can start (a walk noting characters reads all).
    const from = trigrams === null || noteChars ? 0 : trigrams.firstPlace(path, state.search);
    if (from < 0) trigrams = null;
    // Whether the path has none of the trigram index's anchors.
    const anchorless = from < 0;
    if (prefixes !== null) {
      // The prefix filters, in locals: most steps end at them, without a call, and a call (a
      // visit) would make the loop load them anew from the index at every step.
      const { ends, slots } = prefixes.filters;
      const shift = prefixes.filters.shift | 0;
      const prefixEnd = Math.min(path.length, prefixes.longest);
      // The hash of each path prefix, as the index hashed the rule prefixes: from `start`'s
      // value, one `nextHash` step per character (an int32 throughout: `| 0`).
      let hash = prefixes.start(path, state) | 0;
      for (let n = 1; n <= prefixEnd; n++) {
        const c = path.charCodeAt(n - 1);
        // `nextHash` and `mix` written out: a call of an imported function costs a check of
        // its binding at every step.
        hash = Math.imul(hash ^ c, 0x01000193);
        // The path prefix's two filter bits (see `PrefixFilters`), the low two of `word`.
        const slot = Math.imul(hash, 0x9e3779b1) >>> shift;
        const word = slots[slot >>> 4]! >>> ((slot & 15) << 1);
        // A character above 0x7F ends no prefix (they are ASCII).
        if (
          (word & PREFIX) !== 0 &&
          c < 0x80 &&
          (ends[(n << 2) | (c >> 5)]! & (1 << (c & 31))) !== 0
        ) {
          prefixes.visit(n, hash, path, state);
        }
        // No prefix goes on with this one.
        if ((word & PROPER) === 0) break;
      }
    }
    if (trigrams === null) return anchorless;
    const length = path.length;
    const walk = trigrams.start();
    const { bits: keys } = trigrams.keyFilter;
    const keyShift = trigrams.keyFilter.shift | 0;
    // The path's characters read (see `charBit`, written out here), when noted.
    let low = 0;
    let high = 0;
    // The window holds the path's last four characters read; the first two of a possible key
    // (from `from` on) are read before the loop, which tests a trigram at each step.
    let window = 0;
    let n = from + 1;
    for (; n <= from + 2 && n <= length; n++) {
      const c = path.charCodeAt(n - 1);
      if (noteChars) {
        if (c < 0x40) low |= 1 << c;
        else high |= 1 << c;
      }
      window = (window << 8) | c;
    }
    for (; n <= length; n++) {
      const c = path.charCodeAt(n - 1);
      if (noteChars) {
        if (c < 0x40) low |= 1 << c;
        else high |= 1 << c;
      }
      window = (window << 8) | c;
      const bit = Math.imul(window & 0xffffff, 0x9e3779b1) >>> keyShift;
      if ((keys[bit >>> 5]! & (1 << (bit & 31))) !== 0) trigrams.at(window, walk, path, state);
    }
    if (!noteChars) return false;
    const search = state.search;
    search.charsLow = low;
    search.charsHigh = high;
    search.charsKnown = true;
    return false;
  }
}

/** The prefix filters' bits (see `PrefixFilters`), as module constants for the walk (V8 folds them). */
const PREFIX: typeof PREFIX_BIT = 1;
const PROPER: typeof PROPER_BIT = 2;

/**
 * Of identical wildcard patterns of a kind (allow or not, rewrite or not) only the first can win
 * (same priority, earliest line: see `IndexBuild.add`): whether `pattern` of this kind is in `seen` (pattern → bit set of
 * the kinds kept), recording it if not.
 */
export function repeats(
  seen: Map<string, number>,
  pattern: string,
  allow: boolean,
  rewrite: boolean,
): boolean {
  const kind = 1 << ((allow ? 2 : 0) + (rewrite ? 1 : 0));
  const kinds = seen.get(pattern) ?? 0;
  if ((kinds & kind) !== 0) return true;
  seen.set(pattern, kinds | kind);
  return false;
}

/** See {@link RuleIndex.estimatedBytes}. */
export function estimateBytes(entries: readonly IndexEntry[]): number {
  let bytes = 256;
  for (const entry of entries) bytes += 210 + 64 * (entry.pieces?.length ?? 0);
  return bytes;
}
