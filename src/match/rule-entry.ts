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
  /**
   * The prefix's first three characters (fewer if it is shorter) as one number, for a scan to
   * compare with the path's before anything else of the entry: see {@link leadOf}.
   */
  readonly lead: number;
  /** The bits of {@link lead} a path's lead must equal, and {@link WHOLE_PREFIX}: see {@link leadOf}. */
  readonly leadMask: number;
  /** The last character of an anchored wildcard pattern's tail, which ends any path it matches; −1: none. */
  readonly tailEnd: number;
  /**
   * For an entry of a scanned list (`EntryList`), the slot of a character its pieces hold that a
   * path must hold for it to match, among those of its list's set; −1: none. Set by the index.
   */
  need: number;
}

/** The best allow and disallow found so far; reused across checks to avoid allocation. */
export interface MatchState {
  allow: IndexEntry | null;
  disallow: IndexEntry | null;
  /** The path, its searches and the work counted against the check's budget. */
  readonly search: PathSearch;
}

/** A character of a lead: ASCII as it is, any other as 0x80 (never a path's if the lead holds it whole). */
function leadChar(c: number): number {
  return c < 0x80 ? c : 0x80;
}

/**
 * In an entry's `leadMask`: its lead stands for its whole prefix (three characters or fewer, all
 * ASCII), so a path whose lead agrees starts with it. No path's lead has the bit.
 */
export const WHOLE_PREFIX: number = 1 << 24;

/**
 * The lead of a string: its first three characters, 8 bits each (see `leadChar`), the first in
 * the lowest bits, and 0xFF (no character's) for each one past its end. A path can start with a
 * prefix only if `(leadOf(path) & mask) === lead` for the prefix's lead and mask
 * ({@link leadMaskOf}).
 */
export function leadOf(text: string): number {
  const n = text.length;
  const c0 = n > 0 ? leadChar(text.charCodeAt(0)) : 0xff;
  const c1 = n > 1 ? leadChar(text.charCodeAt(1)) : 0xff;
  const c2 = n > 2 ? leadChar(text.charCodeAt(2)) : 0xff;
  return c0 | (c1 << 8) | (c2 << 16);
}

/**
 * The bits of a prefix's {@link leadOf} that are its own (none past its end), with
 * {@link WHOLE_PREFIX} when they stand for all of it.
 */
export function leadMaskOf(prefix: string): number {
  const n = Math.min(prefix.length, 3);
  const mask = n === 0 ? 0 : 0xffffff >>> (8 * (3 - n));
  let whole = prefix.length <= 3;
  for (let i = 0; i < n; i++) if (prefix.charCodeAt(i) >= 0x80) whole = false;
  return whole ? mask | WHOLE_PREFIX : mask;
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
  const leadMask = leadMaskOf(prefix);
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
    lead: leadOf(prefix) & leadMask,
    leadMask,
    tailEnd: tailEndOf(pieces, anchored),
    need: -1,
  };
}

/** The numbers a scan reads first of a compiled pattern (see `IndexEntry`), with no `need`. */
export function scanNumbers(
  compiled: CompiledPattern,
): Pick<IndexEntry, 'lead' | 'leadMask' | 'tailEnd' | 'need'> {
  const leadMask = leadMaskOf(compiled.prefix);
  return {
    lead: leadOf(compiled.prefix) & leadMask,
    leadMask,
    tailEnd: tailEndOf(compiled.pieces, compiled.anchored),
    need: -1,
  };
}

/** See `IndexEntry.tailEnd`. */
function tailEndOf(pieces: readonly string[] | null, anchored: boolean): number {
  const tail = pieces === null ? '' : pieces[pieces.length - 1]!;
  return anchored && tail.length > 0 ? tail.charCodeAt(tail.length - 1) : -1;
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
