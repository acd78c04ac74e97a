/**
 * The wildcard rules of a rule set, compiled for checks that the indexes make expensive: a file
 * of thousands of `*` patterns whose pieces all occur in the URL (but never in the order a
 * pattern needs) makes every candidate search the path. Here the distinct literal pieces of all
 * the patterns (and their literal prefixes) go into one {@link PieceAutomaton}; a check runs it
 * over the path once ({@link PieceOccurrences}), and then each rule is decided by lookups:
 * its prefix is a piece that must end at its length, each middle piece is placed at its
 * leftmost occurrence after the one before (exactly `matchesAfterPrefix`'s greedy placement), the
 * tail needs only an occurrence after that (or, anchored, to end the path).
 *
 * Rules are kept strongest first as numbers (priority, line, kind, where their pieces are), so
 * a check is one scan that stops, as every scan of the matcher does, at the first rule that can
 * beat neither best match. Identical patterns are kept once by the caller.
 *
 * Cost of a check: O(n) for the path (n characters), then O(1) a piece for most pieces (a
 * piece occurs here, first after the position, or nowhere after it) and at most O(log² n) for
 * the others; memory O(total length of the distinct pieces), built once per rule set.
 */

import { PieceAutomaton } from './piece-automaton.js';
import { PieceOccurrences } from './piece-occurrences.js';
import type { IndexEntry, MatchState } from './rule-entry.js';

/** One check at a time (checks are synchronous): one occurrence index serves every program. */
const OCCURRENCES = new PieceOccurrences();

/** Rule flags. */
const ALLOW = 1;
const ANCHORED = 2;

const NONE = -1;

/** Wildcard entries compiled into numbers over one automaton of their pieces. */
export class WildcardProgram {
  /** The entries, strongest first. */
  readonly #entries: readonly IndexEntry[];
  readonly #priority: Int32Array;
  readonly #line: Int32Array;
  readonly #flags: Uint8Array;
  /** The length of an entry's prefix. */
  readonly #prefixLength: Int32Array;
  /** The piece id of an entry's last piece, or -1 when it is empty. */
  readonly #tail: Int32Array;
  /**
   * An entry's node in the sequence trie: entries whose patterns start with the same prefix and
   * middle pieces share the nodes of those, so a check places each distinct start once.
   */
  readonly #leaf: Int32Array;
  /** Per trie node (0: the root, the empty start): its parent and its piece (see `#resolve`). */
  readonly #parent: Int32Array;
  readonly #piece: Int32Array;
  /** Per trie node, in the current check: the check it was placed in, and where it ends. */
  readonly #placedIn: Int32Array;
  readonly #end: Int32Array;
  /** Number of the current check, for `#placedIn` (wraps to 1, clearing them). */
  #checks = 0;
  /** Scratch for `#resolve`: the nodes on the way up to a placed one. */
  readonly #stack: Int32Array;
  readonly #automaton: PieceAutomaton;
  /** Memory retained, in bytes (estimated: typed arrays at their size, 8 bytes a reference). */
  readonly bytes: number;

  /** `entries`: wildcard entries (with pieces), strongest first. */
  constructor(entries: readonly IndexEntry[]) {
    const ids = new Map<string, number>();
    const texts: string[] = [];
    const idOf = (text: string): number => {
      if (text.length === 0) return NONE;
      let id = ids.get(text);
      if (id === undefined) {
        id = texts.length;
        texts.push(text);
        ids.set(text, id);
      }
      return id;
    };
    const count = entries.length;
    const priority = new Int32Array(count);
    const line = new Int32Array(count);
    const flags = new Uint8Array(count);
    const prefixLength = new Int32Array(count);
    const tail = new Int32Array(count);
    const leaf = new Int32Array(count);
    // The trie: (parent, piece) → node; a prefix is stored as piece -2 - id (it must end at its
    // length, not anywhere).
    const children = new Map<number, number>();
    const parents: number[] = [NONE];
    const nodePieces: number[] = [NONE];
    let depth = 1;
    const childOf = (parent: number, piece: number): number => {
      const key = parent * 0x200000 + (piece + 2);
      let node = children.get(key);
      if (node === undefined) {
        node = parents.length;
        parents.push(parent);
        nodePieces.push(piece);
        children.set(key, node);
      }
      return node;
    };
    for (let r = 0; r < count; r++) {
      const entry = entries[r]!;
      const pieces = entry.pieces!;
      priority[r] = entry.priority;
      line[r] = entry.line;
      flags[r] = (entry.allow ? ALLOW : 0) | (entry.anchored ? ANCHORED : 0);
      prefixLength[r] = entry.prefix.length;
      let node = 0;
      let steps = 1;
      const prefix = idOf(entry.prefix);
      if (prefix !== NONE) node = childOf(node, -2 - prefix);
      for (let i = 0; i < pieces.length - 1; i++) {
        const id = idOf(pieces[i]!);
        if (id === NONE) continue;
        node = childOf(node, id);
        steps++;
      }
      if (steps > depth) depth = steps;
      leaf[r] = node;
      tail[r] = idOf(pieces[pieces.length - 1]!);
    }
    const nodes = parents.length;
    this.#entries = entries;
    this.#priority = priority;
    this.#line = line;
    this.#flags = flags;
    this.#prefixLength = prefixLength;
    this.#tail = tail;
    this.#leaf = leaf;
    this.#parent = Int32Array.from(parents);
    this.#piece = Int32Array.from(nodePieces);
    this.#placedIn = new Int32Array(nodes);
    this.#end = new Int32Array(nodes);
    this.#stack = new Int32Array(depth + 1);
    this.#automaton = new PieceAutomaton(texts);
    this.bytes = 256 + 8 * count + 21 * count + 16 * nodes + this.#automaton.bytes;
  }

