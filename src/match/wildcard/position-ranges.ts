/**
 * Range queries over the positions a {@link PieceOccurrences} sorted by key, for a piece whose
 * occurrences are many and out of order: the least and greatest position of a range in O(1)
 * (`RangeExtremes`), and the least position at or above a bound in O(log² n)
 * (`MergeSortTree`). Built during a wildcard program's check, on the first query that needs
 * them, and kept (grown) for the next checks.
 */

import { firstAtLeast } from '../../util/sorted-ints.js';
import type { PieceOccurrences } from './piece-occurrences.js';

/** What the queries count their work into (the check's occurrence index). */
export interface WorkCounter {
  work: number;
}

/** A typed array of at least `length` elements: `array` or a larger replacement. */
export function atLeast(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (array.length >= length) return array;
  let size = Math.max(64, array.length);
  while (size < length) size *= 2;
  return new Int32Array(size);
}

/** The least of `positions[lo, hi)` (not empty), a unit a position read into `counter`. */
export function leastOf(
  positions: Int32Array,
  lo: number,
  hi: number,
  counter: WorkCounter,
): number {
  let least = positions[lo]!;
  for (let k = lo + 1; k < hi; k++) if (positions[k]! < least) least = positions[k]!;
  counter.work += hi - lo;
  return least;
}

/** The greatest of `positions[lo, hi)` (not empty); its work counted with {@link leastOf}'s. */
export function mostOf(positions: Int32Array, lo: number, hi: number): number {
  let most = positions[lo]!;
  for (let k = lo + 1; k < hi; k++) if (positions[k]! > most) most = positions[k]!;
  return most;
}

/**
 * The least of `positions[lo, hi)` at or past `least` (0x7fffffff if none: the caller knows
 * one is there), a unit a position read into `counter`.
 */
export function leastFrom(
  positions: Int32Array,
  lo: number,
  hi: number,
  least: number,
  counter: WorkCounter,
): number {
  let end = 0x7fffffff;
  for (let k = lo; k < hi; k++) {
    const e = positions[k]!;
    if (e >= least && e < end) end = e;
  }
  counter.work += hi - lo;
  return end;
}

/**
 * Range minimum and maximum over positions: per block of 32, each element's minimum and maximum
 * from its block's start and to its block's end, and a sparse table over the blocks; a range of
 * more than 32 is then answered in O(1).
 */
export class RangeExtremes {
  #fromStart = new Int32Array(0);
  #toEnd = new Int32Array(0);
  #blockTable = new Int32Array(0);
  #blocks = 0;
  /** Built for the current check. */
  built = false;
  /** Positions read in place by {@link leastAndMost} this check, before the tables were built. */
  #read = 0;

  /** Starts a check: no tables, nothing read. */
  reset(): void {
    this.built = false;
    this.#read = 0;
  }

  /**
   * Writes the least and the most of `positions[from, to)` (not empty) at `out[at]` and
   * `out[at + 1]`: read in place while the check has read fewer than the `count` positions so,
   * past that from the tables over `positions[0, count)`, built then (O(count)); work into
   * `counter`.
   */
  leastAndMost(
    positions: Int32Array,
    count: number,
    from: number,
    to: number,
    out: Int32Array,
    at: number,
    counter: WorkCounter,
  ): void {
    if (!this.built && this.#read + to - from <= count) {
      this.#read += to - from;
      out[at] = leastOf(positions, from, to, counter);
      out[at + 1] = mostOf(positions, from, to);
      return;
    }
    if (!this.built) counter.work += this.build(positions, count);
    out[at] = this.extreme(from, to, 0);
    out[at + 1] = this.extreme(from, to, 1);
  }

  /** Builds the tables over `positions[0, count)`; returns the work. */
  build(positions: Int32Array, count: number): number {
    const blocks = (count + 31) >> 5;
    let levels = 1;
    while (1 << levels <= blocks) levels++;
    this.#fromStart = atLeast(this.#fromStart, 2 * count);
    this.#toEnd = atLeast(this.#toEnd, 2 * count);
    this.#blockTable = atLeast(this.#blockTable, 2 * blocks * levels);
    const fromStart = this.#fromStart;
    const toEnd = this.#toEnd;
    const table = this.#blockTable;
    for (let k = 0; k < count; k++) {
      const at = positions[k]!;
      const first = (k & 31) === 0;
      fromStart[2 * k] = first ? at : Math.min(at, fromStart[2 * k - 2]!);
      fromStart[2 * k + 1] = first ? at : Math.max(at, fromStart[2 * k - 1]!);
    }
    for (let k = count - 1; k >= 0; k--) {
      const at = positions[k]!;
      const last = (k & 31) === 31 || k === count - 1;
      toEnd[2 * k] = last ? at : Math.min(at, toEnd[2 * k + 2]!);
      toEnd[2 * k + 1] = last ? at : Math.max(at, toEnd[2 * k + 3]!);
    }
    // Level 0: each block's minimum and maximum (its first element's "to end").
    for (let b = 0; b < blocks; b++) {
      table[2 * b] = toEnd[2 * (b << 5)]!;
      table[2 * b + 1] = toEnd[2 * (b << 5) + 1]!;
    }
    for (let level = 1; level < levels; level++) {
      const base = 2 * blocks * level;
      const below = base - 2 * blocks;
      const half = 1 << (level - 1);
      for (let b = 0; b + 2 * half <= blocks; b++) {
        table[base + 2 * b] = Math.min(table[below + 2 * b]!, table[below + 2 * (b + half)]!);
        table[base + 2 * b + 1] = Math.max(
          table[below + 2 * b + 1]!,
          table[below + 2 * (b + half) + 1]!,
        );
      }
    }
    this.#blocks = blocks;
    this.built = true;
    return 4 * count + 2 * blocks * levels;
  }

