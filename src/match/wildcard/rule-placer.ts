/**
 * Decides whether one rule of a {@link WildcardProgram} matches, from where its pieces occur in
 * the path ({@link PieceOccurrences}): its start (prefix and middle pieces, a node of the
 * program's trie) placed greedily, each piece at its leftmost occurrence after the one before,
 * once a check for all the rules sharing it, then its tail after that (or, anchored, ending the
 * path); a long start's skeleton first (`start-skeletons.ts`), which rules out most long rules
 * that cannot match. Runs inside a program's check, once for each rule the check visits.
 */

import { readPacked } from '../../util/packed-ints.js';
import { FIND, FIRST_END, LAST_END } from './found-chains.js';
import type { PieceFinder } from './piece-finder.js';
import { FIRST, INFO, LAST, type PieceOccurrences, placeAfter } from './piece-occurrences.js';
import type { PrefixClasses } from './prefix-classes.js';
import {
  ANCHORED_BIT,
  GROUP,
  GROUP_SHIFT,
  NONE,
  type ProgramLayout,
  TAIL_FIRST_BIT,
} from './program-layout.js';
import { NODE, PIECE_OF, PREFIX_BIT } from './sequence-trie.js';
import { skeletonEnd, startSkeletonCheck } from './start-skeletons.js';
import type { WildcardProgram } from './wildcard-program.js';

/**
 * Per node of the sequence trie of the program being checked, {@link PLACED} numbers: the
 * check it was placed in and where it ends (-1: it cannot be placed); or minus the check, when
 * a placement was stopped above it (see `#resolve`): then it ends there or later, or cannot be
 * placed. One array serves every program (a check is synchronous, and its number is unique to
 * it in the process), so a program keeps only its nodes' parent and piece.
 */
let placements = new Int32Array(0);
/** Number of the current check, for `placements` (wraps to 1, clearing them). */
let checks = 0;
const PLACED = 2;
const END = 1;
/**
 * The check's bounds (`startCheck`, from the occurrences it indexes): the pieces below
 * `boundedBelow` have them, their own finds' when `boundClasses` is null, else their prefix
 * classes' (class bounds taken: `PieceOccurrences.classBounds`), whose K characters are
 * `classLength`; 0: no piece has them (prefix classes, their bounds not taken).
 */
let boundClasses: PrefixClasses | null = null;
let boundedBelow = 0;
let classLength = 0;
/**
 * Nodes of a start climbed at most, from its last, whose pieces' finds bound where the start
 * ends (`#boundsAllow`): a piece of the automaton's among them adds its length only.
 */
const CLIMBED = 3;

/**
 * The rules of one program, as {@link matches} reads them (see `ProgramLayout`). Its fields are
 * read at every rule a check visits: keep them few (what a check sets is the module's, as
 * `checks` and the bounds are). A fifteenth (the classes' length, now `classLength`) made the
 * visits 2–2.5× slower in a process that had checked other programs with full collections
 * between them, as `bench/hostile.js` does (measured on the generated shapes: seed 3's `runs`
 * σ 6 0.52 → 1.26 ms, `reversed` σ 64 1.64 → 2.31 ms), though not in a fresh one.
 */
export class RulePlacer {
  readonly #tails: Int32Array;
  readonly #tailBits: number;
  readonly #tailMask: number;
  readonly #otherTails: Int32Array | null;
  readonly #leaves: Int32Array;
  readonly #leafBits: number;
  readonly #leafMask: number;
  readonly #nodes: Uint16Array | Int32Array;
  readonly #runStarts: Int32Array;
  readonly #skeletons: Int32Array | null;
  /** Scratch for `#resolve`: the nodes on the way up to a placed one. */
  readonly #stack: Int32Array;
  readonly #finder: PieceFinder;

  constructor(layout: ProgramLayout) {
    this.#tails = layout.tails;
    this.#tailBits = layout.tailBits;
    this.#tailMask = 2 ** layout.tailBits - 1;
    this.#otherTails = layout.otherTails;
    this.#leaves = layout.leaves;
    this.#leafBits = layout.leafBits;
    this.#leafMask = 2 ** layout.leafBits - 1;
    this.#nodes = layout.nodes;
    this.#runStarts = layout.runStarts;
    this.#skeletons = layout.skeletons;
    this.#stack = new Int32Array(layout.depth + 1);
    this.#finder = layout.finder;
  }

