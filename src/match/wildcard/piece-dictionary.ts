/**
 * Distinct literal pieces of a few lengths, found in a path by hashing: for each hashed length
 * K, a rolling hash of the path's windows of K characters is looked up among the pieces whose
 * first K characters it hashes (pieces of length K, and longer pieces given to K: see
 * `PieceFinder`), and a window whose hash a piece has is compared with that piece, its
 * characters past the window too. Memory is a few bytes a piece, and for its characters either
 * where they are in the text the pieces were read from (the body, which its rule table keeps:
 * the bits of the body's length, 20 for 500 KiB, not a copy) or, for pieces of up to 3
 * characters and those not found there, a copy.
 * No node per character, as an automaton needs. A pass costs one lookup a window for each length, and the
 * characters compared for each window that a piece's hash names, so a dictionary holds only a
 * few lengths (see `PieceFinder`, which gives the others to a `PieceAutomaton`).
 *
 * The pieces of one length are numbered in a row, by hash bucket and within a bucket by tag, so
 * a bucket is a range of ids. A table lists where each length's buckets start, with a byte of
 * each piece's hash (`#tags`) that passes over the other pieces of its bucket without comparing:
 * a window's lookup stops at the first tag not below its own. The first K
 * characters of the pieces of a length are distinct (so at most one piece of a length starts
 * at a window).
 *
 * Built once per program; scanned over the path at every check the program runs.
 */

import { bitsFor, packInts, readPacked } from '../../util/packed-ints.js';
import { type BuildSteps, buildAtOnce, charge } from '../build-steps.js';
import { PieceTexts } from './piece-texts.js';
import { BASE, LOOKED_UP_END, type LookupTables, mixed, pick, saltOf } from './window-lookup.js';

const NONE = -1;

/** The longest length whose pieces are copied rather than located in the source. */
const COPIED = 3;

/** The most characters a piece has past its length's K (see `PieceFinder`). */
export const MAX_EXTRA = 255;

/**
 * Piece ids a {@link PieceDictionary.lengthOf} block: each block keeps the length its first id
 * has, so that finding a piece's length compares one boundary, not a boundary a length (an
 * unpredictable loop, run for every piece a check's visited rules bound).
 */
const LENGTH_BLOCK_BITS = 6;

/** Pieces (of UTF-16 code units) of a few lengths, found by hashing. */
export class PieceDictionary {
  /** Number of pieces; ids `0 … count - 1`, by length, then by hash bucket. */
  readonly count: number;
  /** The lengths, shortest first. */
  readonly lengths: Int32Array;
  /** Per length, its first piece id (and the count at the end). */
  readonly #firsts: Int32Array;
  /** Per block of ids ({@link LENGTH_BLOCK_BITS}), the length (its index) of its first id. */
  readonly #blockLengths: Uint8Array;
  /** Per length, where its buckets start in `#buckets`, and the shift of a hash to a bucket. */
  readonly #bucketBases: Int32Array;
  readonly #shifts: Int32Array;
  /**
   * Bucket b of a length: the pieces `#buckets[base + b] … #buckets[base + b + 1] - 1` (two
   * bytes a bucket while there are at most 65,535 pieces), with the low byte of their mixed hash
   * in `#tags`.
   */
  readonly #buckets: Uint16Array | Int32Array;
  readonly #tags: Uint8Array;
  /**
   * Where the characters of each piece of a located length are (at `#atBases[k]` + its rank in
   * length k; -1: the length is not located), packed `#atBits` bits each: below the source's
   * length, its start in the source (the text the pieces were read from); from it, its start in
   * the copies (`own`) plus the source's length. The pieces of a length that is not located are
   * copied side by side from `ownStarts[k]`, K characters each (a copy of up to {@link COPIED}
   * characters costs no more than a place); the copies hold a byte a character when they are
   * all below 256. `texts` (`PieceTexts`) keeps the source and the copies, and compares.
   */
  readonly #at: Int32Array;
  readonly #atBits: number;
  /**
   * Per piece of a located length (as `#at`), its characters past its length's K (pieces longer
   * than K are hashed by their first K), packed `#extraBits` bits each; null when every piece
   * has its length's.
   */
  readonly #extra: Int32Array | null;
  readonly #extraBits: number;
  readonly #extraMask: number;
  readonly #atBases: Int32Array;
  /**
   * Per length, 8 words: the bits of the first characters of its pieces (4 words, characters
   * below 128; a character above is bit 127), then of their last: a window whose ends no piece
   * has is not looked up.
   */
  readonly #ends: Int32Array;