  /** The minimum (`side` 0) or maximum (1) of `positions[lo, hi)`, a range of more than 32. */
  extreme(lo: number, hi: number, side: number): number {
    const min = side === 0;
    const a = this.#toEnd[2 * lo + side]!;
    const b = this.#fromStart[2 * (hi - 1) + side]!;
    let best = min ? Math.min(a, b) : Math.max(a, b);
    const first = (lo >> 5) + 1;
    const last = ((hi - 1) >> 5) - 1;
    if (first <= last) {
      const level = 31 - Math.clz32(last - first + 1);
      const base = 2 * this.#blocks * level;
      const table = this.#blockTable;
      const c = table[base + 2 * first + side]!;
      const d = table[base + 2 * (last - (1 << level) + 1) + side]!;
      best = min ? Math.min(best, c, d) : Math.max(best, c, d);
    }
    return best;
  }

  /** Drops the tables of a long path. */
  release(): void {
    const empty = new Int32Array(0);
    this.#fromStart = empty;
    this.#toEnd = empty;
    this.#blockTable = empty;
  }
}

/** A merge sort tree over positions: level k sorted within aligned blocks of 2^k. */
export class MergeSortTree {
  #tree = new Int32Array(0);
  #size = 0;
  #levels = 0;
  /** Built for the current check. */
  built = false;

  /** Builds the tree over `positions[0, count)`; returns the work. */
  build(positions: Int32Array, count: number): number {
    let size = 1;
    let levels = 1;
    while (size < count) {
      size *= 2;
      levels++;
    }
    this.#tree = atLeast(this.#tree, size * levels);
    const tree = this.#tree;
    tree.set(positions.subarray(0, count));
    tree.fill(0x7fffffff, count, size);
    for (let level = 1; level < levels; level++) {
      const half = 1 << (level - 1);
      const base = level * size;
      for (let block = 0; block < size; block += 2 * half) {
        let a = base - size + block;
        let b = a + half;
        const aEnd = b;
        const bEnd = b + half;
        let out = base + block;
        while (a < aEnd && b < bEnd) tree[out++] = tree[a]! <= tree[b]! ? tree[a++]! : tree[b++]!;
        while (a < aEnd) tree[out++] = tree[a++]!;
        while (b < bEnd) tree[out++] = tree[b++]!;
      }
    }
    this.#size = size;
    this.#levels = levels;
    this.built = true;
    return size * levels;
  }

  /** The least position ≥ `least` among `positions[lo, hi)`, or 0x7fffffff; work into `counter`. */
  successor(lo: number, hi: number, least: number, counter: WorkCounter): number {
    const tree = this.#tree;
    const size = this.#size;
    const levels = this.#levels;
    let best = 0x7fffffff;
    while (lo < hi) {
      // The largest aligned block that starts at lo and fits: at most 2 per level.
      const aligned = lo === 0 ? levels - 1 : 31 - Math.clz32(lo & -lo);
      const level = Math.min(aligned, 31 - Math.clz32(hi - lo), levels - 1);
      const width = 1 << level;
      let a = level * size + lo;
      let b = a + width;
      const blockEnd = b;
      counter.work += level + 1;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (tree[mid]! < least) a = mid + 1;
        else b = mid;
      }
      if (a < blockEnd && tree[a]! < best) best = tree[a]!;
      lo += width;
    }
    return best;
  }

  /** Drops the tree of a long path. */
  release(): void {
    this.#tree = new Int32Array(0);
  }
}

/**
 * Tables of next ends a check may make, at most (each n / 32 + n / 1,024 + 2 words: a path of
 * 8 KB's take 272 KB in all). A table is made once a piece's searches have cost a share of its
 * price ({@link tablePrice}; `TABLE_RENT` in `next-ends.ts`), or in place of sorting its ends
 * when it costs less: its work is at most a constant times theirs.
 */
export const TABLES = 256;

/** `array`, or a copy at least `length` long (doubling): its contents kept. */
function growTo(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (array.length >= length) return array;
  const grown = atLeast(new Int32Array(0), Math.max(length, 2 * array.length));
  grown.set(array);
  return grown;
}

