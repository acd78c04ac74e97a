/**
 * Finds the distinct literal pieces of a rule set's wildcard patterns in a path, all at once:
 * the pieces of a few lengths (those most pieces have) through a {@link PieceDictionary}, a few
 * bytes a piece (its characters read where the body has them), and longer pieces there too, by
 * their first K characters for a K it hashes (so that pieces of many long lengths cost no trie
 * node a character); the others, if any, through a {@link PieceAutomaton}, about 8 bytes a
 * character and 6 a piece (a length whose pieces are few costs it little, and the dictionary a
 * pass). A pass over a path gives `PieceOccurrences` keys: the automaton's state after each
 * character (a piece owns a range of states), and a key of its own for each occurrence of a
 * dictionary piece.
 *
 * A pass costs a lookup a character for the automaton and one a character for each of the
 * dictionary's lengths, with the characters compared where a piece's hash is met: the
 * dictionary takes at most {@link MAX_LENGTHS} lengths, together at most
 * {@link MAX_HASHED_CHARS} characters long, so a pass costs at most about 60 units a character
 * (and the characters of a longer piece past its K where its first K are met).
 *
 * When the dictionary takes two lengths or more and its pieces share their first K characters
 * (K its shortest length), a pass looks those prefix classes up instead, one length a window
 * (`prefix-classes.ts`): what a check asks about is resolved from them. When they do not, a
 * window is looked up at the lengths its first K characters may start (`start-lengths.ts`).
 *
 * Built once per program (`program-layout.ts`); run over the path at every check the program
 * runs.
 */

import { type BuildSteps, buildAtOnce, charge } from '../build-steps.js';
import { ClassTable } from './class-table.js';
import { PIECE, PIECE_FROM, PIECE_TO, PieceAutomaton } from './piece-automaton.js';
import { automatonSteps } from './piece-automaton-build.js';
import { dictionarySteps, MAX_EXTRA, PieceDictionary } from './piece-dictionary.js';
import { PieceIds } from './piece-ids.js';
import { PrefixClasses } from './prefix-classes.js';
import { STARTS_SAVE, StartLengths, startsSteps } from './start-lengths.js';

/**
 * The shortest length the dictionary takes. Shorter pieces are few (at most one a character
 * and one a pair of characters: two automaton nodes each), and the automaton finds them in one
 * state a position, where the dictionary would find each occurrence of each.
 */
const MIN_HASHED = 3;
/**
 * The characters a length's pieces have at least for the dictionary to take it: below, the
 * automaton keeps them in at most about 16 KB, and a check saves the dictionary's pass of that
 * length.
 */
const MIN_CHARS = 1024;
/**
 * The shortest piece the dictionary takes by its first K characters, K a shorter length it
 * hashes (see `PieceDictionary`).
 */
const MIN_LONG = 8;
/**
 * The pieces a prefix class has on average at least for a dictionary of two lengths or more to
 * be found through its classes (`prefix-classes.ts`): fewer, and most windows that name a class
 * name one piece (the classes' lists cost 2 bytes a piece and save few lookups).
 */
const CLASS_SHARE = 2;

/**
 * The finds a prefix class found in a path has on average at most for the classes' finds to
 * bound where their pieces occur, in place of the pieces' own (`PieceOccurrences.classBounds`).
 */
const CLASS_BOUND_FINDS = 2;

/** Lengths the dictionary takes at most. */
const MAX_LENGTHS = 8;
/** The sum of the dictionary's lengths at most (what comparing a window at each costs). */
const MAX_HASHED_CHARS = 48;

/**
 * Test settings, not part of the public API. `maxLengths`: lengths the dictionary takes at most
 * ({@link MAX_LENGTHS}); tests set 0 (every piece in the automaton) or 1 (both ways in one set)
 * to run the program's suites through each. `minChars`: the characters a length's pieces have
 * at least for the dictionary to take it ({@link MIN_CHARS}); tests set 0, for their small sets.
 * `classShare`: {@link CLASS_SHARE}. `startsSave`: the lookups a window must save on average
 * for a dictionary of two lengths or more without prefix classes to look it up only at the
 * lengths its start names (`start-lengths.ts`, {@link STARTS_SAVE}); tests set -Infinity
 * (always) or Infinity (never, every length looked up a window). `classBoundFinds`:
 * {@link CLASS_BOUND_FINDS}; tests set Infinity (class bounds at every check) or -1 (never).
 */
