/**
 * Builds a {@link PieceAutomaton}'s arrays in counted steps (`build-steps.ts`): the trie of the
 * pieces numbered breadth first, the failure links, the failure-link tree's depth-first
 * numbering and each piece's range in it. Runs once per rule set, when its wildcard program is
 * built (a slice a check while a large set's scans answer, or at once).
 */

import { type BuildSteps, charge } from '../build-steps.js';
import type { PieceAutomaton } from './piece-automaton.js';

/** No transition, no state. */
export const NONE = -1;

/** Numbers per piece in {@link PieceAutomaton.pieceData}: its length first, then these. */
export const PIECE = 3;
export const PIECE_FROM = 1;
export const PIECE_TO = 2;

/** What {@link automatonSteps} builds: a {@link PieceAutomaton}'s arrays. */
export interface AutomatonParts {
  readonly nodes: number;
  readonly childStart: Uint16Array | Int32Array;
  readonly label: Uint16Array;
  readonly root: Int32Array;
  readonly wide: { nodes: Int32Array; index: Int32Array; table: Uint8Array };
  readonly fail: Uint16Array | Int32Array;
  readonly order: Uint16Array | Int32Array;
  readonly pieceData: Uint16Array | Int32Array;
  readonly byNumber: Uint16Array | Int32Array;
  readonly enclosing: Uint16Array | Int32Array;
  readonly transitions: Transitions | null;
}

/**
 * Every transition of a small automaton (short pieces of a small alphabet, all below 128): the
 * state after node v reads c is `table[v × width + symbols[c]]` (symbol 0: a character of no
 * piece), one lookup a character rather than a child's search and failure links.
 */
export interface Transitions {
  readonly table: Uint16Array;
  readonly symbols: Uint8Array;
  readonly width: number;
}

/**
 * The most entries of {@link Transitions}' table (nodes × (distinct characters + 1), 2 bytes
 * each: 16 KB; 342 × 5 for the pieces of up to 4 characters of σ 4).
 */
const TRANSITIONS_MOST = 8192;

/** Build units a trie node costs in each of the automaton's passes over its nodes. */
const NODE_UNITS = 24;

/**
 * The automaton of `pieces` in counted steps (`build-steps.ts`): its trie (a character at a
 * time), failure links, depth-first numbering and pieces' ranges (a node or a piece at a time).
 */
export function* automatonSteps(pieces: readonly string[]): BuildSteps<AutomatonParts> {
  const trie = yield* trieSteps(pieces);
  const nodes = trie.nodes;
  const root = new Int32Array(128).fill(NONE);
  for (let child = trie.childStart[0]!; child < trie.childStart[1]!; child++) {
    const c = trie.label[child]!;
    if (c < 128) root[c] = child;
  }
  const wide = yield* wideTables(trie);
  const lookup = { root, childStart: trie.childStart, label: trie.label, wide };
  // Breadth first (the numbering's order): a node's failure link from its parent's.
  const fail = new Int32Array(nodes);
  const parent = trie.parent;
  for (let v = 1; v < nodes; v++) {
    if (charge(NODE_UNITS)) yield;
    const up = parent[v]!;
    if (up === 0) continue;
    const c = trie.label[v]!;
    let f = fail[up]!;
    for (;;) {
      const target = childIn(lookup, f, c);
      if (target !== NONE) {
        fail[v] = target;
        break;
      }
      if (f === 0) break;
      f = fail[f]!;
    }
  }
  const { order, end } = yield* orderFailTree(fail);
  const pieceData = new Int32Array(PIECE * pieces.length);
  let longest = 0;
  for (let p = 0; p < pieces.length; p++) {
    const node = trie.pieceNode[p]!;
    pieceData[PIECE * p] = pieces[p]!.length;
    pieceData[PIECE * p + PIECE_FROM] = order[node]!;
    pieceData[PIECE * p + PIECE_TO] = end[node]!;
    longest = Math.max(longest, pieces[p]!.length);
    if (charge(NODE_UNITS)) yield;
  }
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
    if (charge(NODE_UNITS)) yield;
  }
  // The pieces by their depth-first number (distinct: one piece a node): a counting pass.
  const byOrder = new Int32Array(nodes).fill(NONE);
  for (let p = 0; p < pieces.length; p++) byOrder[order[trie.pieceNode[p]!]!] = p;
  const byNumber = new Int32Array(pieces.length);
  let at = 0;
  for (let v = 0; v < nodes; v++) {
    if (byOrder[v] !== NONE) byNumber[at++] = byOrder[v]!;
    if ((v & 63) === 63 && charge(NODE_UNITS * 16)) yield;
  }
  // Narrowed to two bytes a number when they fit, an array a step (about a unit a number).
  const narrow = pieces.length < 0xffff;
  const small = nodes < 0xffff && longest <= 0xffff;
  const narrowed = (list: Int32Array, fits: boolean): Uint16Array | Int32Array =>
    fits ? Uint16Array.from(list) : list;
  const childStart = narrowed(trie.childStart, small);
  if (charge(nodes)) yield;
  const fails = narrowed(fail, small);
  if (charge(nodes)) yield;
  const orders = narrowed(order, small);
  if (charge(nodes)) yield;
  const data = narrowed(pieceData, small);
  const numbers = narrowed(byNumber, narrow);
  const enclosed = narrowed(enclosing, narrow);
  if (charge(5 * pieces.length)) yield;
  if (charge(nodes + Math.min(TRANSITIONS_MOST, nodes * 129))) yield;
  const transitions = transitionsOf(nodes, childStart, trie.label, fails);
  return {
    nodes,
    childStart,
    label: trie.label,
    root,
    wide,
    fail: fails,
    order: orders,
    pieceData: data,
    byNumber: numbers,
    enclosing: enclosed,
    transitions,
  };
}

