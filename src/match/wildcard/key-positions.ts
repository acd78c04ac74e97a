/**
 * The positions a {@link PieceOccurrences} found: the automaton's states sorted by key, and
 * where each key's positions start (the radix sort, `KeySort`, and the rank table over the keys
 * present, `KeyRanks`). Built at the start of each check of a wildcard program, in O(n) for a
 * path of n characters (the dictionary's finds are linked by piece in `found-chains.ts`).
 */

import { firstAtLeast } from '../../util/sorted-ints.js';
import type { PieceOccurrences } from './piece-occurrences.js';
import { atLeast, type WorkCounter } from './position-ranges.js';

/** Positions up to this many are insertion-sorted; more are radix-sorted. */
const FEW = 32;

/**
 * The rank table is built when the distinct keys found are at least one for this many of its
 * words (a word for 32 keys): below, a key is found by halving among them.
 */
const SPARSE = 16;

/**
 * Keys present up to this many in a piece's range (an automaton's piece: the states of its
 * subtree) are read one by one, each's positions in order: its first and last ends without the
 * range extremes over every position, a next end by halving in each, without sorting them.
 */
const FEW_RUNS = 8;

/**
 * Positions read, from a path's end or after a position, for an end of an automaton's piece of
 * many ends before its positions are searched (most such pieces end every few characters).
 */
export const PROBE = 32;

/**
 * The first position from `start` (in the path) on (`step` 1) or down (-1), among the next
 * `most` of the path's n, whose state (an automaton's, after that character) is in `[from, to)`:
 * -1 if none there. A unit a position read (`most` if none is, or past {@link PROBE} those read).
 */
export function probeStates(
  state: Int32Array,
  n: number,
  from: number,
  to: number,
  start: number,
  step: number,
  counter: WorkCounter,
  most: number = PROBE,
): number {
  let i = start;
  for (let read = 1; read <= most && i >= 0 && i < n; read++, i += step) {
    const key = state[i]!;
    if (key >= from && key < to) {
      counter.work += read;
      return i;
    }
  }
  counter.work += most === PROBE ? PROBE : Math.min(most, step > 0 ? n - start : start + 1);
  return -1;
}

/** The number of set bits of a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** What a sort reads: the automaton's state after each character, and the dictionary's finds. */
export interface FoundKeys {
  readonly state: Int32Array;
  readonly n: number;
  readonly foundKeys: Int32Array;
  readonly foundEnds: Int32Array;
  readonly found: number;
}

/** Sorts found positions by key, keeping its scratch arrays from one check to the next. */
export class KeySort {
  #scratchKeys = new Int32Array(0);
  #scratchPositions = new Int32Array(0);
  #buckets = new Int32Array(0);

  /**
   * Sorts the `count` positions of `from` (states other than the root, then the dictionary's
   * finds) by key into `keys` and `positions` (radix sort, two passes, or one counting pass
   * when the keys are no more than the positions: stable, so by position within one key), for
   * keys below `nodes`; returns the work.
   */
  sort(
    from: FoundKeys,
    count: number,
    nodes: number,
    keys: Int32Array,
    positions: Int32Array,
  ): number {
    const { state, n, foundKeys, foundEnds, found } = from;
    if (count <= FEW) return insertionSort(from, keys, positions);
    if (nodes <= count) return this.#countingSort(from, nodes, keys, positions);
    this.#scratchPositions = atLeast(this.#scratchPositions, count);
    this.#scratchKeys = atLeast(this.#scratchKeys, count);
    let bits = 1;
    while (1 << bits < nodes) bits++;
    const low = (bits + 1) >> 1;
    this.#buckets = atLeast(this.#buckets, (1 << low) + 1);
    const buckets = this.#buckets;
    const lowMask = (1 << low) - 1;
    // Pass one: by the low bits, from the path into the scratch arrays.
    buckets.fill(0, 0, (1 << low) + 1);
    for (let i = 0; i < n; i++) if (state[i] !== 0) buckets[(state[i]! & lowMask) + 1]!++;
    for (let h = 0; h < found; h++) buckets[(foundKeys[h]! & lowMask) + 1]!++;
    for (let b = 1; b <= 1 << low; b++) buckets[b]! += buckets[b - 1]!;
    const midKeys = this.#scratchKeys;
    const midPositions = this.#scratchPositions;
    for (let i = 0; i < n; i++) {
      const key = state[i]!;
      if (key === 0) continue;
      const at = buckets[key & lowMask]!++;
      midKeys[at] = key;
      midPositions[at] = i;
    }
    for (let h = 0; h < found; h++) {
      const key = foundKeys[h]!;
      const at = buckets[key & lowMask]!++;
      midKeys[at] = key;
      midPositions[at] = foundEnds[h]!;
    }
    // Pass two: by the high bits.
    const high = bits - low;
    buckets.fill(0, 0, (1 << high) + 1);
    for (let k = 0; k < count; k++) buckets[(midKeys[k]! >>> low) + 1]!++;
    for (let b = 1; b <= 1 << high; b++) buckets[b]! += buckets[b - 1]!;
    for (let k = 0; k < count; k++) {
      const key = midKeys[k]!;
      const at = buckets[key >>> low]!++;
      keys[at] = key;
      positions[at] = midPositions[k]!;
    }
    return 3 * n + 2 * found + 2 * count + (1 << low) + (1 << high);
  }

