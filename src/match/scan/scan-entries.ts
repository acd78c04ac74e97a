/**
 * The scan engine over entries: tests a run of them, strongest first, against the path and
 * stops at the first that can beat neither best. Runs inside a check, wherever an engine holds a
 * short run of entries (a bucket of the prefix or trigram index).
 */

import type { IndexEntry, MatchState } from '../rule-entry.js';
import { type ScanStep, scanStep } from '../strategy.js';

/** The scan steps {@link scanEntries} tests, as module constants (V8 folds them). */
const PASS: typeof ScanStep.pass = 1;
const STOP: typeof ScanStep.stop = 2;

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
