/**
 * Where the short literal pieces a scan asks about occur in one path: the trie of the path's
 * substrings of up to {@link MAX_PIECE} characters, a level a length, built only as deep as the
 * longest piece asked about, each node holding the start positions of its substring in order.
 * A piece is found by walking it down from the root (exactly: a node is a (parent, character)
 * pair, never a hash of characters), and its first occurrence at or after a position by a
 * binary search of its node's positions. So a scan of a large set decides each wildcard rule in
 * its pattern's length plus a binary search a piece, with no string made, and the path costs a
 * pass a level: O(n · L) for a path of n characters and pieces of up to L ≤ MAX_PIECE.
 *
 * Built by a scan (`table-scan.ts`) on the first wildcard pattern it must search, one at a time
 * (a check is synchronous): its arrays are kept for the next scan's path.
 */

import { firstAtLeast } from '../../util/sorted-ints.js';

/** The longest piece looked up here; longer ones are searched for by `PathSearch`. */
export const MAX_PIECE = 32;

/** The longest path whose pieces are looked up here: its nodes' numbers << 8 stay int32s. */
const MAX_PATH = 1 << 18;

/**
 * The seed of {@link slotOf}, drawn once per process: a path cannot choose substrings whose
 * (parent, character) pairs share a slot.
 */
const SEED: number = (Math.random() * 0x100000000) | 0;

