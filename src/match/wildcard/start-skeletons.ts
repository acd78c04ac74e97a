/**
 * A long start's skeleton: the longest quarter of its middle pieces (at most
 * {@link SKELETON_MOST}), in the start's order, placed greedily before the start in a check, so
 * that most long rules that cannot match are ruled out at a fraction of placing them (long rules
 * of tiny pieces that all occur in the path, never in a rule's order, place 20 to 40 pieces each
 * before their start runs off the path).
 *
 * Sound: placing a subsequence of a start's pieces greedily (each at its leftmost occurrence
 * after the one before) ends no later than placing all of them, since the start's own placement
 * places the subsequence too and the greedy one ends first. So a skeleton that cannot be placed,
 * or ends past where the rule's tail must start, rules its rule out. It is quick because a
 * longer piece occurs less often: the longest quarter spans most of what the whole start does.
 *
 * Built with the program's layout (`layOutSteps`, a unit a node climbed); read by
 * `RulePlacer.matches` for a rule whose start is not placed yet, while the check's skeletons
 * pay ({@link SKELETON_TRIAL}, {@link SKELETON_CREDIT}). Its placements count as the start's
 * (`placeAfter`): at most a quarter of a start's pieces more.
 */

import { type BuildSteps, charge } from '../build-steps.js';
import type { PieceFinder } from './piece-finder.js';
import { type PieceOccurrences, placeAfter } from './piece-occurrences.js';
import { NODE, PIECE_OF, PREFIX_BIT } from './sequence-trie.js';

const NONE = -1;

/** Middle pieces a start needs for a skeleton: a shorter one is placed about as cheaply. */
const SKELETON_LEAST = 32;
/** A skeleton holds this share of its start's middle pieces: one in four, rounded up. */
const SKELETON_SHARE = 4;
/**
 * A skeleton's most pieces: a rule of thousands (a small set's) costs a placement of at most
 * this many when its start fails at its first pieces.
 */
const SKELETON_MOST = 64;
/**
 * A check places skeletons while they pay, by two measures. Their count: after this many, only
 * while half of those placed ruled their rule out (pieces that occur only early in the path:
 * most skeletons fit there, and their starts fail just past them).
 */
const SKELETON_TRIAL = 16;
/**
 * And their work: a check starts with a credit of its path's length over this; a skeleton that
 * does not rule its rule out costs what it spent (its placements, and the occurrences of pieces
 * first asked about: long pieces that starts decided by their first pieces never reach), one
 * that does earns twice that. So skeletons that rule nothing out cost a check at most half its
 * path's length and one skeleton more.
 */
const SKELETON_CREDIT = 2;
/** Piece lengths told apart when a skeleton's pieces are chosen (longer ones count as this). */
const LENGTH_CAP = 64;

/**
 * The skeletons' setting, for tests: `least` ({@link SKELETON_LEAST}: 1, every start with a
 * middle piece has one) and `always` (every skeleton placed, paying or not), so that the suites
 * see rules ruled out by skeletons on small files.
 */
export const skeletonPlacing: { least: number; always: boolean } = {
  least: SKELETON_LEAST,
  always: false,
};

/** The current check's skeletons placed, those that ruled their rule out, and its credit. */
let placed = 0;
let ruledOut = 0;
let credit = 0;

/** Starts a check of a path of n characters: no skeleton placed yet (`RulePlacer.startCheck`). */
export function startSkeletonCheck(n: number): void {
  placed = 0;
  ruledOut = 0;
  credit = n / SKELETON_CREDIT;
}

/**
 * The skeletons of `count` rules (rule r's start ends at trie node `leaves[r]` of `nodes`: see
 * `NODE`), in counted steps: one array, rule r's skeleton's pieces (as node codes) at
 * `[skeletons[r], skeletons[r + 1])`, after the count + 1 offsets; null when no start has
 * `skeletonPlacing.least` middle pieces. A start's pieces are read climbing from its leaf, the
 * longest quarter chosen by a count of lengths (the first of the shortest length taken when
 * there are more of it): linear in the starts' nodes.
 */
