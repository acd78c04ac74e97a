/**
 * Where the characters of a {@link PieceDictionary}'s pieces are (in the body's text, or copied),
 * and the comparison of a piece with a path's window: what makes a candidate the pass found (a
 * window whose hash and tag name a piece) an occurrence. Made with its dictionary, once per
 * program; compares at a check, for the pieces the check asks about.
 */

import { readPacked } from '../../util/packed-ints.js';
import type { WorkCounter } from './position-ranges.js';

/** A dictionary's arrays that locate its pieces' characters (see `PieceDictionary`). */
export interface PieceTextArrays {
  readonly lengths: Int32Array;
  readonly firsts: Int32Array;
  readonly atBases: Int32Array;
  readonly ownStarts: Int32Array;
  readonly at: Int32Array;
  readonly atBits: number;
  readonly ownFrom: number;
  readonly source: string;
  readonly own: Uint8Array | Uint16Array;
  readonly extra: Int32Array | null;
  readonly extraBits: number;
}

/** The characters of a dictionary's pieces, compared with a path's windows. */
export class PieceTexts {
  readonly #arrays: PieceTextArrays;
  readonly #atMask: number;
  readonly #extraMask: number;
  /** A piece's characters, copied by `keepAt` (scratch; one past its length at least). */
  #chars = new Uint16Array(64);

  constructor(arrays: PieceTextArrays) {
    this.#arrays = arrays;
    this.#atMask = 2 ** arrays.atBits - 1;
    this.#extraMask = 2 ** arrays.extraBits - 1;
  }

  /**
   * Whether piece `id` ends at `end` in `codes` (a candidate the pass found; its characters fit
   * in the path there). Counts the characters compared into `counter`.
   */
  matchesAt(id: number, codes: Uint16Array, end: number, counter: WorkCounter): boolean {
    const firsts = this.#arrays.firsts;
    let k = 0;
    while (id >= firsts[k + 1]!) k++;
    const compared = this.compare(id, k, codes, end);
    counter.work += Math.abs(compared);
    return compared > 0;
  }

  /**
   * Keeps, of the candidate ends `positions[from, to)` of piece `id` (in order), those where the
   * piece is, in order from `from`; returns where they end.
   */
  keepMatches(
    id: number,
    codes: Uint16Array,
    positions: Int32Array,
    from: number,
    to: number,
    counter: WorkCounter,
  ): number {
    const firsts = this.#arrays.firsts;
    let k = 0;
    while (id >= firsts[k + 1]!) k++;
    let kept = from;
    let compared = 0;
    for (let at = from; at < to; at++) {
      const end = positions[at]!;
      const result = this.compare(id, k, codes, end);
      compared += Math.abs(result);
      if (result > 0) positions[kept++] = end;
    }
    counter.work += compared;
    return kept;
  }

