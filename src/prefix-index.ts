/**
 * Entries filed under their literal prefix (the text before the first `*`, or before a final
 * `$`). A check walks the path once, hashing each of its prefixes incrementally, and at each
 * length that some rule prefix has, looks the hash up in a chained hash table of the entries; a
 * hit is confirmed with `startsWith`, so a hash collision costs time, never a wrong answer.
 * Building it costs one hash per entry and two array writes: no string sorting (V8 sorts strings
 * slowly), no `Map`, no string comparison.
 */

import { matchesAfterPrefix } from './pattern.js';
import { beats, type IndexEntry, type MatchState } from './rule-entry.js';

// FNV-1a over UTF-16 code units (prefixes are ASCII; a path may hold any character).
const HASH_SEED = 0x811c9dc5 | 0;

function nextHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

/** The hash a check computes for a path prefix equal to `prefix`. */
function hashPrefix(prefix: string): number {
  let hash = HASH_SEED;
  for (let i = 0; i < prefix.length; i++) hash = nextHash(hash, prefix.charCodeAt(i));
  return hash;
}

/** An immutable index of entries by literal prefix. */
export class PrefixIndex {
  readonly #entries: readonly IndexEntry[];
  /** `#hashes[k]` is the {@link hashPrefix} of entry k's prefix. */
  readonly #hashes: Int32Array;
  /** Bucket (hash & mask) → its last entry, −1 when empty; `#next` links the others. */
  readonly #buckets: Int32Array;
  readonly #next: Int32Array;
  /** `#lengths[n]` is 1 when some prefix has length n. */
  readonly #lengths: Uint8Array;

  constructor(entries: readonly IndexEntry[]) {
    // About one entry per bucket: a probe (mostly a miss) reads a bucket or two.
    let size = 16;
    while (size < entries.length) size *= 2;
    const mask = size - 1;
    const buckets = new Int32Array(size).fill(-1);
    const next = new Int32Array(entries.length);
    const hashes = new Int32Array(entries.length);
    let longest = 0;
    for (let k = 0; k < entries.length; k++) {
      const prefix = entries[k]!.prefix;
      const hash = hashPrefix(prefix);
      hashes[k] = hash;
      next[k] = buckets[hash & mask]!;
      buckets[hash & mask] = k;
      if (prefix.length > longest) longest = prefix.length;
    }
    const lengths = new Uint8Array(longest + 1);
    for (const entry of entries) lengths[entry.prefix.length] = 1;
    this.#entries = entries;
    this.#hashes = hashes;
    this.#buckets = buckets;
    this.#next = next;
    this.#lengths = lengths;
  }

  /** Updates `state` with the entries whose prefix the path starts with and that match it. */
  match(path: string, state: MatchState): void {
    const lengths = this.#lengths;
    const last = Math.min(path.length, lengths.length - 1);
    let hash = HASH_SEED;
    if (lengths[0] === 1) this.#visit(hash, path, state);
    for (let n = 1; n <= last; n++) {
      hash = nextHash(hash, path.charCodeAt(n - 1));
      if (lengths[n] === 1) this.#visit(hash, path, state);
    }
  }

  /** Tests the entries whose prefix has this hash, the path really starts with, and can win. */
  #visit(hash: number, path: string, state: MatchState): void {
    const hashes = this.#hashes;
    const next = this.#next;
    for (let k = this.#buckets[hash & (this.#buckets.length - 1)]!; k >= 0; k = next[k]!) {
      if (hashes[k] !== hash) continue;
      const entry = this.#entries[k]!;
      if (!beats(entry, entry.allow ? state.allow : state.disallow)) continue;
      if (path.startsWith(entry.prefix) && matchesAfterPrefix(entry, path)) {
        if (entry.allow) state.allow = entry;
        else state.disallow = entry;
      }
    }
  }
}
