/**
 * A piece's next end at or after a position when it has many ends in the path, for
 * `PieceOccurrences.next`: read in the next states, in each of its keys' ends when few keys
 * are present, in the states further on while that costs less than sorting its ends (or its
 * table) would, from a table of next ends (a piece ending at an eighth of the positions or more),
 * its ends sorted once, or the merge sort tree, whose queries, once they have cost two passes
 * over the path, make it a table; so that no piece costs much more in queries than the path's
 * length. Every step is counted into the caller's work.
 *
 * Reset at every check the program runs, by its `PieceOccurrences`.
 */

import { firstAtLeast } from '../../util/sorted-ints.js';
import { type KeyRanks, PROBE, probeStates } from './key-positions.js';
import {
  atLeast,
  leastFrom,
  MergeSortTree,
  NextEndTables,
  sortPrice,
  TABLES,
  tablePrice,
  type WorkCounter,
} from './position-ranges.js';

const NONE = -1;

/**
 * Ends of a piece up to this many are read (its first and last, a query's next); more, of
 * several keys, are searched (`#nextFew`, `#nextMany`).
 */
export const FEW = 32;

/** The path of one check, as `PieceOccurrences` holds it. */
export interface CheckedPath extends WorkCounter {
  /** Each position's automaton state. */
  readonly state: Int32Array;
  /** The path's length. */
  readonly length: number;
  /** The positions sorted by key, and how many. */
  readonly positions: Int32Array;
  readonly count: number;
  readonly ranks: KeyRanks;
}

/**
 * A piece's searches (halving its ends, reading them) buy it a table of next ends once they
 * have cost this share of the table's work: a table's work is words filled and bits set in a
 * row, a search's a read that waits on the one before, several times slower a unit (long rules
 * of tiny pieces over a small alphabet: 17 % less time a check with 8 than with 1, measured on
 * the generated shapes of seeds 15, 17, 20, 23 and 29). Its work is counted whole: at most
 * `TABLE_RENT` times its searches' a piece.
 */
const TABLE_RENT = 8;

/**
 * The searches' setting, for tests: `tableRent` ({@link TABLE_RENT}; infinite: a table from a
 * piece's second query on, so that the suites place every piece asked about twice by tables).
 */
export const nextEndSearching: { tableRent: number } = { tableRent: TABLE_RENT };

/** Per-piece state of the queries of many ends, for one check. */
export class NextEnds {
  /** Per piece, the work its queries cost in this check (see `next`). */
  #heavy = new Int32Array(0);
  /**
   * Per piece, where its table of next ends is in this check's, or -1; the pieces given one
   * (reset to -1 when the next check starts).
   */
  #tableAt = new Int32Array(0);
  readonly #tabled = new Int32Array(TABLES);
  #tabledCount = 0;
  /** Per piece, where its ends start in the tables' sorted ends (-1: not sorted there). */
  #orderedAt = new Int32Array(0);
  /** The check's tables of next ends and sorted ends of pieces. */
  readonly #tables = new NextEndTables();
  /** The merge sort tree over the positions, built on first need. */
  readonly #tree = new MergeSortTree();
  /** Positions the check's queries may still read past a probe (see `#nextFew`). */
  #spare = 0;
  /** Per piece, the check its queries' state is of (stale: none yet), and the check's. */
  #stamps = new Int32Array(0);
  #stamp = 0;