  /**
   * Starts a check of the path `occurrences` indexes (reset for it): no node placed yet, and the
   * bounds its pass leaves. Returns the check's number (unique until it wraps to 1, when every
   * mark of an earlier check made with it must be cleared).
   */
  startCheck(occurrences: PieceOccurrences): number {
    // Hashed pieces have bounds without prefix classes, or with the check's class bounds.
    const classes = this.#finder.classes;
    boundClasses = occurrences.classBounds ? classes : null;
    boundedBelow = boundClasses !== null || classes === null ? this.#finder.hashed : 0;
    classLength = boundClasses === null ? 0 : boundClasses.dictionary.lengths[0]!;
    startSkeletonCheck(occurrences.length);
    const nodeCount = this.#nodes.length / NODE;
    // Grown to the largest program checked (new slots hold no check's number).
    if (placements.length < PLACED * nodeCount) placements = new Int32Array(PLACED * nodeCount);
    if (++checks > 0x3fffffff) {
      checks = 1;
      placements.fill(0);
    }
    return checks;
  }

  /**
   * Whether rule `r` (of group `g`) matches the path (n characters) `occurrences` indexes.
   * The lookups of most rules are written out here rather than called (this runs once a rule,
   * tens of thousands of times a check): a piece ending at a position, a piece's last start.
   */
  matches(r: number, g: number, n: number, occurrences: PieceOccurrences): boolean {
    const tailRef = readPacked(this.#tails, this.#tailBits, this.#tailMask, r);
    const code = tailRef >> 1;
    const tail =
      code === 0
        ? NONE
        : code <= GROUP
          ? ((g - 1) << GROUP_SHIFT) + code - 1
          : this.#otherTails === null
            ? code - GROUP - 1
            : this.#otherTails[code - GROUP - 1]!;
    const tailLength = tail === NONE ? 0 : this.#finder.lengthOf(tail);
    const anchored = (tailRef & ANCHORED_BIT) !== 0;
    const leafRef = readPacked(this.#leaves, this.#leafBits, this.#leafMask, r);
    const leaf = leafRef >> 1;
    const nodes = this.#nodes;
    // The bounds the pass leaves (see `#boundsAllow`): most rules of a hostile file are decided
    // by them, no piece compared, none of their occurrences gathered.
    const below = boundedBelow;
    if (below > 0 && !this.#boundsAllow(tail, tailLength, anchored, leaf, n, occurrences)) {
      return false;
    }
    // A tail the pass found no trace of: the rule cannot match.
    if (tail !== NONE && tail >= below && occurrences.lacks(tail)) return false;
    // An anchored tail must end the path: one comparison rules out most rules.
    if (anchored && tail !== NONE && !occurrences.endsAt(tail, n - 1)) return false;
    // The start (prefix and middle pieces) is placed once a check for all the rules sharing it,
    // and a tail's last occurrence found once: whichever is known already is looked at first,
    // so that rules sharing either cost a lookup (rules sharing a start that cannot be placed,
    // rules sharing a tail that does not occur).
    const marks = placements;
    const mark = marks[PLACED * leaf]!;
    const placed = mark === checks;
    const ends = marks[PLACED * leaf + END]!;
    if (placed && ends < 0) return false;
    // Where the start ends at the least: what a stopped placement found.
    const least = mark === -checks ? ends : 0;
    const info = occurrences.info;
    const record = INFO * tail;
    // Where the tail must start at the latest (-1: not looked up).
    let latest = anchored ? n - tailLength : NONE;
    if (!anchored && tail !== NONE) {
      const known = info[record] === occurrences.stamp;
      if (known || (!placed && (leafRef & TAIL_FIRST_BIT) !== 0)) {
        if (!known) occurrences.infoOf(tail);
        latest = info[record + LAST]! - tailLength + 1;
        if (latest < (placed ? ends : least)) return false;
      }
    } else if (anchored && latest < (placed ? ends : least)) {
      return false;
    }
    // Before placing the start: it ends after the first occurrence of its last piece at least,
    // which must leave room for the tail (one lookup rules out a start placed to its end in
    // vain).
    if (!placed && latest >= 0 && leaf !== 0) {
      const last = nodes[NODE * leaf + PIECE_OF]!;
      if ((last & PREFIX_BIT) === 0) {
        const lastRecord = INFO * (last >> 1);
        if (info[lastRecord] !== occurrences.stamp) occurrences.infoOf(last >> 1);
        const first = info[lastRecord + FIRST]!;
        if (first < 0 || first + 1 > latest) return false;
      }
    }
    // Placed no further than the tail allows: past `latest` the rule cannot match.
    const limit = latest < 0 ? n : latest;
    // A long start's skeleton first (`start-skeletons.ts`): ruled out, its leaf is marked so.
    if (!placed && mark !== -checks && this.#skeletons !== null && leaf !== 0) {
      const end = skeletonEnd(this.#skeletons, r, occurrences, limit);
      if (end < 0 || end > limit) {
        marks[PLACED * leaf] = end < 0 ? checks : -checks;
        marks[PLACED * leaf + END] = end;
        return false;
      }
    }
    const pos = placed ? ends : leaf === 0 ? 0 : this.#resolveRun(leaf, occurrences, limit);
    if (pos < 0) return false;
    // The tail must not overlap the last piece placed: it ends the path after it, or occurs
    // after it.
    if (anchored) return n - tailLength >= pos;
    if (tail === NONE) return true;
    if (info[record] !== occurrences.stamp) occurrences.infoOf(tail);
    return info[record + LAST]! - tailLength + 1 >= pos;
  }

  /**
   * Whether rule r (its tail, of `tailLength` characters, `anchored` or not, and its start, trie
   * node `leaf`) may match by the bounds the pass leaves on where pieces occur, read in place
   * (no piece compared): a hashed piece's finds when the finder has no prefix classes (candidates,
   * hash and tag: the piece occurs at or after the first and at or before the last, if at all),
   * else, with class bounds, its class's finds (a piece of length L whose class's K characters
   * end a find at e would end at e + L − K); the pieces below `boundedBelow` have them (see
   * `startCheck`). From the tail (which starts no later than its last find allows, or,
   * anchored, where it ends the path) up the start's last `CLIMBED` pieces: each must end no
   * later than the one after it starts, and no later than its last find, yet no earlier than
   * its first; a prefix reached ends at its length. Most rules are decided at the tail and the
   * start's last piece.
   */
  #boundsAllow(
    tail: number,
    tailLength: number,
    anchored: boolean,
    leaf: number,
    n: number,
    occurrences: PieceOccurrences,
  ): boolean {
    const classes = boundClasses;
    const below = boundedBelow;
    const k = classLength;
    // Where the start ends at the latest (exclusive): where the tail starts at the latest.
    let latest =
      tail !== NONE && tail < below
        ? this.#tailLatest(tail, tailLength, anchored, n, occurrences)
        : n - tailLength;
    if (latest < 0) return false;
    const finds = occurrences.finds;
    const stamp = occurrences.findStamp;
    const finder = this.#finder;
    const nodes = this.#nodes;
    for (let v = leaf, climbed = 0; v !== 0 && climbed < CLIMBED; v = nodes[NODE * v]!) {
      const code = nodes[NODE * v + PIECE_OF]!;
      const piece = code >> 1;
      const length = finder.lengthOf(piece);
      if ((code & PREFIX_BIT) !== 0) return length <= latest;
      if (piece < below) {
        const at = FIND * (classes === null ? piece : classes.classOf(piece));
        if (finds[at] !== stamp) return false;
        // Its ends (exclusive) from its first find's to its last's.
        const shift = classes === null ? 1 : length - k + 1;
        if (finds[at + FIRST_END]! + shift > latest) return false;
        latest = Math.min(latest, finds[at + LAST_END]! + shift);
      }
      latest -= length;
      climbed++;
    }
    return true;
  }

  /**
   * Where a rule whose tail has bounds (see `#boundsAllow`) must have placed its start at the
   * latest, by the tail's last find: where the tail starts at the latest (anchored: where it
   * ends the path, if its last find allows it to); -1: the tail does not occur (there).
   */
  #tailLatest(
    tail: number,
    tailLength: number,
    anchored: boolean,
    n: number,
    occurrences: PieceOccurrences,
  ): number {
    const classes = boundClasses;
    const finds = occurrences.finds;
    const at = FIND * (classes === null ? tail : classes.classOf(tail));
    if (finds[at] !== occurrences.findStamp) return NONE;
    // Where its last occurrence ends at the latest (its class's K characters end a find).
    const last = finds[at + LAST_END]! + (classes === null ? 0 : tailLength - classLength);
    if (anchored) return last < n - 1 ? NONE : n - tailLength;
    return Math.min(n, last + 1) - tailLength;
  }

  /**
   * Where the start that trie node `node` stands for (a prefix, then middle pieces) ends when
   * each piece is placed at its leftmost occurrence after the one before, or -1 when it cannot
   * be placed. Each node is placed once per check: the nodes above it that are not yet placed
   * are, top down. Placing stops once the start has ended past `limit` (where the rule's tail
   * must start at the latest): pieces only move it further, so the rule cannot match, and a
   * position past `limit` is returned. The nodes left are marked with that position as where
   * they end at the least, so that rules reaching them with a limit below it stop at once; a
   * rule with a higher limit places them all (a node is thus climbed to at most twice a check).
   */
  #resolve(node: number, occurrences: PieceOccurrences, limit: number): number {
    const nodes = this.#nodes;
    const marks = placements;
    const check = checks;
    if (marks[PLACED * node] === check) return marks[PLACED * node + END]!;
    const stack = this.#stack;
    let top = 0;
    let v = node;
    while (v !== 0 && marks[PLACED * v] !== check) {
      if (marks[PLACED * v] === -check) {
        const least = marks[PLACED * v + END]!;
        if (least > limit) {
          // v ends past the limit, so do the nodes below it.
          this.#markLeast(top, least);
          occurrences.work += top;
          return least;
        }
        // Stopped before at a lower limit: placed to the end this time.
        limit = 0x7fffffff;
      }
      stack[top++] = v;
      v = nodes[NODE * v]!;
    }
    let pos = v === 0 ? 0 : marks[PLACED * v + END]!;
    while (top > 0) {
      if (pos > limit) {
        // The nodes left end at `pos` or later: marked so, a unit each.
        this.#markLeast(top, pos);
        occurrences.work += top;
        break;
      }
      const u = stack[--top]!;
      if (pos >= 0) pos = this.#place(nodes[NODE * u + PIECE_OF]!, pos, occurrences);
      marks[PLACED * u] = check;
      marks[PLACED * u + END] = pos;
    }
    return pos;
  }