export const pieceFinding: {
  maxLengths: number;
  minChars: number;
  classShare: number;
  startsSave: number;
  classBoundFinds: number;
} = {
  maxLengths: MAX_LENGTHS,
  minChars: MIN_CHARS,
  classShare: CLASS_SHARE,
  startsSave: STARTS_SAVE,
  classBoundFinds: CLASS_BOUND_FINDS,
};

/** The pieces of a rule set, numbered: the dictionary's first, then the automaton's. */
export class PieceFinder {
  /** Number of pieces. */
  readonly pieces: number;
  /** Pieces `0 … hashed - 1` are the dictionary's; the others the automaton's, from `hashed`. */
  readonly hashed: number;
  readonly dictionary: PieceDictionary | null;
  readonly automaton: PieceAutomaton | null;
  /** The dictionary's pieces' prefix classes, when the pass looks up those rather than them. */
  readonly classes: PrefixClasses | null;
  /** Else the lengths a window's start names, when the dictionary has two lengths or more. */
  readonly starts: StartLengths | null;
  /** The first key of a dictionary piece: the automaton's states come before. */
  readonly keyBase: number;
  /** Number of keys. */
  readonly keys: number;
  /** The automaton's pieces' numbers (see `PIECE`), or none. */
  readonly #pieceData: Uint16Array | Int32Array;
  /** Memory retained, in bytes. */
  readonly bytes: number;

  /**
   * `pieces`: distinct, non-empty strings; sets `ids[k]` to the id of `pieces[k]`. For tests,
   * `maxLengths` and `minChars` (see {@link pieceFinding}). `places[k]`, when given, is where
   * `pieces[k]` is in `source` (-1: not there): the dictionary reads it there, not in a copy.
   */
  constructor(
    pieces: readonly string[],
    ids: Int32Array,
    maxLengths: number = pieceFinding.maxLengths,
    minChars: number = pieceFinding.minChars,
    source = '',
    places: Int32Array | null = null,
    parts: FinderParts = buildAtOnce(
      finderSteps(pieces, ids, maxLengths, minChars, source, places),
    ),
  ) {
    this.pieces = pieces.length;
    this.hashed = parts.hashed;
    this.dictionary = parts.dictionary;
    this.automaton = parts.automaton;
    this.classes = parts.classes;
    this.starts = parts.starts;
    this.keyBase = this.automaton?.nodes ?? 1;
    this.keys = this.keyBase + this.hashed;
    this.#pieceData = this.automaton?.pieceData ?? new Int32Array(0);
    this.bytes =
      128 +
      (this.dictionary?.bytes ?? 0) +
      (this.classes?.bytes ?? 0) +
      (this.starts?.bytes ?? 0) +
      (this.automaton?.bytes ?? 0);
  }

  /** The length of piece p. */
  lengthOf(p: number): number {
    return p < this.hashed
      ? this.dictionary!.lengthOf(p)
      : this.#pieceData[PIECE * (p - this.hashed)]!;
  }

  /**
   * Whether piece p ends at `end` in `codes` (a path's character codes; its length fits there):
   * the characters compared (or the automaton's trie nodes walked), negated when it does not.
   */
  endsAt(p: number, codes: Uint16Array, end: number): number {
    return p < this.hashed
      ? this.dictionary!.texts.endsAt(p, codes, end)
      : this.automaton!.endsAt(p - this.hashed, codes, end);
  }

  /** The first key of piece p's range: an occurrence's key is in it when p ends there. */
  keysFrom(p: number): number {
    return p < this.hashed
      ? this.keyBase + p
      : this.#pieceData[PIECE * (p - this.hashed) + PIECE_FROM]!;
  }

  /** The end of piece p's range of keys. */
  keysTo(p: number): number {
    return p < this.hashed
      ? this.keyBase + p + 1
      : this.#pieceData[PIECE * (p - this.hashed) + PIECE_TO]!;
  }
}

/** What {@link finderSteps} builds: a {@link PieceFinder}'s dictionary and automaton. */
export interface FinderParts {
  readonly hashed: number;
  readonly dictionary: PieceDictionary | null;
  readonly automaton: PieceAutomaton | null;
  readonly classes: PrefixClasses | null;
  readonly starts: StartLengths | null;
}

