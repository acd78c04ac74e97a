/**
 * The wildcard rules of a rule set, compiled for checks that the indexes make expensive: a file
 * of thousands of `*` patterns whose pieces all occur in the URL (but never in the order a
 * pattern needs) makes every candidate search the path. Here the distinct literal pieces of all
 * the patterns (and their literal prefixes) go into one {@link PieceFinder} (most found by hash,
 * the others by an automaton); a check runs it over the path once ({@link PieceOccurrences}),
 * and then each rule is decided by lookups:
 * its prefix is a piece that must end at its length, each middle piece is placed at its
 * leftmost occurrence after the one before (exactly `matchesAfterPrefix`'s greedy placement), the
 * tail needs only an occurrence after that (or, anchored, to end the path).
 *
 * Rules are kept strongest first as numbers (line, kind, where their pieces are), so
 * a check is one scan that stops, as every scan of the matcher does, at the first rule that can
 * beat neither best match. Identical patterns are kept once by the caller.
 *
 * Cost of a check: O(n) for the path (n characters), then O(1) a piece for most pieces (a
 * piece occurs here, first after the position, or nowhere after it) and at most O(log² n) for
 * the others; memory O(rules + distinct pieces and their characters), built once per rule set.
 */

import { PieceFinder } from './piece-finder.js';
import {
  FIRST,
  INFO,
  LAST,
  LENGTH,
  PieceOccurrences,
  STATES_FROM,
  STATES_TO,
} from './piece-occurrences.js';
import type { IndexEntry, MatchState } from './rule-entry.js';

/** One check at a time (checks are synchronous): one occurrence index serves every program. */
const OCCURRENCES = new PieceOccurrences();

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

/** Rule flags. */
const ALLOW = 1;
const ANCHORED = 2;
/** More rules share the rule's tail than its start: its tail is looked up first. */
const TAIL_FIRST = 4;
/** The rule's entry is an `index.html` rewrite (for {@link EntryMaker}). */
const REWRITE = 8;

const NONE = -1;

/**
 * Numbers per rule while a program is built, and their offsets: line, flags with the prefix's
 * length (above {@link LENGTH_SHIFT}) and the rule's own run of trie nodes (above
 * {@link RUN_SHIFT}), tail piece (-1: empty; its length is the piece's), trie node. A program
 * keeps the first two in `#rules`, and the tail (+ 1) and trie node in `#refs`: two bytes each
 * while there are fewer than 65,535 pieces and 65,536 nodes, else four. A rule's priority is
 * not among them: rules are kept strongest first, so the rules of one priority are a run
 * (`#priorityRuns`). (A pattern is at most a capped line, escaped: its lengths fit in 16 bits.)
 */
const RULE = 4;
const FLAGS = 1;
const TAIL = 2;
const LEAF = 3;
/** Where the prefix's length starts in a rule's `FLAGS` number. */
const LENGTH_SHIFT = 4;
/**
 * Where the rule's run starts in its `FLAGS` number: how many of its trie nodes, up to its own,
 * the rule added to the trie (0: none, its start is another rule's), at most {@link LONGEST_RUN}.
 * A rule's nodes are added in a row: they are numbered consecutively, each the child of the one
 * before, so a check places them top down from their first without climbing the trie.
 */
const RUN_SHIFT = 20;
const LONGEST_RUN = 0xfff;

/**
 * Numbers per node of the sequence trie in `#nodes`, and their offsets: its parent and its
 * piece (a prefix: -2 - its piece id, for it must end at its length). Where a check placed it
 * is in `placements`.
 */
const NODE = 2;
const PIECE_OF = 1;

/**
 * Makes again the entry of the rule on `line` (its `index.html` rewrite with `rewrite`): a
 * program given one keeps numbers only, and makes the entry of a rule that wins.
 */
export type EntryMaker = (line: number, rewrite: boolean) => IndexEntry;

/** Entries of winning rules kept by a program that makes them (the best of a kind is one). */
const MADE_SLOTS = 16;