  /**
   * {@link sort} in one pass, when the keys are no more than the positions (a small automaton
   * over a path most of whose positions it holds): a bucket a key, the positions counted, then
   * placed. Returns the work.
   */
  #countingSort(from: FoundKeys, nodes: number, keys: Int32Array, positions: Int32Array): number {
    const { state, n, foundKeys, foundEnds, found } = from;
    this.#buckets = atLeast(this.#buckets, nodes + 1);
    const buckets = this.#buckets;
    buckets.fill(0, 0, nodes + 1);
    for (let i = 0; i < n; i++) if (state[i] !== 0) buckets[state[i]! + 1]!++;
    for (let h = 0; h < found; h++) buckets[foundKeys[h]! + 1]!++;
    for (let b = 1; b <= nodes; b++) buckets[b]! += buckets[b - 1]!;
    for (let i = 0; i < n; i++) {
      const key = state[i]!;
      if (key === 0) continue;
      const at = buckets[key]!++;
      keys[at] = key;
      positions[at] = i;
    }
    for (let h = 0; h < found; h++) {
      const key = foundKeys[h]!;
      const at = buckets[key]!++;
      keys[at] = key;
      positions[at] = foundEnds[h]!;
    }
    return 2 * n + 2 * found + nodes;
  }

  /** Drops the scratch arrays of a long path. */
  release(): void {
    const empty = new Int32Array(0);
    this.#scratchKeys = empty;
    this.#scratchPositions = empty;
  }
}

/**
 * {@link KeySort.sort} for a few keys (a short path): inserted one by one, the path's states in
 * order, then the dictionary's finds (by length, then position), each after the keys not greater
 * than its own, which keeps the order of one key's positions. Returns the work.
 */
function insertionSort(from: FoundKeys, keys: Int32Array, positions: Int32Array): number {
  const { state, n, foundKeys, foundEnds, found } = from;
  let count = 0;
  let moved = 0;
  const insert = (key: number, position: number): void => {
    let k = count++;
    while (k > 0 && keys[k - 1]! > key) {
      keys[k] = keys[k - 1]!;
      positions[k] = positions[k - 1]!;
      k--;
    }
    moved += count - k;
    keys[k] = key;
    positions[k] = position;
  };
  for (let i = 0; i < n; i++) if (state[i] !== 0) insert(state[i]!, i);
  for (let h = 0; h < found; h++) insert(foundKeys[h]!, foundEnds[h]!);
  return n + moved;
}

/**
 * The distinct keys of sorted positions, and the rank table that finds where the positions of
 * any key start in O(1), unless the keys found are few for the keys the finder has (a short
 * path): then they are found by halving among the distinct keys, and the table, a pass over a
 * word for every 32 keys, is not built.
 */
export class KeyRanks {
  /** Number of distinct keys found. */
  distinct = 0;
  #keys: Int32Array = new Int32Array(0);
  /** Where the positions of the k-th distinct key start. */
  #distinctStart = new Int32Array(0);
  /** One bit per key present; `#wordRank[w]`: bits set before word w. Built when `#ranked`. */
  #bits = new Int32Array(0);
  #ranked = false;
  #wordRank = new Int32Array(0);

