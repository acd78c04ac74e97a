/**
 * Builds the {@link RuleMatcher} of a set of rules, and runs checks through it: the one place
 * outside the engines' folders that knows them. `compileRules` takes a list of rules (AI
 * preferences' lines, a reading's own rules); `compileTableSet` the rules of some groups of a
 * parsed file, kept in its rule table. Either way the engines are picked here and in
 * `index/rule-index.ts` by the set's size and the checks' work (README.md draws when each takes
 * over); a caller sees only the interface of `matcher.ts`. Compiling runs once per set (on its
 * first check, for a file's sets); the check functions at every check.
 */

import { argumentError } from '../errors.js';
import type { BodyText } from '../parse/body.js';
import {
  advance,
  BUILD_SLICE,
  type BuildSteps,
  buildAtOnce,
  SLICES_AT_ONCE,
  sliceQuota,
} from './build-steps.js';
import { indexEntries, indexSteps } from './index/build-index.js';
import type { RuleIndex } from './index/rule-index.js';
import {
  type BestMatches,
  type CheckOptions,
  type MatchedEntry,
  type MatcherRule,
  type MatchState,
  type RuleMatcher,
  retainedChanged,
} from './matcher.js';
import { PathSearch } from './path-search.js';
import type { CompiledPattern } from './pattern.js';
import { makeEntry } from './rule-entry.js';
import type { RuleNumbers } from './rule-table.js';
import {
  lastScanWildcardBytes,
  lastScanWildcardWork,
  scanPrice,
  scanRules,
  scansRules,
} from './scan/table-scan.js';
import { CHECK_EXCESS, programRenting } from './wildcard/program-rent.js';

/**
 * Compiles `rules` (in any order) into a matcher: a check then finds the best allow and disallow
 * among them (highest priority, then earliest line) for any path, within the bounds the engines
 * give (docs/performance.md). Patterns are matched as given: normalise them, and the paths
 * checked, the same way first, into ASCII (RFC 9309 §2.2.2: other octets percent-encoded).
 * Throws a `TypeError` for a pattern with a character above U+007F, or a line that is not an
 * integer from 0 to 2^29 − 1.
 *
 * @example
 * const matcher = compileRules([
 *   { pattern: '/a', allow: false, line: 2 },
 *   { pattern: '/a/*.html$', allow: true, line: 3 },
 * ]);
 * bestMatches(matcher, '/a/b.html').allow?.line; // 3
 */
export function compileRules(rules: readonly MatcherRule[]): RuleMatcher {
  for (const rule of rules) {
    if (!isAscii(rule.pattern)) {
      throw argumentError('compileRules', 'a pattern', 'ASCII (percent-encoded)', rule.pattern);
    }
    // The indexes keep a rule's line in a rule table's number (`line << 2 | flags`).
    if (!Number.isInteger(rule.line) || rule.line < 0 || rule.line > MAX_LINE) {
      throw argumentError('compileRules', 'a line', `an integer from 0 to ${MAX_LINE}`, rule.line);
    }
  }
  // The engines take entries in file order (of equal priority the earliest line wins).
  const ordered = [...rules].sort((a, b) => a.line - b.line);
  return indexEntries(
    ordered.map((rule) =>
      makeEntry(
        rule.pattern,
        rule.allow,
        rule.group ?? 0,
        rule.line,
        rule.indexRewrite ?? false,
        rule.priority,
      ),
    ),
  );
}

/** The largest line a {@link MatcherRule} may have (a rule table's, as a parse numbers them). */
const MAX_LINE = 2 ** 29 - 1;

/**
 * The matcher of the rules of `groups` (ascending) of a parsed file's rule table, as Google's
 * reading matches them (patterns escaped, RFC 9309 §2.2.2's escaping with `rfc9309`, and the
 * `index.html` rewrites of allows). Nothing is compiled until a check needs it: the first checks
 * scan the rules in place (`scansRules`), a later one indexes them and keeps the index.
 */
export function compileTableSet(
  body: BodyText,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
): RuleMatcher {
  return new TableSet(body, rules, groups, rfc9309);
}