/**
 * The table of every transition, if it has at most {@link TRANSITIONS_MOST} entries and the
 * pieces' characters are below 128 (else null): a node's row is its failure link's (numbered
 * before it: breadth first) with its children written over.
 */
function transitionsOf(
  nodes: number,
  childStart: Uint16Array | Int32Array,
  label: Uint16Array,
  fail: Uint16Array | Int32Array,
): Transitions | null {
  const symbols = new Uint8Array(128);
  let width = 1;
  for (let v = 1; v < nodes; v++) {
    const c = label[v]!;
    if (c >= 128) return null;
    if (symbols[c] === 0) symbols[c] = width++;
    if (nodes * width > TRANSITIONS_MOST) return null;
  }
  const table = new Uint16Array(nodes * width);
  for (let v = 0; v < nodes; v++) {
    const row = v * width;
    if (v !== 0) table.copyWithin(row, fail[v]! * width, fail[v]! * width + width);
    const to = childStart[v + 1]!;
    for (let u = childStart[v]!; u < to; u++) table[row + symbols[label[u]!]!] = u;
  }
  return { table, symbols, width };
}

/** The arrays a node's child is looked up in (see {@link childIn}). */
export interface ChildLookup {
  readonly root: Int32Array;
  readonly childStart: Uint16Array | Int32Array;
  readonly label: Uint16Array;
  readonly wide: { nodes: Int32Array; index: Int32Array; table: Uint8Array };
}

/**
 * Node v's child on character c, or -1: the root's table, a wide node's table, else halving
 * then scanning its children. The one lookup of the automaton's trie: its failure links here,
 * its pass over a path (`PieceAutomaton`).
 */
export function childIn(trie: ChildLookup, v: number, c: number): number {
  if (v === 0 && c < 128) return trie.root[c]!;
  const label = trie.label;
  let lo = trie.childStart[v]!;
  let hi = trie.childStart[v + 1]!;
  if (hi - lo >= WIDE && c < 128) {
    const nodes = trie.wide.nodes;
    const mask = nodes.length - 1;
    let slot = Math.imul(v, 0x9e3779b1) & mask;
    while (nodes[slot] !== v + 1) slot = (slot + 1) & mask;
    const place = trie.wide.table[(trie.wide.index[slot]! << 7) | c]!;
    return place === 0 ? NONE : lo + place - 1;
  }
  while (hi - lo > 8) {
    const mid = (lo + hi) >>> 1;
    if (label[mid]! < c) lo = mid + 1;
    else hi = mid + 1;
  }
  for (; lo < hi; lo++) if (label[lo] === c) return lo;
  return NONE;
}

/** Children from which a node gets a direct table (see `PieceAutomaton`). */
export const WIDE = 16;

/** The direct tables of a trie's nodes with {@link WIDE} children or more (but the root). */
function* wideTables(
  trie: Trie,
): BuildSteps<{ nodes: Int32Array; index: Int32Array; table: Uint8Array }> {
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
    if ((v & 63) === 63 && charge(NODE_UNITS * 64)) yield;
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
function* trieSteps(pieces: readonly string[]): BuildSteps<Trie> {
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
    // A character's slot looked up and, once, its node made (then numbered and linked below).
    if (charge(NODE_UNITS * (piece.length + 1))) yield;
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
    if (charge(NODE_UNITS)) yield;
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
function* orderFailTree(fail: Int32Array): BuildSteps<{ order: Int32Array; end: Int32Array }> {
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
    if (charge(NODE_UNITS / 2)) yield;
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
