/**
 * The first stages of a wildcard program's build, in counted steps (`build-steps.ts`): the
 * wildcard rules' pieces read and numbered by their texts ({@link PieceReader}: a rule's numbers
 * and pieces in typed arrays, no entry made), the rules ordered strongest first
 * ({@link strongestSteps}), and the pieces' finder built ({@link findSteps}); then
 * `program-layout.ts` lays the program out. Runs once per rule set: a slice a check while a
 * large set's scans answer (`compile.ts`), or at once when a set's checks have paid for it.
 */

import { type BuildSteps, charge } from '../build-steps.js';
import type { IndexEntry } from '../rule-entry.js';
import { ruleAtLine, valueLength, valueStart } from '../rule-table.js';
import { finderSteps, PieceFinder, pieceFinding } from './piece-finder.js';
import { PieceIds } from './piece-ids.js';
import type { ProgramRules } from './program-layout.js';

const NONE = -1;

/** A read rule's data: its kind (allow), an `index.html` rewrite, anchored; its priority above. */
export const RULE_ALLOW = 1;
export const RULE_REWRITE = 2;
export const RULE_ANCHORED = 4;
export const PRIORITY_SHIFT = 3;

/** Build units a rule costs in a pass over the rules, besides its pieces' characters. */
const RULE_UNITS = 32;

/**
 * The wildcard rules of a program as they are read, in file order (without repeats): per rule
 * its line and data (see {@link RULE_ALLOW}) and its pieces as ids of their texts (prefix,
 * middle pieces, tail; NONE for an empty one), in typed arrays grown by doubling, so that what a
 * build keeps between its slices is a few arrays, not an object, strings and a list per rule.
 */
export class PieceReader {
  readonly ids: PieceIds = new PieceIds();
  /** Rules read. */
  count = 0;
  /** Where each piece is in the body's text, by id (NONE: nowhere known). */
  places: Int32Array = new Int32Array(256).fill(NONE);
  /** Rule r's pieces are `pieceIds[starts[r], starts[r + 1])`. */
  starts: Int32Array;
  pieceIds: Int32Array;
  lines: Int32Array;
  data: Int32Array;

  /** A reader with room for `rules` rules of `pieces` pieces in all (it grows past them). */
  constructor(rules: number, pieces: number) {
    this.starts = new Int32Array(rules + 1);
    this.lines = new Int32Array(rules);
    this.data = new Int32Array(rules);
    this.pieceIds = new Int32Array(Math.max(pieces, 16));
  }

  /**
   * Reads the wildcard pattern `pattern[start, end)` (a `*` before any final `$`) as the rule on
   * `line`: its prefix, the pieces after each `*`, its tail (as `compilePattern` splits it).
   * `at`: where its characters are in the body's text (NONE: not there). Returns the build units
   * it cost (its pieces hashed and looked up).
   */
  add(
    pattern: string,
    start: number,
    end: number,
    line: number,
    allow: boolean,
    rewrite: boolean,
    priority: number,
    at: number,
  ): number {
    const r = this.count;
    if (r === this.lines.length) this.#growRules();
    const anchored = end > start && pattern.charCodeAt(end - 1) === 0x24;
    const last = anchored ? end - 1 : end;
    let k = this.starts[r]!;
    let from = start;
    for (let i = start; i <= last; i++) {
      if (i < last && pattern.charCodeAt(i) !== 0x2a) continue;
      if (k === this.pieceIds.length) this.#growPieces();
      this.pieceIds[k++] = this.#idOf(pattern, from, i, at < 0 ? NONE : at + from - start);
      from = i + 1;
    }
    this.starts[r + 1] = k;
    this.lines[r] = line;
    this.data[r] =
      (priority << PRIORITY_SHIFT) |
      (allow ? RULE_ALLOW : 0) |
      (rewrite ? RULE_REWRITE : 0) |
      (anchored ? RULE_ANCHORED : 0);
    this.count = r + 1;
    return RULE_UNITS + 12 * (end - start);
  }

  /** The id of the piece `pattern[from, to)` (NONE: empty), placed at `place` if it is new. */
  #idOf(pattern: string, from: number, to: number, place: number): number {
    if (to === from) return NONE;
    const id = this.ids.idAt(pattern, from, to);
    if (id >= this.places.length) {
      const places = new Int32Array(2 * this.places.length).fill(NONE);
      places.set(this.places);
      this.places = places;
    }
    // Any place of its characters will do: a piece is searched for in the first pattern read
    // from the text that has it.
    if (place >= 0 && this.places[id] === NONE) this.places[id] = place;
    return id;
  }

  #growRules(): void {
    const size = 2 * this.lines.length + 16;
    const starts = new Int32Array(size + 1);
    starts.set(this.starts);
    this.starts = starts;
    const lines = new Int32Array(size);
    lines.set(this.lines);
    this.lines = lines;
    const data = new Int32Array(size);
    data.set(this.data);
    this.data = data;
  }

  #growPieces(): void {
    const pieceIds = new Int32Array(2 * this.pieceIds.length);
    pieceIds.set(this.pieceIds);
    this.pieceIds = pieceIds;
  }
}

/**
 * Where the wildcard pattern `entry.pattern` of a rule of `source` is in its body's text: its
 * value as written, when its pattern is that (not escaped, not a rewrite); else NONE.
 */