  /**
   * Updates `state` with the best allow and disallow among the entries that match `path` (the
   * path of `state.search`, whose work and budget count).
   */
  match(path: string, state: MatchState): void {
    const search = state.search;
    if (search.work > search.budget) return;
    const occurrences = OCCURRENCES;
    occurrences.reset(this.#automaton, path);
    if (++this.#checks > 0x3fffffff) {
      this.#checks = 1;
      this.#placedIn.fill(0);
    }
    const entries = this.#entries;
    const priority = this.#priority;
    const line = this.#line;
    const flags = this.#flags;
    const n = path.length;
    // The best of each kind, as numbers: priority -1 when there is none.
    let allowPriority = state.allow === null ? -1 : state.allow.priority;
    let allowLine = state.allow === null ? 0 : state.allow.line;
    let disallowPriority = state.disallow === null ? -1 : state.disallow.priority;
    let disallowLine = state.disallow === null ? 0 : state.disallow.line;
    let visited = 0;
    for (let r = 0; r < entries.length; r++) {
      const p = priority[r]!;
      const l = line[r]!;
      const allow = (flags[r]! & ALLOW) !== 0;
      const beatsAllow = p > allowPriority || (p === allowPriority && l < allowLine);
      const beatsDisallow = p > disallowPriority || (p === disallowPriority && l < disallowLine);
      if (!(allow ? beatsAllow : beatsDisallow)) {
        // Strongest first: an entry that beats neither best is followed by no better one.
        if (!(allow ? beatsDisallow : beatsAllow)) break;
        continue;
      }
      visited++;
      if (!this.#matches(r, n, occurrences)) {
        if ((visited & 255) === 0 && search.work + visited + occurrences.work > search.budget) {
          break;
        }
        continue;
      }
      if (allow) {
        state.allow = entries[r]!;
        allowPriority = p;
        allowLine = l;
      } else {
        state.disallow = entries[r]!;
        disallowPriority = p;
        disallowLine = l;
      }
    }
    search.work += visited + occurrences.work;
    occurrences.release();
  }

  /** Whether entry r matches the path (of length n) that `occurrences` indexes. */
  #matches(r: number, n: number, occurrences: PieceOccurrences): boolean {
    const tail = this.#tail[r]!;
    const tailLength = tail === NONE ? 0 : this.#automaton.pieceLength[tail]!;
    const least = this.#prefixLength[r]!;
    const anchored = (this.#flags[r]! & ANCHORED) !== 0;
    // The tail first: it must end the path (anchored) or occur after the prefix, whatever the
    // middle pieces do; one lookup rules out most rules.
    if (anchored) {
      if (n - tailLength < least || (tail !== NONE && !occurrences.endsAt(tail, n - 1))) {
        return false;
      }
    } else if (tail !== NONE && occurrences.lastStart(tail) < least) {
      return false;
    }
    const pos = this.#resolve(this.#leaf[r]!, occurrences);
    if (pos < 0) return false;
    // The tail must not overlap the last piece placed.
    if (anchored) return n - tailLength >= pos;
    return tail === NONE || occurrences.lastStart(tail) >= pos;
  }

  /**
   * Where the start that trie node `node` stands for (a prefix, then middle pieces) ends when
   * each piece is placed at its leftmost occurrence after the one before, or -1 when it cannot
   * be placed. Each node is placed once per check: the nodes above it that are not yet placed
   * are, top down.
   */
  #resolve(node: number, occurrences: PieceOccurrences): number {
    const placedIn = this.#placedIn;
    const end = this.#end;
    const check = this.#checks;
    if (placedIn[node] === check) return end[node]!;
    const parent = this.#parent;
    const stack = this.#stack;
    let top = 0;
    let v = node;
    while (v !== 0 && placedIn[v] !== check) {
      stack[top++] = v;
      v = parent[v]!;
    }
    let pos = v === 0 ? 0 : end[v]!;
    const pieces = this.#piece;
    const length = this.#automaton.pieceLength;
    while (top > 0) {
      const u = stack[--top]!;
      if (pos >= 0) {
        const piece = pieces[u]!;
        if (piece < 0) {
          // A prefix (the root's child): it must end at its length.
          const prefix = -2 - piece;
          pos = length[prefix]!;
          if (!occurrences.endsAt(prefix, pos - 1)) pos = NONE;
        } else {
          const at = occurrences.next(piece, pos);
          pos = at < 0 ? NONE : at + length[piece]!;
        }
      }
      placedIn[u] = check;
      end[u] = pos;
    }
    return pos;
  }
}
