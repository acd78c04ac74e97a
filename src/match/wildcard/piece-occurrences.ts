/**
 * Where the pieces of a {@link PieceFinder} occur in one path: built from one pass of its
 * automaton and dictionary over the path, after which each question about a piece is a lookup:
 *
 * - does piece p end at position i: one comparison for an automaton's piece, a search among
 *   its occurrences for a dictionary's (`endsAt`);
 * - where p first and last occurs, and how often: found once per piece and check, by rank in
 *   the path's positions sorted by key (an automaton's state, or a dictionary's piece: see
 *   `PieceFinder`) (`#info`);
 * - the leftmost occurrence of p at or after a position (`next`): the above, and when the
 *   position lies between p's first and last occurrence, a search among its occurrences when
 *   they are in order (a piece of one key), else a scan of them (few), a search among them
 *   sorted once (`#order`, while the check has sorted fewer than the path's positions) or a
 *   query of a merge sort tree over them (O(log² n), built on first need).
 *
 * Building costs O(n) for a path of n characters and each length the dictionary hashes (a radix
 * sort of the keys found, a rank table over the keys in words of 32); every step is counted in
 * `work`, in the units of a check's budget. One instance serves all checks (a check is
 * synchronous): its arrays are kept and grown, so a check allocates nothing but for a longer
 * path or a larger program.
 */

import type { PieceFinder } from './piece-finder.js';

/**
 * The rank table is built when the distinct keys found are at least one for this many of its
 * words (a word for 32 keys): below, a key is found by halving among them.
 */
const SPARSE = 16;

/** Occurrences of a piece up to this many are scanned; more are sorted, or go through the merge sort tree. */
const FEW = 32;

const NONE = -1;

/** The longest path whose arrays are kept from one check to the next. */
const KEPT_PATH = 8 * 1024 + 512;

/**
 * Numbers per piece in `info` (32 bytes: a piece's are read together), and their offsets
 * (exported for the program's inlined lookups): the check they were found in, the piece's range
 * in `#positions`, its first and last end (-1: none), and the finder's facts (its length, its
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

/**
 * Path lengths of `#dense` a check may use: a table of next ends costs a pass over the path to
 * build, and pays once a piece's queries cost as much in the merge sort tree (or at once for a
 * piece ending at an eighth of the positions or more).
 */
const DENSE_TABLES = 32;

/** A typed array of at least `length` elements: `array` or a larger replacement. */
function atLeast(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (array.length >= length) return array;
  let size = Math.max(64, array.length);
  while (size < length) size *= 2;
  return new Int32Array(size);
}

/** `array`, or a copy at least `length` long (doubling): its contents kept. */
function growTo(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (array.length >= length) return array;
  const grown = atLeast(new Int32Array(0), Math.max(length, 2 * array.length));
  grown.set(array);
  return grown;
}

