/**
 * The key pieces of a wildcard program (each rule is filed under one piece it must contain: its
 * tail, or with none the piece its group a path is least likely to hold; `ProgramLayout`) in an
 * Aho–Corasick automaton of their own, which tells whether a path holds any of them. A rule
 * cannot match a path without its key, so a path that holds none (a hostile file's pieces whose
 * last never occurs in it) is answered without the program's pass over all of its pieces
 * (`PieceOccurrences`). Built once per program (`program-layout.ts`), in counted steps; run
 * first in every check of the program (`WildcardProgram.match`).
 *
 * Cost of a pass over n characters: at most 4n units, the automaton's scan (a unit a character,
 * one a transition or failure link taken: at most 3n, 2n with its table of every transition)
 * and one a position read, until the first key found; 256 characters at a time, so a key found
 * at position i has cost at most 4 (i + 64). Memory: the automaton's 8 bytes a node (14 from
 * 65,535 nodes) and a byte a node for where keys end, nothing by key: 125–430 KB for the 7,000–
 * 12,600 keys of the generated 500 KiB shapes.
 */

import { type BuildSteps, charge } from '../build-steps.js';
import { PieceAutomaton } from './piece-automaton.js';
import { automatonSteps, PIECE, PIECE_FROM, PIECE_TO } from './piece-automaton-build.js';

/** Characters scanned at a time (a power of two): a key found ends the pass within it. */
const STRETCH = 64;

/** The automaton's states of a pass (one check at a time: shared by every program). */
let states = new Int32Array(0);

/** The key pieces of a program, looked for together in one pass. */
export class KeyFinder {
  readonly #automaton: PieceAutomaton;
  /** Per depth-first number of a state, 1 when a key ends there (on its failure chain). */
  readonly #ends: Uint8Array;
  /** The work of the last pass, in the units of a check's budget. */
  work = 0;
  /** Memory retained, in bytes. */
  readonly bytes: number;

  constructor(automaton: PieceAutomaton, ends: Uint8Array) {
    this.#automaton = automaton;
    this.#ends = ends;
    this.bytes = automaton.bytes + ends.byteLength + 64;
  }

  /**
   * Whether a key occurs in `path`: the path read a stretch at a time until one ends. Sets
   * {@link work}: the automaton's (a unit a character, one a transition or failure link taken)
   * and a unit a position whose state is read.
   */
  occursIn(path: string): boolean {
    const n = path.length;
    if (states.length < n) states = new Int32Array(Math.max(n, 2 * states.length));
    const out = states;
    const ends = this.#ends;
    let work = 0;
    for (let from = 0; from < n; from += STRETCH) {
      const to = Math.min(n, from + STRETCH);
      work += this.#automaton.scan(path, out, from, to);
      for (let i = from; i < to; i++) {
        if (ends[out[i]!] !== 0) {
          this.work = work + i + 1 - from;
          return true;
        }
      }
      work += to - from;
    }
    this.work = work;
    return false;
  }
}

/**
 * Builds the {@link KeyFinder} of `keys` (distinct, non-empty) in counted steps: the
 * automaton's, then a unit a state for where keys end.
 */
export function* keyFinderSteps(keys: readonly string[]): BuildSteps<KeyFinder> {
  const parts = yield* automatonSteps(keys);
  const { nodes, pieceData, byNumber } = parts;
  // A key ends at a state when its range of depth-first numbers holds the state's: the ranges,
  // nested or apart, by their first number, each filled past what the ones before filled.
  const ends = new Uint8Array(nodes);
  let filled = 0;
  for (let k = 0; k < byNumber.length; k++) {
    const key = byNumber[k]!;
    const from = Math.max(filled, pieceData[PIECE * key + PIECE_FROM]!);
    const to = pieceData[PIECE * key + PIECE_TO]!;
    if (to > from) {
      ends.fill(1, from, to);
      filled = to;
    }
    if (charge(1 + Math.max(0, to - from))) yield;
  }
  // Only its scan is asked: the arrays by key (which keys end at a state) are not kept.
  const none = new Uint16Array(0);
  const scanned = { ...parts, pieceData: none, byNumber: none, enclosing: none };
  return new KeyFinder(new PieceAutomaton(keys, scanned), ends);
}

/**
 * The {@link KeyFinder} of a program's key pieces (piece p keys a rule of group
 * `(p >> groupShift) + 1` when that group's `keyed` byte has bit `p & (2^groupShift - 1)`), the
 * finder's piece p being `texts[k]` for `renumber[k] = p`; null when no rule has a key.
 */
export function* programKeySteps(
  keyed: Uint8Array,
  groupShift: number,
  texts: readonly string[],
  renumber: Int32Array,
): BuildSteps<KeyFinder | null> {
  const byId: string[] = new Array(texts.length);
  for (let k = 0; k < texts.length; k++) {
    byId[renumber[k]!] = texts[k]!;
    if ((k & 1023) === 1023 && charge(1024)) yield;
  }
  const keys: string[] = [];
  const bits = (1 << groupShift) - 1;
  for (let p = 0; p < byId.length; p++) {
    const g = (p >> groupShift) + 1;
    if ((keyed[g]! & (1 << (p & bits))) === 0) continue;
    keys.push(byId[p]!);
    if (charge(4)) yield;
  }
  if (keys.length === 0) return null;
  return yield* keyFinderSteps(keys);
}
