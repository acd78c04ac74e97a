/**
 * Where literal pieces occur in one path, without scanning the path again for each piece: the
 * fallback a check switches to when a file makes it search the path for many pieces (see
 * `PathSearch`). Built once per such check, in O(n log n) for a path of n characters:
 *
 * - a suffix automaton of the path (O(n) states and transitions): a piece occurs iff it walks
 *   from the root, in |piece| steps, and each state knows its first and last end position;
 * - the automaton's suffix-link tree in depth-first order, so that the end positions of a state's
 *   occurrences are a contiguous range of an array;
 * - a merge sort tree over that array: the first occurrence at or after a position in O(log² n).
 *
 * Used by the matcher only; answers exactly what `path.indexOf(piece, from)` answers.
 *
 * Its work is counted in steps (a unit each, as a check's work is): a slot of the transition
 * table cleared, an element of a state's array filled, a transition looked up (in the walk up
 * the suffix links, a clone's copied transitions, the redirections to a clone), a state made or
 * visited in the link tree, an end position placed, and the merge sort tree's elements. The
 * table (16 bytes a slot, about 1 MB for an 8 KB path) is most of its memory traffic; counted
 * so, a unit of the build costs about what a check's or a build slice's does (README.md,
 * "Bounds").
 */

/** Where no transition is: an empty hash slot, a missing state. */
const NONE = -1;

/**
 * Arrays kept from one build to the next, by use: one oracle is in use at a time (a check is
 * synchronous and drops its oracle when it ends), and a hostile file makes one per check, so
 * reusing them spares the collector about a megabyte a check for an 8 KB path. Arrays for
 * paths longer than {@link POOLED_PATH} are not kept.
 */
const pool: Int32Array[] = [];

/** The longest path whose arrays are kept (an 8 KB URL's: about 3 MB of them). */
const POOLED_PATH = 8 * 1024 + 512;

/** Whether the arrays of the build under way come from the pool. */
let pooling = false;

/** An array of `length` elements for use `slot`, its contents undefined. */
function scratch(slot: number, length: number): Int32Array {
  if (!pooling) return new Int32Array(length);
  let array = pool[slot];
  if (array === undefined || array.length < length) {
    array = new Int32Array(length);
    pool[slot] = array;
  }
  return array.length === length ? array : array.subarray(0, length);
}

/** One path's suffix automaton and occurrence index. */
export class PathOracle {
  /**
   * Work done so far, in the units of the check's budget: the build's steps (see
   * {@link buildSteps}), then characters walked and search steps of each query, and the merge
   * sort tree's elements when it is built.
   */
  work: number;
  /** ⌈log2 n⌉ + 1: the levels of the merge sort tree; a range query visits at most 2 per level. */
  readonly levels: number;
  readonly #firstEnd: Int32Array;
  readonly #lastEnd: Int32Array;
  /** A state's end positions are `#sorted` level 0 `[#from[v], #to[v])`. */
  readonly #from: Int32Array;
  readonly #to: Int32Array;
  /** The end positions, in the order of a depth-first walk of the suffix-link tree. */
  readonly #ends: Int32Array;
  /**
   * The merge sort tree over `#ends`, built on the first query that needs it: level k holds the
   * end positions sorted within aligned blocks of 2^k, at `k * #size`.
   */
  #sorted: Int32Array | null = null;
  /** Whether this oracle's arrays come from the pool. */
  readonly #pooled: boolean;
  readonly #size: number;
  /** Transitions: see {@link Transitions}. */
  readonly #slots: Transitions;
  readonly #mask: number;

  constructor(path: string) {
    // Each step in its own function: V8 optimises one loop at a time, and a constructor holding
    // them all was deoptimised at every call.
    pooling = path.length <= POOLED_PATH;
    this.#pooled = pooling;
    const automaton = buildAutomaton(path);
    const tree = orderLinkTree(automaton, path.length);
    const { slots, mask, firstEnd } = automaton;
    this.#firstEnd = firstEnd;
    this.#from = tree.from;
    this.#to = tree.to;
    this.#ends = tree.ends;
    this.#lastEnd = tree.lastEnd;
    this.#size = tree.ends.length;
    this.levels = tree.levels;
    this.#slots = slots;
    this.#mask = mask;
    this.work = buildSteps(automaton, tree, path.length);
  }