/** The number of set bits of a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** The occurrence index of one path under one finder; reset for each check. */
export class PieceOccurrences {
  /** Work done so far, in the units of a check's budget. */
  work = 0;
  #finder: PieceFinder | null = null;
  #length = 0;
  /**
   * `state[i]`: the depth-first number of the automaton's state after `path[i]` (0 without an
   * automaton). Read-only outside: the program reads it (and `info`, `stamp`) in place of calls
   * on its hot path.
   */
  state: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** The path's character codes, and the dictionary's finds (key, end), for `#sort`. */
  #codes = new Uint16Array(0);
  #foundKeys = new Int32Array(0);
  #foundEnds = new Int32Array(0);
  #found = 0;
  readonly #work = new Float64Array(1);
  /** The positions whose state is not the root, sorted by state (then position): `#sorted`. */
  #positions = new Int32Array(0);
  #count = 0;
  /** The states of `#positions`, in the same order. */
  #keys = new Int32Array(0);
  /**
   * One bit per state number present in the path; `#wordRank[w]`: bits set before word w. Built
   * when `#ranked` (see `#rank`).
   */
  #bits = new Int32Array(0);
  #ranked = false;
  #wordRank = new Int32Array(0);
  /** Where the positions of the k-th distinct state present start in `#positions`. */
  #distinctStart = new Int32Array(0);
  /** Radix sort scratch. */
  #scratchKeys = new Int32Array(0);
  #scratchPositions = new Int32Array(0);
  #buckets = new Int32Array(0);
  /** Per piece, {@link INFO} numbers: its record. Read-only outside. */
  info: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** The current check's number: a piece's record is current when its first number is it. */
  stamp = 0;
  /**
   * Per piece, two numbers for its queries past a position: the merge sort tree's work they
   * cost, and where its table of next ends starts in `#dense` (-1: none).
   */
  #heavy = new Int32Array(0);
  /**
   * Per piece, where its positions start in `#ordered` once sorted there (see `#order`; -1:
   * not sorted), and `#orderedUsed` cells of it used in this check.
   */
  #orderedAt = new Int32Array(0);
  #ordered = new Int32Array(0);
  #orderedUsed = 0;
  /** Tables of next ends (see `#tabulate`), `#denseUsed` cells used in this check. */
  #dense = new Int32Array(0);
  #denseUsed = 0;
  /** Range minimum and maximum tables (see `#buildExtremes`), built on first need. */
  #fromStart = new Int32Array(0);
  #toEnd = new Int32Array(0);
  #blockTable = new Int32Array(0);
  #blocks = 0;
  #extremesBuilt = false;
  /** The merge sort tree over `#positions` (level k at `k * #treeSize`), built on first need. */
  #tree = new Int32Array(0);
  #treeBuilt = false;
  #treeSize = 0;
  #treeLevels = 0;

  /** Starts a check: runs `finder` over `path` and indexes what it found. */
  reset(finder: PieceFinder, path: string): void {
    const n = path.length;
    this.#finder = finder;
    this.#length = n;
    this.#treeBuilt = false;
    this.#extremesBuilt = false;
    this.#denseUsed = 0;
    this.#orderedUsed = 0;
    // A new stamp makes every piece's facts stale; on wrap-around, clear them.
    if (++this.stamp > 0x3fffffff) {
      this.stamp = 1;
      this.info.fill(0);
    }
    if (this.info.length < INFO * finder.pieces) {
      this.info = atLeast(this.info, INFO * finder.pieces).fill(0);
      this.#heavy = atLeast(this.#heavy, 2 * finder.pieces);
      this.#orderedAt = atLeast(this.#orderedAt, finder.pieces);
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
    this.#found = 0;
    const dictionary = finder.dictionary;
    if (dictionary !== null) {
      if (this.#codes.length < n)
        this.#codes = new Uint16Array(Math.max(n, 2 * this.#codes.length));
      const codes = this.#codes;
      for (let i = 0; i < n; i++) codes[i] = path.charCodeAt(i);
      const most = n * dictionary.lengths.length;
      this.#foundKeys = atLeast(this.#foundKeys, most);
      this.#foundEnds = atLeast(this.#foundEnds, most);
      const work = this.#work;
      work[0] = n;
      this.#found = dictionary.scan(
        codes,
        n,
        finder.keyBase,
        this.#foundKeys,
        this.#foundEnds,
        work,
      );
      this.work += work[0]!;
    }
    this.#sort(n, finder.keys);
    this.#rank(finder.keys);
  }

  /** Drops the finder (a check is over: keep nothing of it alive). */
  release(): void {
    this.#finder = null;
    // The arrays of a long path are not kept (the next checks' paths are most likely short):
    // those of an 8 KB path, about 2 MB with all of its tables of next occurrences, are.
    if (this.#length > KEPT_PATH) {
      const empty = new Int32Array(0);
      this.state = empty;
      this.#codes = new Uint16Array(0);
      this.#foundKeys = empty;
      this.#foundEnds = empty;
      this.#positions = empty;
      this.#keys = empty;
      this.#distinctStart = empty;
      this.#scratchKeys = empty;
      this.#scratchPositions = empty;
      this.#dense = empty;
      this.#ordered = empty;
      this.#fromStart = empty;
      this.#toEnd = empty;
      this.#blockTable = empty;
      this.#tree = empty;
    }
  }

  /**
   * Sorts the positions by key (radix sort, two passes: stable, so by position within one): the
   * automaton's states other than the root, then the dictionary's finds.
   */
  #sort(n: number, nodes: number): void {
    const state = this.state;
    const found = this.#found;
    const foundKeys = this.#foundKeys;
    const foundEnds = this.#foundEnds;
    let count = found;
    for (let i = 0; i < n; i++) if (state[i] !== 0) count++;
    this.#count = count;
    this.#positions = atLeast(this.#positions, count);
    this.#keys = atLeast(this.#keys, count);
    this.#scratchPositions = atLeast(this.#scratchPositions, count);
    this.#scratchKeys = atLeast(this.#scratchKeys, count);
    if (count <= FEW) {
      this.#insertionSort(n);
      return;
    }
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
    const keys = this.#keys;
    const positions = this.#positions;
    for (let k = 0; k < count; k++) {
      const key = midKeys[k]!;
      const at = buckets[key >>> low]!++;
      keys[at] = key;
      positions[at] = midPositions[k]!;
    }
    this.work += 3 * n + 2 * found + 2 * count + (1 << low) + (1 << high);
  }

