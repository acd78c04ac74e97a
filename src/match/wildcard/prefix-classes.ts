/**
 * Prefix classes of a {@link PieceDictionary}'s pieces, so that a path's pass hashes one length
 * rather than every length the dictionary takes: a class is the first K characters (K the
 * dictionary's shortest length) that some of its pieces start with, and the pass looks up each
 * window of K characters among the classes only (one lookup a window, not one a window a
 * length). A class found at a window names every piece that starts with it; which of them
 * starts there is resolved when a check first asks about one of them, for all the class's
 * pieces of that piece's length at once (`ClassFinds.resolve`: a lookup in that length's
 * buckets at each of the class's finds), so a (class, length) pair costs at most its finds once
 * a check, and a check that asks about a few pieces looks up a few windows beyond the pass.
 *
 * Taken when pieces share their classes (on average {@link pieceFinding}'s `classShare` pieces
 * a class or more) and the dictionary takes two lengths or more: what it keeps is the classes'
 * own dictionary (a few bytes a class), each piece's class (its bits) and the pieces by class
 * (2 bytes a piece), which the program lists the key groups of a found class from.
 *
 * `PrefixClasses` is built once per program (`PieceFinder`); `ClassFinds` resolves at the checks
 * the program runs, one instance for every program (`PieceOccurrences`).
 */

import { bitsFor, packInts, readPacked } from '../../util/packed-ints.js';
import type { ClassTable } from './class-table.js';
import { copyChain, type FoundChains } from './found-chains.js';
import type { PieceDictionary } from './piece-dictionary.js';
import { atLeast, type WorkCounter } from './position-ranges.js';
import {
  LOOKED_UP_END,
  type LookupTables,
  lengthClassOf,
  lookUp,
  prefixHashes,
  windowHash,
} from './window-lookup.js';

const NONE = -1;

/**
 * The pieces of a (class, length) pair a check compares one by one at the class's finds before
 * it resolves the pair (looks each find up among the pieces of that length: a bucket lookup, a
 * mispredicted branch and a dependent load, about what comparing several pieces there costs;
 * 8 took 0.9× the time of 3 on `reversed` σ 4, interleaved): so a pair costs at most this many
 * comparisons and one lookup a find of its class.
 */
const COMPARED_A_PAIR = 8;

/** The classes of a dictionary's pieces, and the pieces of each. */
export class PrefixClasses {
  /** The classes (strings of the dictionary's shortest length), found in a path by hash. */
  readonly dictionary: PieceDictionary;
  /** Number of classes. */
  readonly count: number;
  /** Class c's pieces (dictionary ids, ascending): `members[starts[c]] … members[starts[c + 1] - 1]`. */
  readonly starts: Uint16Array | Int32Array;
  readonly members: Uint16Array | Int32Array;
  /** The classes by their characters, exact, when small (`class-table.ts`): the pass's. */
  readonly table: ClassTable | null;
  /** The arrays of the pieces' own dictionary, where a class's window is looked up. */
  readonly tables: LookupTables;
  /** Per class, a bit for each length class its pieces have. */
  readonly lengthBits: Uint8Array;
  /** Each piece's class, packed in `#classBits` bits. */
  readonly #classes: Int32Array;
  readonly #classBits: number;
  readonly #classMask: number;
  /** Memory retained, in bytes. */
  readonly bytes: number;

