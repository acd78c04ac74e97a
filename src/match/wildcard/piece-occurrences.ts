/**
 * Where the pieces of a {@link PieceFinder} occur in one path: built from one pass of its
 * automaton and dictionary over the path, after which each question about a piece is a lookup:
 *
 * - does piece p end at position i: one comparison for an automaton's piece, a search among
 *   its occurrences for a dictionary's (`endsAt`);
 * - where p first and last occurs, and how often: found once per piece and check, by rank in
 *   the path's positions sorted by automaton state, or for a dictionary's piece from its finds,
 *   linked by piece in the pass and copied out in order when first asked (`infoOf`);
 * - the leftmost occurrence of p at or after a position (`next`): the above, and when the
 *   position lies between p's first and last occurrence, a search among its occurrences when
 *   they are in order (a piece of one key), else a scan of them (few), a search among them
 *   sorted once (`#order`, while the check has sorted fewer than the path's positions) or a
 *   query of a merge sort tree over them (O(log² n), built on first need).
 *
 * Building costs O(n) for a path of n characters and each length the dictionary hashes (a radix
 * sort of the automaton's states, a rank table over them in words of 32, a link a find of the
 * dictionary: `FoundChains`); every step is counted in
 * `work`, in the units of a check's budget. One instance serves all checks (a check is
 * synchronous): its arrays are kept and grown, so a check allocates nothing but for a longer
 * path or a larger program.
 *
 * Reset at every check the program runs.
 */

import { firstAtLeast } from '../../util/sorted-ints.js';
import { FoundChains } from './found-chains.js';
import { KeyRanks, KeySort, probeStates } from './key-positions.js';
import { type CheckedPath, FEW, NextEnds } from './next-ends.js';
import { type PieceFinder, pieceFinding } from './piece-finder.js';
import { atLeast, leastOf, mostOf, RangeExtremes } from './position-ranges.js';
import { ClassFinds, type PrefixClasses } from './prefix-classes.js';

const NONE = -1;

/** The longest path whose arrays are kept from one check to the next. */
const KEPT_PATH = 8 * 1024 + 512;

/**
 * Numbers per piece in `info` (32 bytes: a piece's are read together), and their offsets
 * (exported for the program's inlined lookups): the check they were found in, the piece's range
 * in `positions`, its first and last end (-1: none), and the finder's facts (its length, its
 * range of keys), copied here so that a lookup reads one record.
 */
export const INFO = 8;
const FROM = 1;
const TO = 2;
export const FIRST = 3;
export const LAST = 4;
export const LENGTH = 5;
export const STATES_FROM = 6;
export const STATES_TO = 7;

/** The occurrence index of one path under one finder; reset for each check. */
export class PieceOccurrences implements CheckedPath {
  /** Work done so far, in the units of a check's budget. */
  work = 0;
  #finder: PieceFinder | null = null;
  /** The path's length. Read-only outside, as `positions`, `count`, `ranks` (for `NextEnds`). */
  length = 0;
  /**
   * `state[i]`: the depth-first number of the automaton's state after `path[i]` (0 without an
   * automaton). Read-only outside: the program reads it (and `info`, `stamp`) in place of calls
   * on its hot path.
   */
  state: Int32Array<ArrayBuffer> = new Int32Array(0);
  /**
   * The positions whose state is not the root, sorted by state (then position): `KeySort`; then,
   * from `count`, the ends of the dictionary's pieces a check asked about, a piece's in order
   * (`#chains`), up to `#dictionaryEnd`.
   */
  positions: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** How many of `positions` the states are. */
  count = 0;
  #dictionaryEnd = 0;
  /** The dictionary's finds by piece (not sorted: copied out when a piece is asked about). */
  readonly #chains = new FoundChains();
  /** With prefix classes: `#chains` holds the classes' finds, and these the pieces' resolved. */
  readonly #classFinds = new ClassFinds();
  #classes: PrefixClasses | null = null;
  /** The keys of `positions`, in the same order. */
  #keys = new Int32Array(0);
  readonly #sorter = new KeySort();
  /** Where each key's positions start in `positions`. */
  readonly ranks: KeyRanks = new KeyRanks();
  /**
   * With prefix classes, whether the classes found were found few times each (on average at
   * most `pieceFinding.classBoundFinds`), so that a class's first and last finds bound where
   * its pieces occur closely enough to decide rules by (`RulePlacer.matches`) and a class found
   * stands for its pieces (`lacks`, where a group is doubted): a path of a few
   * letters finds every class everywhere, and its pieces are looked up instead. Read-only
   * outside.
   */
  classBounds = false;
  /** Per piece, {@link INFO} numbers: its record. Read-only outside. */
  info: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** The current check's number: a piece's record is current when its first number is it. */
  stamp = 0;
  /** The queries of pieces of many ends (`next`). */
  readonly #next = new NextEnds();
  /** Range extremes over `positions` (built on first need), and positions read before. */
  readonly #extremes = new RangeExtremes();

