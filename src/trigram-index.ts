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
  /** The entries, strongest first. */
  readonly #entries: readonly IndexEntry[];
  /** The trigram each entry is filed under. */
  readonly #keys: Int32Array;
  /** Trigram hash → first entry in that bucket (−1: none); `#next` links the rest. */
  readonly #buckets: Int32Array;
  readonly #next: Int32Array;
  /** Check number that last visited each entry, so that a check tests each one once. */
  readonly #seen: Int32Array;
  #checks = 0;

  /** `entries` must be sorted strongest first, each with a piece of 3 or more characters. */
  constructor(entries: readonly IndexEntry[]) {
    this.#entries = entries;
    // About four buckets per entry: a path's trigrams rarely land in a bucket of another key.
    let size = 64;
    while (size < entries.length * 4 && size < 1 << 14) size *= 2;
    const mask = size - 1;
    this.#keys = Int32Array.from(entries, (entry) => {
      const piece = longestPiece(entry);
      return trigramAt(piece, piece.length - 3);
    });
    this.#buckets = new Int32Array(size).fill(-1);
    this.#next = new Int32Array(entries.length);
    this.#seen = new Int32Array(entries.length);
    // Filled from the end, so every chain lists its entries strongest first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const bucket = bucketOf(this.#keys[i]!, mask);
      this.#next[i] = this.#buckets[bucket]!;
      this.#buckets[bucket] = i;
    }
  }

  /** Updates `state` with the entries that match `path`. */
  match(path: string, state: MatchState): void {
    const buckets = this.#buckets;
    const keys = this.#keys;
    const next = this.#next;
    const seen = this.#seen;
    const entries = this.#entries;
    const mask = buckets.length - 1;
    // A check number per call: entries already tested by this call are skipped in O(1). It
    // never wraps: past 2^31 no stored Int32 can equal it, which only turns the skip off.
    const check = ++this.#checks;
    if (path.length < 3) return;
    // A sliding window: one new character per position instead of three. A path character
    // above 0xFF garbles only trigrams that contain it, and those cannot equal an ASCII key
    // except by a false candidate, which the full match below rejects.
    let trigram = (path.charCodeAt(0) << 8) | path.charCodeAt(1);
    for (let p = 2; p < path.length; p++) {
      trigram = ((trigram << 8) | path.charCodeAt(p)) & 0xffffff;
      for (let k = buckets[bucketOf(trigram, mask)]!; k >= 0; k = next[k]!) {
        // Exact key test first: other trigrams that share the bucket cost one comparison.
        if (keys[k] !== trigram || seen[k] === check) continue;
        seen[k] = check;
        const entry = entries[k]!;
        const beatsAllow = beats(entry, state.allow);
        const beatsDisallow = beats(entry, state.disallow);
        // A chain is in strength order: once an entry can beat neither best, nothing further
        // down this chain can. This keeps a long URL against many wildcard rules with common
        // trigrams from testing every rule.
        if (!beatsAllow && !beatsDisallow) break;
        if (!(entry.allow ? beatsAllow : beatsDisallow)) continue;
        if (path.startsWith(entry.prefix) && matchesAfterPrefix(entry, path)) {
          if (entry.allow) state.allow = entry;
          else state.disallow = entry;
        }
      }
    }
  }
}
