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

import { type KeyRanks, PROBE, probeStates } from './key-positions.js';
import { atLeast, MergeSortTree, NextEndTables, type WorkCounter } from './position-ranges.js';

const NONE = -1;

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

/** Per-piece state of the queries of many ends, for one check. */
export class NextEnds {
  /** Per piece: the work its queries past a position cost, where its table of next ends is. */
  #heavy = new Int32Array(0);
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
    if (this.#orderedAt.length < pieces) {
      this.#heavy = atLeast(this.#heavy, 2 * pieces);
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
   * Piece p's first end at or after `least`, of its keys `from` to `to` and its range `lo` to
   * `hi` of the sorted positions: near it or among few keys' ends first, unless it has a table.
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
      this.#heavy[2 * p] = 0;
      this.#heavy[2 * p + 1] = NONE;
      this.#orderedAt[p] = NONE;
    }
    const end =
      this.#heavy[2 * p + 1]! < 0 ? this.#nextFew(path, p, from, to, least, hi - lo) : NONE;
    return end >= 0 ? end : this.#nextMany(path, p, lo, hi, least);
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
      // sort its ends, up to what that would cost (its ends' table, for a piece ending at an
      // eighth of the positions or more), less what its queries have cost.
      const price = 8 * ends >= n ? 2 * n + ends : ends * (32 - Math.clz32(ends));
      const most = Math.min(price - this.#heavy[2 * p]! - (path.work - before), this.#spare);
      if (most > 0) {
        const read = path.work;
        end = probeStates(path.state, n, from, to, least + 1 + PROBE, 1, path, most);
        this.#spare -= path.work - read;
      }
    }
    this.#heavy[2 * p]! += path.work - before;
    return end;
  }

  /** Piece p's first end at or after `least`, of many ends, not near it. */
  #nextMany(path: CheckedPath, p: number, lo: number, hi: number, least: number): number {
    const tables = this.#tables;
    const n = path.length;
    if (this.#heavy[2 * p + 1]! >= 0 || (8 * (hi - lo) >= n && this.#tabulate(path, p, lo, hi))) {
      path.work++;
      return tables.dense[this.#heavy[2 * p + 1]! + least]!;
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
    this.#heavy[2 * p]! += path.work - before;
    if (this.#heavy[2 * p]! > 2 * n) this.#tabulate(path, p, lo, hi);
    return end;
  }

  /** Gives piece p a table of next ends, if the check's are not full. */
  #tabulate(path: CheckedPath, p: number, lo: number, hi: number): boolean {
    const offset = this.#tables.tabulate(path.positions, lo, hi, path.length, path);
    if (offset < 0) return false;
    this.#heavy[2 * p + 1] = offset;
    return true;
  }

  /** Drops the tables of a long path. */
  release(): void {
    this.#tables.release();
    this.#tree.release();
  }
}