  /**
   * `pieces`: distinct, non-empty strings, each at least as long as one of `lengths` (ascending)
   * and at most {@link MAX_EXTRA} longer: it goes to the longest of those it reaches, whose
   * pieces must differ in their first K characters. Sets `ids[k]` to the id of `pieces[k]`.
   * `places[k]`, when given, is where `pieces[k]` is in `source` (-1: not there, copied).
   * `parts`: what {@link dictionarySteps} built of them (built at once when not given).
   */
  constructor(
    pieces: readonly string[],
    lengths: readonly number[],
    ids: Int32Array,
    source = '',
    places: Int32Array | null = null,
    parts: DictionaryParts = buildAtOnce(dictionarySteps(pieces, lengths, ids, source, places)),
  ) {
    this.count = pieces.length;
    this.lengths = parts.texts.lengths;
    this.#ends = parts.ends;
    this.#firsts = parts.firsts;
    const blocks = new Uint8Array((this.count >> LENGTH_BLOCK_BITS) + 1);
    for (let b = 0, k = 0; b < blocks.length; b++) {
      while (b << LENGTH_BLOCK_BITS >= parts.firsts[k + 1]!) k++;
      blocks[b] = k;
    }
    this.#blockLengths = blocks;
    this.#bucketBases = parts.bucketBases;
    this.#shifts = parts.shifts;
    this.#buckets = parts.buckets;
    this.#tags = parts.tags;
    this.#atBits = parts.texts.atBits;
    this.#at = parts.texts.at;
    this.#extraBits = parts.texts.extraBits;
    this.#extraMask = 2 ** parts.texts.extraBits - 1;
    this.#extra = parts.texts.extra;
    this.#atBases = parts.texts.atBases;
    this.texts = parts.texts.texts;
    this.bytes = parts.bytes + blocks.length;
  }