  /** Ranks `keys[0, count)` (sorted), for keys below `nodes`; returns the work. */
  rank(keys: Int32Array, count: number, nodes: number): number {
    const words = (nodes >> 5) + 2;
    this.#keys = keys;
    this.#distinctStart = atLeast(this.#distinctStart, count + 1);
    const starts = this.#distinctStart;
    let distinct = 0;
    for (let k = 0; k < count; k++) {
      if (k > 0 && keys[k - 1] === keys[k]) continue;
      starts[distinct++] = k;
    }
    starts[distinct] = count;
    this.distinct = distinct;
    this.#ranked = SPARSE * distinct >= words;
    if (!this.#ranked) return count;
    this.#bits = atLeast(this.#bits, words);
    this.#wordRank = atLeast(this.#wordRank, words);
    const bits = this.#bits;
    bits.fill(0, 0, words);
    for (let d = 0; d < distinct; d++) {
      const key = keys[starts[d]!]!;
      bits[key >> 5]! |= 1 << (key & 31);
    }
    const wordRank = this.#wordRank;
    let total = 0;
    for (let w = 0; w < words; w++) {
      wordRank[w] = total;
      total += popcount(bits[w]!);
    }
    return count + 2 * words;
  }

  /** The k-th distinct key, ascending. */
  distinctKey(k: number): number {
    return this.#keys[this.#distinctStart[k]!]!;
  }

  /** How many distinct keys are below `key`: the first of those from it. */
  distinctFrom(key: number, counter: WorkCounter): number {
    if (this.#ranked) {
      const w = key >> 5;
      return this.#wordRank[w]! + popcount(this.#bits[w]! & ((1 << (key & 31)) - 1));
    }
    const keys = this.#keys;
    const starts = this.#distinctStart;
    let lo = 0;
    let hi = this.distinct;
    while (lo < hi) {
      counter.work++;
      const mid = (lo + hi) >>> 1;
      if (keys[starts[mid]!]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The distinct keys present in `[from, to)` when they are at most {@link FEW_RUNS}: the
   * first's rank << 16 | their number; else -1.
   */
  runsIn(from: number, to: number, counter: WorkCounter): number {
    const low = this.distinctFrom(from, counter);
    const high = this.distinctFrom(to, counter);
    return high - low <= FEW_RUNS ? (low << 16) | (high - low) : -1;
  }

  /**
   * The least (`side` 0) or greatest (1) of the positions (sorted by key, in order within one)
   * of the keys `runs` names (see {@link runsIn}; at least one).
   */
  extremeOf(runs: number, positions: Int32Array, side: number, counter: WorkCounter): number {
    const starts = this.#distinctStart;
    const low = runs >> 16;
    const high = low + (runs & 0xffff);
    let best = side === 0 ? 0x7fffffff : -1;
    for (let d = low; d < high; d++) {
      best =
        side === 0
          ? Math.min(best, positions[starts[d]!]!)
          : Math.max(best, positions[starts[d + 1]! - 1]!);
    }
    counter.work += high - low;
    return best;
  }

  /**
   * The least position at or after `least` of the keys `runs` names (see {@link runsIn}), by
   * halving in each's positions: 0x7fffffff if none.
   */
  nextIn(runs: number, positions: Int32Array, least: number, counter: WorkCounter): number {
    const starts = this.#distinctStart;
    const low = runs >> 16;
    const high = low + (runs & 0xffff);
    let end = 0x7fffffff;
    for (let d = low; d < high; d++) {
      const runEnd = starts[d + 1]!;
      const k = firstAtLeast(positions, starts[d]!, runEnd, least, counter);
      if (k < runEnd && positions[k]! < end) end = positions[k]!;
    }
    return end;
  }

  /** Where the positions of keys `from` or more start. */
  lowerBound(from: number, counter: WorkCounter): number {
    return this.#distinctStart[this.distinctFrom(from, counter)]!;
  }

  /**
   * Whether no key in `[from, to)` is present, when the range spans at most two words of the
   * table (false, not known, for a wider one).
   */
  absent(from: number, to: number, counter: WorkCounter): boolean {
    if (!this.#ranked) {
      const d = this.distinctFrom(from, counter);
      return d === this.distinct || this.distinctKey(d) >= to;
    }
    const first = from >> 5;
    const last = (to - 1) >> 5;
    if (last - first > 1) return false;
    const bits = this.#bits;
    const high = (to - 1) & 31;
    const upTo = high === 31 ? -1 : (1 << (high + 1)) - 1;
    const fromBit = -1 << (from & 31);
    if (first === last) return (bits[first]! & fromBit & upTo) === 0;
    return (bits[first]! & fromBit) === 0 && (bits[last]! & upTo) === 0;
  }

  /** Drops the arrays of a long path. */
  release(): void {
    this.#keys = new Int32Array(0);
    this.#distinctStart = new Int32Array(0);
  }
}
