/**
 * An Aho–Corasick automaton over the distinct literal pieces of a rule set's wildcard patterns:
 * one pass over a path tells, for every position, which pieces end there, for all pieces at
 * once. Built once per rule set (see `WildcardProgram`), in time and memory proportional to the
 * pieces' total length.
 *
 * A pass records, for each path position i, the automaton's state after reading `path[i]`: the
 * longest suffix of `path[0, i]` that starts some piece. A piece ends at i exactly when its
 * node is an ancestor of that state in the failure-link tree (it is then a suffix of the state's
 * text, and every node that is such a suffix lies on the state's failure chain). The tree is
 * numbered in depth-first order, so each piece is a range of numbers `[pieceFrom, pieceTo)` and
 * "does piece p end at i" is one comparison of the number the pass recorded at i.
 */

/** No transition, no state. */
const NONE = -1;

/** Numbers kept per transition slot: the source state (-1: empty), the character, the target. */
const SLOT = 3;

/** The trie, failure links and depth-first numbering of a set of pieces. */
export class PieceAutomaton {
  /** Number of pieces; piece ids are `0 … pieces - 1`, in the order given. */
  readonly pieces: number;
  /** Number of trie nodes (the root is node 0). */
  readonly nodes: number;
  /** A piece's length. */
  readonly pieceLength: Int32Array;
  /** A piece's range of depth-first numbers in the failure-link tree. */
  readonly pieceFrom: Int32Array;
  readonly pieceTo: Int32Array;
  /** Transitions (see {@link SLOT}), open addressing. */
  readonly #slots: Int32Array;
  readonly #mask: number;
  /** The root's transitions on characters below 128 (the usual case): a direct table. */
  readonly #root: Int32Array;
  readonly #fail: Int32Array;
  /** A node's depth-first number in the failure-link tree. */
  readonly #order: Int32Array;

