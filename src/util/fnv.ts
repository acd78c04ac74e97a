/**
 * FNV-1a over a string's UTF-16 code units, 32 bits: the hash the cache (shared files, Redis
 * pacing buckets) and the wildcard program's build (piece numbers) file strings by. Loops that
 * hash characters as they read them (the prefix index's walk, the locator's scan) write the step
 * out instead.
 */

/** FNV-1a's 32-bit offset basis. */
export const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a of `text` from `offset` (a seed mixed into the offset basis, or the basis itself). */
export function fnv1a(text: string, offset: number = FNV_OFFSET): number {
  let hash = offset;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}
