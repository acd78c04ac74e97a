/**
 * Distinct literal pieces of a few lengths, found in a path by hashing: for each length L, a
 * rolling hash of the path's windows of L characters is looked up among the pieces of length L,
 * and a window whose hash a piece has is compared with that piece. Memory is a few bytes a
 * piece besides its characters (one byte each when they are all below 256): no node per
 * character, as an automaton needs. A pass costs one lookup a window for each length, and the
 * characters compared for each window that a piece's hash names, so a dictionary holds only a
 * few lengths (see `PieceFinder`, which gives the others to a `PieceAutomaton`).
 *
 * The pieces of one length are numbered in a row, by hash bucket, and kept side by side in one
 * array in that order (piece k of a length at `k × L` of its part), so a bucket is a range of
 * ids and a piece's place needs no table. A table lists where each length's buckets start, with
 * a byte of each piece's hash (`#tags`) that passes over most other pieces of its bucket
 * without comparing.
 */

/**
 * The multiplier of the rolling hash (odd: a window's hash is its characters' polynomial),
 * drawn once per process, so that a hostile file cannot choose pieces (found offline) whose
 * hashes share a bucket and a tag, which every window of a path would compare.
 */
const BASE: number = ((Math.random() * 0x100000000) >>> 0) | 0x01000001 | 0;

/** The salt of a length's hashes (pieces of different lengths rarely share a tag). */
function saltOf(length: number): number {
  return Math.imul(length, 0x27d4eb2d);
}

/** A window's hash mixed, so that its top bits pick a bucket and its low byte is its tag. */
function mixed(hash: number, salt: number): number {
  const h = Math.imul(hash ^ salt, 0x9e3779b1);
  return h ^ (h >>> 16);
}