/** See {@link compileTableSet}. */
class TableSet implements RuleMatcher {
  readonly #body: BodyText;
  readonly #rules: RuleNumbers;
  readonly #groups: readonly number[];
  readonly #rfc9309: boolean;
  /** Checks answered by scanning the rules before the index was made, and their work. */
  #scans = 0;
  #scanned = 0;
  /** What the scans may cost in all before the index is made (`scanPrice`; NaN: not yet known). */
  #price = Number.NaN;
  /**
   * Whether the last scan, complete, showed that the first check through the indexes would be
   * cut short to build the program (see {@link programNow}): the index is then made with the
   * program (`setSteps`): no trigram index that the program drops at once, no check cut short.
   */
  #programNow = false;
  #index: RuleIndex | null = null;
  /**
   * The set's index (and with `programNow` its program) being built in counted slices, one a
   * check, while the scans still answer (`build-steps.ts`): from the check that ends a large
   * set's scans' rent, or after a smaller set's second check built `SLICES_AT_ONCE` slices of
   * it, each check builds at most the most of `BUILD_SLICE` and its own scan's work, and the
   * first check after the build is complete goes through the index.
   */
  #building: BuildSteps<RuleIndex> | null = null;

  constructor(body: BodyText, rules: RuleNumbers, groups: readonly number[], rfc9309: boolean) {
    this.#body = body;
    this.#rules = rules;
    this.#groups = groups;
    this.#rfc9309 = rfc9309;
  }

  get estimatedBytes(): number {
    return this.#index?.estimatedBytes ?? 0;
  }

  match(path: string, state: MatchState): void {
    // Every check but the first few: the index, kept (a small method, which V8 inlines).
    const index = this.#index;
    if (index !== null) index.match(path, state);
    else this.#firstMatch(path, state);
  }

