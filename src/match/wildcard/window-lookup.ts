/**
 * The hash of a path's windows and their lookup among a {@link PieceDictionary}'s pieces: the
 * rolling hash's multiplier and mixing (which the dictionary files its pieces by), a window's
 * hash taken from the path's prefix hashes, and the lookup of one window in a dictionary's
 * tables: its bucket, the pieces of its tag, the one candidate. The dictionary's pass runs the
 * lookup inline over every window of its lengths; a prefix class's finds (`prefix-classes.ts`)
 * look up a window of a longer length when a check asks about one of its pieces.
 */

import { readPacked } from '../../util/packed-ints.js';
import type { PieceTexts } from './piece-texts.js';

/**
 * The multiplier of the rolling hash (odd: a window's hash is its characters' polynomial),
 * drawn once per process, so that a hostile file cannot choose pieces (found offline) whose
 * hashes share a bucket and a tag, which every window of a path would compare.
 */
export const BASE: number = ((Math.random() * 0x100000000) >>> 0) | 0x01000001 | 0;

const NONE = -1;

/** The salt of a length's hashes (pieces of different lengths rarely share a tag). */
export function saltOf(length: number): number {
  return Math.imul(length, 0x27d4eb2d);
}

/** A window's hash mixed, so that its top bits pick a bucket and its low byte is its tag. */
export function mixed(hash: number, salt: number): number {
  const h = Math.imul(hash ^ salt, 0x9e3779b1);
  return h ^ (h >>> 16);
}

/** The longest window whose hash {@link windowHash} takes from prefix hashes. */
const MOST_POWERS = 64;
/** BASE^k for k ≤ {@link MOST_POWERS}: the weight of a window's prefix (see `windowHash`). */
const POWERS: Int32Array = (() => {
  const powers = new Int32Array(MOST_POWERS + 1);
  powers[0] = 1;
  for (let k = 1; k <= MOST_POWERS; k++) powers[k] = Math.imul(powers[k - 1]!, BASE);
  return powers;
})();

/**
 * Fills `hashes[0, n]` with the prefix hashes of `codes[0, n)` (hashes[i]: the hash of the first
 * i characters, as a window's), so that {@link windowHash} reads a window's in two steps.
 */
export function prefixHashes(codes: Uint16Array, n: number, hashes: Int32Array): void {
  let hash = 0;
  hashes[0] = 0;
  for (let i = 0; i < n; i++) {
    hash = (Math.imul(hash, BASE) + codes[i]!) | 0;
    hashes[i + 1] = hash;
  }
}

/** The hash of the window of `length` (≤ 64) characters from `start`, from prefix hashes. */
export function windowHash(hashes: Int32Array, start: number, length: number): number {
  return (hashes[start + length]! - Math.imul(hashes[start]!, POWERS[length]!)) | 0;
}

/** A dictionary's arrays, as its pass reads them (see `PieceDictionary`). */
export interface LookupTables {
  readonly lengths: Int32Array;
  readonly firsts: Int32Array;
  readonly bucketBases: Int32Array;
  readonly shifts: Int32Array;
  readonly buckets: Uint16Array | Int32Array;
  readonly tags: Uint8Array;
  readonly atBases: Int32Array;
  readonly extra: Int32Array | null;
  readonly extraBits: number;
  readonly ends: Int32Array;
  readonly texts: PieceTexts;
}

/** The length class (index in `lengths`) of piece `id`. */
export function lengthClassOf(t: LookupTables, id: number): number {
  const firsts = t.firsts;
  let k = 0;
  while (id >= firsts[k + 1]!) k++;
  return k;
}

/** Where the piece {@link lookUp} or {@link pick} named last would end. */
export const LOOKED_UP_END: Int32Array = new Int32Array(1);

/**
 * The piece of length class `k` that the window of `codes[0, n)` from `start` names (its first
 * K characters' hash `hash`), as the dictionary's pass finds it there: a candidate (hash and
 * tag), compared at once when tags are alike; -1 if none. Sets {@link LOOKED_UP_END}.
 * `work[0]` is increased as the pass's: a unit the window, one a piece of its tag.
 */
export function lookUp(
  t: LookupTables,
  k: number,
  hash: number,
  start: number,
  codes: Uint16Array,
  n: number,
  work: Float64Array,
): number {
  const length = t.lengths[k]!;
  const end = start + length - 1;
  if (end >= n) return NONE;
  work[0]!++;
  const ends = t.ends;
  const bits = 8 * k;
  const last = Math.min(codes[end]!, 127);
  if ((ends[bits + 4 + (last >> 5)]! & (1 << (last & 31))) === 0) return NONE;
  const first = Math.min(codes[start]!, 127);
  if ((ends[bits + (first >> 5)]! & (1 << (first & 31))) === 0) return NONE;
  const mix = mixed(hash, saltOf(length));
  const b = t.bucketBases[k]! + (mix >>> t.shifts[k]!);
  const buckets = t.buckets;
  const tags = t.tags;
  const to = buckets[b + 1]!;
  const tag = mix & 0xff;
  let slot = buckets[b]!;
  while (slot < to && tags[slot]! < tag) slot++;
  if (slot === to || tags[slot] !== tag) return NONE;
  let stop = slot + 1;
  while (stop < to && tags[stop] === tag) stop++;
  work[0]! += stop - slot;
  return pick(t, k, slot, stop, end, codes, n, work);
}

/**
 * Of the pieces `slot … stop - 1` of length class `k` (one tag of a window's bucket, the window
 * ending at `end`), the one candidate whose characters past its K fit in `codes[0, n)`: the one
 * there, when two or more do (compared, their characters counted in `work[0]`); -1 if none.
 * Sets {@link LOOKED_UP_END}.
 */
export function pick(
  t: LookupTables,
  k: number,
  slot: number,
  stop: number,
  end: number,
  codes: Uint16Array,
  n: number,
  work: Float64Array,
): number {
  const extra = t.extra;
  const atBase = t.atBases[k]!;
  const longer = extra !== null && atBase >= 0;
  const mask = 2 ** t.extraBits - 1;
  const firstId = t.firsts[k]!;
  let candidate = NONE;
  let candidates = 0;
  for (let s = slot; s < stop; s++) {
    const more = longer ? readPacked(extra, t.extraBits, mask, atBase + s - firstId) : 0;
    if (end + more >= n) continue;
    if (candidates++ === 0) {
      candidate = s;
      LOOKED_UP_END[0] = end + more;
    }
  }
  if (candidates <= 1) return candidate;
  // Tags alike: the one piece that starts here (pieces of one length differ in their first K
  // characters), if any, by comparing each.
  for (let s = slot; s < stop; s++) {
    const more = longer ? readPacked(extra, t.extraBits, mask, atBase + s - firstId) : 0;
    if (end + more >= n) continue;
    const compared = t.texts.compare(s, k, codes, end + more);
    work[0]! += Math.abs(compared);
    if (compared > 0) {
      LOOKED_UP_END[0] = end + more;
      return s;
    }
  }
  return NONE;
}