  /** Starts a check of a path of n characters and a program of `pieces` pieces. */
  reset(n: number, pieces: number): void {
    this.#spare = n;
    this.#tree.built = false;
    this.#tables.reset();
    // The tables of the last check are gone: their pieces have none (at most `TABLES`, each
    // paid for by its table's work, counted when it was made).
    for (let k = 0; k < this.#tabledCount; k++) this.#tableAt[this.#tabled[k]!] = NONE;
    this.#tabledCount = 0;
    if (this.#orderedAt.length < pieces) {
      this.#heavy = atLeast(this.#heavy, pieces);
      this.#tableAt = atLeast(this.#tableAt, pieces).fill(NONE);
      this.#orderedAt = atLeast(this.#orderedAt, pieces);
      this.#stamps = atLeast(this.#stamps, pieces).fill(0);
    }
    // A new stamp makes every piece's queries stale; on wrap-around, clear them.
    if (++this.#stamp > 0x3fffffff) {
      this.#stamp = 1;
      this.#stamps.fill(0);
    }
  }

  /**
   * Piece p's first end at or after `least` (its first end is before it, its last at or after
   * it), of its keys `from` to `to` and its range `lo` to `hi` of the sorted positions
   * (0x7fffffff: none; `least` itself is an end unless the piece has several keys). Of one key,
   * its ends are in order there: by halving; of few ends, read; of many, near it or among few
   * keys' ends first. Whichever way, once a piece's queries have cost a {@link TABLE_RENT}th of
   * a table of its next ends (a bit a position: n / 32 words and its ends), it gets one, if the
   * check's are not full, and its next queries are a word or two read each: a piece asked about
   * at many places of the path (the placements of long rules of tiny pieces) costs O(1) a query
   * past O(n / 32 + its ends).
   */
  next(
    path: CheckedPath,
    p: number,
    from: number,
    to: number,
    lo: number,
    hi: number,
    least: number,
  ): number {
    if (this.#stamps[p] !== this.#stamp) {
      // The piece's first query this check: none of its ends read, sorted or tabulated yet.
      this.#stamps[p] = this.#stamp;
      this.#heavy[p] = 0;
      this.#orderedAt[p] = NONE;
    }
    // Its queries have cost the table's share: it gets one, unless the check has made all it
    // may (then no piece asks again).
    if (
      this.#tableAt[p]! < 0 &&
      this.#tabledCount < TABLES &&
      this.#heavy[p]! >= tablePrice(path.length, hi - lo) / nextEndSearching.tableRent
    ) {
      this.#tabulate(path, p, lo, hi);
    }
    const table = this.#tableAt[p]!;
    if (table >= 0) return this.nextTabled(path, table, least);
    let end: number;
    if (to - from === 1 || hi - lo <= FEW) {
      const before = path.work;
      end =
        to - from === 1
          ? path.positions[firstAtLeast(path.positions, lo, hi, least, path)]!
          : leastFrom(path.positions, lo, hi, least, path);
      this.#heavy[p]! += path.work - before;
    } else {
      end = this.#nextFew(path, p, from, to, least, hi - lo);
      // Not near: from a table, its ends sorted, or the merge sort tree.
      if (end < 0) return this.#nextMany(path, p, lo, hi, least);
    }
    return end;
  }

  /**
   * Where piece p's table of next ends is (see {@link NextEndTables.nextTabled}), or -1: none
   * made in this check.
   */
  tableOf(p: number): number {
    return this.#tableAt[p]!;
  }

  /** The first end at or after `least` in the table at `table` (0x7fffffff: none). */
  nextTabled(path: CheckedPath, table: number, least: number): number {
    return this.#tables.nextTabled(table, least, path.length, path);
  }

  /**
   * Piece p (of `ends` ends) first end at or after `least` (past it, `least` is not one) among
   * the next {@link PROBE} positions' states, or in each of its keys' positions when few are
   * present; else, while its ends are not sorted, among the next positions' states as far as
   * what sorting or tabulating them would cost is not yet spent on its queries (ski rental:
   * within the check's spare reads, the path's length); else -1. Its work is counted to the
   * piece's queries.
   */
  #nextFew(
    path: CheckedPath,
    p: number,
    from: number,
    to: number,
    least: number,
    ends: number,
  ): number {
    const before = path.work;
    const n = path.length;
    let end = probeStates(path.state, n, from, to, least + 1, 1, path);
    if (end < 0) {
      const runs = path.ranks.runsIn(from, to, path);
      if (runs >= 0) end = path.ranks.nextIn(runs, path.positions, least, path);
    }
    if (end < 0 && this.#orderedAt[p]! < 0 && this.#spare > 0 && least + 1 + PROBE < n) {
      // A piece of many ends (its gaps wider than a probe now and then): read on rather than
      // sort or tabulate its ends, up to what the cheaper would cost, less what its queries
      // have cost.
      const price = Math.min(tablePrice(n, ends), sortPrice(ends));
      const most = Math.min(price - this.#heavy[p]! - (path.work - before), this.#spare);
      if (most > 0) {
        const read = path.work;
        end = probeStates(path.state, n, from, to, least + 1 + PROBE, 1, path, most);
        this.#spare -= path.work - read;
      }
    }
    this.#heavy[p]! += path.work - before;
    return end;
  }

  /**
   * Piece p's first end at or after `least`, of many ends, not near it, and no table yet (see
   * `next`): from its table, made now when it costs less than sorting its ends; else its ends
   * sorted once; else (the check has sorted as many as it found) the merge sort tree, until its
   * queries cost a table's share.
   */
  #nextMany(path: CheckedPath, p: number, lo: number, hi: number, least: number): number {
    const tables = this.#tables;
    const n = path.length;
    const ends = hi - lo;
    if (
      this.#orderedAt[p]! < 0 &&
      tablePrice(n, ends) <= sortPrice(ends) &&
      this.#tabulate(path, p, lo, hi)
    ) {
      return this.nextTabled(path, this.#tableAt[p]!, least);
    }
    if (this.#orderedAt[p]! < 0) {
      this.#orderedAt[p] = tables.order(path.positions, lo, hi, path.count, path);
    }
    if (this.#orderedAt[p]! >= 0)
      return tables.nextOrdered(this.#orderedAt[p]!, hi - lo, least, path);
    const before = path.work;
    const tree = this.#tree;
    if (!tree.built) path.work += tree.build(path.positions, path.count);
    const end = tree.successor(lo, hi, least, path);
    this.#heavy[p]! += path.work - before;
    return end;
  }

  /** Gives piece p a table of next ends, if the check's are not full. */
  #tabulate(path: CheckedPath, p: number, lo: number, hi: number): boolean {
    const offset = this.#tables.tabulate(path.positions, lo, hi, path.length, path);
    if (offset < 0) return false;
    this.#tableAt[p] = offset;
    this.#tabled[this.#tabledCount++] = p;
    return true;
  }

  /** Drops the tables of a long path. */
  release(): void {
    this.#tables.release();
    this.#tree.release();
  }
}