  /**
   * {@link #sort} for a few keys (a short path): inserted one by one, the path's states in
   * order, then the dictionary's finds (by length, then position), each after the keys not
   * greater than its own, which keeps the order of one key's positions.
   */
  #insertionSort(n: number): void {
    const state = this.state;
    const keys = this.#keys;
    const positions = this.#positions;
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
    const foundKeys = this.#foundKeys;
    const foundEnds = this.#foundEnds;
    for (let h = 0; h < this.#found; h++) insert(foundKeys[h]!, foundEnds[h]!);
    this.work += n + moved;
  }

  /**
   * Lists the distinct keys found, and builds the rank table that finds where the positions of
   * any key start in `#positions` in O(1), unless the keys found are few for the keys the finder
   * has (a short path): then they are found by halving among the distinct keys, and the table,
   * a pass over a word for every 32 keys, is not built.
   */
  #rank(nodes: number): void {
    const words = (nodes >> 5) + 2;
    const keys = this.#keys;
    const count = this.#count;
    this.#distinctStart = atLeast(this.#distinctStart, count + 1);
    const starts = this.#distinctStart;
    let distinct = 0;
    for (let k = 0; k < count; k++) {
      if (k > 0 && keys[k - 1] === keys[k]) continue;
      starts[distinct++] = k;
    }
    starts[distinct] = count;
    this.distinct = distinct;
    this.work += count;
    this.#ranked = SPARSE * distinct >= words;
    if (!this.#ranked) return;
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
    this.work += 2 * words;
  }