  /** The state reached by reading `piece` from the root, or -1 when it does not occur. */
  #state(piece: string): number {
    const slots = this.#slots;
    const mask = this.#mask;
    let state = 0;
    for (let i = 0; i < piece.length; i++) {
      this.work++;
      const at = slotOf(slots, mask, state, piece.charCodeAt(i));
      if (slots[at] === NONE) return NONE;
      state = slots[at + TARGET]!;
    }
    return state;
  }

  /**
   * Where the leftmost occurrence of `piece` (not empty) at or after `from` starts, or -1:
   * `path.indexOf(piece, from)`.
   */
  next(piece: string, from: number): number {
    const state = this.#state(piece);
    if (state === NONE) return NONE;
    // The least end position that leaves room for the piece from `from`.
    const least = from + piece.length - 1;
    const first = this.#firstEnd[state]!;
    if (first >= least) return first - piece.length + 1;
    if (this.#lastEnd[state]! < least) return NONE;
    const end = this.#successor(this.#from[state]!, this.#to[state]!, least);
    return end === NONE ? NONE : end - piece.length + 1;
  }

  /** The least value ≥ `least` of level 0 in `[lo, hi)`, or -1. */
  #successor(lo: number, hi: number, least: number): number {
    if (this.#sorted === null) {
      pooling = this.#pooled;
      this.#sorted = mergeSortTree(this.#ends, this.levels);
      this.work += this.#size * this.levels;
    }
    const sorted = this.#sorted;
    let best = 0x7fffffff;
    while (lo < hi) {
      // The largest aligned block that starts at lo and fits: the range is at most 2 per level.
      const aligned = lo === 0 ? this.levels - 1 : 31 - Math.clz32(lo & -lo);
      const level = Math.min(aligned, 31 - Math.clz32(hi - lo), this.levels - 1);
      const width = 1 << level;
      // The first value ≥ least in the sorted block: binary search.
      let a = level * this.#size + lo;
      let b = a + width;
      this.work += level + 1;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (sorted[mid]! < least) a = mid + 1;
        else b = mid;
      }
      if (a < level * this.#size + lo + width && sorted[a]! < best) best = sorted[a]!;
      lo += width;
    }
    return best === 0x7fffffff ? NONE : best;
  }
}

/** A suffix automaton: its transitions and, per state, its link and first end. */
interface Automaton {
  /** See {@link Transitions}. */
  readonly slots: Int32Array;
  readonly mask: number;
  readonly link: Int32Array;
  readonly firstEnd: Int32Array;
  /** 1 for a clone: a state that stands for no end position of its own. */
  readonly clone: Int32Array;
  readonly states: number;
  /** Transitions looked up while building: walking suffix links, copying, redirecting. */
  readonly lookups: number;
  /** The arrays' elements filled before the first character: the maximum states, twice. */
  readonly filled: number;
}

/** The suffix automaton of `path`, built online (Blumer et al.): O(n) states and transitions. */
function buildAutomaton(path: string): Automaton {
  const n = path.length;
  const maxStates = 2 * n + 1;
  let bits = 4;
  while (1 << bits < 6 * n + 8) bits++;
  const mask = (1 << bits) - 1;
  const slots = scratch(0, 4 * (mask + 1));
  for (let at = 0; at < slots.length; at += 4) slots[at] = NONE;
  // Each state's transitions as a list through their slots, to copy them when cloning.
  const edgeHead = scratch(3, maxStates).fill(NONE);
  const length = scratch(5, maxStates);
  const link = scratch(6, maxStates);
  const firstEnd = scratch(7, maxStates);
  const clone = scratch(8, maxStates).fill(0);
  link[0] = NONE;
  let states = 1;
  let last = 0;
  let lookups = 0;
  for (let i = 0; i < n; i++) {
    const c = path.charCodeAt(i);
    const cur = states++;
    length[cur] = length[last]! + 1;
    firstEnd[cur] = i;
    let p = last;
    let at = 0;
    for (; p !== NONE; p = link[p]!) {
      lookups++;
      at = slotOf(slots, mask, p, c);
      if (slots[at] !== NONE) break;
      insert(slots, edgeHead, at, p, c, cur);
    }
    if (p === NONE) {
      link[cur] = 0;
    } else {
      const q = slots[at + TARGET]!;
      if (length[p]! + 1 === length[q]) {
        link[cur] = q;
      } else {
        const copy = states++;
        length[copy] = length[p]! + 1;
        firstEnd[copy] = firstEnd[q]!;
        clone[copy] = 1;
        link[copy] = link[q]!;
        for (let e = edgeHead[q]!; e !== NONE; e = slots[e + NEXT]!) {
          lookups++;
          const d = slots[e + CHAR]!;
          insert(slots, edgeHead, slotOf(slots, mask, copy, d), copy, d, slots[e + TARGET]!);
        }
        for (; p !== NONE; p = link[p]!) {
          lookups++;
          const found = slotOf(slots, mask, p, c);
          if (slots[found] === NONE || slots[found + TARGET] !== q) break;
          slots[found + TARGET] = copy;
        }
        link[q] = copy;
        link[cur] = copy;
      }
    }
    last = cur;
  }
  return { slots, mask, link, firstEnd, clone, states, lookups, filled: 2 * maxStates };
}

