/**
 * An Aho–Corasick automaton over distinct literal pieces of a rule set's wildcard patterns
 * (those a `PieceFinder` does not hash): one pass over a path tells, for every position, which
 * pieces end there, for all pieces at once. Built once per rule set, in time and memory
 * proportional to the pieces' total length: 8 bytes a trie node (at most one a character; 14
 * from 65,535 nodes) and 10 a piece (20), the trie numbered breadth first so that a node's
 * children are a range of numbers, sorted by character, and a direct table for each node with
 * many children.
 *
 * A pass records, for each path position i, the automaton's state after reading `path[i]`: the
 * longest suffix of `path[0, i]` that starts some piece. A piece ends at i exactly when its
 * node is an ancestor of that state in the failure-link tree (it is then a suffix of the state's
 * text, and every node that is such a suffix lies on the state's failure chain). The tree is
 * numbered in depth-first order, so each piece is a range of numbers `[pieceFrom, pieceTo)` and
 * "does piece p end at i" is one comparison of the number the pass recorded at i.
 */

import { buildAtOnce } from '../build-steps.js';
import {
  type AutomatonParts,
  automatonSteps,
  type ChildLookup,
  childIn,
  NONE,
  PIECE,
  PIECE_FROM,
  PIECE_TO,
  type Transitions,
  WIDE,
} from './piece-automaton-build.js';

export { PIECE, PIECE_FROM, PIECE_TO } from './piece-automaton-build.js';

/** The trie, failure links and depth-first numbering of a set of pieces. */
export class PieceAutomaton {
  /** Number of pieces; piece ids are `0 … pieces - 1`, in the order given. */
  readonly pieces: number;
  /** Number of trie nodes (the root is node 0). */
  readonly nodes: number;
  /**
   * Per piece, {@link PIECE} numbers: its length, and its range of depth-first numbers in the
   * failure-link tree (`PIECE_FROM`, `PIECE_TO`).
   */
  readonly pieceData: Uint16Array | Int32Array;
  /**
   * Node v's children are nodes `[#childStart[v], #childStart[v + 1])`, by character. This
   * array, `#fail`, `#order` and `pieceData` hold two bytes a number while the trie has fewer
   * than 65,535 nodes (and its pieces are shorter), else four.
   */
  readonly #childStart: Uint16Array | Int32Array;
  /** The character on the edge into each node. */
  readonly #label: Uint16Array;
  /** The root's child on each character below 128 (-1: none): the most used transitions. */
  readonly #root: Int32Array;
  readonly #fail: Uint16Array | Int32Array;
  /** A node's depth-first number in the failure-link tree. */
  readonly #order: Uint16Array | Int32Array;
  /**
   * Nodes with {@link WIDE} children or more (near the root, mostly) have a direct table of
   * their children on characters below 128: `#wide.table[128 k + c]` is the child's place in the
   * node's range + 1 (0: none), k found by the node in an open-addressing table (`#wide.nodes`:
   * node + 1, 0 empty; `#wide.index`: k). At most one node in 16 has one: at most 9 bytes a
   * node.
   */
  readonly #wide: { nodes: Int32Array; index: Int32Array; table: Uint8Array };
  /** The arrays a child is looked up in: `#root`, `#childStart`, `#label` and `#wide`. */
  readonly #lookup: ChildLookup;
  /**
   * The pieces by their depth-first number (`PIECE_FROM`), and per piece the nearest piece whose
   * range holds its own + 1 (0: none): the piece ends on its failure chain. The pieces ending at
   * a state are the ranges holding its number, nested (see {@link piecesAt}): a few bytes a
   * piece, where a link per state would cost them a node, a character of a long piece.
   */
  readonly #byNumber: Uint16Array | Int32Array;
  readonly #enclosing: Uint16Array | Int32Array;
  /**
   * Every transition, when few (`Transitions`; else null): the state after node v reads c is
   * `table[v × width + symbols[c]]`.
   */
  readonly #transitions: Transitions | null;

