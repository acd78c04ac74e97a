/**
 * FNV-1a over a string's UTF-16 code units, 32 bits: the hash the cache (shared files, Redis
 * pacing buckets) and the matcher's builds (piece numbers, repeated patterns) file strings by.
 * Loops that hash characters as they read them (the prefix index's walk, the locator's scan)
 * write the step out instead.
 */

/** FNV-1a's 32-bit offset basis. */
export const FNV_OFFSET = 0x811c9dc5;

/**
 * FNV-1a of `text`'s code units in [`start`, `end`) (the whole string by default) from `offset`
 * (a seed mixed into the offset basis, or the basis itself).
 */
export function fnv1a(
  text: string,
  offset: number = FNV_OFFSET,
  start = 0,
  end: number = text.length,
): number {
  let hash = offset;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

/**
 * `hash` mixed (its high bits into the low ones) and cut to 30 bits: a small integer in V8, so
 * that a table keeping hashes in a JS array holds no heap numbers. For hash tables that take
 * their slot from the low bits or a multiplicative step (the program build's piece numbers, the
 * index build's repeated patterns).
 */
export function smallHash(hash: number): number {
  const h = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) & 0x3fffffff;
}