/** A table's words over a path of n characters: a bit a position, then a bit a word of those. */
function tableWords(n: number): number {
  return (n >> 5) + 1 + (n >> 10) + 1;
}

/** The work of a table of next ends of `ends` ends over a path of n characters. */
export function tablePrice(n: number, ends: number): number {
  return tableWords(n) + ends;
}

/** The work of sorting `ends` ends (`NextEndTables.order`): their count times its bits. */
export function sortPrice(ends: number): number {
  return ends * (32 - Math.clz32(ends));
}

/** The lowest set bit's index of a word not 0. */
function lowestBit(word: number): number {
  return 31 - Math.clz32(word & -word);
}

/**
 * One check's tables of next ends (for a piece, the positions it ends at as bits, and the words
 * holding such bits as bits: its first end at or after a position is a word or two read, and
 * the summary's words between them) and pieces' ends sorted once, each a range of one array,
 * kept from one check to the next.
 */
export class NextEndTables {
  /** The tables of next ends, `#bitsUsed` words used in this check. */
  #bits: Int32Array<ArrayBuffer> = new Int32Array(0);
  #bitsUsed = 0;
  /** Pieces' ends sorted, `#orderedUsed` cells used in this check. */
  #ordered: Int32Array<ArrayBuffer> = new Int32Array(0);
  #orderedUsed = 0;

  /** Starts a check: no table made, no ends sorted. */
  reset(): void {
    this.#bitsUsed = 0;
    this.#orderedUsed = 0;
  }

  /**
   * Makes the table of next ends of the ends `positions[lo, hi)` over a path of n characters;
   * returns where it starts, or -1 when the check has made {@link TABLES} already.
   */
  tabulate(positions: Int32Array, lo: number, hi: number, n: number, counter: WorkCounter): number {
    const size = tableWords(n);
    if (this.#bitsUsed + size > TABLES * size) return -1;
    const offset = this.#bitsUsed;
    this.#bitsUsed += size;
    this.#bits = growTo(this.#bits, this.#bitsUsed);
    const bits = this.#bits;
    bits.fill(0, offset, offset + size);
    const summary = offset + (n >> 5) + 1;
    for (let k = lo; k < hi; k++) {
      const end = positions[k]!;
      bits[offset + (end >> 5)]! |= 1 << (end & 31);
      bits[summary + (end >> 10)]! |= 1 << ((end >> 5) & 31);
    }
    counter.work += size + hi - lo;
    return offset;
  }

  /**
   * The first end at or after `least` in the table at `offset` over a path of n characters
   * (0x7fffffff: none): the word of `least`, else the summary's next word with a bit set.
   */
  nextTabled(offset: number, least: number, n: number, counter: WorkCounter): number {
    counter.work++;
    if (least >= n) return 0x7fffffff;
    const bits = this.#bits;
    let w = least >> 5;
    let word = bits[offset + w]! & (-1 << (least & 31));
    if (word === 0) {
      const summary = offset + (n >> 5) + 1;
      const after = w + 1;
      let s = after >> 5;
      const last = n >> 10;
      if (s > last) return 0x7fffffff;
      let held = bits[summary + s]! & (-1 << (after & 31));
      while (held === 0) {
        if (++s > last) return 0x7fffffff;
        counter.work++;
        held = bits[summary + s]!;
      }
      w = (s << 5) + lowestBit(held);
      word = bits[offset + w]!;
    }
    return (w << 5) + lowestBit(word);
  }

  /**
   * Sorts the ends `positions[lo, hi)` (in order within each key) once, unless the check has
   * sorted `most` (the positions it found) already: a piece whose ends are a few hundred of
   * thousands of positions costs their sort rather than the merge sort tree over all (O(n log n)
   * to build); past that, the tree is worth its cost, and at most as many cells as positions
   * are sorted a check: O(n log n) in all. Returns where they start, or -1.
   */
  order(positions: Int32Array, lo: number, hi: number, most: number, counter: WorkCounter): number {
    const count = hi - lo;
    if (this.#orderedUsed + count > most) return -1;
    const from = this.#orderedUsed;
    this.#orderedUsed += count;
    this.#ordered = growTo(this.#ordered, this.#orderedUsed + 1);
    const ordered = this.#ordered;
    ordered.set(positions.subarray(lo, hi), from);
    ordered.subarray(from, from + count).sort();
    counter.work += sortPrice(count);
    return from;
  }

  /** The first of `count` ends sorted from `from` at or after `least`, by halving. */
  nextOrdered(from: number, count: number, least: number, counter: WorkCounter): number {
    const ordered = this.#ordered;
    return ordered[firstAtLeast(ordered, from, from + count, least, counter)]!;
  }

  /** Drops the tables of a long path. */
  release(): void {
    this.#bits = new Int32Array(0);
    this.#ordered = new Int32Array(0);
  }
}
