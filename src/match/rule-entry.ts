/**
 * Rules as the engines hold them: one flat entry per way a rule can match (compiled once per
 * set, when a set's matcher is compiled), with the numbers a scan compares first, and how to
 * order entries by strength. Shared by every engine; a caller outside `match/` sees an entry
 * only as the interface's `MatchedEntry`.
 */

import type { MatchedEntry, MatchState } from './matcher.js';
import { type CompiledPattern, compilePattern } from './pattern.js';
import { priorityOf } from './strategy.js';

export type { MatchState };

/**
 * One way a rule can match: the rule itself, or Google's `index.html` rewrite of an allow. The
 * rule's other fields (its value as written) live in the lazily built model, found by line.
 */
export interface IndexEntry extends CompiledPattern, MatchedEntry {
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

/**
 * The entry of `pattern` (escaped), matching as a rule of that kind, group and line would, with
 * `priority` (by default the pattern's length, `priorityOf`).
 */
export function makeEntry(
  pattern: string,
  allow: boolean,
  group: number,
  line: number,
  indexRewrite: boolean,
  priority: number = priorityOf(pattern),
): IndexEntry {
  const { prefix, pieces, anchored } = compilePattern(pattern);
  const leadMask = leadMaskOf(prefix);
  return {
    pattern,
    group,
    allow,
    priority,
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
 * Sorts `ids[from, to)` (with their `priorities`) by priority, highest first, keeping equal ones
 * in order (rule numbers of a table, as {@link sortByStrength} sorts entries): insertion for a few, counting for more.
 */
export function sortByPriority(
  ids: Int32Array,
  priorities: Int32Array,
  from: number,
  to: number,
): void {
  if (to - from < 32) {
    for (let i = from + 1; i < to; i++) {
      const id = ids[i]!;
      const priority = priorities[i]!;
      let j = i - 1;
      while (j >= from && priorities[j]! < priority) {
        ids[j + 1] = ids[j]!;
        priorities[j + 1] = priorities[j]!;
        j--;
      }
      ids[j + 1] = id;
      priorities[j + 1] = priority;
    }
    return;
  }
  let max = 0;
  for (let k = from; k < to; k++) if (priorities[k]! > max) max = priorities[k]!;
  const starts = new Int32Array(max + 2);
  for (let k = from; k < to; k++) starts[max - priorities[k]! + 1]!++;
  for (let i = 1; i < starts.length; i++) starts[i]! += starts[i - 1]!;
  const sortedIds = ids.slice(from, to);
  const sortedPriorities = new Int32Array(to - from);
  for (let k = from; k < to; k++) {
    const at = starts[max - priorities[k]!]!++;
    sortedIds[at] = ids[k]!;
    sortedPriorities[at] = priorities[k]!;
  }
  ids.set(sortedIds, from);
  priorities.set(sortedPriorities, from);
}