  /**
   * Whether piece `id` ends at `end` in `codes` (its length fits there), read backwards from
   * `end`: the characters compared, negated when they differ.
   */
  endsAt(id: number, codes: Uint16Array, end: number): number {
    const arrays = this.#arrays;
    const firsts = arrays.firsts;
    let k = 0;
    while (id >= firsts[k + 1]!) k++;
    const atBase = arrays.atBases[k]!;
    const j = atBase + id - firsts[k]!;
    const length =
      arrays.lengths[k]! +
      (arrays.extra === null || atBase < 0
        ? 0
        : readPacked(arrays.extra, arrays.extraBits, this.#extraMask, j));
    const start = end - length + 1;
    let text: string | null = null;
    const own = arrays.own;
    let offset: number;
    if (atBase < 0) {
      offset = arrays.ownStarts[k]! + (id - firsts[k]!) * arrays.lengths[k]! - start;
    } else {
      const value = readPacked(arrays.at, arrays.atBits, this.#atMask, j);
      if (value < arrays.ownFrom) text = arrays.source;
      offset = value < arrays.ownFrom ? value - start : value - arrays.ownFrom - start;
    }
    for (let i = end; i >= start; i--) {
      const c = text === null ? own[offset + i] : text.charCodeAt(offset + i);
      if (c !== codes[i]) return -(end - i + 1);
    }
    return length;
  }

  /**
   * Writes into `positions` from `at`, in order, the ends of piece `id` (of length class `k`)
   * at those of the windows of `codes[0, n)` starting at `ends[from, to)` - `before` (in order)
   * where it starts; returns where they end. Its characters past the first `skip` first (those
   * before, a prefix class's, are most likely there; with `known`, surely: not compared), read
   * once into a scratch array, so that every window compares two typed arrays. Counts a unit a
   * window and the characters compared.
   */
  keepAt(
    id: number,
    k: number,
    codes: Uint16Array,
    n: number,
    ends: Int32Array,
    from: number,
    to: number,
    before: number,
    skip: number,
    known: boolean,
    positions: Int32Array,
    at: number,
    counter: WorkCounter,
  ): number {
    const length = this.#copy(id, k, known ? skip : 0);
    const chars = this.#chars;
    // First the windows whose character after the class's (most likely to differ) is the
    // piece's, without a branch on it (its outcome is a coin toss a window): their starts,
    // written from `at`; then those of them where the piece is, their ends, kept in place.
    let candidates = at;
    let compared = 0;
    if (skip < length) {
      const first = chars[skip]!;
      let f = from;
      for (; f < to; f++) {
        const start = ends[f]! - before;
        if (start + length > n) break;
        positions[candidates] = start;
        candidates += ((codes[start + skip]! ^ first) - 1) >>> 31;
      }
      // A unit a window, one more a candidate (its character compared, as below).
      compared = f - from + candidates - at;
    } else {
      for (let f = from; f < to; f++) {
        const start = ends[f]! - before;
        if (start + length > n) break;
        positions[candidates++] = start;
      }
      compared = candidates - at;
    }
    let kept = at;
    for (let c = at; c < candidates; c++) {
      const start = positions[c]!;
      let i = skip + 1;
      while (i < length && chars[i] === codes[start + i]) i++;
      compared += i - skip - 1;
      if (i < length) continue;
      i = known ? skip : 0;
      while (i < skip && chars[i] === codes[start + i]) i++;
      compared += i;
      if (i === skip) positions[kept++] = start + length - 1;
    }
    counter.work += compared;
    return kept;
  }

  /**
   * Copies piece `id`'s characters (of length class `k`) from its `from`-th into `#chars` (at
   * their indexes in the piece); returns its length.
   */
  #copy(id: number, k: number, from: number): number {
    const arrays = this.#arrays;
    const atBase = arrays.atBases[k]!;
    const firstId = arrays.firsts[k]!;
    const j = atBase + id - firstId;
    const length =
      arrays.lengths[k]! +
      (arrays.extra === null || atBase < 0
        ? 0
        : readPacked(arrays.extra, arrays.extraBits, this.#extraMask, j));
    if (this.#chars.length <= length) this.#chars = new Uint16Array(2 * length + 1);
    const chars = this.#chars;
    if (atBase < 0) {
      const base = arrays.ownStarts[k]! + (id - firstId) * arrays.lengths[k]!;
      const own = arrays.own;
      for (let i = from; i < length; i++) chars[i] = own[base + i]!;
    } else {
      const value = readPacked(arrays.at, arrays.atBits, this.#atMask, j);
      if (value < arrays.ownFrom) {
        const text = arrays.source;
        for (let i = from; i < length; i++) chars[i] = text.charCodeAt(value + i);
      } else {
        const own = arrays.own;
        const base = value - arrays.ownFrom;
        for (let i = from; i < length; i++) chars[i] = own[base + i]!;
      }
    }
    return length;
  }

  /**
   * Compares piece `id` (of length class `k`) with the characters of `codes` ending at `end`
   * (its length fits there): the characters compared, negated when they differ. From its K-th
   * character down (the window's last, most likely to differ), then those past its K.
   */
  compare(id: number, k: number, codes: Uint16Array, end: number): number {
    const arrays = this.#arrays;
    const length = arrays.lengths[k]!;
    const atBase = arrays.atBases[k]!;
    const firstId = arrays.firsts[k]!;
    const j = atBase + id - firstId;
    const more =
      arrays.extra === null || atBase < 0
        ? 0
        : readPacked(arrays.extra, arrays.extraBits, this.#extraMask, j);
    const start = end - more - length + 1;
    const windowEnd = start + length - 1;
    let offset: number;
    let text: string | null = null;
    if (atBase < 0) {
      offset = arrays.ownStarts[k]! + (id - firstId) * length - start;
    } else {
      const value = readPacked(arrays.at, arrays.atBits, this.#atMask, j);
      if (value < arrays.ownFrom) text = arrays.source;
      offset = value < arrays.ownFrom ? value - start : value - arrays.ownFrom - start;
    }
    let compared = 0;
    if (text !== null) {
      for (let i = windowEnd; i >= start; i--) {
        compared++;
        if (text.charCodeAt(offset + i) !== codes[i]) return -compared;
      }
      for (let i = windowEnd + 1; i <= end; i++) {
        compared++;
        if (text.charCodeAt(offset + i) !== codes[i]) return -compared;
      }
      return compared;
    }
    const own = arrays.own;
    for (let i = windowEnd; i >= start; i--) {
      compared++;
      if (own[offset + i] !== codes[i]) return -compared;
    }
    for (let i = windowEnd + 1; i <= end; i++) {
      compared++;
      if (own[offset + i] !== codes[i]) return -compared;
    }
    return compared;
  }
}