/** Build units a piece costs in each of the finder's own passes over the pieces. */
const FINDER_PIECE_UNITS = 24;

/**
 * A {@link PieceFinder}'s parts in counted steps (`build-steps.ts`): the lengths it hashes
 * chosen, its pieces shared between its dictionary and its automaton (a piece at a time), then
 * each built in steps of its own. Sets `ids[k]` to the id of `pieces[k]`.
 */
export function* finderSteps(
  pieces: readonly string[],
  ids: Int32Array,
  maxLengths: number,
  minChars: number,
  source: string,
  places: Int32Array | null,
): BuildSteps<FinderParts> {
  const counts = new Map<number, number>();
  for (const piece of pieces) {
    counts.set(piece.length, (counts.get(piece.length) ?? 0) + 1);
    if (charge(FINDER_PIECE_UNITS)) yield;
  }
  // The lengths most pieces have, while they stay few and short.
  const byCount = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const lengths: number[] = [];
  let chars = 0;
  for (const [length, count] of byCount) {
    if (lengths.length >= maxLengths) break;
    if (length < MIN_HASHED || count * length < minChars) continue;
    if (chars + length > MAX_HASHED_CHARS) continue;
    lengths.push(length);
    chars += length;
  }
  // A long piece whose length none of those is: hashed by its first K characters for a K
  // taken (so that long pieces of many lengths cost no node a character), or by a length of
  // their own when none is shorter.
  const reached = (length: number): number => {
    let best = 0;
    for (const k of lengths) if (k <= length && k > best && length - k <= MAX_EXTRA) best = k;
    return best;
  };
  let longChars = 0;
  let shortest = Infinity;
  for (const piece of pieces) {
    if (charge(FINDER_PIECE_UNITS)) yield;
    const length = piece.length;
    if (length < MIN_LONG || reached(length) !== 0) continue;
    longChars += length;
    shortest = Math.min(shortest, length);
  }
  if (
    lengths.length < maxLengths &&
    longChars > 0 &&
    longChars >= minChars &&
    chars + MIN_LONG <= MAX_HASHED_CHARS
  ) {
    lengths.push(Math.min(shortest, MAX_HASHED_CHARS - chars));
  }
  lengths.sort((a, b) => a - b);
  const taken = new Set(lengths);
  // Which pieces the dictionary takes: those of a length taken, and longer ones whose first K
  // characters no other piece of K has.
  const hashedMask = new Uint8Array(pieces.length);
  for (let k = 0; k < pieces.length; k++) {
    if (taken.has(pieces[k]!.length)) hashedMask[k] = 1;
    if (charge(FINDER_PIECE_UNITS)) yield;
  }
  // Only when their characters would make the automaton large (as a length is taken): a few
  // long pieces cost it little, and keep their own keys.
  let untaken = 0;
  for (let k = 0; k < pieces.length; k++) {
    if (hashedMask[k] === 0 && pieces[k]!.length >= MIN_LONG) untaken += pieces[k]!.length;
    if (charge(FINDER_PIECE_UNITS)) yield;
  }
  // The starts taken (the pieces of a length taken, then those of longer ones), made only
  // when longer pieces may be given to a length (else hashing every piece is wasted).
  const starts = new Set<string>();
  if (untaken > 0 && untaken >= minChars) {
    for (let k = 0; k < pieces.length; k++) {
      if (hashedMask[k] === 1) starts.add(pieces[k]!);
      if (charge(FINDER_PIECE_UNITS + 6 * pieces[k]!.length)) yield;
    }
  }
  for (let k = 0; k < pieces.length && untaken > 0 && untaken >= minChars; k++) {
    const piece = pieces[k]!;
    if (charge(FINDER_PIECE_UNITS + 6 * piece.length)) yield;
    if (hashedMask[k] === 1 || piece.length < MIN_LONG) continue;
    const length = reached(piece.length);
    if (length === 0) continue;
    const start = piece.slice(0, length);
    if (starts.has(start)) continue;
    starts.add(start);
    hashedMask[k] = 1;
  }
  const hashedPieces: string[] = [];
  const hashedPlaces: number[] = [];
  const others: string[] = [];
  for (let k = 0; k < pieces.length; k++) {
    if (hashedMask[k] === 1) {
      hashedPieces.push(pieces[k]!);
      hashedPlaces.push(places === null ? -1 : places[k]!);
    } else {
      others.push(pieces[k]!);
    }
    if (charge(FINDER_PIECE_UNITS)) yield;
  }
  const hashedIds = new Int32Array(hashedPieces.length);
  let dictionary: PieceDictionary | null = null;
  if (hashedPieces.length > 0) {
    const hashedAt = places === null ? null : Int32Array.from(hashedPlaces);
    const parts = yield* dictionarySteps(hashedPieces, lengths, hashedIds, source, hashedAt);
    dictionary = new PieceDictionary(hashedPieces, lengths, hashedIds, source, hashedAt, parts);
  }
  const split =
    dictionary === null
      ? null
      : yield* classesSteps(
          dictionary,
          hashedPieces,
          hashedIds,
          source,
          places === null ? null : hashedPlaces,
          pieceFinding.classShare,
        );
  const classes = split instanceof PrefixClasses ? split : null;
  const startLengths = split instanceof StartLengths ? split : null;
  const automaton =
    others.length > 0 ? new PieceAutomaton(others, yield* automatonSteps(others)) : null;
  let h = 0;
  let o = 0;
  for (let k = 0; k < pieces.length; k++) {
    ids[k] = hashedMask[k] === 1 ? hashedIds[h++]! : hashedPieces.length + o++;
    if (charge(FINDER_PIECE_UNITS)) yield;
  }
  return {
    hashed: hashedPieces.length,
    dictionary,
    automaton,
    classes,
    starts: startLengths,
  };
}

