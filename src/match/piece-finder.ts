/**
 * Finds the distinct literal pieces of a rule set's wildcard patterns in a path, all at once:
 * the pieces of a few lengths (those most pieces have) through a {@link PieceDictionary}, a few
 * bytes a piece; the others, if any, through a {@link PieceAutomaton}, about 8 bytes a character
 * and 6 a piece (a length whose pieces are few costs it little, and the dictionary a pass). A
 * pass over a path gives `PieceOccurrences` keys: the automaton's state after each character (a
 * piece owns a range of states), and a key of its own for each occurrence of a dictionary piece.
 *
 * A pass costs a lookup a character for the automaton and one a character for each of the
 * dictionary's lengths, with the characters compared where a piece's hash is met: the
 * dictionary takes at most {@link MAX_LENGTHS} lengths, together at most
 * {@link MAX_HASHED_CHARS} characters long, so a pass costs at most about 60 units a character.
 */

import { PIECE, PIECE_FROM, PIECE_TO, PieceAutomaton } from './piece-automaton.js';
import { PieceDictionary } from './piece-dictionary.js';

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
/** Lengths the dictionary takes at most. */
const MAX_LENGTHS = 8;
/** The sum of the dictionary's lengths at most (what comparing a window at each costs). */
const MAX_HASHED_CHARS = 48;

/**
 * Test settings, not part of the public API. `maxLengths`: lengths the dictionary takes at most
 * ({@link MAX_LENGTHS}); tests set 0 (every piece in the automaton) or 1 (both ways in one set)
 * to run the program's suites through each. `minChars`: the characters a length's pieces have
 * at least for the dictionary to take it ({@link MIN_CHARS}); tests set 0, for their small sets.
 */
export const pieceFinding: { maxLengths: number; minChars: number } = {
  maxLengths: MAX_LENGTHS,
  minChars: MIN_CHARS,
};

/** The pieces of a rule set, numbered: the dictionary's first, then the automaton's. */
export class PieceFinder {
  /** Number of pieces. */
  readonly pieces: number;
  /** Pieces `0 … hashed - 1` are the dictionary's; the others the automaton's, from `hashed`. */
  readonly hashed: number;
  readonly dictionary: PieceDictionary | null;
  readonly automaton: PieceAutomaton | null;
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
   * `maxLengths` and `minChars` (see {@link pieceFinding}).
   */
  constructor(
    pieces: readonly string[],
    ids: Int32Array,
    maxLengths: number = pieceFinding.maxLengths,
    minChars: number = pieceFinding.minChars,
  ) {
    this.pieces = pieces.length;
    const counts = new Map<number, number>();
    for (const piece of pieces) counts.set(piece.length, (counts.get(piece.length) ?? 0) + 1);
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
    lengths.sort((a, b) => a - b);
    const taken = new Set(lengths);
    const hashedPieces: string[] = [];
    const others: string[] = [];
    for (const piece of pieces) (taken.has(piece.length) ? hashedPieces : others).push(piece);
    const hashedIds = new Int32Array(hashedPieces.length);
    this.hashed = hashedPieces.length;
    this.dictionary =
      hashedPieces.length > 0 ? new PieceDictionary(hashedPieces, lengths, hashedIds) : null;
    this.automaton = others.length > 0 ? new PieceAutomaton(others) : null;
    this.keyBase = this.automaton?.nodes ?? 1;
    this.keys = this.keyBase + this.hashed;
    let h = 0;
    let o = 0;
    for (let k = 0; k < pieces.length; k++) {
      ids[k] = taken.has(pieces[k]!.length) ? hashedIds[h++]! : this.hashed + o++;
    }
    this.#pieceData = this.automaton?.pieceData ?? new Int32Array(0);
    this.bytes = 128 + (this.dictionary?.bytes ?? 0) + (this.automaton?.bytes ?? 0);
  }

  /** The length of piece p. */
  lengthOf(p: number): number {
    return p < this.hashed
      ? this.dictionary!.lengthOf(p)
      : this.#pieceData[PIECE * (p - this.hashed)]!;
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