/**
 * The steps of an oracle's build, a unit each: the transition table's slots cleared, the
 * states' arrays filled (`filled`), a step a character (its state made) and a transition looked
 * up (`lookups`; each a random access into the table, whatever its probes); then the link tree:
 * its heads and last ends filled and its children linked (three a state), each state entered
 * and left by the depth-first walk (two), and the end positions' array filled (its padded size).
 * Counted as the code runs them, so the charge grows as the build's work does (about 27 a
 * character on an 8 KB path of 4 letters, where `8 × states` counted 13).
 */
function buildSteps(automaton: Automaton, tree: LinkTree, characters: number): number {
  const { mask, filled, lookups, states } = automaton;
  return mask + 1 + filled + characters + lookups + 5 * states + tree.ends.length;
}

/** Ranges of the suffix-link tree in depth-first order (see {@link PathOracle}). */
interface LinkTree {
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** The end positions in depth-first order, padded to a power of two. */
  readonly ends: Int32Array;
  readonly lastEnd: Int32Array;
  readonly levels: number;
}

/** Walks the suffix-link tree depth first: each state's range of end positions and last end. */
function orderLinkTree(automaton: Automaton, n: number): LinkTree {
  const { link, firstEnd, clone, states } = automaton;
  // The suffix-link tree, children as lists; a depth-first walk gives each state the range of
  // the (non-clone) states below it, each of which stands for one end position.
  const childHead = scratch(9, states).fill(NONE);
  const childNext = scratch(10, states);
  for (let v = states - 1; v > 0; v--) {
    childNext[v] = childHead[link[v]!]!;
    childHead[link[v]!] = v;
  }
  const from = scratch(11, states);
  const to = scratch(12, states);
  const lastEnd = scratch(13, states).fill(NONE);
  let size = 1;
  let levels = 1;
  while (size < n) {
    size *= 2;
    levels++;
  }
  const ends = scratch(14, size).fill(0x7fffffff);
  const stack = scratch(15, states);
  const next = scratch(16, states);
  let rank = 0;
  let top = 0;
  stack[0] = 0;
  next[0] = childHead[0]!;
  from[0] = 0;
  while (top >= 0) {
    const v = stack[top]!;
    const child = next[top]!;
    if (child !== NONE) {
      next[top] = childNext[child]!;
      top++;
      stack[top] = child;
      next[top] = childHead[child]!;
      from[child] = rank;
      if (clone[child] === 0) ends[rank++] = firstEnd[child]!;
      continue;
    }
    to[v] = rank;
    // The last end of a state is the greatest below it in the tree.
    const end = clone[v] === 0 && v !== 0 ? firstEnd[v]! : NONE;
    if (end > lastEnd[v]!) lastEnd[v] = end;
    top--;
    if (top >= 0 && lastEnd[v]! > lastEnd[stack[top]!]!) lastEnd[stack[top]!] = lastEnd[v]!;
  }
  return { from, to, ends, lastEnd, levels };
}

/** The levels of a merge sort tree over `ends` (whose length is a power of two), one array. */
function mergeSortTree(ends: Int32Array, levels: number): Int32Array {
  const size = ends.length;
  const sorted = scratch(17, size * levels);
  sorted.set(ends);
  for (let level = 1; level < levels; level++) {
    const half = 1 << (level - 1);
    const base = level * size;
    for (let block = 0; block < size; block += 2 * half) {
      mergeRuns(sorted, base - size + block, half, base + block);
    }
  }
  return sorted;
}

/** Merges the sorted runs `[a, a + n)` and `[a + n, a + 2n)` of `array` into `out`. */
function mergeRuns(array: Int32Array, a: number, n: number, out: number): void {
  let b = a + n;
  const aEnd = b;
  const bEnd = b + n;
  while (a < aEnd && b < bEnd) array[out++] = array[a]! <= array[b]! ? array[a++]! : array[b++]!;
  while (a < aEnd) array[out++] = array[a++]!;
  while (b < bEnd) array[out++] = array[b++]!;
}

/**
 * Transitions, open addressing in one array: each slot is four numbers at `4 × slot` (a probe
 * reads one cache line): the state (-1: empty), the character, the target state, and the next
 * transition of the same state (a list, to copy them when a state is cloned).
 */
type Transitions = Int32Array;
const CHAR = 1;
const TARGET = 2;
const NEXT = 3;

/** Where transition (state, c) is in `slots`, or the empty slot where it would go. */
function slotOf(slots: Transitions, mask: number, state: number, c: number): number {
  let slot = (Math.imul(state, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b)) & mask;
  for (;;) {
    const at = slot << 2;
    const key = slots[at]!;
    if (key === NONE || (key === state && slots[at + CHAR] === c)) return at;
    slot = (slot + 1) & mask;
  }
}

/** Fills the empty slot `at` with transition (state, c) → `to`, on the state's list. */
function insert(
  slots: Transitions,
  edgeHead: Int32Array,
  at: number,
  state: number,
  c: number,
  to: number,
): void {
  slots[at] = state;
  slots[at + CHAR] = c;
  slots[at + TARGET] = to;
  slots[at + NEXT] = edgeHead[state]!;
  edgeHead[state] = at;
}