  /** The length of piece `id`. */
  lengthOf(id: number): number {
    const firsts = this.#firsts;
    let k = this.#blockLengths[id >> LENGTH_BLOCK_BITS]!;
    while (id >= firsts[k + 1]!) k++;
    const atBase = this.#atBases[k]!;
    if (this.#extra === null || atBase < 0) return this.lengths[k]!;
    const j = atBase + id - firsts[k]!;
    return this.lengths[k]! + readPacked(this.#extra, this.#extraBits, this.#extraMask, j);
  }

  /** Memory retained, in bytes (the source not counted: the rule table keeps it). */
  readonly bytes: number;
  /** The pieces' characters, as a path's windows are compared with them. */
  readonly texts: PieceTexts;

  /** The arrays a window is looked up in (`window-lookup.ts`). */
  get tables(): LookupTables {
    return {
      lengths: this.lengths,
      firsts: this.#firsts,
      bucketBases: this.#bucketBases,
      shifts: this.#shifts,
      buckets: this.#buckets,
      tags: this.#tags,
      atBases: this.#atBases,
      extra: this.#extra,
      extraBits: this.#extraBits,
      ends: this.#ends,
      texts: this.texts,
    };
  }

  /**
   * Finds, in `codes[0, n)` (the path's character codes), every window that a piece's hash and
   * tag name (and that leaves room for the piece's characters past it): for each,
   * `keys[h] = keyBase + id` and `positions[h] = ` where the piece would end, by length then
   * window; returns the number found. A window that names one piece is a candidate, not yet
   * compared: {@link matchesAt} compares it when its piece is asked about (a check asks about
   * a few of the pieces a path holds, and comparing every candidate, in the body's text, was
   * most of a pass). A window that names two or more pieces (their tags alike) is compared at
   * once, so that a window gives at most one find a length. `work[0]` is increased by the
   * work: a unit a window looked up, one a tag met, and one a character compared. The arrays
   * hold `n × lengths.length` at least.
   */
  scan(
    codes: Uint16Array,
    n: number,
    keyBase: number,
    keys: Int32Array,
    positions: Int32Array,
    work: Float64Array,
  ): number {
    const tags = this.#tags;
    const buckets = this.#buckets;
    const extra = this.#extra;
    const tables = this.tables;
    const ends = this.#ends;
    let found = 0;
    let units = 0;
    for (let k = 0; k < this.lengths.length; k++) {
      const length = this.lengths[k]!;
      if (length > n) break;
      // BASE^length: the weight of the character leaving the window.
      let out = 1;
      for (let i = 0; i < length; i++) out = Math.imul(out, BASE);
      const base = this.#bucketBases[k]!;
      const shift = this.#shifts[k]!;
      const atBase = this.#atBases[k]!;
      const longer = extra !== null && atBase >= 0;
      const salt = saltOf(length);
      const bits = 8 * k;
      let hash = 0;
      for (let i = 0; i < length; i++) hash = (Math.imul(hash, BASE) + codes[i]!) | 0;
      units += n - length + 1;
      for (let end = length - 1; end < n; end++) {
        if (end >= length) {
          hash = (Math.imul(hash, BASE) - Math.imul(codes[end - length]!, out) + codes[end]!) | 0;
        }
        const last = Math.min(codes[end]!, 127);
        if ((ends[bits + 4 + (last >> 5)]! & (1 << (last & 31))) === 0) continue;
        const first = Math.min(codes[end - length + 1]!, 127);
        if ((ends[bits + (first >> 5)]! & (1 << (first & 31))) === 0) continue;
        const mix = mixed(hash, salt);
        const b = base + (mix >>> shift);
        const to = buckets[b + 1]!;
        const tag = mix & 0xff;
        // The bucket's pieces by tag: those of the window's tag, if any, in a row.
        let slot = buckets[b]!;
        while (slot < to && tags[slot]! < tag) slot++;
        if (slot === to || tags[slot] !== tag) continue;
        let stop = slot + 1;
        while (stop < to && tags[stop] === tag) stop++;
        units += stop - slot;
        let candidate = NONE;
        let candidateEnd = 0;
        if (stop - slot === 1 && !longer) {
          // One piece of the window's length: the candidate.
          candidate = slot;
          candidateEnd = end;
        } else {
          // Longer pieces, or tags alike: the one that fits, or starts here (`pick`).
          candidate = pick(tables, k, slot, stop, end, codes, n, work);
          if (candidate === NONE) continue;
          candidateEnd = LOOKED_UP_END[0]!;
        }
        keys[found] = keyBase + candidate;
        positions[found++] = candidateEnd;
      }
    }
    work[0]! += units;
    return found;
  }
}

/** What {@link dictionarySteps} builds: a {@link PieceDictionary}'s arrays. */
export interface DictionaryParts {
  readonly firsts: Int32Array;
  readonly bucketBases: Int32Array;
  readonly shifts: Int32Array;
  readonly buckets: Uint16Array | Int32Array;
  readonly tags: Uint8Array;
  readonly ends: Int32Array;
  readonly texts: {
    readonly lengths: Int32Array;
    readonly at: Int32Array;
    readonly atBits: number;
    readonly extra: Int32Array | null;
    readonly extraBits: number;
    readonly atBases: Int32Array;
    readonly texts: PieceTexts;
  };
  readonly bytes: number;
}

/** Build units a piece costs in each of the dictionary's passes over its pieces, besides its characters. */
const PIECE_UNITS = 18;
/** Build units a piece's character costs where a pass reads it. */
const CHAR_UNITS = 3;

/**
 * The dictionary of `pieces` (see {@link PieceDictionary}'s constructor) in counted steps
 * (`build-steps.ts`): a piece (and its characters) at a time in each pass.
 */
export function* dictionarySteps(
  pieces: readonly string[],
  lengths: readonly number[],
  ids: Int32Array,
  source = '',
  places: Int32Array | null = null,
): BuildSteps<DictionaryParts> {
  const classes = lengths.length;
  const classOf = (length: number): number => {
    let k = classes - 1;
    while (lengths[k]! > length) k--;
    return k;
  };
  const counts = new Int32Array(classes);
  for (let p = 0; p < pieces.length; p++) {
    counts[classOf(pieces[p]!.length)]!++;
    if (charge(PIECE_UNITS)) yield;
  }
  const firsts = new Int32Array(classes + 1);
  const bucketBases = new Int32Array(classes);
  const shifts = new Int32Array(classes);
  let bucketCount = 0;
  for (let k = 0; k < classes; k++) {
    firsts[k + 1] = firsts[k]! + counts[k]!;
    // Four to eight pieces a bucket (two buckets at least): half a byte to a byte a piece,
    // and the tags pass over most of a bucket's pieces.
    let bits = 1;
    while (1 << (bits + 2) <= counts[k]!) bits++;
    bucketBases[k] = bucketCount;
    shifts[k] = 32 - bits;
    bucketCount += (1 << bits) + 1;
  }
  // Each piece's hash, then its place: by length, then bucket (a counting sort).
  const hashes = new Int32Array(pieces.length);
  const buckets =
    pieces.length <= 0xffff ? new Uint16Array(bucketCount) : new Int32Array(bucketCount);
  for (let p = 0; p < pieces.length; p++) {
    const piece = pieces[p]!;
    const k = classOf(piece.length);
    const length = lengths[k]!;
    let hash = 0;
    for (let i = 0; i < length; i++) hash = (Math.imul(hash, BASE) + piece.charCodeAt(i)) | 0;
    const mix = mixed(hash, saltOf(length));
    hashes[p] = mix;
    buckets[bucketBases[k]! + (mix >>> shifts[k]!) + 1]!++;
    if (charge(PIECE_UNITS + CHAR_UNITS * length)) yield;
  }
  for (let k = 0; k < classes; k++) {
    const base = bucketBases[k]!;
    const size = 1 << (32 - shifts[k]!);
    buckets[base] = firsts[k]!;
    for (let b = 1; b <= size; b++) {
      buckets[base + b]! += buckets[base + b - 1]!;
      if ((b & 63) === 0 && charge(3 * 64)) yield;
    }
  }
  const ends = new Int32Array(8 * classes);
  let longer = false;
  const longerIn = new Uint8Array(classes);
  let wide = false;
  for (const piece of pieces) {
    const k = classOf(piece.length);
    if (piece.length > lengths[k]!) {
      longer = true;
      longerIn[k] = 1;
    }
    const at = 8 * k;
    const first = Math.min(piece.charCodeAt(0), 127);
    const last = Math.min(piece.charCodeAt(lengths[k]! - 1), 127);
    ends[at + (first >> 5)]! |= 1 << (first & 31);
    ends[at + 4 + (last >> 5)]! |= 1 << (last & 31);
    for (let i = 0; i < piece.length && !wide; i++) wide = piece.charCodeAt(i) > 0xff;
    if (charge(PIECE_UNITS + (wide ? 0 : CHAR_UNITS * piece.length))) yield;
  }
  // Each length's pieces are located (a place each: in the source, or in `#own`) when some are
  // longer than it, or when a place (about 3 bytes) costs less than a copy; else copied side by
  // side.
  const atBases = new Int32Array(classes);
  const ownStarts = new Int32Array(classes);
  let located = 0;
  let ownChars = 0;
  for (let k = 0; k < classes; k++) {
    if (longerIn[k] === 1 || (places !== null && lengths[k]! > COPIED)) {
      atBases[k] = located;
      located += counts[k]!;
    } else {
      atBases[k] = NONE;
      ownStarts[k] = ownChars;
      ownChars += counts[k]! * lengths[k]!;
    }
  }
  for (let p = 0; p < pieces.length; p++) {
    const k = classOf(pieces[p]!.length);
    if (atBases[k]! >= 0 && (places === null || places[p]! < 0)) ownChars += pieces[p]!.length;
    if (charge(PIECE_UNITS)) yield;
  }
  const own = wide ? new Uint16Array(ownChars) : new Uint8Array(ownChars);
  const next = Int32Array.from(buckets);
  const tags = new Uint8Array(pieces.length);
  const at = new Int32Array(located);
  const extra = new Int32Array(longer ? located : 0);
  let copiedEnd = 0;
  for (let k = 0; k < classes; k++) {
    if (atBases[k]! < 0) copiedEnd += counts[k]! * lengths[k]!;
  }
  const ownFrom = source.length;
  // Within a bucket, ids by tag: the pieces taken in the order of their tags (a counting
  // sort), each given its bucket's next id, so that a scan stops at the first tag above a
  // window's.
  const tagStarts = new Int32Array(257);
  for (let p = 0; p < pieces.length; p++) tagStarts[(hashes[p]! & 0xff) + 1]!++;
  for (let t = 1; t <= 256; t++) tagStarts[t]! += tagStarts[t - 1]!;
  const byTag = new Int32Array(pieces.length);
  for (let p = 0; p < pieces.length; p++) {
    byTag[tagStarts[hashes[p]! & 0xff]!++] = p;
    if (charge(PIECE_UNITS)) yield;
  }
  for (let q = 0; q < pieces.length; q++) {
    const p = byTag[q]!;
    const piece = pieces[p]!;
    const k = classOf(piece.length);
    if (charge(PIECE_UNITS + CHAR_UNITS * piece.length)) yield;
    const mix = hashes[p]!;
    const b = mix >>> shifts[k]!;
    // A piece's id is its place: a length's buckets hold its ids in a row.
    const id = next[bucketBases[k]! + b]!++;
    ids[p] = id;
    tags[id] = mix & 0xff;
    let to: number;
    if (atBases[k]! < 0) {
      to = ownStarts[k]! + (id - firsts[k]!) * lengths[k]!;
    } else {
      const j = atBases[k]! + id - firsts[k]!;
      if (longer) extra[j] = piece.length - lengths[k]!;
      const place = places === null ? NONE : places[p]!;
      if (place >= 0) {
        at[j] = place;
        continue;
      }
      at[j] = ownFrom + copiedEnd;
      to = copiedEnd;
      copiedEnd += piece.length;
    }
    for (let i = 0; i < piece.length; i++) own[to + i] = piece.charCodeAt(i);
  }
  // The bits the largest place takes (a body of 500 KiB: 19, and one for copies).
  const atBits = bitsFor(ownFrom + ownChars);
  const packedAt = packInts(at, atBits);
  if (charge(3 * located)) yield;
  let most = 0;
  for (const more of extra) most = Math.max(most, more);
  if (charge(3 * extra.length)) yield;
  const extraBits = bitsFor(most);
  const packedExtra = longer ? packInts(extra, extraBits) : null;
  const lengthList = Int32Array.from(lengths);
  const texts = new PieceTexts({
    lengths: lengthList,
    firsts,
    atBases,
    ownStarts,
    at: packedAt,
    atBits,
    ownFrom,
    source,
    own,
    extra: packedExtra,
    extraBits,
  });
  const bytes =
    256 +
    own.byteLength +
    packedAt.byteLength +
    (packedExtra?.byteLength ?? 0) +
    buckets.byteLength +
    ends.byteLength +
    tags.length +
    28 * classes;
  return {
    firsts,
    bucketBases,
    shifts,
    buckets,
    tags,
    ends,
    texts: {
      lengths: lengthList,
      at: packedAt,
      atBits,
      extra: packedExtra,
      extraBits,
      atBases,
      texts,
    },
    bytes,
  };
}