  /** `pieces`: distinct, non-empty strings. */
  constructor(pieces: readonly string[]) {
    let chars = 0;
    for (const piece of pieces) chars += piece.length;
    // Trie nodes, at most one per character plus the root.
    const most = chars + 1;
    let bits = 4;
    while (1 << bits < most * 2) bits++;
    const mask = (1 << bits) - 1;
    const slots = new Int32Array(SLOT << bits).fill(NONE);
    const root = new Int32Array(128).fill(NONE);
    // Children as lists, for the breadth-first walk that sets failure links.
    const firstChild = new Int32Array(most).fill(NONE);
    const nextSibling = new Int32Array(most).fill(NONE);
    const nodeChar = new Int32Array(most);
    const pieceNode = new Int32Array(pieces.length);
    const pieceLength = new Int32Array(pieces.length);
    let nodes = 1;
    for (let p = 0; p < pieces.length; p++) {
      const piece = pieces[p]!;
      let node = 0;
      for (let i = 0; i < piece.length; i++) {
        const c = piece.charCodeAt(i);
        const at = slotOf(slots, mask, node, c);
        if (slots[at] === NONE) {
          const child = nodes++;
          slots[at] = node;
          slots[at + 1] = c;
          slots[at + 2] = child;
          nodeChar[child] = c;
          nextSibling[child] = firstChild[node]!;
          firstChild[node] = child;
          if (node === 0 && c < 128) root[c] = child;
        }
        node = slots[at + 2]!;
      }
      pieceNode[p] = node;
      pieceLength[p] = piece.length;
    }
    const fail = new Int32Array(nodes);
    // Breadth first: a node's failure link is set from its parent's, which is shallower.
    const queue = new Int32Array(nodes);
    let head = 0;
    let tail = 0;
    for (let child = firstChild[0]!; child !== NONE; child = nextSibling[child]!) {
      fail[child] = 0;
      queue[tail++] = child;
    }
    while (head < tail) {
      const node = queue[head++]!;
      for (let child = firstChild[node]!; child !== NONE; child = nextSibling[child]!) {
        const c = nodeChar[child]!;
        let f = fail[node]!;
        let target = NONE;
        for (;;) {
          const at = slotOf(slots, mask, f, c);
          if (slots[at] !== NONE) {
            target = slots[at + 2]!;
            break;
          }
          if (f === 0) break;
          f = fail[f]!;
        }
        fail[child] = target === NONE ? 0 : target;
        queue[tail++] = child;
      }
    }
    // The failure-link tree in depth-first order (reusing the child lists' arrays).
    const order = new Int32Array(nodes);
    const end = new Int32Array(nodes);
    firstChild.fill(NONE, 0, nodes);
    for (let v = nodes - 1; v > 0; v--) {
      nextSibling[v] = firstChild[fail[v]!]!;
      firstChild[fail[v]!] = v;
    }
    const stack = queue;
    const next = nodeChar;
    let top = 0;
    let number = 0;
    stack[0] = 0;
    next[0] = firstChild[0]!;
    order[0] = number++;
    while (top >= 0) {
      const child = next[top]!;
      if (child === NONE) {
        end[stack[top]!] = number;
        top--;
        continue;
      }
      next[top] = nextSibling[child]!;
      top++;
      stack[top] = child;
      next[top] = firstChild[child]!;
      order[child] = number++;
    }
    const pieceFrom = new Int32Array(pieces.length);
    const pieceTo = new Int32Array(pieces.length);
    for (let p = 0; p < pieces.length; p++) {
      pieceFrom[p] = order[pieceNode[p]!]!;
      pieceTo[p] = end[pieceNode[p]!]!;
    }
    this.pieces = pieces.length;
    this.nodes = nodes;
    this.pieceLength = pieceLength;
    this.pieceFrom = pieceFrom;
    this.pieceTo = pieceTo;
    // The transitions again, in a table sized for the nodes made (pieces share prefixes).
    bits = 4;
    while (1 << bits < nodes * 2) bits++;
    this.#mask = (1 << bits) - 1;
    this.#slots = new Int32Array(SLOT << bits).fill(NONE);
    for (let at = 0; at < slots.length; at += SLOT) {
      if (slots[at] === NONE) continue;
      const to = slotOf(this.#slots, this.#mask, slots[at]!, slots[at + 1]!);
      this.#slots[to] = slots[at]!;
      this.#slots[to + 1] = slots[at + 1]!;
      this.#slots[to + 2] = slots[at + 2]!;
    }
    this.#root = root;
    this.#fail = fail;
    this.#order = order;
  }

  /** Memory the automaton retains, in bytes (its typed arrays). */
  get bytes(): number {
    return (
      4 * (this.#slots.length + this.#fail.length + this.#order.length + 3 * this.pieces) +
      4 * 128 +
      256
    );
  }

  /**
   * Reads `path`: `out[i]` is the depth-first number of the state after `path[i]` (0 when no
   * piece's start ends there). Returns the work: the transitions looked up.
   */
  scan(path: string, out: Int32Array): number {
    const slots = this.#slots;
    const mask = this.#mask;
    const root = this.#root;
    const fail = this.#fail;
    const order = this.#order;
    let state = 0;
    let work = path.length;
    for (let i = 0; i < path.length; i++) {
      const c = path.charCodeAt(i);
      for (;;) {
        if (state === 0) {
          state = c < 128 ? root[c]! : slots[slotOf(slots, mask, 0, c) + 2]!;
          if (state === NONE) state = 0;
          break;
        }
        work++;
        const at = slotOf(slots, mask, state, c);
        if (slots[at] !== NONE) {
          state = slots[at + 2]!;
          break;
        }
        state = fail[state]!;
      }
      out[i] = order[state]!;
    }
    return work;
  }
}

/** Where transition (state, c) is in `slots`, or the empty slot where it would go. */
function slotOf(slots: Int32Array, mask: number, state: number, c: number): number {
  let slot = (Math.imul(state, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b)) & mask;
  for (;;) {
    const at = slot * SLOT;
    const key = slots[at]!;
    if (key === NONE || (key === state && slots[at + 1] === c)) return at;
    slot = (slot + 1) & mask;
  }
}
