/**
 * The first stages of a wildcard program's build, in counted steps (`build-steps.ts`): the
 * wildcard entries sorted strongest first ({@link sortSteps}), their pieces numbered by their
 * texts ({@link readSteps}), and the pieces' finder built ({@link findSteps}); then
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

/**
 * What {@link readSteps} read of a program's entries (each rule's pieces as ids of their
 * texts), and then {@link findSteps} (the finder, the ids renumbered as its own): the stages
 * of `layoutProgram`.
 */
export interface PieceReading {
  readonly entries: readonly IndexEntry[];
  readonly source: ProgramRules | null;
  readonly texts: PieceIds['texts'];
  /** Where each piece is in the body's text (-1: nowhere known). */
  readonly places: number[];
  /** Rule r's pieces are `pieceIds[starts[r], starts[r + 1])`: prefix, middle, tail. */
  readonly starts: Int32Array;
  readonly pieceIds: number[];
  finder: PieceFinder | null;
}

/** Build units an entry costs in a pass over the entries, besides its pieces' characters. */
const ENTRY_UNITS = 32;

/**
 * Sorts `entries` (in file order) by priority, highest first, keeping file order among equals
 * (as `sortByStrength` does), in counted steps: a stable counting sort by priority, an entry
 * at a time.
 */
export function* sortSteps(entries: IndexEntry[]): BuildSteps<void> {
  const n = entries.length;
  let max = 0;
  for (let k = 0; k < n; k++) {
    if (entries[k]!.priority > max) max = entries[k]!.priority;
    if (charge(6)) yield;
  }
  // starts[max - p] is where priority p begins: the highest priority comes first.
  const starts = new Int32Array(max + 2);
  for (let k = 0; k < n; k++) {
    starts[max - entries[k]!.priority + 1]!++;
    if (charge(6)) yield;
  }
  for (let i = 1; i < starts.length; i++) {
    starts[i]! += starts[i - 1]!;
    if (charge(3)) yield;
  }
  const sorted = new Array<IndexEntry>(n);
  for (let k = 0; k < n; k++) {
    sorted[starts[max - entries[k]!.priority]!++] = entries[k]!;
    if (charge(6)) yield;
  }
  for (let k = 0; k < n; k++) {
    entries[k] = sorted[k]!;
    if (charge(3)) yield;
  }
}

/** The first stage of `layoutProgram`: the entries' pieces numbered by their texts. */
export function* readSteps(
  entries: readonly IndexEntry[],
  source: ProgramRules | null,
): BuildSteps<PieceReading> {
  const ids = new PieceIds();
  const texts = ids.texts;
  // Where each piece is in the body's text (-1: nowhere known): the finder reads it there.
  const places: number[] = [];
  const text = source?.text ?? '';
  // Where in the text the pattern of the entry being read is (-1: not there).
  let at = NONE;
  const idOf = (piece: string, pattern: string): number => {
    if (piece.length === 0) return NONE;
    const id = ids.idOf(piece);
    if (id === places.length) places.push(NONE);
    // Any place of its characters will do: a piece is searched for in the first pattern read
    // from the text that has it.
    if (at >= 0 && places[id] === NONE) places[id] = at + pattern.indexOf(piece);
    return id;
  };
  const count = entries.length;
  // Each rule's pieces as text ids: its prefix, middle pieces and tail (NONE: empty).
  const starts = new Int32Array(count + 1);
  const pieceIds: number[] = [];
  for (let r = 0; r < count; r++) {
    const entry = entries[r]!;
    at = NONE;
    if (source !== null && !entry.indexRewrite) {
      // The rule's value as written, when its pattern is that (not escaped).
      const rule = ruleAtLine(source.rules, entry.line);
      const from = valueStart(source.rules, rule);
      if (
        valueLength(source.rules, rule) === entry.pattern.length &&
        text.startsWith(entry.pattern, from)
      ) {
        at = from;
      }
    }
    pieceIds.push(idOf(entry.prefix, entry.pattern));
    for (const piece of entry.pieces!) pieceIds.push(idOf(piece, entry.pattern));
    starts[r + 1] = pieceIds.length;
    // Its pattern compared in place, each piece hashed and looked up.
    if (charge(ENTRY_UNITS + 12 * entry.pattern.length)) yield;
  }
  return { entries, source, texts, places, starts, pieceIds, finder: null };
}

/** The second stage of `layoutProgram`: the pieces' finder, built. */
export function* findSteps(reading: PieceReading): BuildSteps<PieceReading> {
  const { texts, pieceIds, source } = reading;
  // The finder numbers the pieces its own way: the rules' ids follow.
  const renumber = new Int32Array(texts.length);
  const text = source?.text ?? '';
  const places = source === null ? null : Int32Array.from(reading.places);
  const { maxLengths, minChars } = pieceFinding;
  const parts = yield* finderSteps(texts, renumber, maxLengths, minChars, text, places);
  reading.finder = new PieceFinder(texts, renumber, maxLengths, minChars, text, places, parts);
  for (let k = 0; k < pieceIds.length; k++) {
    if (pieceIds[k]! !== NONE) pieceIds[k] = renumber[pieceIds[k]!]!;
    if ((k & 63) === 63 && charge(64)) yield;
  }
  return reading;
}