/** Wildcard entries compiled into numbers over one finder of their pieces. */
export class WildcardProgram {
  /** The entries, strongest first; or null, made again when they win (`#make`). */
  readonly #entries: readonly IndexEntry[] | null;
  readonly #make: EntryMaker | null;
  /** The entries made, at rule number % {@link MADE_SLOTS}, and those rule numbers. */
  readonly #made: (IndexEntry | undefined)[];
  readonly #madeFor: Int32Array;
  /** Number of rules. */
  readonly #count: number;
  /** Per entry, its line and flags (see {@link RULE}). */
  readonly #rules: Int32Array;
  /** Per entry, its tail piece + 1 (0: none) and its trie node (see {@link RULE}). */
  readonly #refs: Uint16Array | Int32Array;
  /**
   * The priorities, as runs: pairs of the first rule of a run and the run's priority (rules
   * are sorted by priority, so a set has as many runs as distinct pattern lengths).
   */
  readonly #priorityRuns: Int32Array;
  /**
   * The sequence trie (see {@link NODE}): entries whose patterns start with the same prefix and
   * middle pieces share the nodes of those, so a check places each distinct start once. Node 0
   * is the root, the empty start.
   */
  readonly #nodes: Int32Array;
  /** Scratch for `#resolve`: the nodes on the way up to a placed one. */
  readonly #stack: Int32Array;
  readonly #finder: PieceFinder;
  /** Memory retained, in bytes (estimated: typed arrays at their size, 8 bytes a reference). */
  readonly bytes: number;

