/**
 * Searches of sorted 32-bit integers (a path's positions), counted a unit a value read: used by
 * every check that places a wildcard rule's pieces at their next occurrence.
 */

/**
 * The first k in `[lo, hi)` whose position is at least `least` (positions in order), or `hi`:
 * a unit a position read. Halving without a branch on the positions (the base moves by a mask
 * of the comparison's sign; positions and `least` are below 2^31): a search's steps depend on
 * its count only, so the processor does not guess wrong at half of them, as it would over
 * random ends (long rules of tiny pieces place each piece by such a search, in the scan's trie
 * of the path's substrings and in the wildcard program's ends of a piece).
 */
export function firstAtLeast(
  positions: Int32Array,
  lo: number,
  hi: number,
  least: number,
  counter: { work: number },
): number {
  if (lo >= hi) return lo;
  let base = lo;
  let count = hi - lo;
  let steps = 1;
  while (count > 1) {
    const half = count >>> 1;
    base += half & ((positions[base + half]! - least) >> 31);
    count -= half;
    steps++;
  }
  counter.work += steps;
  return base + (positions[base]! < least ? 1 : 0);
}