  /**
   * `classOf[id]`: the class of the dictionary's piece `id` (`0 … count - 1`); `dictionary`:
   * the classes' own, whose piece c is class c; `table`, their direct table, if any.
   */
  constructor(
    dictionary: PieceDictionary,
    classOf: Int32Array,
    count: number,
    pieces: PieceDictionary,
    table: ClassTable | null = null,
  ) {
    this.dictionary = dictionary;
    this.table = table;
    this.count = count;
    const pieceCount = classOf.length;
    this.tables = pieces.tables;
    const lengthBits = new Uint8Array(count);
    for (let id = 0; id < pieceCount; id++) {
      lengthBits[classOf[id]!]! |= 1 << lengthClassOf(this.tables, id);
    }
    this.lengthBits = lengthBits;
    const starts = new Int32Array(count + 1);
    for (let id = 0; id < pieceCount; id++) starts[classOf[id]! + 1]!++;
    for (let c = 0; c < count; c++) starts[c + 1]! += starts[c]!;
    const next = starts.slice(0, count);
    const members = pieceCount <= 0xffff ? new Uint16Array(pieceCount) : new Int32Array(pieceCount);
    for (let id = 0; id < pieceCount; id++) members[next[classOf[id]!]!++] = id;
    this.starts = pieceCount <= 0xffff ? Uint16Array.from(starts) : starts;
    this.members = members;
    this.#classBits = bitsFor(Math.max(1, count - 1));
    this.#classMask = 2 ** this.#classBits - 1;
    this.#classes = packInts(classOf, this.#classBits);
    this.bytes =
      64 +
      dictionary.bytes +
      (table?.bytes ?? 0) +
      count +
      this.starts.byteLength +
      members.byteLength +
      this.#classes.byteLength;
  }

  /** The class of the dictionary's piece `id`. */
  classOf(id: number): number {
    return readPacked(this.#classes, this.#classBits, this.#classMask, id);
  }
}

/**
 * One check's finds of the dictionary's pieces, resolved from its classes' finds a (class,
 * length) pair at a time when a piece of it is first asked about, and linked by piece (in the
 * order of their windows, so a piece's are in order). One instance serves all checks.
 */
export class ClassFinds {
  #classes: PrefixClasses | null = null;
  #pieces: PieceDictionary | null = null;
  #chains: FoundChains | null = null;
  #n = 0;
  /** The check's number: pairs and heads of other checks are stale. */
  #stamp = 0;
  /**
   * Per (class, length class), the check it was last asked about in, and then the pieces of it
   * compared one by one at its class's finds (-1: resolved, `resolve`).
   */
  #pairStamps = new Int32Array(0);
  #pairUses = new Int32Array(0);
  /** The path's prefix hashes (made at the check's first resolve), and whether they are. */
  #hashes = new Int32Array(0);
  #hashed = false;
  /**
   * The finds of the classes a check asked about, each class's in order, copied from the pass's
   * chains once a check (`#findsOf`): per class, the check they were copied in and their range.
   */
  #classEnds = new Int32Array(0);
  #classUsed = 0;
  #classStamps = new Int32Array(0);
  #classFrom = new Int32Array(0);
  #classTo = new Int32Array(0);
  /** Per piece, its last find (valid when `#headStamp` is the check's); per find, the one before. */
  #head = new Int32Array(0);
  #headStamp = new Int32Array(0);
  #chain = new Int32Array(0);
  #ends = new Int32Array(0);
  #found = 0;
  readonly #work = new Float64Array(1);

  /** Starts a check of a path of `n` characters, whose classes' finds are `chains`. */
  reset(classes: PrefixClasses, pieces: PieceDictionary, chains: FoundChains, n: number): void {
    this.#classes = classes;
    this.#pieces = pieces;
    this.#chains = chains;
    this.#n = n;
    this.#hashed = false;
    this.#found = 0;
    this.#classUsed = 0;
    this.#classEnds = atLeast(this.#classEnds, chains.found);
    if (this.#classStamps.length < classes.count) {
      this.#classStamps = new Int32Array(classes.count);
      this.#classFrom = new Int32Array(classes.count);
      this.#classTo = new Int32Array(classes.count);
    }
    // Grown for a larger program (new slots hold no check's number: the stamp goes on, so that
    // the other arrays' marks of earlier checks stay stale).
    const pairs = classes.count * pieces.lengths.length;
    if (this.#pairStamps.length < pairs) {
      this.#pairStamps = new Int32Array(pairs);
      this.#pairUses = new Int32Array(pairs);
    }
    if (this.#head.length < pieces.count) {
      this.#head = new Int32Array(pieces.count);
      this.#headStamp = new Int32Array(pieces.count);
    }
    if (++this.#stamp > 0x3fffffff) {
      this.#stamp = 1;
      this.#pairStamps.fill(0);
      this.#headStamp.fill(0);
      this.#classStamps.fill(0);
    }
  }