/**
 * The prefix classes of `dictionary`'s pieces (`pieces[j]`, its id `ids[j]`, where it is in
 * `source` `places[j]`), when it takes two lengths or more and its pieces share their classes
 * (`share` a class on average at least); else, with two lengths or more, the lengths each start
 * names, when it saves `pieceFinding.startsSave` lookups a window; else null.
 */
function* classesSteps(
  dictionary: PieceDictionary,
  pieces: readonly string[],
  ids: Int32Array,
  source: string,
  places: readonly number[] | null,
  share: number,
): BuildSteps<PrefixClasses | StartLengths | null> {
  if (dictionary.lengths.length < 2) return null;
  const length = dictionary.lengths[0]!;
  const numbers = new PieceIds();
  const classOf = new Int32Array(pieces.length);
  for (let j = 0; j < pieces.length; j++) {
    classOf[ids[j]!] = numbers.idOf(pieces[j]!.slice(0, length));
    if (charge(FINDER_PIECE_UNITS + 6 * length)) yield;
  }
  const count = numbers.texts.length;
  if (count * share > pieces.length) {
    if (pieceFinding.startsSave === Number.POSITIVE_INFINITY) return null;
    const starts = yield* startsSteps(dictionary, pieces, ids, count);
    // Taken when a window looks up fewer lengths through it than without, by its own cost.
    const lengths = dictionary.lengths.length;
    return starts.lengthsPerSlot + pieceFinding.startsSave < lengths ? starts : null;
  }
  // A class's characters are where a piece of it is (its first K).
  const classPlaces = new Int32Array(count).fill(-1);
  for (let j = 0; j < pieces.length && places !== null; j++) {
    const c = classOf[ids[j]!]!;
    if (classPlaces[c]! < 0) classPlaces[c] = places[j]!;
  }
  const classIds = new Int32Array(count);
  const at = places === null ? null : classPlaces;
  const parts = yield* dictionarySteps(numbers.texts, [length], classIds, source, at);
  const classDictionary = new PieceDictionary(numbers.texts, [length], classIds, source, at, parts);
  // Its direct table, when small (`class-table.ts`): the pass's lookups exact and cheaper.
  if (charge(ClassTable.cost(count, length))) yield;
  const table = ClassTable.make(numbers.texts, classIds, length);
  // Numbered by the classes' dictionary.
  for (let id = 0; id < classOf.length; id++) classOf[id] = classIds[classOf[id]!]!;
  // Its lists, a few typed arrays' passes over the pieces, in one step.
  if (charge(4 * classOf.length)) yield;
  return new PrefixClasses(classDictionary, classOf, count, dictionary, table);
}
