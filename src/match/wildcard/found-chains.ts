/**
 * The dictionary's finds of one check by piece (`FoundChains`): run at the start of each check
 * of a wildcard program whose finder hashes pieces, after the pass over the path
 * (`PieceDictionary.scan`, `scanStarts`, a class table's scan), a unit a find; read by the
 * check's questions about a piece (`PieceOccurrences`, `ClassFinds`) and by the rule placer's
 * candidate bounds (`RulePlacer.matches`).
 */

import type { ClassTable } from './class-table.js';
import type { PieceDictionary } from './piece-dictionary.js';
import { atLeast, type WorkCounter } from './position-ranges.js';
import { type StartLengths, scanStarts } from './start-lengths.js';

/**
 * Numbers per piece in {@link FoundChains.records} (16 bytes: what a find links and what a rule
 * reads of a piece are one memory line, not one an array), and their offsets: the check that
 * found it, its last find, and where its first and last find end.
 */
export const FIND = 4;
const HEAD = 1;
export const FIRST_END = 2;
export const LAST_END = 3;

/**
 * The dictionary's finds of one check by piece, unsorted: each linked to the one before of its
 * piece (a unit a find, in the pass's order, so a piece's are in order), the pieces found
 * listed, a piece's finds copied out in order when a check first asks about it (a sort of every
 * find, four units each and a rank, was a third of a hostile check's work).
 *
 * A find is a candidate (its hash and tag), compared only when a check asks about its piece:
 * a piece's first and last finds bound where it first and last occurs (at or before the first,
 * at or after the last), which decides most rules of a hostile file without comparing.
 */
export class FoundChains {
  /** The path's character codes: what a piece's candidates are compared with. */
  codes: Uint16Array<ArrayBuffer> = new Uint16Array(0);
  /** Per find, its piece's key and where the piece would end there; finds made. */ #keys =
    new Int32Array(0);
  #ends = new Int32Array(0);
  /** The path's prefix hashes (`scanStarts`). */
  #hashes = new Int32Array(0);
  found: number = 0;
  readonly #work = new Float64Array(1);
  /**
   * Per piece, {@link FIND} numbers (read-only outside): current when the first is `stamp`, the
   * check's; then its last find, and where its first and last finds end.
   */
  records: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** The current check's number in `records` (read-only outside). */
  stamp = 0;
  /** Per find, the find before of the same piece (-1: none). */
  #chain = new Int32Array(0);
  /** The pieces found, in the order of their first finds (read-only outside), and how many. */
  pieces: Int32Array<ArrayBuffer> = new Int32Array(0);
  distinct: number = 0;

  /**
   * Runs `dictionary` (keys from `keyBase`; its classes' `table` in its place, if any) over
   * `path`, and links its finds; returns the work. With `starts`, a window is looked up at the
   * lengths its start names (`start-lengths.ts`), else at each length.
   */
  find(
    dictionary: PieceDictionary,
    path: string,
    keyBase: number,
    starts: StartLengths | null = null,
    table: ClassTable | null = null,
  ): number {
    const n = path.length;
    if (this.codes.length < n) this.codes = new Uint16Array(Math.max(n, 2 * this.codes.length));
    const codes = this.codes;
    for (let i = 0; i < n; i++) codes[i] = path.charCodeAt(i);
    const most = n * dictionary.lengths.length;
    this.#keys = atLeast(this.#keys, most);
    this.#ends = atLeast(this.#ends, most);
    const work = this.#work;
    work[0] = n;
    if (table !== null) {
      this.found = table.scan(codes, n, keyBase, this.#keys, this.#ends, work);
    } else if (starts === null) {
      this.found = dictionary.scan(codes, n, keyBase, this.#keys, this.#ends, work);
    } else {
      this.#hashes = atLeast(this.#hashes, n + 1);
      const [keys, ends, hashes] = [this.#keys, this.#ends, this.#hashes];
      this.found = scanStarts(dictionary, starts, codes, n, keyBase, keys, ends, hashes, work);
    }
    return work[0]! + this.#link(this.#keys, this.found, keyBase, dictionary.count);
  }

  /** Links the `found` finds `keys` (`keyBase` + piece) of `pieces` pieces; returns the work. */
  #link(keys: Int32Array, found: number, keyBase: number, pieces: number): number {
    if (this.records.length < FIND * pieces) {
      this.records = new Int32Array(FIND * pieces);
      this.stamp = 0;
    }
    if (++this.stamp > 0x3fffffff) {
      this.stamp = 1;
      this.records.fill(0);
    }
    const stamp = this.stamp;
    this.#chain = atLeast(this.#chain, found);
    this.pieces = atLeast(this.pieces, found);
    const records = this.records;
    const ends = this.#ends;
    const chain = this.#chain;
    const list = this.pieces;
    let distinct = 0;
    for (let h = 0; h < found; h++) {
      const at = FIND * (keys[h]! - keyBase);
      const end = ends[h]!;
      if (records[at] === stamp) {
        chain[h] = records[at + HEAD]!;
      } else {
        records[at] = stamp;
        records[at + FIRST_END] = end;
        chain[h] = -1;
        list[distinct++] = keys[h]! - keyBase;
      }
      records[at + HEAD] = h;
      records[at + LAST_END] = end;
    }
    this.distinct = distinct;
    return found;
  }

  /** Whether piece `p` was found. */
  has(p: number): boolean {
    return this.records[FIND * p] === this.stamp;
  }

  /** How many times piece `p` was found, if fewer than `most`; else `most` (that many steps). */
  countUpTo(p: number, most: number): number {
    if (!this.has(p)) return 0;
    const chain = this.#chain;
    let count = 0;
    for (let h = this.records[FIND * p + HEAD]!; h >= 0 && count < most; h = chain[h]!) count++;
    return count;
  }

  /** Copies piece `p`'s finds' ends into `positions` from `at`, in order (a unit each): to. */
  collect(p: number, positions: Int32Array, at: number, counter: WorkCounter): number {
    if (!this.has(p)) return at;
    const head = this.records[FIND * p + HEAD]!;
    return copyChain(head, this.#chain, this.#ends, positions, at, counter);
  }

  /** Drops the arrays of a long path. */
  release(): void {
    this.codes = new Uint16Array(0);
    this.#keys = new Int32Array(0);
    this.#ends = new Int32Array(0);
    this.#hashes = new Int32Array(0);
    this.#chain = new Int32Array(0);
    this.pieces = new Int32Array(0);
  }
}

/**
 * Copies the ends of a chain of finds (`chain` links each to the one before, from `head`; -1
 * ends it) into `positions` from `at`, in order; returns where they end. A unit a find.
 */
export function copyChain(
  head: number,
  chain: Int32Array,
  ends: Int32Array,
  positions: Int32Array,
  at: number,
  counter: WorkCounter,
): number {
  let count = 0;
  for (let h = head; h >= 0; h = chain[h]!) count++;
  // Linked last first: written from the end down.
  let k = at + count;
  for (let h = head; h >= 0; h = chain[h]!) positions[--k] = ends[h]!;
  counter.work += count;
  return at + count;
}