/** A trie node's (parent, character) key mixed (MurmurHash3's finalizer). */
function slotOf(key: number): number {
  let h = Math.imul(key ^ SEED, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** What {@link PathPieces.find} answers for a path it cannot hold (a character above 0xFF). */
export const NOT_HELD = -2;

/** The trie of one path's short substrings; see the file's comment. */
export class PathPieces {
  /**
   * The path, and whether its pieces are looked up here: every character below 0x100, and few
   * enough that a node's key (its number << 8) stays an int32.
   */
  #path = '';
  #usable = true;
  /** Levels built: substrings of 1 … `#levels` characters. */
  #levels = 0;
  /** Nodes made (node 0 is the root, the empty substring). */
  #nodes = 1;
  /**
   * The nodes of each level by (parent, character), a table of its own a level (a level's
   * build then touches a table that stays in cache): two numbers a slot, the key (parent << 8 |
   * character) and the node + 1 (0: empty). Level `l`'s slots start at `#base[l]`, a power of
   * two of them, at most half full, whose bits are `#bits[l]`.
   */
  #slots = new Int32Array(1 << 13);
  readonly #base = new Int32Array(MAX_PIECE + 2);
  readonly #bits = new Int32Array(MAX_PIECE + 2);
  /** Per node, where its start positions begin in `#starts` (they end where the next node's begin). */
  #first = new Int32Array(1 << 11);
  /** The start positions of each level's nodes, by node, ascending within one. */
  #starts = new Int32Array(1 << 11);
  /** The path's characters (bytes: see `#usable`), read once for the levels' builds. */
  #codes = new Uint8Array(1 << 10);
  /** Per position of the path, the node of its substring of the last level built. */
  #at = new Int32Array(1 << 10);
  /** Per node of the level being built, its positions counted, then the next one's place. */
  #fill = new Int32Array(1 << 10);
  /** Work done (levels built, lookups), in a check's units. */
  work = 0;

  /** Starts over for `path`: no level built. */
  reset(path: string): void {
    this.#path = path;
    this.#levels = 0;
    this.#nodes = 1;
    this.work = 0;
    this.#usable = path.length <= MAX_PATH;
  }

  /** The path's characters as bytes, read once; false when one is above 0xFF. */
  #readCodes(): boolean {
    const path = this.#path;
    const n = path.length;
    if (this.#codes.length < n) this.#codes = new Uint8Array(Math.max(n, 2 * this.#codes.length));
    const codes = this.#codes;
    for (let i = 0; i < n; i++) {
      const c = path.charCodeAt(i);
      if (c > 0xff) return false;
      codes[i] = c;
    }
    return true;
  }

  /** Drops the path (the arrays are kept for the next one). */
  release(): void {
    this.#path = '';
  }

  /** Whether pieces of `length` characters are looked up here (else `PathSearch` searches them). */
  holds(length: number): boolean {
    return this.#usable && length <= MAX_PIECE;
  }

  /**
   * The first position at or after `from` where the piece `chars[start, end)` (1 to
   * {@link MAX_PIECE} characters, `holds` it) occurs in the path, or -1; {@link NOT_HELD} when
   * the path turns out to have a character above 0xFF (`holds` is false from then on).
   */
  find(chars: Uint8Array, start: number, end: number, from: number): number {
    const length = end - start;
    if (length > this.#path.length - from) return -1;
    if (this.#levels === 0 && !this.#readCodes()) {
      // A character above 0xFF: nothing is looked up here (`holds` says so from now on).
      this.#usable = false;
      return NOT_HELD;
    }
    while (this.#levels < length) this.#addLevel();
    const slots = this.#slots;
    let node = 0;
    this.work += length;
    for (let i = start; i < end; i++) {
      const level = i - start + 1;
      const base = this.#base[level]!;
      const shift = 32 - this.#bits[level]!;
      const mask = (1 << this.#bits[level]!) - 1;
      const key = (node << 8) | chars[i]!;
      let slot = slotOf(key) >>> shift;
      for (;;) {
        const held = slots[base + 2 * slot + 1]!;
        if (held === 0) return -1;
        if (slots[base + 2 * slot] === key) {
          node = held - 1;
          break;
        }
        slot = (slot + 1) & mask;
      }
    }
    // The node's positions, ascending: the first at or after `from`.
    const starts = this.#starts;
    const hi = this.#first[node + 1]!;
    if (starts[hi - 1]! < from) return -1;
    return starts[firstAtLeast(starts, this.#first[node]!, hi, from, this)]!;
  }

  /**
   * Adds the nodes of the substrings one character longer than the last level's, each the
   * child of its substring without the last character, and files their start positions.
   */
  #addLevel(): void {
    const codes = this.#codes;
    const n = this.#path.length;
    const level = ++this.#levels;
    const count = n - level + 1;
    this.work += 2 * n;
    // At most `count` new nodes: room for them, and a table of their own at most half full.
    const lo = this.#nodes;
    if (level === 1) {
      if (this.#at.length < n) this.#at = new Int32Array(Math.max(n, 2 * this.#at.length));
      this.#first[0] = 0;
      this.#first[1] = 0;
      this.#base[1] = 0;
    }
    if (this.#first.length < lo + count + 2) this.#first = grow(this.#first, lo + count + 2);
    const placed = this.#first[lo]!;
    if (this.#starts.length < placed + count) this.#starts = grow(this.#starts, placed + count);
    if (this.#fill.length < count) {
      this.#fill = new Int32Array(Math.max(count, 2 * this.#fill.length));
    }
    let bits = 4;
    while (1 << bits < 2 * count) bits++;
    const base = this.#base[level]!;
    this.#bits[level] = bits;
    this.#base[level + 1] = base + (2 << bits);
    if (this.#slots.length < base + (2 << bits))
      this.#slots = grow(this.#slots, base + (2 << bits));
    const slots = this.#slots;
    slots.fill(0, base, base + (2 << bits));
    const shift = 32 - bits;
    const mask = (1 << bits) - 1;
    const at = this.#at;
    const fill = this.#fill;
    let nodes = lo;
    for (let i = 0; i < count; i++) {
      // Level 1's parent is the root.
      const parent = level === 1 ? 0 : at[i]!;
      const key = (parent << 8) | codes[i + level - 1]!;
      let slot = slotOf(key) >>> shift;
      let node = -1;
      for (;;) {
        const held = slots[base + 2 * slot + 1]!;
        if (held === 0) break;
        if (slots[base + 2 * slot] === key) {
          node = held - 1;
          break;
        }
        slot = (slot + 1) & mask;
      }
      if (node < 0) {
        node = nodes++;
        slots[base + 2 * slot] = key;
        slots[base + 2 * slot + 1] = node + 1;
        fill[node - lo] = 0;
      }
      fill[node - lo]!++;
      at[i] = node;
    }
    this.#nodes = nodes;
    // The level's nodes' positions, counted, then placed in order of position.
    const first = this.#first;
    let place = placed;
    for (let node = lo; node < nodes; node++) {
      const c = fill[node - lo]!;
      first[node] = place;
      fill[node - lo] = place;
      place += c;
    }
    first[nodes] = place;
    const starts = this.#starts;
    for (let i = 0; i < count; i++) starts[fill[at[i]! - lo]!++] = i;
  }
}

/** A copy of `array` with room for `size` numbers. */
function grow(array: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(size, 2 * array.length));
  grown.set(array);
  return grown;
}