  /**
   * `entries`: wildcard entries (with pieces), strongest first. With `make`, the program keeps
   * none of them (a rule is its numbers), and makes the entry of a rule that wins.
   */
  constructor(entries: readonly IndexEntry[], make: EntryMaker | null = null) {
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
    const rules = new Int32Array(RULE * count);
    // The trie: (parent, piece) → node. A piece is a text id or -2 - the id of a prefix; both
    // ids and parents are below `span` (one text and one node at most per piece and prefix), so
    // `parent * width + piece + span + 2` names each pair once while that stays an exact
    // integer, and a string names it past that (bodies of tens of millions of pieces).
    let span = count + 2;
    for (const entry of entries) span += entry.pieces!.length;
    const width = 2 * span + 3;
    const exact = span * width < Number.MAX_SAFE_INTEGER;
    const children = new Map<number | string, number>();
    const nodes: number[] = [NONE, NONE];
    let depth = 1;
    const childOf = (parent: number, piece: number): number => {
      const key = exact ? parent * width + piece + span + 2 : `${parent},${piece}`;
      let node = children.get(key);
      if (node === undefined) {
        node = nodes.length / NODE;
        nodes.push(parent, piece);
        children.set(key, node);
      }
      return node;
    };
    const runs: number[] = [];
    for (let r = 0; r < count; r++) {
      const entry = entries[r]!;
      const pieces = entry.pieces!;
      if (r === 0 || entry.priority !== runs[runs.length - 1]) runs.push(r, entry.priority);
      const added = nodes.length / NODE;
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
      const tail = pieces[pieces.length - 1]!;
      const at = RULE * r;
      rules[at] = entry.line;
      rules[at + FLAGS] =
        (entry.allow ? ALLOW : 0) |
        (entry.anchored ? ANCHORED : 0) |
        (entry.indexRewrite ? REWRITE : 0) |
        (entry.prefix.length << LENGTH_SHIFT) |
        (Math.min(Math.max(node - added + 1, 0), LONGEST_RUN) << RUN_SHIFT);
      rules[at + TAIL] = idOf(tail);
      rules[at + LEAF] = node;
    }
    // Which of a rule's tail and start more rules share (see `#matches`).
    const nodeCount = nodes.length / NODE;
    const leafUses = new Int32Array(nodeCount);
    const tailUses = new Int32Array(texts.length);
    for (let at = 0; at < rules.length; at += RULE) {
      leafUses[rules[at + LEAF]!]!++;
      if (rules[at + TAIL]! !== NONE) tailUses[rules[at + TAIL]!]!++;
    }
    for (let at = 0; at < rules.length; at += RULE) {
      const tail = rules[at + TAIL]!;
      if (tail !== NONE && tailUses[tail]! > leafUses[rules[at + LEAF]!]!) {
        rules[at + FLAGS]! |= TAIL_FIRST;
      }
    }
    this.#entries = make === null ? entries : null;
    this.#make = make;
    this.#made = make === null ? [] : new Array(MADE_SLOTS);
    this.#madeFor = new Int32Array(make === null ? 0 : MADE_SLOTS).fill(NONE);
    this.#count = count;
    runs.push(count, NONE);
    this.#priorityRuns = Int32Array.from(runs);
    this.#nodes = Int32Array.from(nodes);
    this.#stack = new Int32Array(depth + 1);
    // The finder numbers the pieces its own way: the rules' and nodes' ids follow.
    const renumber = new Int32Array(texts.length);
    const finder = new PieceFinder(texts, renumber);
    for (let at = TAIL; at < rules.length; at += RULE) {
      if (rules[at]! !== NONE) rules[at] = renumber[rules[at]!]!;
    }
    const trie = this.#nodes;
    for (let at = NODE + PIECE_OF; at < trie.length; at += NODE) {
      const piece = trie[at]!;
      trie[at] = piece >= 0 ? renumber[piece]! : -2 - renumber[-2 - piece]!;
    }
    this.#finder = finder;
    const kept = new Int32Array(2 * count);
    const refs =
      texts.length < 0xffff && nodeCount <= 0x10000
        ? new Uint16Array(2 * count)
        : new Int32Array(2 * count);
    for (let r = 0; r < count; r++) {
      kept[2 * r] = rules[RULE * r]!;
      kept[2 * r + 1] = rules[RULE * r + FLAGS]!;
      refs[2 * r] = rules[RULE * r + TAIL]! + 1;
      refs[2 * r + 1] = rules[RULE * r + LEAF]!;
    }
    this.#rules = kept;
    this.#refs = refs;
    // An entry kept (`estimateBytes`'s 180 and 64 a piece) or a slot of one made.
    let entryBytes = 0;
    if (make === null) for (const entry of entries) entryBytes += 188 + 64 * entry.pieces!.length;
    else entryBytes = (8 + 260) * MADE_SLOTS;
    this.bytes =
      512 +
      entryBytes +
      kept.byteLength +
      refs.byteLength +
      4 * (this.#priorityRuns.length + this.#nodes.length) +
      finder.bytes;
  }

  /**
   * Updates `state` with the best allow and disallow among the entries that match `path` (the
   * path of `state.search`, whose work and budget count).
   */
  match(path: string, state: MatchState): void {
    const search = state.search;
    if (search.work > search.budget) return;
    const occurrences = OCCURRENCES;
    occurrences.reset(this.#finder, path);
    const nodeCount = this.#nodes.length / NODE;
    // Grown to the largest program checked (new slots hold no check's number).
    if (placements.length < PLACED * nodeCount) placements = new Int32Array(PLACED * nodeCount);
    if (++checks > 0x3fffffff) {
      checks = 1;
      placements.fill(0);
    }
    const rules = this.#rules;
    const runs = this.#priorityRuns;
    let run = 0;
    let p = 0;
    const n = path.length;
    // The best of each kind, as numbers: priority -1 when there is none.
    let allowPriority = state.allow === null ? -1 : state.allow.priority;
    let allowLine = state.allow === null ? 0 : state.allow.line;
    let disallowPriority = state.disallow === null ? -1 : state.disallow.priority;
    let disallowLine = state.disallow === null ? 0 : state.disallow.line;
    let visited = 0;
    const count = this.#count;
    for (let r = 0; r < count; r++) {
      if (r === runs[run]) {
        p = runs[run + 1]!;
        run += 2;
      }
      const l = rules[2 * r]!;
      const allow = (rules[2 * r + 1]! & ALLOW) !== 0;
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
        state.allow = this.#entryOf(r);
        allowPriority = p;
        allowLine = l;
      } else {
        state.disallow = this.#entryOf(r);
        disallowPriority = p;
        disallowLine = l;
      }
    }
    // A unit for each rule tested, and one for each of its lookups made in place.
    search.work += 2 * visited + occurrences.work;
    occurrences.release();
  }

  /** The entry of rule `r`: kept, or made again (and kept a while). */
  #entryOf(r: number): IndexEntry {
    if (this.#entries !== null) return this.#entries[r]!;
    const slot = r % MADE_SLOTS;
    if (this.#madeFor[slot] === r) return this.#made[slot]!;
    const entry = this.#make!(this.#rules[2 * r]!, (this.#rules[2 * r + 1]! & REWRITE) !== 0);
    this.#made[slot] = entry;
    this.#madeFor[slot] = r;
    return entry;
  }

  /**
   * Whether rule `r` matches the path (n characters) `occurrences` indexes.
   * The lookups of most rules are written out here rather than called (this runs once a rule,
   * tens of thousands of times a check): a piece ending at a position, a piece's last start.
   */
  #matches(r: number, n: number, occurrences: PieceOccurrences): boolean {
    const refs = this.#refs;
    const tail = refs[2 * r]! - 1;
    const tailLength = tail === NONE ? 0 : this.#finder.lengthOf(tail);
    const flags = this.#rules[2 * r + 1]!;
    const prefixLength = (flags >>> LENGTH_SHIFT) & 0xffff;
    const anchored = (flags & ANCHORED) !== 0;
    // An anchored tail must end the path: one comparison rules out most rules.
    if (anchored) {
      if (n - tailLength < prefixLength) return false;
      if (tail !== NONE && !occurrences.endsAt(tail, n - 1)) return false;
    }
    // The start (prefix and middle pieces) is placed once a check for all the rules sharing it,
    // and a tail's last occurrence found once: whichever is known already is looked at first,
    // so that rules sharing either cost a lookup (rules sharing a start that cannot be placed,
    // rules sharing a tail that does not occur).
    const leaf = refs[2 * r + 1]!;
    const nodes = this.#nodes;
    const marks = placements;
    const mark = marks[PLACED * leaf]!;
    const placed = mark === checks;
    const ends = marks[PLACED * leaf + END]!;
    if (placed && ends < 0) return false;
    // Where the start ends at the least: its prefix's length, or what a stopped placement found.
    const least = mark === -checks ? Math.max(prefixLength, ends) : prefixLength;
    const info = occurrences.info;
    const record = INFO * tail;
    // Where the tail must start at the latest (-1: not looked up).
    let latest = anchored ? n - tailLength : NONE;
    if (!anchored && tail !== NONE) {
      const known = info[record] === occurrences.stamp;
      if (known || (!placed && (flags & TAIL_FIRST) !== 0)) {
        if (!known) occurrences.infoOf(tail);
        latest = info[record + LAST]! - tailLength + 1;
        if (latest < (placed ? ends : least)) return false;
      }
    } else if (anchored && !placed && latest < least) {
      return false;
    }
    // Before placing the start: it ends after the first occurrence of its last piece at least,
    // which must leave room for the tail (one lookup rules out a start placed to its end in
    // vain).
    if (!placed && latest >= 0 && leaf !== 0) {
      const last = nodes[NODE * leaf + PIECE_OF]!;
      if (last >= 0) {
        const lastRecord = INFO * last;
        if (info[lastRecord] !== occurrences.stamp) occurrences.infoOf(last);
        const first = info[lastRecord + FIRST]!;
        if (first < 0 || first + 1 > latest) return false;
      }
    }
    // Placed no further than the tail allows: past `latest` the rule cannot match.
    const limit = latest < 0 ? n : latest;
    const run = flags >>> RUN_SHIFT;
    const pos = placed
      ? ends
      : run === 0
        ? this.#resolve(leaf, occurrences, limit)
        : this.#resolveRun(leaf, run, occurrences, limit);
    if (pos < 0) return false;
    // The tail must not overlap the last piece placed: it ends the path after it, or occurs
    // after it.
    if (anchored) return n - tailLength >= pos;
    if (tail === NONE) return true;
    if (info[record] !== occurrences.stamp) occurrences.infoOf(tail);
    return info[record + LAST]! - tailLength + 1 >= pos;
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
   * {@link #resolve} for a rule whose own nodes are the `run` nodes up to `leaf` (numbered in a
   * row, each the child of the one before): the nodes above them are resolved, then its own
   * are placed top down, stopping past `limit` (the leaf marked with where it ends at the
   * least, for rules that share it), without climbing them.
   */
  #resolveRun(leaf: number, run: number, occurrences: PieceOccurrences, limit: number): number {
    const nodes = this.#nodes;
    const marks = placements;
    const check = checks;
    const head = leaf - run + 1;
    const parent = nodes[NODE * head]!;
    let pos = parent === 0 ? 0 : this.#resolve(parent, occurrences, limit);
    if (pos < 0 || pos > limit) return pos;
    // No rule reached these nodes before this one in this check: the trie was built in the
    // order rules are tested, so the rules through them come after it.
    for (let v = head; v <= leaf; v++) {
      if (pos >= 0) pos = this.#place(nodes[NODE * v + PIECE_OF]!, pos, occurrences);
      marks[PLACED * v] = check;
      marks[PLACED * v + END] = pos;
      if (pos > limit && v < leaf) {
        marks[PLACED * leaf] = -check;
        marks[PLACED * leaf + END] = pos;
        break;
      }
    }
    return pos;
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
   * Where `piece` (a node's: a prefix is -2 - its id) ends when placed at its leftmost
   * occurrence at or after `pos`, or -1: a prefix must end at its length. A piece placed counts
   * a unit of work; a prefix's test counts itself (`endsAt`).
   */
  #place(piece: number, pos: number, occurrences: PieceOccurrences): number {
    if (piece < 0) {
      const prefix = -2 - piece;
      const end = this.#finder.lengthOf(prefix);
      return occurrences.endsAt(prefix, end - 1) ? end : NONE;
    }
    occurrences.work++;
    // `occurrences.next`, its usual answers written out from the piece's record: first after
    // here (or here), nowhere after here, or here.
    const record = INFO * piece;
    const info = occurrences.info;
    if (info[record] !== occurrences.stamp) occurrences.infoOf(piece);
    const length = info[record + LENGTH]!;
    const least = pos + length - 1;
    if (info[record + FIRST]! >= least) return info[record + FIRST]! + 1;
    if (info[record + LAST]! < least) return NONE;
    const key = occurrences.state[least]!;
    if (key >= info[record + STATES_FROM]! && key < info[record + STATES_TO]!) return pos + length;
    return occurrences.next(piece, pos) + length;
  }
}