  /**
   * Copies class c's finds out of the pass's chains into `#classEnds`, in order, if the check
   * has not (a unit a find, once a check); returns where they start (`#classTo[c]`: end).
   */
  #findsOf(c: number, counter: WorkCounter): number {
    if (this.#classStamps[c] !== this.#stamp) {
      const from = this.#classUsed;
      this.#classUsed = this.#chains!.collect(c, this.#classEnds, from, counter);
      this.#classStamps[c] = this.#stamp;
      this.#classFrom[c] = from;
      this.#classTo[c] = this.#classUsed;
    }
    return this.#classFrom[c]!;
  }

  /**
   * Writes into `out` the pieces whose keys' groups the check visits: of each class found, every
   * piece when they are no more than its finds times its lengths (a unit a piece), else the
   * pieces found by resolving its pairs (a lookup a find a length: see `occurrencesOf`), so a
   * class costs at most what the pass would have spent on its windows. Returns how many.
   */
  list(out: Int32Array, counter: WorkCounter): number {
    const classes = this.#classes!;
    const pieces = this.#pieces!;
    const chains = this.#chains!;
    const found = chains.pieces;
    const starts = classes.starts;
    const members = classes.members;
    const lengths = pieces.lengths.length;
    let listed = 0;
    for (let i = 0; i < chains.distinct; i++) {
      const c = found[i]!;
      const from = starts[c]!;
      const to = starts[c + 1]!;
      const bits = classes.lengthBits[c]!;
      let pairs = 0;
      for (let b = bits; b !== 0; b &= b - 1) pairs++;
      // Its finds counted up to what lists its pieces (at most a step a piece).
      const finds = chains.countUpTo(c, Math.ceil((to - from) / pairs));
      counter.work += finds;
      if (to - from <= finds * pairs) {
        for (let m = from; m < to; m++) out[listed++] = members[m]!;
        counter.work += to - from;
        continue;
      }
      for (let k = 0; k < lengths; k++) {
        if ((bits & (1 << k)) === 0) continue;
        const pair = c * lengths + k;
        this.#pairStamps[pair] = this.#stamp;
        this.#pairUses[pair] = NONE;
        listed = this.#resolve(c, k, counter, out, listed);
      }
    }
    return listed;
  }

  /** Whether the class of piece `p` was found (else `p` surely does not occur). */
  classFound(p: number): boolean {
    return this.#chains!.has(this.#classes!.classOf(p));
  }

  /**
   * Writes the ends of piece `p`'s occurrences into `positions` from `at`, in order (the piece
   * asked about once a check); returns where they end. While few pieces of its pair (its class,
   * its length) have been asked about ({@link COMPARED_A_PAIR}), by comparing it at each of its
   * class's finds (a unit a find, and the characters compared); past that, the pair resolved
   * (each of the class's finds looked up among the pieces of that length, as the pass would
   * have, a candidate linked to its piece: once a check) and its candidates compared.
   */
  occurrencesOf(p: number, positions: Int32Array, at: number, counter: WorkCounter): number {
    const classes = this.#classes!;
    const pieces = this.#pieces!;
    const c = classes.classOf(p);
    const chains = this.#chains!;
    if (!chains.has(c)) return at;
    const k = lengthClassOf(classes.tables, p);
    const pair = c * pieces.lengths.length + k;
    if (this.#pairStamps[pair] !== this.#stamp) {
      this.#pairStamps[pair] = this.#stamp;
      this.#pairUses[pair] = 0;
    }
    if (this.#pairUses[pair]! >= 0 && this.#pairUses[pair]! < COMPARED_A_PAIR) {
      this.#pairUses[pair]!++;
      return this.#compared(p, c, k, positions, at, counter);
    }
    if (this.#pairUses[pair]! >= 0) {
      this.#pairUses[pair] = NONE;
      this.#resolve(c, k, counter, null, 0);
    }
    const to = this.#collect(p, positions, at, counter);
    return at < to ? pieces.texts.keepMatches(p, chains.codes, positions, at, to, counter) : to;
  }

