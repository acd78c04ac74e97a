/**
 * The hash the prefix index files literal prefixes by, and the filters a walk tests each path
 * prefix against before it asks the index: defined once for the index's build
 * (`build-index.ts`, `prefix-index.ts`) and its walk (`rule-index.ts`), which writes the step
 * out (a call of an imported function costs a check of its binding at every path character).
 *
 * Hashes are computed when a set is indexed, and at every check's walk.
 */

/**
 * The offset of the prefix hash, FNV-1a over UTF-16 code units (prefixes are ASCII; a path may
 * hold any character), drawn once per process rather than FNV's standard one: the prefix
 * index buckets rules by this hash, and a hostile file could otherwise choose prefixes (found
 * offline, once) whose hashes share a bucket, so that every check walked them all.
 */
export const HASH_SEED: number = (Math.random() * 0x100000000) | 0;

/** The hash of a path prefix one character longer: FNV-1a's step. */
export function nextHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

/** The hash a check computes for a path prefix equal to `text[start, end)`. */
export function hashPrefix(text: string, start: number, end: number): number {
  let hash = HASH_SEED;
  for (let i = start; i < end; i++) hash = nextHash(hash, text.charCodeAt(i));
  return hash;
}

/** A prefix hash mixed (Fibonacci hashing): its top bits pick a filter bit. */
export function mix(hash: number): number {
  return Math.imul(hash, 0x9e3779b1);
}

/**
 * The bit sets a walk tests each path prefix against, in a loop that calls the index only for a
 * prefix that passes them: `ends`, per length n, a 128-bit set (four words at 4n) of the last
 * characters of the prefixes of that length; `slots`, two bits per value s of
 * `mix(hash) >>> shift` (bits 2(s & 15) and 2(s & 15) + 1 of word s >>> 4): the first set for
 * every prefix's hash ({@link PREFIX_BIT}), the second for every proper prefix of a prefix
 * ({@link PROPER_BIT}: a walk whose path prefix's second bit is clear has met every prefix it
 * can). Both bits in one word: a walk reads one element of one array a step for both (each
 * array read costs V8 its checks anew).
 */
export interface PrefixFilters {
  readonly ends: Int32Array;
  readonly slots: Int32Array;
  readonly shift: number;
}

/** The `PrefixFilters.slots` bit of a prefix's hash. */
export const PREFIX_BIT = 1;
/** The `PrefixFilters.slots` bit of a proper prefix's hash. */
export const PROPER_BIT = 2;