  /**
   * `pieces`: distinct, non-empty strings (of UTF-16 code units); `parts`, what
   * {@link automatonSteps} built of them (built at once when not given).
   */
  constructor(
    pieces: readonly string[],
    parts: AutomatonParts = buildAtOnce(automatonSteps(pieces)),
  ) {
    this.pieces = pieces.length;
    this.nodes = parts.nodes;
    this.#childStart = parts.childStart;
    this.#label = parts.label;
    this.#root = parts.root;
    this.#wide = parts.wide;
    this.#lookup = {
      root: parts.root,
      childStart: parts.childStart,
      label: parts.label,
      wide: parts.wide,
    };
    this.#fail = parts.fail;
    this.#order = parts.order;
    this.pieceData = parts.pieceData;
    this.#byNumber = parts.byNumber;
    this.#enclosing = parts.enclosing;
    this.#transitions = parts.transitions;
  }

  /** Memory the automaton retains, in bytes (its typed arrays). */
  get bytes(): number {
    return (
      this.#childStart.byteLength +
      this.#label.byteLength +
      this.#fail.byteLength +
      this.#order.byteLength +
      this.pieceData.byteLength +
      this.#byNumber.byteLength +
      this.#enclosing.byteLength +
      4 * 128 +
      8 * this.#wide.nodes.length +
      this.#wide.table.length +
      (this.#transitions === null ? 0 : this.#transitions.table.byteLength + 128) +
      512
    );
  }

  /**
   * Writes to `out` from `at` the pieces that end where a pass recorded `state` (a depth-first
   * number; 0 holds none), deepest first, and returns where it stopped; `work[0]` grows by the
   * steps taken (halving among the pieces, and along their nesting).
   */
  piecesAt(state: number, out: Int32Array, at: number, work: Float64Array): number {
    const byNumber = this.#byNumber;
    const data = this.pieceData;
    // The last piece numbered at or before the state: the deepest range holding the state, if
    // any, holds it (ranges are nested or apart).
    let lo = 0;
    let hi = byNumber.length;
    let steps = 0;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      steps++;
      if (data[PIECE * byNumber[mid]! + PIECE_FROM]! <= state) lo = mid + 1;
      else hi = mid;
    }
    work[0]! += steps;
    return this.#enclosingAt(state, lo, out, at, work);
  }

  /**
   * {@link piecesAt} for states asked in ascending order (a path's distinct states): the search
   * for the last piece numbered at or before the state gallops from where the one before ended
   * (`cursor[0]`, 0 at first, updated), so that a pass over s states of p pieces costs
   * O(s log(p / s)) steps rather than O(s log p).
   */
  piecesAtAscending(
    state: number,
    out: Int32Array,
    at: number,
    work: Float64Array,
    cursor: Int32Array,
  ): number {
    const byNumber = this.#byNumber;
    const data = this.pieceData;
    const count = byNumber.length;
    let lo = cursor[0]!;
    let hi = lo;
    let step = 1;
    let steps = 1;
    while (hi < count && data[PIECE * byNumber[hi]! + PIECE_FROM]! <= state) {
      steps++;
      lo = hi + 1;
      hi += step;
      step *= 2;
    }
    if (hi > count) hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      steps++;
      if (data[PIECE * byNumber[mid]! + PIECE_FROM]! <= state) lo = mid + 1;
      else hi = mid;
    }
    cursor[0] = lo;
    work[0]! += steps;
    return this.#enclosingAt(state, lo, out, at, work);
  }

  /**
   * Writes to `out` from `at` the pieces holding `state` among the last piece numbered before
   * `lo` and those whose ranges enclose it (see {@link piecesAt}); returns where it stopped.
   */
  #enclosingAt(state: number, lo: number, out: Int32Array, at: number, work: Float64Array): number {
    const byNumber = this.#byNumber;
    const data = this.pieceData;
    const enclosing = this.#enclosing;
    let steps = 0;
    for (let p = lo === 0 ? NONE : byNumber[lo - 1]!; p !== NONE; p = enclosing[p]! - 1) {
      steps++;
      if (data[PIECE * p + PIECE_TO]! > state) out[at++] = p;
    }
    work[0]! += steps;
    return at;
  }

  /**
   * Whether piece `p` ends at `end` in `codes` (a path's character codes; its length fits there): the trie walked from the
   * root along its characters, ending at the piece's node. The characters read, negated when
   * the walk leaves the piece's path.
   */
  endsAt(p: number, codes: Uint16Array, end: number): number {
    const data = this.pieceData;
    const length = data[PIECE * p]!;
    let v = 0;
    for (let i = end - length + 1; i <= end; i++) {
      v = this.#child(v, codes[i]!);
      if (v < 0) return -(i - end + length);
    }
    return this.#order[v] === data[PIECE * p + PIECE_FROM] ? length : -length;
  }

  /** Node v's child on character c, or -1 (`childIn`, as the build's failure links look it up). */
  #child(v: number, c: number): number {
    return childIn(this.#lookup, v, c);
  }

  /**
   * Reads `path`: `out[i]` is the depth-first number of the state after `path[i]` (0 when no
   * piece's start ends there). Returns the work: the transitions looked up.
   */
  scan(path: string, out: Int32Array): number {
    const fail = this.#fail;
    const order = this.#order;
    const root = this.#root;
    const childStart = this.#childStart;
    const label = this.#label;
    let state = 0;
    let work = path.length;
    if (this.#transitions !== null) {
      // A transition a character, counted as below: a unit from a node but the root.
      const { table, symbols, width } = this.#transitions;
      for (let i = 0; i < path.length; i++) {
        const c = path.charCodeAt(i);
        work += -state >>> 31;
        state = table[state * width + (c < 128 ? symbols[c]! : 0)]!;
        out[i] = order[state]!;
      }
      return work;
    }
    for (let i = 0; i < path.length; i++) {
      const c = path.charCodeAt(i);
      for (;;) {
        if (state === 0) {
          state = c < 128 ? root[c]! : this.#child(0, c);
          if (state === NONE) state = 0;
          break;
        }
        work++;
        // Most nodes have one child: it is compared here, the others looked up.
        const first = childStart[state]!;
        const count = childStart[state + 1]! - first;
        const next =
          count === 1
            ? label[first] === c
              ? first
              : NONE
            : count === 0
              ? NONE
              : this.#child(state, c);
        if (next !== NONE) {
          state = next;
          break;
        }
        state = fail[state]!;
      }
      out[i] = order[state]!;
    }
    return work;
  }
}