  /**
   * {@link #resolve} for trie node `leaf` through the run of nodes it ends (nodes added in a row
   * by one rule, numbered consecutively, each the child of the one before: see `#runStarts`):
   * the nodes above the run are resolved, then the run's are placed top down, those not placed
   * yet in this check, stopping past `limit` (the leaf marked with where it ends at the least,
   * for rules that share it), without climbing them. Rules are visited in the order the trie
   * was built, so the nodes of a rule's own run are not placed before it is visited, unless by
   * a rule sharing them.
   */
  #resolveRun(leaf: number, occurrences: PieceOccurrences, limit: number): number {
    const nodes = this.#nodes;
    const marks = placements;
    const check = checks;
    // The run's first node: the last start of a run at or before the leaf.
    const starts = this.#runStarts;
    let w = leaf >> 5;
    let word = starts[w]! & ((2 << (leaf & 31)) - 1);
    while (word === 0) word = starts[--w]!;
    const head = (w << 5) + 31 - Math.clz32(word);
    const parent = nodes[NODE * head]!;
    let pos = parent === 0 ? 0 : this.#resolve(parent, occurrences, limit);
    if (pos < 0 || pos > limit) return pos;
    for (let v = head; ; v++) {
      if (marks[PLACED * v] === check) {
        pos = marks[PLACED * v + END]!;
      } else {
        pos = this.#place(nodes[NODE * v + PIECE_OF]!, pos, occurrences);
        marks[PLACED * v] = check;
        marks[PLACED * v + END] = pos;
      }
      if (v === leaf) return pos;
      if (pos < 0 || pos > limit) {
        // The nodes below end there or later, or cannot be placed: the leaf marked so.
        marks[PLACED * leaf] = pos < 0 ? check : -check;
        marks[PLACED * leaf + END] = pos;
        return pos;
      }
    }
  }

  /** Marks the nodes of `#stack[0, top)` as ending at `least` or later (see `#resolve`). */
  #markLeast(top: number, least: number): void {
    const marks = placements;
    const stack = this.#stack;
    const mark = -checks;
    for (let k = 0; k < top; k++) {
      marks[PLACED * stack[k]!] = mark;
      marks[PLACED * stack[k]! + END] = least;
    }
  }

  /**
   * Where a node's piece (`code`: see {@link NODE}) ends when placed at its leftmost occurrence
   * at or after `pos`, or -1 (`placeAfter`): a prefix must end at its length. A piece placed
   * counts a unit of work; a prefix's test counts itself (`endsAt`).
   */
  #place(code: number, pos: number, occurrences: PieceOccurrences): number {
    const piece = code >> 1;
    if ((code & PREFIX_BIT) !== 0) {
      const end = this.#finder.lengthOf(piece);
      return occurrences.endsAt(piece, end - 1) ? end : NONE;
    }
    return placeAfter(piece, pos, occurrences);
  }
}