function placeOf(entry: IndexEntry, source: ProgramRules | null): number {
  if (source === null || entry.indexRewrite) return NONE;
  const rule = ruleAtLine(source.rules, entry.line);
  const from = valueStart(source.rules, rule);
  return valueLength(source.rules, rule) === entry.pattern.length &&
    source.text.startsWith(entry.pattern, from)
    ? from
    : NONE;
}

/** Reads `entries` (wildcard entries) into a {@link PieceReader}, an entry at a time. */
export function* readSteps(
  entries: readonly IndexEntry[],
  source: ProgramRules | null,
): BuildSteps<PieceReader> {
  const reader = new PieceReader(entries.length, 2 * entries.length);
  for (const entry of entries) {
    const { pattern, line, allow, indexRewrite, priority } = entry;
    const at = placeOf(entry, source);
    const units = reader.add(pattern, 0, pattern.length, line, allow, indexRewrite, priority, at);
    if (charge(units)) yield;
  }
  return reader;
}

/**
 * What a program's rules were read as, strongest first (see {@link strongestSteps}), and then
 * {@link findSteps} (the finder, the ids renumbered as its own): the stages of `layoutProgram`.
 */
export interface PieceReading {
  /** The entries read (a list's, kept by its program), in file order; or null (a table's). */
  readonly entries: readonly IndexEntry[] | null;
  readonly source: ProgramRules | null;
  readonly count: number;
  /** Per rule (strongest first), its number in file order: its entry's index. */
  readonly rows: Int32Array;
  readonly lines: Int32Array;
  readonly data: Int32Array;
  readonly texts: PieceIds['texts'];
  /** Where each piece is in the body's text (-1: nowhere known). */
  readonly places: Int32Array;
  /** Rule r's pieces are `pieceIds[starts[r], starts[r + 1])`: prefix, middle, tail. */
  readonly starts: Int32Array;
  readonly pieceIds: Int32Array;
  finder: PieceFinder | null;
  /** The finder's id of each of `texts` (set with `finder`). */
  renumber: Int32Array | null;
}

/**
 * The rules `reader` read (in file order) ordered by priority, highest first, keeping file order
 * among equals (as `sortByStrength` does): a stable counting sort by priority, its rules' numbers
 * and pieces copied in that order, a rule at a time.
 */
export function* strongestSteps(
  reader: PieceReader,
  entries: readonly IndexEntry[] | null,
  source: ProgramRules | null,
): BuildSteps<PieceReading> {
  const { count, data, lines, starts, pieceIds } = reader;
  let max = 0;
  for (let r = 0; r < count; r++) {
    const priority = data[r]! >>> PRIORITY_SHIFT;
    if (priority > max) max = priority;
    if (charge(6)) yield;
  }
  // firsts[max - p] is where priority p begins: the highest priority comes first.
  const firsts = new Int32Array(max + 2);
  for (let r = 0; r < count; r++) {
    firsts[max - (data[r]! >>> PRIORITY_SHIFT) + 1]!++;
    if (charge(6)) yield;
  }
  for (let i = 1; i < firsts.length; i++) {
    firsts[i]! += firsts[i - 1]!;
    if (charge(3)) yield;
  }
  const rows = new Int32Array(count);
  for (let r = 0; r < count; r++) {
    rows[firsts[max - (data[r]! >>> PRIORITY_SHIFT)]!++] = r;
    if (charge(6)) yield;
  }
  const sortedStarts = new Int32Array(count + 1);
  const sortedIds = new Int32Array(starts[count]!);
  const sortedLines = new Int32Array(count);
  const sortedData = new Int32Array(count);
  let k = 0;
  for (let at = 0; at < count; at++) {
    const r = rows[at]!;
    sortedLines[at] = lines[r]!;
    sortedData[at] = data[r]!;
    for (let j = starts[r]!; j < starts[r + 1]!; j++) sortedIds[k++] = pieceIds[j]!;
    sortedStarts[at + 1] = k;
    if (charge(8 + starts[r + 1]! - starts[r]!)) yield;
  }
  return {
    entries,
    source,
    count,
    rows,
    lines: sortedLines,
    data: sortedData,
    texts: reader.ids.texts,
    places: reader.places,
    starts: sortedStarts,
    pieceIds: sortedIds,
    finder: null,
    renumber: null,
  };
}

/** The stage after {@link strongestSteps}: the pieces' finder, built. */
export function* findSteps(reading: PieceReading): BuildSteps<PieceReading> {
  const { texts, pieceIds, source } = reading;
  // The finder numbers the pieces its own way: the rules' ids follow.
  const renumber = new Int32Array(texts.length);
  const text = source?.text ?? '';
  const places = source === null ? null : reading.places.slice(0, texts.length);
  const { maxLengths, minChars } = pieceFinding;
  const parts = yield* finderSteps(texts, renumber, maxLengths, minChars, text, places);
  reading.finder = new PieceFinder(texts, renumber, maxLengths, minChars, text, places, parts);
  reading.renumber = renumber;
  for (let k = 0; k < pieceIds.length; k++) {
    if (pieceIds[k]! !== NONE) pieceIds[k] = renumber[pieceIds[k]!]!;
    if ((k & 63) === 63 && charge(64)) yield;
  }
  return reading;
}
