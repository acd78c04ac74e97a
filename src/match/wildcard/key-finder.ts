/**
 * Whether a path holds any of a wildcard program's key pieces (each rule is filed under one piece
 * it must contain: its tail, or with none the piece its group a path is least likely to hold;
 * `ProgramLayout.keyed`). A rule cannot match a path without its key, so a path that holds none
 * (a hostile file whose rules' last pieces never occur in it) is answered without the program's
 * pass over all of its pieces (`PieceOccurrences`). Built once per program (`program-layout.ts`),
 * in counted steps, when its memory is within {@link BYTES_A_CHAR} a character of the file (below);
 * run first in every check of the program (`WildcardProgram.match`).
 *
 * A key is filed under its last q characters, q ≤ min(its length, {@link Q}) one of at most
 * {@link MOST_QS} distinct q's: a rolling hash of that window sets a bit of a bitset (about
 * {@link BITS_A_KEY} bits a key) and names a bucket of keys (about {@link KEYS_A_BUCKET} a
 * bucket, their finder ids). A pass reads the path once per distinct q, a unit a window: a
 * window whose bit is set has its bucket's keys of that q compared with the path backwards from
 * the window's end, in the characters the finder already reads (the body's text,
 * `PieceFinder.endsAt`), a unit a key of the bucket and one a character compared. The first key
 * confirmed ends the pass (the program's pass runs then, as without it); so does a pass whose
 * buckets and comparisons pass {@link BUDGET_A_CHAR} · qs · n + 64 units (answered as if a key
 * were found: never wrong, only not spared). With the path's codes read first (n units), a pass
 * over n characters costs at most (1 + 3 qs) n + 64 units plus the last bucket's comparisons,
 * qs ≤ 3: 10 n + 64 (3–5.3 n on the generated shapes whose keys the path never holds).
 *
 * Memory, a small multiple of the keys (not of their characters): the bitset 1–2 bytes a key,
 * the buckets' starts 0.5–1 (twice past 65,535 keys), the keys' ids 2 (4 past 65,535 pieces);
 * about 4–5 bytes a key and 256 bytes, nothing copied; at most {@link BYTES_A_CHAR} bytes a
 * character of the text the rules are read from (else none is built).
 */

import { type BuildSteps, charge } from '../build-steps.js';
import type { PieceFinder } from './piece-finder.js';

/** The longest window a key is filed under: its last Q characters (its whole, if shorter). */
const Q = 8;
/**
 * Distinct q's at most (a pass over the path each): the shortest key's and the longest two;
 * a key between them is filed under the longest of them it holds.
 */
const MOST_QS = 3;
/** Bits of the bitset a key, at least (a power of two in all). */
const BITS_A_KEY = 8;
/** Keys a bucket, at most on average (a power of two of buckets). */
const KEYS_A_BUCKET = 4;
/** A pass's comparisons, in units a path character a distinct q (plus 64), before it gives up. */
const BUDGET_A_CHAR = 2;
/**
 * The most a program's keys may keep, in bytes a character of the text its rules are read from
 * (the body's, or a list's pieces'): a denser file's program has no key finder (its checks run
 * the pass over every piece, as without one), so that issue #12's per-origin memory (at most
 * twice the file) keeps its margin.
 */
const BYTES_A_CHAR = 1 / 8;

/** Multiplier of the rolling hash. */
const BASE = 0x01000193;

/** The path's character codes in a pass (one check at a time: shared by every program). */
let codes = new Uint16Array(0);

/** The key pieces of a program, looked for together in one pass. */
export class KeyFinder {
  readonly #finder: PieceFinder;
  /** The distinct q's, shortest first. */
  readonly #qs: Int32Array;
  /** The q a key of length l is filed under: `#qOf[min(l, Q)]`. */
  readonly #qOf: Int32Array;
  readonly #bits: Int32Array;
  readonly #bitShift: number;
  readonly #bucketShift: number;
  /** Bucket b's keys are `#ids[#starts[b], #starts[b + 1])`. */
  readonly #starts: Uint16Array | Int32Array;
  readonly #ids: Uint16Array | Int32Array;
  /** The work of the last pass, in the units of a check's budget. */
  work = 0;
  /** Memory retained, in bytes. */
  readonly bytes: number;