export function* skeletonSteps(
  nodes: Int32Array,
  leaves: Int32Array,
  count: number,
  depth: number,
  finder: PieceFinder,
): BuildSteps<Int32Array | null> {
  const least = skeletonPlacing.least;
  const chosen: number[] = [];
  const from = new Int32Array(count + 1);
  const codes = new Int32Array(depth + 1);
  const lengths = new Int32Array(depth + 1);
  const counts = new Int32Array(LENGTH_CAP + 1);
  for (let r = 0; r < count; r++) {
    from[r] = chosen.length;
    // The start's middle pieces, last first.
    let k = 0;
    for (let v = leaves[r]!; v !== 0; v = nodes[NODE * v]!) {
      const code = nodes[NODE * v + PIECE_OF]!;
      if ((code & PREFIX_BIT) === 0) codes[k++] = code;
    }
    if (charge(10 + k)) yield;
    if (k < least) continue;
    for (let i = 0; i < k; i++) lengths[i] = Math.min(finder.lengthOf(codes[i]! >> 1), LENGTH_CAP);
    chooseLongest(codes, lengths, k, counts, chosen);
    if (charge(k)) yield;
  }
  from[count] = chosen.length;
  if (chosen.length === 0) return null;
  const skeletons = new Int32Array(count + 1 + chosen.length);
  for (let r = 0; r <= count; r++) skeletons[r] = count + 1 + from[r]!;
  skeletons.set(chosen, count + 1);
  if (charge(count + chosen.length)) yield;
  return skeletons;
}

/**
 * Appends to `chosen` the longest quarter (at most {@link SKELETON_MOST}) of the k pieces of
 * `codes` (a start's, last first) by their `lengths` (capped at {@link LENGTH_CAP}), in the
 * start's order, the first of the shortest length taken when there are more of it; `counts`
 * is scratch of `LENGTH_CAP` + 1.
 */
function chooseLongest(
  codes: Int32Array,
  lengths: Int32Array,
  k: number,
  counts: Int32Array,
  chosen: number[],
): void {
  counts.fill(0);
  for (let i = 0; i < k; i++) counts[lengths[i]!]!++;
  // The shortest length taken, and how many of it.
  let quota = Math.min(Math.ceil(k / SKELETON_SHARE), SKELETON_MOST);
  let shortest = LENGTH_CAP;
  while (shortest > 0 && counts[shortest]! < quota) quota -= counts[shortest--]!;
  for (let i = k - 1; i >= 0; i--) {
    const length = lengths[i]!;
    if (length > shortest || (length === shortest && quota-- > 0)) chosen.push(codes[i]!);
  }
}

/**
 * Where rule r's skeleton (of `skeletons`: see {@link skeletonSteps}) ends when placed greedily
 * from the path's start, stopping past `limit` (where the rule's tail must start at the
 * latest): -1 or past `limit` rules the rule out. 0 when it has none, or the check's skeletons
 * no longer pay (not placed).
 */
export function skeletonEnd(
  skeletons: Int32Array,
  r: number,
  occurrences: PieceOccurrences,
  limit: number,
): number {
  const to = skeletons[r + 1]!;
  let k = skeletons[r]!;
  if (k === to) return 0;
  const paying = credit >= 0 && (placed < SKELETON_TRIAL || 2 * ruledOut >= placed);
  if (!paying && !skeletonPlacing.always) return 0;
  placed++;
  const before = occurrences.work;
  let pos = 0;
  while (k < to && pos >= 0 && pos <= limit)
    pos = placeAfter(skeletons[k++]! >> 1, pos, occurrences);
  const spent = occurrences.work - before;
  if (pos >= 0 && pos <= limit) {
    credit -= spent;
    return pos;
  }
  ruledOut++;
  credit += 2 * spent;
  return pos < 0 ? NONE : pos;
}
