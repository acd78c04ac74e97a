/**
 * The matcher's one interface. It answers one question for every caller (the facade, AI
 * preferences, lint, the readings): for a set of rules and a path, which allow and which
 * disallow match best (RFC 9309 §2.2.2: the highest priority, then the earliest line), and on
 * which lines they stand. Which of them decides is the caller's strategy (`strategy.ts` for
 * Google's and RFC 9309's). It runs at every check; the rule set behind it is compiled once, by
 * `compile.ts`, which picks the engines (`scan/`, `index/`, `wildcard/`: see README.md).
 *
 * This file is definition only: it imports no engine, so a reading or a feature written against
 * it never changes when an engine does.
 */

import type { PathSearch } from './path-search.js';
import type { RankedRule } from './strategy.js';

/**
 * A rule handed to {@link compileRules} (in `compile.ts`): a pattern as it is matched, already
 * normalised by the caller (percent-encoding is the reading's business: Google's reading escapes
 * with `escapedPattern`, another reading may normalise differently), its kind and where it came
 * from. `*` matches any run of characters and a final `$` ends the path (RFC 9309 §2.2.3); every
 * other character is literal, compared with the path exactly as given. Patterns and paths are
 * ASCII: characters outside it are percent-encoded (RFC 9309 §2.2.2) by the caller.
 */
export interface MatcherRule {
  /** The pattern, normalised as the paths it is matched with are. */
  readonly pattern: string;
  /** An allow rule (else a disallow). */
  readonly allow: boolean;
  /**
   * The line it stands on, an integer from 0 to 2^29 − 1: of two matching rules of one kind and
   * priority, the earlier wins.
   */
  readonly line: number;
  /**
   * Its group, reported back with a match.
   * @default 0
   */
  readonly group?: number;
  /**
   * Its strength when it matches: the longest match wins (RFC 9309 §2.2.2). A reading that
   * counts length otherwise (in octets of its own normalisation, say) gives its own.
   * @default the pattern's length (`priorityOf`)
   */
  readonly priority?: number;
  /**
   * Whether it stands for Google's `index.html` rewrite of an allow (`indexRewriteOf`), which
   * the caller adds as a rule of its own; reported back with a match.
   * @default false
   */
  readonly indexRewrite?: boolean;
}

/** A rule that matched, as a check reports it: what the strategy and the caller read. */
export interface MatchedEntry extends RankedRule {
  /** The pattern that matched (for an index rewrite, `<dir>/$`). */
  readonly pattern: string;
  readonly group: number;
  readonly indexRewrite: boolean;
}

/**
 * One check's state: the best allow and disallow found so far, and the path's search (the path,
 * its searches and the work counted against the check's budget). Checks are synchronous, so one
 * state can serve every check of a process (`createMatchState`), reset by `startCheck` and
 * released by `endCheck` so that it keeps nothing of a check alive.
 */
export interface MatchState {
  allow: MatchedEntry | null;
  disallow: MatchedEntry | null;
  readonly search: PathSearch;
}

/**
 * A compiled set of rules: the one operation every engine (and every combination of them)
 * provides. Build one with `compileRules` (a list of rules) or `compileTableSet` (the rules of
 * some groups of a parsed file).
 */
export interface RuleMatcher {
  /**
   * Updates `state` with the best allow and the best disallow of this set that match `path`,
   * which must be `state.search.path` (`startCheck`). Matches already in `state` (from another
   * set of the same check) are kept unless one of this set's beats them. Work is counted in
   * `state.search`; past its budget the check stops (`state.search.exhausted`) and its answer
   * must not be used (the facade fails closed).
   */
  match(path: string, state: MatchState): void;
  /**
   * The memory the compiled set retains, estimated in bytes. An engine whose estimate changes
   * after it is built (it keeps entries, builds an index or a program as checks need them) calls
   * {@link retainedChanged} when it does.
   */
  readonly estimatedBytes: number;
}

/**
 * Bumped whenever what any compiled set or parsed file retains may have changed since it was
 * built (their `estimatedBytes` and `retainedBytes`): a caller that keeps the estimates of many
 * files (the crawler client, bounded in bytes) reads them again only when this count has moved,
 * rather than summing them after every check. One count for the process: checks are synchronous,
 * and a file that did not grow reads the same again.
 */
export const retainedChanges: { count: number } = { count: 0 };

/** Bumps {@link retainedChanges} (an int32 that wraps: only whether it moved is read). */
export function retainedChanged(): void {
  retainedChanges.count = (retainedChanges.count + 1) | 0;
}

/** What {@link RuleMatcher.match} found for one path, as `bestMatches` returns it. */
export interface BestMatches {
  readonly allow: MatchedEntry | null;
  readonly disallow: MatchedEntry | null;
  /** True when the check ran out of its work budget: the matches are then not an answer. */
  readonly exhausted: boolean;
  /** The work the check did, in `workBudget` units (characters compared or scanned). */
  readonly work: number;
}

/** Options of `bestMatches` and `startCheck`. */
export interface CheckOptions {
  /**
   * Units of work (characters compared or scanned) the check may do before it gives up.
   * @default Infinity
   */
  readonly budget?: number;
  /**
   * Only the verdict of Google's strategy is wanted: the engines may pass over rules that could
   * change only which line decides (`changesVerdict`), so the best allow or disallow reported
   * may not be the best of its kind. Leave it false to read the lines.
   * @default false
   */
  readonly verdictOnly?: boolean;
}