  constructor(
    finder: PieceFinder,
    qs: Int32Array,
    qOf: Int32Array,
    bits: Int32Array,
    starts: Uint16Array | Int32Array,
    ids: Uint16Array | Int32Array,
  ) {
    this.#finder = finder;
    this.#qs = qs;
    this.#qOf = qOf;
    this.#bits = bits;
    this.#bitShift = 32 - Math.log2(32 * bits.length);
    this.#bucketShift = 32 - Math.log2(starts.length - 1);
    this.#starts = starts;
    this.#ids = ids;
    this.bytes =
      qs.byteLength + qOf.byteLength + bits.byteLength + starts.byteLength + ids.byteLength + 256;
  }

  /**
   * Whether a key may occur in `path`: false only when none does. Sets {@link work}: a unit a
   * window a q, a unit a key of a window's bucket and one a character compared.
   */
  occursIn(path: string): boolean {
    const n = path.length;
    if (codes.length < n) codes = new Uint16Array(Math.max(n, 2 * codes.length));
    const text = codes;
    for (let i = 0; i < n; i++) text[i] = path.charCodeAt(i);
    const bits = this.#bits;
    const bitShift = this.#bitShift;
    const bucketShift = this.#bucketShift;
    const budget = BUDGET_A_CHAR * this.#qs.length * n + 64;
    let compared = 0;
    let scanned = n;
    for (let j = 0; j < this.#qs.length; j++) {
      const q = this.#qs[j]!;
      if (q > n) break;
      const high = power(q);
      let h = 0;
      for (let i = 0; i < q - 1; i++) h = (Math.imul(h, BASE) + text[i]!) | 0;
      for (let i = q - 1; i < n; i++) {
        h = (Math.imul(h, BASE) + text[i]!) | 0;
        if (i >= q) h = (h - Math.imul(text[i - q]!, high)) | 0;
        const x = mix(h, q);
        const bit = x >>> bitShift;
        if ((bits[bit >>> 5]! & (1 << (bit & 31))) === 0) continue;
        const units = this.#compareBucket(Math.imul(x, 0x85ebca77) >>> bucketShift, q, text, i);
        compared += Math.abs(units);
        if (units < 0 || compared > budget) {
          this.work = scanned + i + 1 + compared;
          return true;
        }
      }
      scanned += n;
    }
    this.work = scanned + compared;
    return false;
  }

  /**
   * Compares bucket b's keys filed under q characters with those of `text` (the path's codes)
   * ending at `end`: the units (a key, and a character compared), negated when one ends there.
   */
  #compareBucket(b: number, q: number, text: Uint16Array, end: number): number {
    const finder = this.#finder;
    const ids = this.#ids;
    const qOf = this.#qOf;
    let units = 0;
    for (let at = this.#starts[b]!; at < this.#starts[b + 1]!; at++) {
      const p = ids[at]!;
      const length = finder.lengthOf(p);
      units++;
      if (qOf[Math.min(length, Q)] !== q || length > end + 1) continue;
      const result = finder.endsAt(p, text, end);
      units += Math.abs(result);
      if (result > 0) return -units;
    }
    return units;
  }
}

/**
 * The q's keys are filed under, of those their lengths give (bit q of `held`: a key of
 * min(length, Q) = q): all when few, else the shortest and the longest {@link MOST_QS} - 1.
 */
function chosenQs(held: number): number[] {
  const qs: number[] = [];
  for (let q = 1; q <= Q; q++) if ((held & (1 << q)) !== 0) qs.push(q);
  return qs.length <= MOST_QS ? qs : [qs[0]!, ...qs.slice(1 - MOST_QS)];
}

/** Per min(length, Q) of a key, the q of `qs` it is filed under: the longest it holds. */
function filedUnder(qs: readonly number[]): Int32Array {
  const qOf = new Int32Array(Q + 1);
  for (let l = 1, at = 0; l <= Q; l++) {
    if (at + 1 < qs.length && qs[at + 1]! <= l) at++;
    qOf[l] = qs[at]!;
  }
  return qOf;
}