  /** A check before the index is made: a scan of the rules in place, or the index, made now. */
  #firstMatch(path: string, state: MatchState): void {
    if (Number.isNaN(this.#price)) this.#price = scanPrice(this.#rules, this.#groups, 0);
    const building = this.#building;
    if (building !== null) {
      // The scans answer while the set is built (scans that keep going cost what they did).
      this.#scanAndBuild(path, state, building);
      return;
    }
    let scanGaveUp = false;
    if (scansRules(this.#price, this.#scans, this.#scanned)) {
      this.#scans++;
      const { allow, disallow } = state;
      const work = state.search.work;
      const scanned = scanRules(this.#body, this.#rules, this.#groups, this.#rfc9309, state);
      this.#scanned += state.search.work - work;
      this.#programNow = scanned && programNow();
      // A large set's price, once its first scan has met its wildcard rules.
      if (this.#scans === 1 && this.#price > 0) {
        this.#price = scanPrice(this.#rules, this.#groups, lastScanWildcardBytes());
      }
      if (scanned) return;
      // The scan gave up (its work would pass the budget, or wildcard patterns against a long
      // path would cost more than indexing): the index answers, as if no scan had run.
      state.allow = allow;
      state.disallow = disallow;
      state.search.work = work;
      scanGaveUp = true;
    }
    const steps = setSteps(this.#body, this.#rules, this.#groups, this.#rfc9309, this.#programNow);
    if (!scanGaveUp && this.#scans > 0) {
      if (this.#price > 0) {
        // A large set whose scans ended their rent: built in slices from this check on, while
        // the scans answer (see `#building`).
        this.#scanAndBuild(path, state, steps);
        return;
      }
      // A set of up to `MOST_RULES_SCANNED` rules after its scan: built in this check when
      // that takes at most `SLICES_AT_ONCE` slices (every file of the corpus); else the scans
      // answer while the rest is built a slice a check (a few thousand long wildcard rules, a
      // list of rules of thousands of pieces).
      const built = advance(steps, SLICES_AT_ONCE * BUILD_SLICE);
      if (built === undefined) {
        this.#scanWhileBuilding(path, state, steps);
        return;
      }
      this.#install(built);
      built.match(path, state);
      return;
    }
    const index = buildAtOnce(steps);
    this.#install(index);
    index.match(path, state);
  }

  /**
   * A check of a set being built (`steps`): a scan answers it, then the build runs a slice of
   * at most the most of `BUILD_SLICE` and the scan's work; the set keeps the index once it is
   * complete.
   */
  #scanAndBuild(path: string, state: MatchState, steps: BuildSteps<RuleIndex>): void {
    const work = state.search.work;
    if (!this.#scanWhileBuilding(path, state, steps)) return;
    const index = advance(steps, sliceQuota(state.search.work - work));
    if (index !== undefined) this.#install(index);
  }

  /**
   * A scan answers the check while `steps` is built, a slice a later check (`#building`):
   * true. A scan that gives up (its work past the budget, or long pieces' searches) leaves the
   * check to the index, its build completed at once: false.
   */
  #scanWhileBuilding(path: string, state: MatchState, steps: BuildSteps<RuleIndex>): boolean {
    const { allow, disallow } = state;
    const work = state.search.work;
    if (scanRules(this.#body, this.#rules, this.#groups, this.#rfc9309, state)) {
      this.#building = steps;
      return true;
    }
    state.allow = allow;
    state.disallow = disallow;
    state.search.work = work;
    const index = buildAtOnce(steps);
    this.#install(index);
    index.match(path, state);
    return false;
  }

  /** Keeps `index` for every check from now on. */
  #install(index: RuleIndex): void {
    this.#building = null;
    this.#index = index;
    retainedChanged();
  }
}

/**
 * A set's build in slices after its scans (`TableSet.#building`): its index, then with
 * `programNow` its wildcard program, in counted steps.
 */
function* setSteps(
  body: BodyText,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
  programNow: boolean,
): BuildSteps<RuleIndex> {
  const index = yield* indexSteps(body, rules, groups, rfc9309, programNow);
  if (index.programNow) yield* index.programSteps();
  return index;
}

/**
 * Whether the last scan of a large set, complete, spent more on its wildcard rules (past their
 * literal prefix: `lastScanWildcardWork`) than what a check through the indexes may before it is
 * cut short to build the program (`ProgramRent.limit`): `CHECK_EXCESS`, or the program's whole
 * price if less (`BUILD_WORK_PER_BYTE` a character of the wildcard rules the scan met). A check
 * through the indexes spends at least that on those rules (they visit the same rules, and search
 * their pieces by `PathSearch` rather than the scan's trie), so building the program at once is
 * the cheaper way: the indexes' check would be cut short and build it anyway. A scan that gave up
 * (its searches of long pieces past `SCAN_WILDCARD_WORK`, without the indexes' pair filter and
 * oracle) predicts nothing of the indexes: a 500 KiB file of rules sharing the URL's trigram
 * spent 310,000 units in a scan that gave up, and 8,200 through the indexes. Its set is indexed
 * and ski rental decides (`ProgramRent`).
 */
function programNow(): boolean {
  const price = programRenting.buildWorkPerByte * lastScanWildcardBytes();
  return lastScanWildcardWork() > Math.min(CHECK_EXCESS, price);
}

/** Whether `text` has no character above U+007F (the engines compare ASCII: see `MatcherRule`). */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** A fresh check state (see {@link MatchState}); one can serve every synchronous check. */
export function createMatchState(): MatchState {
  return { allow: null, disallow: null, search: new PathSearch() };
}

/**
 * Starts a check of `path` in `state`: no match yet, no work done; `budget` and `verdictOnly` as
 * {@link CheckOptions} has them (positional: the facade starts a check per URL, allocating
 * nothing).
 */
export function startCheck(
  state: MatchState,
  path: string,
  budget: number = Number.POSITIVE_INFINITY,
  verdictOnly: boolean = false,
): void {
  state.allow = null;
  state.disallow = null;
  state.search.verdictOnly = verdictOnly;
  state.search.reset(path, budget);
}

/** Ends a check: `state` keeps nothing of it alive (its matches, the path, the path's searches). */
export function endCheck(state: MatchState): void {
  state.allow = null;
  state.disallow = null;
  state.search.release();
}

/**
 * Whether the path of the check in `state` matches `pattern`, counted in the check's work and
 * searched as the engines search it (so many such questions in one check stay linear in the
 * path: `PathSearch`). For callers that must test a few rules beside the best, as AI
 * preferences test the rules tying with it.
 */
export function matchesInCheck(state: MatchState, pattern: CompiledPattern): boolean {
  const search = state.search;
  search.work += pattern.prefix.length;
  return search.path.startsWith(pattern.prefix) && search.matchesAfterPrefix(pattern);
}

/** The state of {@link bestMatches}: checks are synchronous, so one serves them all. */
const STATE: MatchState = createMatchState();

/**
 * The best allow and the best disallow of `matcher` matching `path`, with their lines; the
 * caller's strategy decides between them (`decidingRule` for RFC 9309's). `path` is normalised as
 * the patterns are (ASCII); throws a `TypeError` for a path with a character above U+007F.
 *
 * @example
 * const matcher = compileRules([{ pattern: '/*.pdf$', allow: false, line: 1 }]);
 * bestMatches(matcher, '/a.pdf').disallow?.line; // 1
 */
export function bestMatches(
  matcher: RuleMatcher,
  path: string,
  options?: CheckOptions,
): BestMatches {
  if (!isAscii(path)) throw argumentError('bestMatches', 'path', 'ASCII (percent-encoded)', path);
  startCheck(STATE, path, options?.budget, options?.verdictOnly);
  try {
    matcher.match(path, STATE);
    const allow: MatchedEntry | null = STATE.allow;
    const disallow: MatchedEntry | null = STATE.disallow;
    return { allow, disallow, exhausted: STATE.search.exhausted, work: STATE.search.work };
  } finally {
    endCheck(STATE);
  }
}
