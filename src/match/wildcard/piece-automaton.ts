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

/** No transition, no state. */
const NONE = -1;

/** Numbers per piece in {@link PieceAutomaton.pieceData}: its length first, then these. */
export const PIECE = 3;
export const PIECE_FROM = 1;
export const PIECE_TO = 2;

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
   * their children on characters below 128: `#wideTable[128 k + c]` is the child's place in the
   * node's range + 1 (0: none), k found by the node in an open-addressing table (`#wideNodes`:
   * node + 1, 0 empty; `#wideIndex`: k). At most one node in 16 has one: at most 9 bytes a
   * node.
   */
  readonly #wideNodes: Int32Array;
  readonly #wideIndex: Int32Array;
  readonly #wideTable: Uint8Array;
  /**
   * The pieces by their depth-first number (`PIECE_FROM`), and per piece the nearest piece whose
   * range holds its own + 1 (0: none): the piece ends on its failure chain. The pieces ending at
   * a state are the ranges holding its number, nested (see {@link piecesAt}): a few bytes a
   * piece, where a link per state would cost them a node, a character of a long piece.
   */
  readonly #byNumber: Uint16Array | Int32Array;
  readonly #enclosing: Uint16Array | Int32Array;

  /** `pieces`: distinct, non-empty strings (of UTF-16 code units). */
  constructor(pieces: readonly string[]) {
    const trie = buildTrie(pieces);
    const nodes = trie.nodes;
    this.pieces = pieces.length;
    this.nodes = nodes;
    this.#childStart = trie.childStart;
    this.#label = trie.label;
    const root = new Int32Array(128).fill(NONE);
    for (let child = trie.childStart[0]!; child < trie.childStart[1]!; child++) {
      const c = trie.label[child]!;
      if (c < 128) root[c] = child;
    }
    this.#root = root;
    const wide = wideTables(trie);
    this.#wideNodes = wide.nodes;
    this.#wideIndex = wide.index;
    this.#wideTable = wide.table;
    // Breadth first (the numbering's order): a node's failure link from its parent's.
    const fail = new Int32Array(nodes);
    const parent = trie.parent;
    for (let v = 1; v < nodes; v++) {
      const up = parent[v]!;
      if (up === 0) continue;
      const c = trie.label[v]!;
      let f = fail[up]!;
      for (;;) {
        const target = this.#child(f, c);
        if (target !== NONE) {
          fail[v] = target;
          break;
        }
        if (f === 0) break;
        f = fail[f]!;
      }
    }
    this.#fail = fail;
    const { order, end } = orderFailTree(fail);
    this.#order = order;
    const pieceData = new Int32Array(PIECE * pieces.length);
    let longest = 0;
    for (let p = 0; p < pieces.length; p++) {
      const node = trie.pieceNode[p]!;
      pieceData[PIECE * p] = pieces[p]!.length;
      pieceData[PIECE * p + PIECE_FROM] = order[node]!;
      pieceData[PIECE * p + PIECE_TO] = end[node]!;
      longest = Math.max(longest, pieces[p]!.length);
    }
    this.pieceData = pieceData;
    // Breadth first, a node's failure link comes before it: the nearest piece end on its chain.
    const pieceOf = new Int32Array(nodes).fill(NONE);
    for (let p = 0; p < pieces.length; p++) pieceOf[trie.pieceNode[p]!] = p;
    const nearest = new Int32Array(nodes).fill(NONE);
    const enclosing = new Int32Array(pieces.length);
    for (let v = 1; v < nodes; v++) {
      const f = fail[v]!;
      const above = f === 0 ? NONE : pieceOf[f] !== NONE ? pieceOf[f]! : nearest[f]!;
      nearest[v] = above;
      if (pieceOf[v] !== NONE) enclosing[pieceOf[v]!] = above + 1;
    }
    const byNumber = Int32Array.from({ length: pieces.length }, (_, p) => p).sort(
      (a, b) => order[trie.pieceNode[a]!]! - order[trie.pieceNode[b]!]!,
    );
    const narrow = pieces.length < 0xffff;
    this.#byNumber = narrow ? Uint16Array.from(byNumber) : byNumber;
    this.#enclosing = narrow ? Uint16Array.from(enclosing) : enclosing;
    if (nodes < 0xffff && longest <= 0xffff) {
      this.#childStart = Uint16Array.from(trie.childStart);
      this.#fail = Uint16Array.from(fail);
      this.#order = Uint16Array.from(order);
      this.pieceData = Uint16Array.from(pieceData);
    }
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
      8 * this.#wideNodes.length +
      this.#wideTable.length +
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

  /** Node v's child on character c, or -1. */
  #child(v: number, c: number): number {
    if (v === 0 && c < 128) return this.#root[c]!;
    const label = this.#label;
    let lo = this.#childStart[v]!;
    let hi = this.#childStart[v + 1]!;
    if (hi - lo >= WIDE && c < 128) {
      const nodes = this.#wideNodes;
      const mask = nodes.length - 1;
      let slot = Math.imul(v, 0x9e3779b1) & mask;
      while (nodes[slot] !== v + 1) slot = (slot + 1) & mask;
      const place = this.#wideTable[(this.#wideIndex[slot]! << 7) | c]!;
      return place === 0 ? NONE : lo + place - 1;
    }
    // Narrowed to a few by halving (the child, if any, stays in [lo, hi)), then scanned.
    while (hi - lo > 8) {
      const mid = (lo + hi) >>> 1;
      if (label[mid]! < c) lo = mid + 1;
      else hi = mid + 1;
    }
    for (; lo < hi; lo++) if (label[lo] === c) return lo;
    return NONE;
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

/** Children from which a node gets a direct table (see `PieceAutomaton`). */
const WIDE = 16;

/** The direct tables of a trie's nodes with {@link WIDE} children or more (but the root). */
function wideTables(trie: Trie): { nodes: Int32Array; index: Int32Array; table: Uint8Array } {
  const { childStart, label } = trie;
  let count = 0;
  for (let v = 1; v < trie.nodes; v++) if (childStart[v + 1]! - childStart[v]! >= WIDE) count++;
  let size = 2;
  while (size < 2 * count) size *= 2;
  const nodes = new Int32Array(count === 0 ? 0 : size);
  const index = new Int32Array(nodes.length);
  const table = new Uint8Array(128 * count);
  const mask = size - 1;
  let k = 0;
  for (let v = 1; v < trie.nodes; v++) {
    const from = childStart[v]!;
    const to = childStart[v + 1]!;
    if (to - from < WIDE) continue;
    let slot = Math.imul(v, 0x9e3779b1) & mask;
    while (nodes[slot] !== 0) slot = (slot + 1) & mask;
    nodes[slot] = v + 1;
    index[slot] = k;
    // A node has at most one child per character: fewer than 2^16, and those below 128 (the
    // table's) fewer than 128, so a place + 1 fits a byte.
    for (let child = from; child < to; child++) {
      const c = label[child]!;
      if (c < 128) table[(k << 7) | c] = child - from + 1;
    }
    k++;
  }
  return { nodes, index, table };
}

/** A trie numbered breadth first, children by character. */
interface Trie {
  readonly nodes: number;
  readonly childStart: Int32Array;
  readonly label: Uint16Array;
  readonly parent: Int32Array;
  /** The node each piece ends at. */
  readonly pieceNode: Int32Array;
}

/**
 * The trie of `pieces`: first with transitions in a hash table (a node per new character),
 * then numbered breadth first with each node's children sorted by character, which makes the
 * children of a node a range of numbers and the hash table unnecessary.
 */
function buildTrie(pieces: readonly string[]): Trie {
  let chars = 0;
  for (const piece of pieces) chars += piece.length;
  const most = chars + 1;
  let bits = 4;
  while (1 << bits < most * 2) bits++;
  const mask = (1 << bits) - 1;
  const shift = 32 - bits;
  // Slots of three: the parent (-1: empty), the character, the child.
  const slots = new Int32Array(3 << bits).fill(NONE);
  const firstChild = new Int32Array(most).fill(NONE);
  const nextSibling = new Int32Array(most).fill(NONE);
  const nodeChar = new Int32Array(most);
  const endsPiece = new Int32Array(pieces.length);
  let nodes = 1;
  for (let p = 0; p < pieces.length; p++) {
    const piece = pieces[p]!;
    let node = 0;
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      // Fibonacci hashing: the product's top bits (its low bits would follow the node's).
      let slot = Math.imul(node ^ Math.imul(c, 0x85ebca6b), 0x9e3779b1) >>> shift;
      while (slots[3 * slot] !== NONE && !(slots[3 * slot] === node && slots[3 * slot + 1] === c)) {
        slot = (slot + 1) & mask;
      }
      if (slots[3 * slot] === NONE) {
        const child = nodes++;
        slots[3 * slot] = node;
        slots[3 * slot + 1] = c;
        slots[3 * slot + 2] = child;
        nodeChar[child] = c;
        nextSibling[child] = firstChild[node]!;
        firstChild[node] = child;
      }
      node = slots[3 * slot + 2]!;
    }
    endsPiece[p] = node;
  }
  // Breadth first: number[old] is the new number; new numbers are given in queue order.
  const number = new Int32Array(nodes);
  const queue = new Int32Array(nodes);
  const childStart = new Int32Array(nodes + 1);
  const label = new Uint16Array(nodes);
  const parent = new Int32Array(nodes);
  // A node's children, sorted (reusing `firstChild`'s room would lose the lists being read).
  const children = new Int32Array(nodes);
  let tail = 1;
  for (let head = 0; head < nodes; head++) {
    const old = queue[head]!;
    childStart[head] = tail;
    let count = 0;
    for (let child = firstChild[old]!; child !== NONE; child = nextSibling[child]!) {
      children[count++] = child;
    }
    // Few children (mostly one): insertion sort by character.
    for (let i = 1; i < count; i++) {
      const child = children[i]!;
      let j = i - 1;
      while (j >= 0 && nodeChar[children[j]!]! > nodeChar[child]!) {
        children[j + 1] = children[j]!;
        j--;
      }
      children[j + 1] = child;
    }
    for (let i = 0; i < count; i++) {
      const child = children[i]!;
      number[child] = tail;
      label[tail] = nodeChar[child]!;
      parent[tail] = head;
      queue[tail++] = child;
    }
  }
  childStart[nodes] = nodes;
  const pieceNode = new Int32Array(pieces.length);
  for (let p = 0; p < pieces.length; p++) pieceNode[p] = number[endsPiece[p]!]!;
  return { nodes, childStart, label, parent, pieceNode };
}

/** The failure-link tree in depth-first order: each node's number and the end of its subtree. */
function orderFailTree(fail: Int32Array): { order: Int32Array; end: Int32Array } {
  const nodes = fail.length;
  const firstChild = new Int32Array(nodes).fill(NONE);
  const nextSibling = new Int32Array(nodes).fill(NONE);
  for (let v = nodes - 1; v > 0; v--) {
    nextSibling[v] = firstChild[fail[v]!]!;
    firstChild[fail[v]!] = v;
  }
  const order = new Int32Array(nodes);
  const end = new Int32Array(nodes);
  const stack = new Int32Array(nodes);
  const next = new Int32Array(nodes);
  let top = 0;
  let count = 0;
  stack[0] = 0;
  next[0] = firstChild[0]!;
  order[0] = count++;
  while (top >= 0) {
    const child = next[top]!;
    if (child === NONE) {
      end[stack[top]!] = count;
      top--;
      continue;
    }
    next[top] = nextSibling[child]!;
    top++;
    stack[top] = child;
    next[top] = firstChild[child]!;
    order[child] = count++;
  }
  return { order, end };
}