/** BASE ** q, modulo 2^32. */
function power(q: number): number {
  let x = 1;
  for (let i = 0; i < q; i++) x = Math.imul(x, BASE);
  return x;
}

/** A window's hash of q characters, mixed (its bit and its bucket are read from it). */
function mix(h: number, q: number): number {
  let x = Math.imul(h ^ Math.imul(q, 0x27d4eb2f), 0x9e3779b1);
  x ^= x >>> 15;
  return Math.imul(x, 0x2c1b3c6d);
}

/** The hash of `text`'s last q characters, as a pass rolls it. */
function hashOf(text: string, q: number): number {
  let h = 0;
  for (let i = text.length - q; i < text.length; i++) {
    h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
  }
  return mix(h, q);
}

/**
 * The {@link KeyFinder} of a program's key pieces (piece p keys a rule of group
 * `(p >> groupShift) + 1` when that group's `keyed` byte has bit `p & (2^groupShift - 1)`),
 * `texts[k]` being the finder's piece `renumber[k]`, for rules read from `chars` characters of
 * text; null when no rule has a key or its keys would keep more than {@link BYTES_A_CHAR} a
 * character. In counted steps: a few units a piece and a key.
 */
export function* keyFinderSteps(
  finder: PieceFinder,
  keyed: Uint8Array,
  groupShift: number,
  texts: readonly string[],
  renumber: Int32Array,
  chars: number,
): BuildSteps<KeyFinder | null> {
  const mask = (1 << groupShift) - 1;
  const keys: number[] = [];
  let qMask = 0;
  let pieceChars = 0;
  for (let k = 0; k < texts.length; k++) {
    const p = renumber[k]!;
    const length = texts[k]!.length;
    pieceChars += length;
    if ((keyed[(p >> groupShift) + 1]! & (1 << (p & mask))) !== 0) {
      keys.push(k);
      qMask |= 1 << Math.min(length, Q);
    }
    if ((k & 255) === 255 && charge(256)) yield;
  }
  if (keys.length === 0) return null;
  const bitCount = Math.max(1024, 2 ** Math.ceil(Math.log2(BITS_A_KEY * keys.length)));
  const buckets = Math.max(2, 2 ** Math.ceil(Math.log2(keys.length / KEYS_A_BUCKET)));
  const wide = keys.length >= 0xffff;
  const bytes =
    bitCount / 8 + (wide ? 4 : 2) * (buckets + 1) + (finder.pieces < 0xffff ? 2 : 4) * keys.length;
  if (bytes > BYTES_A_CHAR * Math.max(chars, pieceChars)) return null;
  const qs = chosenQs(qMask);
  const qOf = filedUnder(qs);
  const bitShift = 32 - Math.log2(bitCount);
  const bucketShift = 32 - Math.log2(buckets);
  const bits = new Int32Array(bitCount / 32);
  const starts = wide ? new Int32Array(buckets + 1) : new Uint16Array(buckets + 1);
  const ids = finder.pieces < 0xffff ? new Uint16Array(keys.length) : new Int32Array(keys.length);
  const hashes = new Int32Array(keys.length);
  for (let j = 0; j < keys.length; j++) {
    const text = texts[keys[j]!]!;
    const x = hashOf(text, qOf[Math.min(text.length, Q)]!);
    hashes[j] = x;
    const bit = x >>> bitShift;
    bits[bit >>> 5]! |= 1 << (bit & 31);
    starts[(Math.imul(x, 0x85ebca77) >>> bucketShift) + 1]!++;
    if (charge(4 + Q)) yield;
  }
  for (let b = 0; b < buckets; b++) {
    starts[b + 1]! += starts[b]!;
    if ((b & 255) === 255 && charge(256)) yield;
  }
  const filled = Int32Array.from(starts.subarray(0, buckets));
  for (let j = 0; j < keys.length; j++) {
    ids[filled[Math.imul(hashes[j]!, 0x85ebca77) >>> bucketShift]!++] = renumber[keys[j]!]!;
    if (charge(4)) yield;
  }
  return new KeyFinder(finder, Int32Array.from(qs), qOf, bits, starts, ids);
}