  /**
   * Whether no state numbered in `[from, to)` is present, when the range spans at most two
   * words of `#bits` (false, not known, for a wider one).
   */
  #absent(from: number, to: number): boolean {
    if (!this.#ranked) {
      const d = this.distinctFrom(from);
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

  /** Number of distinct keys found in the path (automaton states but the root, dictionary pieces). */
  distinct = 0;

  /** The k-th distinct key found in the path, ascending. */
  distinctKey(k: number): number {
    return this.#keys[this.#distinctStart[k]!]!;
  }

  /** How many distinct keys found in the path are below `key`: the first of those from it. */
  distinctFrom(key: number): number {
    if (this.#ranked) {
      const w = key >> 5;
      return this.#wordRank[w]! + popcount(this.#bits[w]! & ((1 << (key & 31)) - 1));
    }
    const keys = this.#keys;
    const starts = this.#distinctStart;
    let lo = 0;
    let hi = this.distinct;
    while (lo < hi) {
      this.work++;
      const mid = (lo + hi) >>> 1;
      if (keys[starts[mid]!]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where the positions of states numbered `from` or more start in `#positions`. */
  #lowerBound(from: number): number {
    return this.#distinctStart[this.distinctFrom(from)]!;
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
    this.#heavy[2 * p] = 0;
    this.#heavy[2 * p + 1] = NONE;
    this.#orderedAt[p] = NONE;
    // Most pieces a hostile file holds are absent, and most own a few state numbers: the bits
    // of the states present tell it without ranking.
    const absent = this.#absent(statesFrom, statesTo);
    const from = absent ? 0 : this.#lowerBound(statesFrom);
    const to = absent ? 0 : this.#lowerBound(statesTo);
    info[at + FROM] = from;
    info[at + TO] = to;
    this.work += 4;
    if (from === to) {
      info[at + FIRST] = NONE;
      info[at + LAST] = NONE;
      return at;
    }
    const positions = this.#positions;
    // One key (a dictionary's piece, an automaton's piece of one state): its positions in order.
    if (statesTo - statesFrom === 1) {
      info[at + FIRST] = positions[from]!;
      info[at + LAST] = positions[to - 1]!;
      return at;
    }
    if (to - from <= FEW) {
      let first = positions[from]!;
      let last = first;
      for (let k = from + 1; k < to; k++) {
        const end = positions[k]!;
        if (end < first) first = end;
        else if (end > last) last = end;
      }
      this.work += to - from;
      info[at + FIRST] = first;
      info[at + LAST] = last;
      return at;
    }
    if (!this.#extremesBuilt) this.#buildExtremes();
    info[at + FIRST] = this.#extreme(from, to, 0);
    info[at + LAST] = this.#extreme(from, to, 1);
    this.work += 4;
    return at;
  }

  /**
   * Builds the range minimum and maximum tables over `#positions`: per block of 32, each
   * element's minimum and maximum from its block's start and to its block's end, and a sparse
   * table over the blocks; a range of more than 32 is then answered in O(1) (`#extreme`).
   */
  #buildExtremes(): void {
    const count = this.#count;
    const positions = this.#positions;
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
    this.#extremesBuilt = true;
    this.work += 4 * count + 2 * blocks * levels;
  }

  /** The minimum (`side` 0) or maximum (1) of `#positions[lo, hi)`, a range of more than 32. */
  #extreme(lo: number, hi: number, side: number): number {
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

  /** Whether piece p ends at position `end` (an index of the path). */
  endsAt(p: number, end: number): boolean {
    this.work++;
    if (end < 0 || end >= this.#length) return false;
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
    return this.#positions[this.#atLeast(info[at + FROM]!, info[at + TO]!, end)] === end;
  }

  /** The first k in `[lo, hi)` whose position is at least `least` (positions in order). */
  #atLeast(lo: number, hi: number, least: number): number {
    const positions = this.#positions;
    while (lo < hi) {
      this.work++;
      const mid = (lo + hi) >>> 1;
      if (positions[mid]! < least) lo = mid + 1;
      else hi = mid;
    }
    return lo;
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
    const length = this.#finder!.lengthOf(p);
    const least = from + length - 1;
    if (least >= this.#length) return NONE;
    // The piece right here (runs, repeated pieces): one comparison.
    if (this.endsAt(p, least)) return from;
    const at = this.infoOf(p);
    const info = this.info;
    const first = info[at + FIRST]!;
    if (first >= least) return first - length + 1;
    if (info[at + LAST]! < least) return NONE;
    const lo = info[at + FROM]!;
    const hi = info[at + TO]!;
    let end: number;
    if (info[at + STATES_TO]! - info[at + STATES_FROM]! === 1) {
      // One key: its positions in order, searched by halving.
      end = this.#positions[this.#atLeast(lo, hi, least)]!;
    } else if (hi - lo <= FEW) {
      const positions = this.#positions;
      end = 0x7fffffff;
      for (let k = lo; k < hi; k++) {
        const e = positions[k]!;
        if (e >= least && e < end) end = e;
      }
      this.work += hi - lo;
    } else if (
      this.#heavy[2 * p + 1]! >= 0 ||
      (8 * (hi - lo) >= this.#length && this.#tabulate(p, at))
    ) {
      this.work++;
      end = this.#dense[this.#heavy[2 * p + 1]! + least]!;
    } else if (this.#orderedAt[p]! >= 0 || this.#order(p, lo, hi)) {
      // Its positions sorted once: searched by halving.
      const from = this.#orderedAt[p]!;
      const ordered = this.#ordered;
      let a = from;
      let b = from + hi - lo;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (ordered[mid]! < least) a = mid + 1;
        else b = mid;
      }
      this.work += 32 - Math.clz32(hi - lo);
      end = ordered[a]!;
    } else {
      const before = this.work;
      end = this.#successor(lo, hi, least);
      // Once its queries have cost two passes over the path, the piece gets a table of next
      // ends (a pass to build), so no piece costs much more in queries than the path's length.
      this.#heavy[2 * p]! += this.work - before;
      if (this.#heavy[2 * p]! > 2 * this.#length) this.#tabulate(p, at);
    }
    return end - length + 1;
  }

  /**
   * Sorts piece p's positions (`#positions[lo, hi)`, in order within each of its keys) into
   * `#ordered`, unless the check has sorted as many positions as it found already: a piece whose
   * occurrences are a few hundred of thousands of positions costs their sort rather than the
   * merge sort tree over all (O(n log n) to build); past that, the tree is worth its cost. At
   * most as many cells as positions are sorted a check: O(n log n) in all.
   */
  #order(p: number, lo: number, hi: number): boolean {
    const count = hi - lo;
    if (this.#orderedUsed + count > this.#count) return false;
    const from = this.#orderedUsed;
    this.#orderedUsed += count;
    this.#ordered = growTo(this.#ordered, this.#orderedUsed + 1);
    const ordered = this.#ordered;
    ordered.set(this.#positions.subarray(lo, hi), from);
    ordered.subarray(from, from + count).sort();
    this.#orderedAt[p] = from;
    this.work += count * (32 - Math.clz32(count));
    return true;
  }

  /**
   * Builds the table of next ends of the piece whose record is at `at`: for each position, its
   * first end at or after it (0x7fffffff: none). Unless the check's tables are full: false.
   */
  #tabulate(p: number, at: number): boolean {
    const n = this.#length;
    if (this.#denseUsed + n > DENSE_TABLES * n) return false;
    const offset = this.#denseUsed;
    this.#denseUsed += n;
    this.#dense = growTo(this.#dense, this.#denseUsed);
    const dense = this.#dense;
    const info = this.info;
    dense.fill(0x7fffffff, offset, offset + n);
    const positions = this.#positions;
    const hi = info[at + TO]!;
    for (let k = info[at + FROM]!; k < hi; k++) dense[offset + positions[k]!] = positions[k]!;
    let next = 0x7fffffff;
    for (let i = n - 1; i >= 0; i--) {
      if (dense[offset + i] === i) next = i;
      else dense[offset + i] = next;
    }
    this.#heavy[2 * p + 1] = offset;
    this.work += 2 * n + hi - info[at + FROM]!;
    return true;
  }

  /** Builds the merge sort tree over `#positions`: level k sorted within aligned blocks of 2^k. */
  #buildTree(): void {
    const count = this.#count;
    let size = 1;
    let levels = 1;
    while (size < count) {
      size *= 2;
      levels++;
    }
    this.#tree = atLeast(this.#tree, size * levels);
    const tree = this.#tree;
    tree.set(this.#positions.subarray(0, count));
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
    this.#treeSize = size;
    this.#treeLevels = levels;
    this.#treeBuilt = true;
    this.work += size * levels;
  }

  /** The least position ≥ `least` among `#positions[lo, hi)`, or 0x7fffffff. */
  #successor(lo: number, hi: number, least: number): number {
    if (!this.#treeBuilt) this.#buildTree();
    const tree = this.#tree;
    const size = this.#treeSize;
    const levels = this.#treeLevels;
    let best = 0x7fffffff;
    while (lo < hi) {
      // The largest aligned block that starts at lo and fits: at most 2 per level.
      const aligned = lo === 0 ? levels - 1 : 31 - Math.clz32(lo & -lo);
      const level = Math.min(aligned, 31 - Math.clz32(hi - lo), levels - 1);
      const width = 1 << level;
      let a = level * size + lo;
      let b = a + width;
      const blockEnd = b;
      this.work += level + 1;
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
}
