/**
 * Wildcard entries whose literal prefix is empty or `/` (`/*.pdf$`, `/*?sort=`) would be
 * candidates for every path. They are filed instead under one trigram of their longest literal
 * piece, which must occur in any path they match: a check slides over the path's trigrams and
 * tests only the entries filed under them.
 */

import { matchesAfterPrefix } from './pattern.js';
import { beats, type IndexEntry, type MatchState } from './rule-entry.js';

/** The trigram at `text[i, i + 3)` as one number (patterns are ASCII). */
function trigramAt(text: string, i: number): number {
  return (text.charCodeAt(i) << 16) | (text.charCodeAt(i + 1) << 8) | text.charCodeAt(i + 2);
}

/** Bucket of a trigram (`mask` + 1 is a power of two). */
function bucketOf(trigram: number, mask: number): number {
  return (Math.imul(trigram, 0x9e3779b1) >>> 15) & mask;
}

/** The longest literal piece after the prefix: a substring every matching path contains. */
export function longestPiece(entry: IndexEntry): string {
  let longest = '';
  for (const piece of entry.pieces ?? []) if (piece.length > longest.length) longest = piece;
  return longest;
}

/** An immutable trigram index over entries that each have a literal piece of length ≥ 3. */
export class TrigramIndex {
  /** The entries grouped by key (in key order), strongest first within a key. */
  readonly #entries: readonly IndexEntry[];
  /** Entries of key `i` are `[#starts[i], #starts[i + 1])`. */
  readonly #starts: Int32Array;
  /** The distinct trigrams entries are filed under. */
  readonly #keys: Int32Array;
  /** Trigram hash → first key in that bucket (−1: none); `#next` links the rest. */
  readonly #buckets: Int32Array;
  readonly #next: Int32Array;
  /**
   * Check number that last walked each key. A path can repeat a trigram many times; its entries
   * are tested once per check, or a file of rules sharing one trigram would cost
   * path length × rules on every check.
   */
  readonly #walked: Int32Array;
  #checks = 0;

  /** `entries` must be sorted strongest first, each with a piece of 3 or more characters. */
  constructor(entries: readonly IndexEntry[]) {
    const byKey = new Map<number, IndexEntry[]>();
    for (const entry of entries) {
      const piece = longestPiece(entry);
      const key = trigramAt(piece, piece.length - 3);
      const list = byKey.get(key);
      if (list === undefined) byKey.set(key, [entry]);
      else list.push(entry);
    }
    // Each list keeps the order of `entries`: strongest first.
    const keys = new Int32Array(byKey.size);
    const starts = new Int32Array(byKey.size + 1);
    const grouped: IndexEntry[] = [];
    let i = 0;
    for (const [key, list] of byKey) {
      keys[i] = key;
      starts[i] = grouped.length;
      for (const entry of list) grouped.push(entry);
      i++;
    }
    starts[byKey.size] = grouped.length;
    // About four buckets per key: a path's trigrams rarely land in a bucket of another key.
    let size = 64;
    while (size < keys.length * 4 && size < 1 << 14) size *= 2;
    const mask = size - 1;
    const buckets = new Int32Array(size).fill(-1);
    const next = new Int32Array(keys.length);
    for (let k = 0; k < keys.length; k++) {
      const bucket = bucketOf(keys[k]!, mask);
      next[k] = buckets[bucket]!;
      buckets[bucket] = k;
    }
    this.#entries = grouped;
    this.#starts = starts;
    this.#keys = keys;
    this.#buckets = buckets;
    this.#next = next;
    this.#walked = new Int32Array(keys.length);
  }

  /** Updates `state` with the entries that match `path`. */
  match(path: string, state: MatchState): void {
    if (path.length < 3) return;
    const buckets = this.#buckets;
    const keys = this.#keys;
    const next = this.#next;
    const walked = this.#walked;
    const mask = buckets.length - 1;
    // A check number per call. It never wraps: past 2^31 no stored Int32 can equal it, which
    // only turns the skip off.
    const check = ++this.#checks;
    // A sliding window: one new character per position instead of three. A path character
    // above 0xFF garbles only trigrams that contain it, and those cannot equal an ASCII key
    // except by a false candidate, which the full match rejects.
    let trigram = (path.charCodeAt(0) << 8) | path.charCodeAt(1);
    for (let p = 2; p < path.length; p++) {
      trigram = ((trigram << 8) | path.charCodeAt(p)) & 0xffffff;
      for (let k = buckets[bucketOf(trigram, mask)]!; k >= 0; k = next[k]!) {
        if (keys[k] !== trigram || walked[k] === check) continue;
        walked[k] = check;
        this.#scanKey(k, path, state);
      }
    }
  }

  /**
   * Tests a key's entries, strongest first, until one can beat neither best: none after it can,
   * and the bests only grow stronger during a check.
   */
  #scanKey(k: number, path: string, state: MatchState): void {
    const entries = this.#entries;
    const end = this.#starts[k + 1]!;
    for (let e = this.#starts[k]!; e < end; e++) {
      const entry = entries[e]!;
      const beatsAllow = beats(entry, state.allow);
      const beatsDisallow = beats(entry, state.disallow);
      if (!beatsAllow && !beatsDisallow) return;
      if (!(entry.allow ? beatsAllow : beatsDisallow)) continue;
      if (path.startsWith(entry.prefix) && matchesAfterPrefix(entry, path)) {
        if (entry.allow) state.allow = entry;
        else state.disallow = entry;
      }
    }
  }
}