  /** Piece `p` (of class c, length class k) compared at each of c's finds. */
  #compared(
    p: number,
    c: number,
    k: number,
    positions: Int32Array,
    at: number,
    counter: WorkCounter,
  ): number {
    const from = this.#findsOf(c, counter);
    const classes = this.#classes!;
    const before = classes.dictionary.lengths[0]! - 1;
    return this.#pieces!.texts.keepAt(
      p,
      k,
      this.#chains!.codes,
      this.#n,
      this.#classEnds,
      from,
      this.#classTo[c]!,
      before,
      before + 1,
      classes.table !== null,
      positions,
      at,
      counter,
    );
  }

  /**
   * Resolves pair (c, k): each of class c's finds looked up among the pieces of length class k,
   * a candidate linked to its piece (and, with `out`, a piece first found listed there from
   * `listed`; returns where the list ends). A unit a find, one a lookup and the lookup's (as
   * the pass's); the prefix hashes, n units once a check.
   */
  #resolve(
    c: number,
    k: number,
    counter: WorkCounter,
    out: Int32Array | null,
    listed: number,
  ): number {
    const classes = this.#classes!;
    const pieces = this.#pieces!;
    const chains = this.#chains!;
    const n = this.#n;
    const codes = chains.codes;
    this.#hashPath(counter);
    const from = this.#findsOf(c, counter);
    const to = this.#classTo[c]!;
    const classEnds = this.#classEnds;
    const found = to - from;
    if (this.#chain.length < this.#found + found) {
      const size = Math.max(this.#found + found, 2 * this.#chain.length);
      const chain = new Int32Array(size);
      chain.set(this.#chain.subarray(0, this.#found));
      this.#chain = chain;
      const ends = new Int32Array(size);
      ends.set(this.#ends.subarray(0, this.#found));
      this.#ends = ends;
    }
    const hashes = this.#hashes;
    const tables = classes.tables;
    const length = pieces.lengths[k]!;
    const offset = classes.dictionary.lengths[0]! - 1;
    const work = this.#work;
    work[0] = 0;
    const head = this.#head;
    const headStamp = this.#headStamp;
    const chain = this.#chain;
    const ends = this.#ends;
    const stamp = this.#stamp;
    let h = this.#found;
    for (let f = from; f < to; f++) {
      const start = classEnds[f]! - offset;
      if (start + length > n) break;
      const id = lookUp(tables, k, windowHash(hashes, start, length), start, codes, n, work);
      // A candidate of another class is not there (that class would have been found here).
      if (id === NONE || classes.classOf(id) !== c) continue;
      if (headStamp[id] === stamp) {
        chain[h] = head[id]!;
      } else {
        chain[h] = NONE;
        if (out !== null) out[listed++] = id;
      }
      headStamp[id] = stamp;
      head[id] = h;
      ends[h++] = LOOKED_UP_END[0]!;
    }
    this.#found = h;
    counter.work += work[0]!;
    return listed;
  }

  /** Makes the path's prefix hashes, if the check has not: n units. */
  #hashPath(counter: WorkCounter): void {
    if (this.#hashed) return;
    const n = this.#n;
    this.#hashes = atLeast(this.#hashes, n + 1);
    prefixHashes(this.#chains!.codes, n, this.#hashes);
    this.#hashed = true;
    counter.work += n;
  }

  /** Copies the ends of piece `p`'s candidates (its pair resolved) into `positions` from `at`. */
  #collect(p: number, positions: Int32Array, at: number, counter: WorkCounter): number {
    if (this.#headStamp[p] !== this.#stamp) return at;
    return copyChain(this.#head[p]!, this.#chain, this.#ends, positions, at, counter);
  }

  /** Ends the check (keeping nothing of its program alive); `long`: drops a long path's arrays. */
  release(long: boolean): void {
    this.#classes = null;
    this.#pieces = null;
    this.#chains = null;
    if (!long) return;
    this.#hashes = new Int32Array(0);
    this.#classEnds = new Int32Array(0);
    this.#chain = new Int32Array(0);
    this.#ends = new Int32Array(0);
  }
}