  /** Starts a check: runs `finder` over `path` and indexes what it found. */
  reset(finder: PieceFinder, path: string): void {
    const n = path.length;
    this.#finder = finder;
    this.length = n;
    this.#extremes.reset();
    this.#next.reset(n, finder.pieces);
    // A new stamp makes every piece's facts stale; on wrap-around, clear them.
    if (++this.stamp > 0x3fffffff) {
      this.stamp = 1;
      this.info.fill(0);
    }
    if (this.info.length < INFO * finder.pieces) {
      this.info = atLeast(this.info, INFO * finder.pieces).fill(0);
    }
    this.state = atLeast(this.state, n);
    const state = this.state;
    const automaton = finder.automaton;
    if (automaton !== null) {
      this.work = automaton.scan(path, state);
    } else {
      state.fill(0, 0, n);
      this.work = n;
    }
    // The dictionary's finds are linked by piece; the states are sorted and ranked.
    const dictionary = finder.dictionary;
    const chains = this.#chains;
    // None found (a program without a dictionary lists none of an earlier check's).
    chains.found = 0;
    chains.distinct = 0;
    const classes = finder.classes;
    this.#classes = classes;
    this.classBounds = false;
    let most = chains.found;
    if (classes !== null) {
      // One length looked up: the classes'; a piece's finds resolved when it is asked about.
      this.work += chains.find(classes.dictionary, path, 0, null, classes.table);
      this.#classFinds.reset(classes, dictionary!, chains, n);
      most = chains.found * (dictionary!.lengths.length + 1);
      this.classBounds = chains.found <= pieceFinding.classBoundFinds * chains.distinct;
    } else if (dictionary !== null) {
      this.work += chains.find(dictionary, path, finder.keyBase, finder.starts);
      most = chains.found;
    }
    let count = 0;
    for (let i = 0; i < n; i++) if (state[i] !== 0) count++;
    this.count = count;
    this.#dictionaryEnd = count;
    this.positions = atLeast(this.positions, count + most);
    this.#keys = atLeast(this.#keys, count);
    const found = { state, n, foundKeys: this.#keys, foundEnds: this.#keys, found: 0 };
    this.work += this.#sorter.sort(found, count, finder.keyBase, this.#keys, this.positions);
    this.work += this.ranks.rank(this.#keys, count, finder.keyBase);
  }

  /** Drops the finder (a check is over: keep nothing of it alive). */
  release(): void {
    this.#finder = null;
    this.#classes = null;
    this.#classFinds.release(this.length > KEPT_PATH);
    // The arrays of a long path are not kept (the next checks' paths are most likely short):
    // those of an 8 KB path, about 2 MB with all of its tables of next occurrences, are.
    if (this.length > KEPT_PATH) {
      const empty = new Int32Array(0);
      this.state = empty;
      this.positions = empty;
      this.#keys = empty;
      this.#next.release();
      this.#sorter.release();
      this.ranks.release();
      this.#chains.release();
      this.#extremes.release();
    }
  }

  /** Number of distinct automaton states found in the path (the root not counted). */
  get distinct(): number {
    return this.ranks.distinct;
  }

  /** The k-th distinct automaton state found in the path, ascending. */
  distinctKey(k: number): number {
    return this.ranks.distinctKey(k);
  }

  /**
   * The dictionary's pieces found in the path (candidates), the first {@link foundCount}, in
   * the order of their first finds; with prefix classes (`PieceFinder.classes`), the classes
   * found. Read-only.
   */
  get foundPieces(): Int32Array {
    return this.#chains.pieces;
  }

  /** How many of {@link foundPieces} there are. */
  get foundCount(): number {
    return this.#chains.distinct;
  }

  /**
   * The dictionary's finds by piece (`FoundChains.records`: `FIND` numbers a piece, current when
   * the first is {@link findStamp}), for the placer's candidate bounds: a piece's finds when the
   * finder has no prefix classes (with them, its classes'). Read-only outside.
   */
  get finds(): Int32Array {
    return this.#chains.records;
  }

  /** The check's number in {@link finds}. */
  get findStamp(): number {
    return this.#chains.stamp;
  }

  /**
   * With prefix classes, writes into `out` the dictionary's pieces the classes found may hold
   * (`ClassFinds.list`); returns how many.
   */
  listClassPieces(out: Int32Array): number {
    return this.#classFinds.list(out, this);
  }

  /** Finds piece p's range of positions, first and last end, once per check: its record. */
  infoOf(p: number): number {
    const at = INFO * p;
    const info = this.info;
    if (info[at] === this.stamp) return at;
    info[at] = this.stamp;
    const finder = this.#finder!;
    const statesFrom = finder.keysFrom(p);
    const statesTo = finder.keysTo(p);
    info[at + LENGTH] = finder.lengthOf(p);
    info[at + STATES_FROM] = statesFrom;
    info[at + STATES_TO] = statesTo;
    const ranks = this.ranks;
    const positions = this.positions;
    let from: number;
    let to: number;
    if (p < finder.hashed) {
      // A dictionary's piece: the pass found where its hash is (its finds, copied out in
      // order); where its characters are, kept.
      from = this.#dictionaryEnd;
      if (this.#classes !== null) {
        to = this.#classFinds.occurrencesOf(p, positions, from, this);
      } else {
        to = this.#chains.collect(p, positions, from, this);
        if (from < to) {
          const codes = this.#chains.codes;
          to = finder.dictionary!.texts.keepMatches(p, codes, positions, from, to, this);
        }
      }
      this.#dictionaryEnd = to;
    } else {
      // Most pieces a hostile file holds are absent, and most own a few state numbers: the
      // bits of the states present tell it without ranking.
      const absent = ranks.absent(statesFrom, statesTo, this);
      from = absent ? 0 : ranks.lowerBound(statesFrom, this);
      to = absent ? 0 : ranks.lowerBound(statesTo, this);
    }
    info[at + FROM] = from;
    info[at + TO] = to;
    this.work += 4;
    if (from === to) {
      info[at + FIRST] = NONE;
      info[at + LAST] = NONE;
      return at;
    }
    // One key (a dictionary's piece, an automaton's piece of one state): its positions in order.
    if (statesTo - statesFrom === 1) {
      info[at + FIRST] = positions[from]!;
      info[at + LAST] = positions[to - 1]!;
      return at;
    }
    if (to - from <= FEW) {
      info[at + FIRST] = leastOf(positions, from, to, this);
      info[at + LAST] = mostOf(positions, from, to);
      return at;
    }
    // Many ends: most likely some near each end of the path, found by reading the states there;
    // else, of few keys present (each's positions in order), the first and last of each.
    const n = this.length;
    const first = probeStates(this.state, n, statesFrom, statesTo, 0, 1, this);
    const last =
      first < 0 ? NONE : probeStates(this.state, n, statesFrom, statesTo, n - 1, -1, this);
    const runs = last >= 0 ? NONE : ranks.runsIn(statesFrom, statesTo, this);
    if (last >= 0 || runs >= 0) {
      info[at + FIRST] = last >= 0 ? first : ranks.extremeOf(runs, positions, 0, this);
      info[at + LAST] = last >= 0 ? last : ranks.extremeOf(runs, positions, 1, this);
      return at;
    }
    // Its ends read while the check has read fewer than it found in all (O(n) for every piece
    // asked about); past that, the range extremes over all positions answer (O(n) to build).
    this.#extremes.leastAndMost(positions, this.count, from, to, info, at + FIRST, this);
    this.work += 4;
    return at;
  }

  /** Whether piece p ends at position `end` (an index of the path). */
  endsAt(p: number, end: number): boolean {
    this.work++;
    if (end < 0 || end >= this.length) return false;
    const finder = this.#finder!;
    if (p >= finder.hashed) {
      const key = this.state[end]!;
      return key >= finder.keysFrom(p) && key < finder.keysTo(p);
    }
    // A dictionary's piece: its first, its last, or found among its ends (in order).
    const at = this.infoOf(p);
    const info = this.info;
    const first = info[at + FIRST]!;
    const last = info[at + LAST]!;
    if (end === first || end === last) return true;
    if (end < first || end > last) return false;
    const positions = this.positions;
    return positions[firstAtLeast(positions, info[at + FROM]!, info[at + TO]!, end, this)] === end;
  }

  /** Whether piece p surely does not occur: no key of its range found (a bit test, mostly). */
  lacks(p: number): boolean {
    const finder = this.#finder!;
    if (p < finder.hashed) {
      if (this.#classes === null) return !this.#chains.has(p);
      // Its class not found; else, with class bounds, not known (its rules are decided by
      // them); else its occurrences found (once a check), and none.
      if (!this.#classFinds.classFound(p)) return true;
      if (this.classBounds) return false;
      return this.info[this.infoOf(p) + FIRST]! < 0;
    }
    return this.ranks.absent(finder.keysFrom(p), finder.keysTo(p), this);
  }

  /** Where the last occurrence of piece p starts, or -1. */
  lastStart(p: number): number {
    const last = this.info[this.infoOf(p) + LAST]!;
    return last < 0 ? NONE : last - this.#finder!.lengthOf(p) + 1;
  }

  /**
   * Where the leftmost occurrence of piece p at or after `from` starts, or -1: what
   * `path.indexOf(piece, from)` answers.
   */
  next(p: number, from: number): number {
    const end = placeAfter(p, from, this);
    return end < 0 ? NONE : end - this.#finder!.lengthOf(p);
  }

  /** Where piece p's table of next ends is in this check, or -1: none (see `nextTabled`). */
  tableOf(p: number): number {
    return this.#next.tableOf(p);
  }

  /** The first end at or after `least` in the table at `table` (`tableOf`), or -1: none. */
  nextTabled(table: number, least: number): number {
    const end = this.#next.nextTabled(this, table, least);
    return end === 0x7fffffff ? NONE : end;
  }

  /**
   * Piece p's first end at or after `least`, once its record is read (`infoOf`) and shows its
   * first end before `least` and its last at or after it, and, for a piece of several keys
   * (an automaton's), it does not end at `least` (`placeAfter` places a piece so).
   */
  nextEnd(p: number, least: number): number {
    const info = this.info;
    const at = INFO * p;
    return this.#next.next(
      this,
      p,
      info[at + STATES_FROM]!,
      info[at + STATES_TO]!,
      info[at + FROM]!,
      info[at + TO]!,
      least,
    );
  }
}

/**
 * Where piece p (a middle piece or a tail: not a prefix) ends when placed at its leftmost
 * occurrence starting at or after `pos`, or -1: {@link PieceOccurrences.next}'s usual answers
 * written out from the piece's record (this runs for every piece a rule's start places, tens of
 * thousands of times a check): from its table, first after here (or here), nowhere after here,
 * or here; else its next end searched. A placement counts a unit.
 */
export function placeAfter(p: number, pos: number, occurrences: PieceOccurrences): number {
  occurrences.work++;
  const record = INFO * p;
  const info = occurrences.info;
  if (info[record] !== occurrences.stamp) occurrences.infoOf(p);
  const length = info[record + LENGTH]!;
  const least = pos + length - 1;
  // A piece asked about at many places has a table of next ends: a lookup.
  const table = occurrences.tableOf(p);
  if (table >= 0) {
    const end = occurrences.nextTabled(table, least);
    return end < 0 ? NONE : end + 1;
  }
  if (info[record + FIRST]! >= least) return info[record + FIRST]! + 1;
  if (info[record + LAST]! < least) return NONE;
  const key = occurrences.state[least]!;
  if (key >= info[record + STATES_FROM]! && key < info[record + STATES_TO]!) return pos + length;
  return occurrences.nextEnd(p, least) + 1;
}
