/**
 * Rules as the matcher holds them: one flat entry per way a rule can match, how to order them by
 * strength, and the scan that finds the best allow and disallow among a run of them.
 */

import type { PathSearch } from './path-search.js';
import { type CompiledPattern, compilePattern } from './pattern.js';
import { priorityOf, type RankedRule, type ScanStep, scanStep } from './strategy.js';

/** The scan steps {@link scanEntries} tests, as module constants (V8 folds them). */
const PASS: typeof ScanStep.pass = 1;
const STOP: typeof ScanStep.stop = 2;

/**
 * One way a rule can match: the rule itself, or Google's `index.html` rewrite of an allow. The
 * rule's other fields (its value as written) live in the lazily built model, found by line.
 */
export interface IndexEntry extends CompiledPattern, RankedRule {
  /** The pattern this entry matches: the rule's, or `<dir>/$` for an index rewrite. */
  readonly pattern: string;
  readonly group: number;
  readonly allow: boolean;
  /** Priority when this entry matches (RFC 9309 §2.2.2: the pattern's length). */
  readonly priority: number;
  readonly line: number;
  readonly indexRewrite: boolean;
}

/** The best allow and disallow found so far; reused across checks to avoid allocation. */
export interface MatchState {
  allow: IndexEntry | null;
  disallow: IndexEntry | null;
  /** The path, its searches and the work counted against the check's budget. */
  readonly search: PathSearch;
}

/** The entry of `pattern` (escaped), matching as a rule of that kind, group and line would. */
export function makeEntry(
  pattern: string,
  allow: boolean,
  group: number,
  line: number,
  indexRewrite: boolean,
): IndexEntry {
  const { prefix, pieces, anchored } = compilePattern(pattern);
  return {
    pattern,
    group,
    allow,
    priority: priorityOf(pattern),
    line,
    indexRewrite,
    prefix,
    pieces,
    anchored,
  };
}

/**
 * Sorts `entries[from, to)` in place, strongest first. The range must be in file order (as
 * `entriesOf` makes them group by group), so a stable sort by priority alone gives
 * priority descending, then line ascending. A few entries are insertion-sorted (cheaper than
 * setting up anything else); more are counting-sorted by priority: V8's sort with a comparator
 * cost more than building the rest of an index.
 */
export function sortByStrength(
  entries: IndexEntry[],
  from: number = 0,
  to: number = entries.length,
): void {
  const n = to - from;
  if (n < 32) {
    insertionSortByPriority(entries, from, to);
    return;
  }
  let max = 0;
  for (let k = from; k < to; k++) if (entries[k]!.priority > max) max = entries[k]!.priority;
  // starts[max - p] is where priority p begins: the highest priority comes first.
  const starts = new Int32Array(max + 2);
  for (let k = from; k < to; k++) starts[max - entries[k]!.priority + 1]!++;
  for (let i = 1; i < starts.length; i++) starts[i]! += starts[i - 1]!;
  const sorted = new Array<IndexEntry>(n);
  for (let k = from; k < to; k++) sorted[starts[max - entries[k]!.priority]!++] = entries[k]!;
  for (let k = 0; k < n; k++) entries[from + k] = sorted[k]!;
}

/** Sorts `entries[from, to)` in place by priority, highest first, keeping equal ones in order. */
function insertionSortByPriority(entries: IndexEntry[], from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const entry = entries[i]!;
    let j = i - 1;
    while (j >= from && entries[j]!.priority < entry.priority) {
      entries[j + 1] = entries[j]!;
      j--;
    }
    entries[j + 1] = entry;
  }
}

/**
 * Google-specific: an allow pattern whose last segment starts with `index.htm` also allows its
 * directory, as `<dir>/$` (that pattern's length is the priority). The rewritten pattern, or
 * null.
 */
export function indexRewriteOf(pattern: string): string | null {
  // `lastIndexOf` is a slow runtime call in V8: most patterns are ruled out by `indexOf` first.
  if (pattern.indexOf('/index.htm') < 0) return null;
  const slash = pattern.lastIndexOf('/');
  return pattern.startsWith('/index.htm', slash) ? `${pattern.slice(0, slash + 1)}$` : null;
}

/**
 * Tests `entries[from, to)` (strongest first, allows and disallows mixed) against `path` (the
 * path of `state.search`), updating `state`. Stops at the first entry that can beat neither best
 * (none after it can), or when the check's work passes its budget.
 */
export function scanEntries(
  entries: readonly IndexEntry[],
  from: number,
  to: number,
  path: string,
  state: MatchState,
): void {
  const search = state.search;
  // Prefixes and paths mostly start with `/`: their second characters rule out most entries
  // without comparing the whole prefix. The path's is read once (-1: it has none; reading past
  // a string's end would make V8 stop inlining `charCodeAt`).
  const second = path.length > 1 ? path.charCodeAt(1) : -1;
  // Wildcard entries left to a program (see `PathSearch.skipWildcards`) cost nothing here.
  const skipWildcards = search.skipWildcards;
  const verdictOnly = search.verdictOnly;
  for (let k = from; k < to; k++) {
    const entry = entries[k]!;
    const step = scanStep(entry.allow, entry.priority, entry.line, state, verdictOnly);
    if (step === STOP) return;
    if (step === PASS) continue;
    if (skipWildcards && entry.pieces !== null) continue;
    const prefix = entry.prefix;
    // One unit for the entry, one per prefix character compared.
    search.work += 1 + prefix.length;
    if (search.work > search.budget) return;
    if (prefix.length > 1 && prefix.charCodeAt(1) !== second) continue;
    if (path.startsWith(prefix) && search.matchesAfterPrefix(entry)) {
      if (entry.allow) state.allow = entry;
      else state.disallow = entry;
    }
  }
}
