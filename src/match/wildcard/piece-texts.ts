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
   * Keeps, of the windows of `codes[0, n)` starting at `positions[from, to)` - `before` (in
   * order), those where piece `id` (of length class `k`) starts, as the piece's ends, in order
   * from `from`; returns where they end. Its characters past the first `skip` first (those
   * before, a prefix class's, are most likely there). Counts the characters compared.
   */
  keepAt(
    id: number,
    k: number,
    codes: Uint16Array,
    n: number,
    positions: Int32Array,
    from: number,
    to: number,
    before: number,
    skip: number,
    counter: WorkCounter,
  ): number {
    const arrays = this.#arrays;
    const atBase = arrays.atBases[k]!;
    const firstId = arrays.firsts[k]!;
    const j = atBase + id - firstId;
    const length =
      arrays.lengths[k]! +
      (arrays.extra === null || atBase < 0
        ? 0
        : readPacked(arrays.extra, arrays.extraBits, this.#extraMask, j));
    // The piece's characters: `chars[base + i]`, i < length.
    let base: number;
    let text: string | null = null;
    if (atBase < 0) {
      base = arrays.ownStarts[k]! + (id - firstId) * arrays.lengths[k]!;
    } else {
      const value = readPacked(arrays.at, arrays.atBits, this.#atMask, j);
      if (value < arrays.ownFrom) text = arrays.source;
      base = value < arrays.ownFrom ? value : value - arrays.ownFrom;
    }
    const own = arrays.own;
    let kept = from;
    let compared = 0;
    for (let f = from; f < to; f++) {
      const start = positions[f]! - before;
      if (start + length > n) break;
      let i = skip;
      if (text !== null) {
        while (i < length && text.charCodeAt(base + i) === codes[start + i]) i++;
        compared += i - skip + 1;
        if (i < length) continue;
        i = 0;
        while (i < skip && text.charCodeAt(base + i) === codes[start + i]) i++;
      } else {
        while (i < length && own[base + i] === codes[start + i]) i++;
        compared += i - skip + 1;
        if (i < length) continue;
        i = 0;
        while (i < skip && own[base + i] === codes[start + i]) i++;
      }
      compared += i;
      if (i === skip) positions[kept++] = start + length - 1;
    }
    counter.work += compared;
    return kept;
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