/** Pieces (of UTF-16 code units) of a few lengths, found by hashing. */
export class PieceDictionary {
  /** Number of pieces; ids `0 … count - 1`, by length, then by hash bucket. */
  readonly count: number;
  /** The lengths, shortest first. */
  readonly lengths: Int32Array;
  /** Per length, its first piece id (and the count at the end). */
  readonly #firsts: Int32Array;
  /** Per length, where its pieces start in `#text`. */
  readonly #textStarts: Int32Array;
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
   * The pieces' characters, side by side: a byte each when they are all below 256 (a typed
   * array's element costs V8 about half of a string's `charCodeAt`).
   */
  readonly #text: Uint8Array | Uint16Array;
  /**
   * Per length, 8 words: the bits of the first characters of its pieces (4 words, characters
   * below 128; a character above is bit 127), then of their last: a window whose ends no piece
   * has is not looked up.
   */
  readonly #ends: Int32Array;

  /**
   * `pieces`: distinct, non-empty strings whose lengths are among `lengths` (ascending). Sets
   * `ids[k]` to the id of `pieces[k]`.
   */
  constructor(pieces: readonly string[], lengths: readonly number[], ids: Int32Array) {
    const classes = lengths.length;
    this.count = pieces.length;
    this.lengths = Int32Array.from(lengths);
    const classOf = new Map<number, number>();
    for (let k = 0; k < classes; k++) classOf.set(lengths[k]!, k);
    const counts = new Int32Array(classes);
    for (const piece of pieces) counts[classOf.get(piece.length)!]!++;
    const firsts = new Int32Array(classes + 1);
    const textStarts = new Int32Array(classes);
    const bucketBases = new Int32Array(classes);
    const shifts = new Int32Array(classes);
    let bucketCount = 0;
    let chars = 0;
    for (let k = 0; k < classes; k++) {
      firsts[k + 1] = firsts[k]! + counts[k]!;
      textStarts[k] = chars;
      chars += counts[k]! * lengths[k]!;
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
      const k = classOf.get(piece.length)!;
      let hash = 0;
      for (let i = 0; i < piece.length; i++)
        hash = (Math.imul(hash, BASE) + piece.charCodeAt(i)) | 0;
      const mix = mixed(hash, saltOf(piece.length));
      hashes[p] = mix;
      buckets[bucketBases[k]! + (mix >>> shifts[k]!) + 1]!++;
    }
    for (let k = 0; k < classes; k++) {
      const base = bucketBases[k]!;
      const size = 1 << (32 - shifts[k]!);
      buckets[base] = firsts[k]!;
      for (let b = 1; b <= size; b++) buckets[base + b]! += buckets[base + b - 1]!;
    }
    const ends = new Int32Array(8 * classes);
    for (const piece of pieces) {
      const at = 8 * classOf.get(piece.length)!;
      const first = Math.min(piece.charCodeAt(0), 127);
      const last = Math.min(piece.charCodeAt(piece.length - 1), 127);
      ends[at + (first >> 5)]! |= 1 << (first & 31);
      ends[at + 4 + (last >> 5)]! |= 1 << (last & 31);
    }
    this.#ends = ends;
    const next = Int32Array.from(buckets);
    const tags = new Uint8Array(pieces.length);
    const placed: string[] = new Array(pieces.length);
    for (let p = 0; p < pieces.length; p++) {
      const k = classOf.get(pieces[p]!.length)!;
      const mix = hashes[p]!;
      const b = mix >>> shifts[k]!;
      // A piece's id is its place: a length's buckets hold its ids in a row.
      const id = next[bucketBases[k]! + b]!++;
      ids[p] = id;
      tags[id] = mix & 0xff;
      placed[id] = pieces[p]!;
    }
    this.#firsts = firsts;
    this.#textStarts = textStarts;
    this.#bucketBases = bucketBases;
    this.#shifts = shifts;
    this.#buckets = buckets;
    this.#tags = tags;
    const joined = placed.join('');
    let wide = false;
    for (let i = 0; i < joined.length && !wide; i++) wide = joined.charCodeAt(i) > 0xff;
    const text = wide ? new Uint16Array(joined.length) : new Uint8Array(joined.length);
    for (let i = 0; i < joined.length; i++) text[i] = joined.charCodeAt(i);
    this.#text = text;
    this.bytes =
      256 + text.byteLength + buckets.byteLength + ends.byteLength + tags.length + 20 * classes;
  }

  /** The length of piece `id`. */
  lengthOf(id: number): number {
    const firsts = this.#firsts;
    let k = 0;
    while (id >= firsts[k + 1]!) k++;
    return this.lengths[k]!;
  }

  /** Memory retained, in bytes (the string at one or two bytes a character, as V8 keeps it). */
  readonly bytes: number;

  /**
   * Finds every occurrence of every piece in `codes[0, n)` (the path's character codes): for
   * each, `keys[h] = keyBase + id` and `positions[h] = ` where it ends, by length then position;
   * returns the number found. `work[0]` is increased by the work: a unit a window looked up,
   * and one a character compared. The arrays hold `n × lengths.length` at least.
   */
  scan(
    codes: Uint16Array,
    n: number,
    keyBase: number,
    keys: Int32Array,
    positions: Int32Array,
    work: Float64Array,
  ): number {
    const text = this.#text;
    const tags = this.#tags;
    const buckets = this.#buckets;
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
      const firstId = this.#firsts[k]!;
      const textStart = this.#textStarts[k]!;
      const salt = saltOf(length);
      const ends = this.#ends;
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
        for (let slot = buckets[b]!; slot < to; slot++) {
          if (tags[slot] !== tag) continue;
          // Compared from its last character (the one just read), a character a unit.
          const at = textStart + (slot - firstId) * length - end + length - 1;
          let i = end;
          const start = end - length;
          while (i > start && text[at + i] === codes[i]) i--;
          units += end - i + (i > start ? 1 : 0);
          if (i === start) {
            keys[found] = keyBase + slot;
            positions[found++] = end;
            // Distinct pieces of one length: no other ends here.
            break;
          }
        }
      }
    }
    work[0]! += units;
    return found;
  }
}
