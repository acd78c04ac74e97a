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
 * Rules are filed by a piece each must contain (its key), and kept as numbers: the rule-table
 * rule that gives their line, kind and priority, their tail and where their start is in a trie
 * of piece sequences. A check visits the rules of the keys its path holds (what the pass found:
 * a dictionary piece's occurrences, the pieces ending at the automaton's states), each group
 * strongest first, stopping in a group, as every scan of the matcher does, at the first rule
 * that can beat neither best match: an ordinary path holds few keys, so the program answers it
 * without the other indexes, and the set drops its index of short-prefix wildcard rules once
 * the program is built. Identical patterns are kept once by the caller.
 *
 * Cost of a check: O(n) for the path (n characters), then O(1) a piece for most pieces (a
 * piece occurs here, first after the position, or nowhere after it) and at most O(log² n) for
 * the others, for at most every rule once; memory: a rule's number in the rule table (2 bytes,
 * 4 past 65,535), its tail and trie node packed in the bits their largest values need (6 bits
 * for 25,000 rules of one piece each: a tail that is its rule's key takes 3 bits to name in its
 * group), the finder's few bytes a piece (its characters read in the body's text when the
 * rule's value is its pattern as written, copied otherwise), 4 bytes a trie node (8 past
 * 65,535), built once per rule set.
 */

import { bitsFor, packInts, readPacked } from '../../util/packed-ints.js';
import type { IndexEntry, MatchState } from '../rule-entry.js';
import {
  type RuleNumbers,
  ruleAtLine,
  ruleCount,
  ruleSize,
  valueLength,
  valueStart,
} from '../rule-table.js';
import { PieceFinder, pieceFinding } from './piece-finder.js';
import {
  FIRST,
  INFO,
  LAST,
  LENGTH,
  PieceOccurrences,
  STATES_FROM,
  STATES_TO,
} from './piece-occurrences.js';

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
/**
 * Per group of a program's rules, the check that listed it (see `match`), and the list: one
 * pair of arrays for every program, as `placements`.
 */
let groupMarks = new Int32Array(0);
let groupList = new Int32Array(0);
/**
 * The listed groups sorted by their first rule's priority (see `#strongestFirst`): the bucket
 * of each, and the buckets' counts.
 */
let groupBuckets = new Int32Array(0);
let groupSorted = new Int32Array(0);
/** Priorities a sort tells apart: from this one on, groups share the first bucket. */
const HEADS = 256;
const headCounts = new Int32Array(HEADS + 1);
/** Groups listed from which a check sorts them (below, sorting saves little). */
const SORTED_FROM = 8;
/** The automaton's pieces ending at one state (see `PieceAutomaton.piecesAt`), and its work. */
let foundPieces = new Int32Array(0);
const WALKED = new Float64Array(1);
/** Number of the current check, for `placements` (wraps to 1, clearing them). */
let checks = 0;
const PLACED = 2;
const END = 1;

/**
 * A rule's tail and trie node, each packed (see `#tails`, `#leaves`) with a bit: the rule is
 * anchored (`$`: its tail must end the path); more rules share its tail than its start (its tail
 * is looked up first). A rule's line, kind and priority are not among them: they are read from
 * the rule table (see `#items`).
 */
const ANCHORED_BIT = 1;
const TAIL_FIRST_BIT = 1;

const NONE = -1;

/**
 * Numbers per node of the sequence trie in `#nodes`, and their offsets: its parent and its
 * piece, as its id << 1, | 1 for a prefix (which must end at its length). Two bytes each while
 * there are at most 65,535 nodes and 32,767 pieces, else four. Where a check placed it is in
 * `placements`.
 */
const NODE = 2;
const PIECE_OF = 1;
/** The bit of a node's piece that makes it a prefix. */
const PREFIX_BIT = 1;

/**
 * Key pieces a group holds the rules of, as a power of two: a group's start costs two bytes
 * (or four), and a check visits the groups of the pieces its path holds, the rules of a few
 * pieces each.
 */
const GROUP_SHIFT = 3;
/** Key pieces a group holds the rules of. */
const GROUP = 1 << GROUP_SHIFT;

/** A compact rule table's value: its start above these bits, its length below (`rule-table.ts`). */
const LENGTH_MASK = (1 << 13) - 1;

/**
 * Makes again the entry of the rule on `line` (its `index.html` rewrite with `rewrite`): a
 * program given one keeps numbers only, and makes the entry of a rule that wins.
 */
export type EntryMaker = (line: number, rewrite: boolean) => IndexEntry;

/**
 * What a program over a rule table reads its rules from: the table their lines name (a rule's
 * line, kind and value's length are read there, not copied), and how an entry is made again.
 */
export interface ProgramRules {
  readonly rules: RuleNumbers;
  /** The body's text the rules' values are in (`BodyText.text`): pieces are read there. */
  readonly text: string;
  readonly make: EntryMaker;
}

/** Entries of winning rules kept by a program that makes them (the best of a kind is one). */
const MADE_SLOTS = 16;

/** Wildcard entries compiled into numbers over one finder of their pieces. */
export class WildcardProgram {
  /** The entries, by item; or null, made again when they win (`#make`). */
  readonly #entries: readonly IndexEntry[] | null;
  readonly #make: EntryMaker | null;
  /** The entries made, at rule number % {@link MADE_SLOTS}, and those rule numbers. */
  readonly #made: (IndexEntry | undefined)[];
  readonly #madeFor: Int32Array;
  /**
   * The rule table the items name: the set's own (shared), or one made of the entries (a number
   * for each's line and kind, and two whose difference is its priority). `#size` numbers a
   * rule; `#compact`: a rule's second number holds its value's start and length.
   */
  readonly #table: Int32Array;
  readonly #size: number;
  readonly #compact: boolean;
  /** Rules in `#table`: an item from there on is a special. */
  readonly #tableRules: number;
  /**
   * Per rule (in the program's order), its item (two bytes while there are at most 65,535
   * rules and specials: read for every rule visited, it is not packed): the number of its
   * rule in `#table`, when its priority is its value's length; else `#tableRules` + the number
   * of a special, a rule whose pattern differs from its value (escaped, or an `index.html`
   * rewrite): its rule's number in `#specialRules`, its priority << 1 | 1 if a rewrite in
   * `#specialData`.
   */
  readonly #items: Uint16Array | Int32Array;
  readonly #specialRules: Int32Array;
  readonly #specialData: Int32Array;
  /**
   * Per rule, its tail, packed `#tailBits` bits each: << 1, | {@link ANCHORED_BIT}; 0 when it
   * is empty; 1 to {@link GROUP} when it is a piece of the rule's group (its key's, as most
   * often: that piece's rank there + 1, so that a tail costs a few bits); past that, value
   * - GROUP - 1 is the tail's place in `#otherTails`, or the tail itself when there is no list
   * (each tail its own number costs less than a list of those outside their group).
   */
  readonly #tails: Int32Array;
  readonly #tailBits: number;
  readonly #tailMask: number;
  readonly #otherTails: Int32Array | null;
  /** Per rule, its trie node << 1, | {@link TAIL_FIRST_BIT}, packed `#leafBits` bits each. */
  readonly #leaves: Int32Array;
  readonly #leafBits: number;
  readonly #leafMask: number;
  /**
   * Rules are grouped by a piece each must contain (its key: the one of its pieces, prefix
   * included, whose group a path is least likely to hold a piece of), strongest first within a
   * group; rules with no piece (`*`) come first, in group 0. Group g + 1 holds the rules of the
   * key pieces whose id >> {@link GROUP_SHIFT} is g: rules `#groupStarts[g + 1] …
   * #groupStarts[g + 2] - 1`. A check visits group 0 and the groups of the pieces its path
   * holds.
   */
  readonly #groupStarts: Uint16Array | Int32Array;
  /**
   * The sequence trie (see {@link NODE}): entries whose patterns start with the same prefix and
   * middle pieces share the nodes of those, so a check places each distinct start once. Node 0
   * is the root, the empty start.
   */
  readonly #nodes: Uint16Array | Int32Array;
  /**
   * A bit per trie node: set on the first node each rule added. A rule's nodes are added in a
   * row, each the child of the one before, so a check places a run top down from its first
   * (`#resolveRun`) without climbing the trie.
   */
  readonly #runStarts: Int32Array;
  /** Scratch for `#resolve`: the nodes on the way up to a placed one. */
  readonly #stack: Int32Array;
  readonly #finder: PieceFinder;
  /** Memory retained, in bytes (estimated: typed arrays at their size, 8 bytes a reference). */
  readonly bytes: number;

  /**
   * `entries`: wildcard entries (with pieces), strongest first. With `source`, the program keeps
   * none of them (a rule is its numbers, read from the source's table, whose lines name them),
   * and makes the entry of a rule that wins.
   */
  constructor(entries: readonly IndexEntry[], source: ProgramRules | null = null) {
    const ids = new Map<string, number>();
    const texts: string[] = [];
    // Where each piece is in the body's text (-1: nowhere known): the finder reads it there.
    const places: number[] = [];
    const text = source?.text ?? '';
    // Where in the text the pattern of the entry being read is (-1: not there), and how far
    // its pieces were found in it.
    let at = NONE;
    let cursor = 0;
    const idOf = (piece: string, pattern: string): number => {
      if (piece.length === 0) return NONE;
      let id = ids.get(piece);
      if (id === undefined) {
        id = texts.length;
        texts.push(piece);
        ids.set(piece, id);
        places.push(NONE);
      }
      if (at >= 0) {
        // The pieces are in the pattern in order: each is found after the one before.
        const found = pattern.indexOf(piece, cursor);
        cursor = found + piece.length;
        if (places[id] === NONE) places[id] = at + found;
      }
      return id;
    };
    const count = entries.length;
    // Each rule's pieces as text ids: its prefix, middle pieces and tail (NONE: empty).
    const starts = new Int32Array(count + 1);
    const pieceIds: number[] = [];
    for (let r = 0; r < count; r++) {
      const entry = entries[r]!;
      at = NONE;
      cursor = 0;
      if (source !== null && !entry.indexRewrite) {
        // The rule's value as written, when its pattern is that (not escaped).
        const rule = ruleAtLine(source.rules, entry.line);
        const from = valueStart(source.rules, rule);
        if (
          valueLength(source.rules, rule) === entry.pattern.length &&
          text.startsWith(entry.pattern, from)
        ) {
          at = from;
        }
      }
      pieceIds.push(idOf(entry.prefix, entry.pattern));
      for (const piece of entry.pieces!) pieceIds.push(idOf(piece, entry.pattern));
      starts[r + 1] = pieceIds.length;
    }
    // The finder numbers the pieces its own way: the rules' ids follow.
    const renumber = new Int32Array(texts.length);
    const finder = new PieceFinder(
      texts,
      renumber,
      pieceFinding.maxLengths,
      pieceFinding.minChars,
      text,
      source === null ? null : Int32Array.from(places),
    );
    for (let k = 0; k < pieceIds.length; k++) {
      if (pieceIds[k]! !== NONE) pieceIds[k] = renumber[pieceIds[k]!]!;
    }
    // Each rule's key: of its pieces, the one whose group an ordinary path is least likely to
    // hold a piece of (the odds that a path of about 64 characters holds a piece taken as
    // 64 × 36^-length, its characters an alphabet of 36, summed over the group's pieces); then
    // the one fewest rules hold, then the longest.
    const uses = new Int32Array(finder.pieces);
    const seenIn = new Int32Array(finder.pieces).fill(NONE);
    for (let r = 0; r < count; r++) {
      for (let k = starts[r]!; k < starts[r + 1]!; k++) {
        const id = pieceIds[k]!;
        if (id === NONE || seenIn[id] === r) continue;
        seenIn[id] = r;
        uses[id]!++;
      }
    }
    const groupCount = ((finder.pieces + (1 << GROUP_SHIFT) - 1) >> GROUP_SHIFT) + 1;
    const groups = new Int32Array(groupCount + 1);
    const odds = new Float64Array(groupCount);
    for (let id = 0; id < finder.pieces; id++) {
      odds[(id >> GROUP_SHIFT) + 1]! += Math.min(1, 64 / 36 ** Math.min(finder.lengthOf(id), 8));
    }
    const keys = new Int32Array(count);
    for (let r = 0; r < count; r++) {
      let key = NONE;
      for (let k = starts[r]!; k < starts[r + 1]!; k++) {
        const id = pieceIds[k]!;
        if (id === NONE) continue;
        const a = odds[(id >> GROUP_SHIFT) + 1]!;
        const b = key === NONE ? 0 : odds[(key >> GROUP_SHIFT) + 1]!;
        if (
          key === NONE ||
          a < b ||
          (a === b &&
            (uses[id]! < uses[key]! ||
              (uses[id] === uses[key] && finder.lengthOf(id) > finder.lengthOf(key))))
        ) {
          key = id;
        }
      }
      keys[r] = key === NONE ? 0 : (key >> GROUP_SHIFT) + 1;
      groups[keys[r]! + 1]!++;
    }
    for (let g = 1; g < groups.length; g++) groups[g]! += groups[g - 1]!;
    // The program's order: by group, strongest first within one (a stable counting sort).
    const order = new Int32Array(count);
    const next = groups.slice();
    for (let r = 0; r < count; r++) order[next[keys[r]!]!++] = r;
    this.#groupStarts = count > 0xffff ? groups : Uint16Array.from(groups);
    // The trie, built in the program's order: (parent, piece) → node. A piece is its finder id
    // << 1, | 1 for a prefix; ids and parents are below `span` (one node at most per piece), so
    // `parent * width + piece` names each pair once while that stays an exact integer, and a
    // string names it past that (bodies of tens of millions of pieces).
    const span = pieceIds.length + 2;
    const width = 2 * span + 3;
    const exact = span * width < Number.MAX_SAFE_INTEGER;
    const children = new Map<number | string, number>();
    const nodes: number[] = [0, 0];
    const runStarts: number[] = [];
    let depth = 1;
    let added = false;
    const childOf = (parent: number, piece: number): number => {
      const key = exact ? parent * width + piece : `${parent},${piece}`;
      let node = children.get(key);
      if (node === undefined) {
        node = nodes.length / NODE;
        nodes.push(parent, piece);
        children.set(key, node);
        if (!added) runStarts.push(node);
        added = true;
      }
      return node;
    };
    const tails = new Int32Array(count);
    const leaves = new Int32Array(count);
    for (let at = 0; at < count; at++) {
      const r = order[at]!;
      let node = 0;
      let steps = 1;
      added = false;
      const prefix = pieceIds[starts[r]!]!;
      if (prefix !== NONE) node = childOf(node, (prefix << 1) | PREFIX_BIT);
      for (let k = starts[r]! + 1; k < starts[r + 1]! - 1; k++) {
        if (pieceIds[k] === NONE) continue;
        node = childOf(node, pieceIds[k]! << 1);
        steps++;
      }
      if (steps > depth) depth = steps;
      tails[at] = pieceIds[starts[r + 1]! - 1]!;
      leaves[at] = node;
    }
    // Which of a rule's tail and start more rules share (see `#matches`).
    const nodeCount = nodes.length / NODE;
    const leafUses = new Int32Array(nodeCount);
    const tailUses = new Int32Array(finder.pieces);
    for (let at = 0; at < count; at++) {
      leafUses[leaves[at]!]!++;
      if (tails[at] !== NONE) tailUses[tails[at]!]!++;
    }
    // Tails packed: in the rule's group (see `#tails`), or the others listed once each.
    const tailCodes = new Int32Array(count);
    const others = new Map<number, number>();
    let group = 0;
    for (let at = 0; at < count; at++) {
      while (groups[group + 1]! <= at) group++;
      const tail = tails[at]!;
      let code = 0;
      if (tail !== NONE && tail >> GROUP_SHIFT === group - 1) {
        code = (tail & (GROUP - 1)) + 1;
      } else if (tail !== NONE) {
        let other = others.get(tail);
        if (other === undefined) {
          other = others.size;
          others.set(tail, other);
        }
        code = GROUP + 1 + other;
      }
      tailCodes[at] = (code << 1) | (entries[order[at]!]!.anchored ? ANCHORED_BIT : 0);
    }
    // Listed when the list and the narrower codes cost less than each tail's own number.
    const listedBits = bitsFor(2 * (GROUP + others.size) + 1);
    const directBits = bitsFor(2 * (GROUP + finder.pieces) + 1);
    const direct = count * directBits <= count * listedBits + 32 * others.size;
    if (direct) {
      for (let at = 0; at < count; at++) {
        const tail = tails[at]!;
        if (tailCodes[at]! >> 1 > GROUP)
          tailCodes[at] = ((GROUP + 1 + tail) << 1) | (tailCodes[at]! & 1);
      }
    }
    this.#otherTails = direct ? null : Int32Array.from(others.keys());
    this.#tailBits = direct ? directBits : listedBits;
    this.#tailMask = 2 ** this.#tailBits - 1;
    this.#tails = packInts(tailCodes, this.#tailBits);
    const leafCodes = new Int32Array(count);
    for (let at = 0; at < count; at++) {
      const tail = tails[at]!;
      const tailFirst = tail !== NONE && tailUses[tail]! > leafUses[leaves[at]!]!;
      leafCodes[at] = (leaves[at]! << 1) | (tailFirst ? TAIL_FIRST_BIT : 0);
    }
    this.#leafBits = bitsFor(2 * nodeCount - 1);
    this.#leafMask = 2 ** this.#leafBits - 1;
    this.#leaves = packInts(leafCodes, this.#leafBits);
    this.#nodes =
      nodeCount <= 0xffff && 2 * finder.pieces < 0xffff
        ? Uint16Array.from(nodes)
        : Int32Array.from(nodes);
    this.#runStarts = new Int32Array((nodeCount >> 5) + 1);
    for (const node of runStarts) this.#runStarts[node >> 5]! |= 1 << (node & 31);
    this.#stack = new Int32Array(depth + 1);
    this.#finder = finder;
    // The items: rules of the source's table, or of one made of the entries.
    let table: Int32Array;
    let owned = 0;
    const items = new Int32Array(count);
    const specialRules: number[] = [];
    const specialData: number[] = [];
    if (source === null) {
      table = new Int32Array(3 * count);
      for (let at = 0; at < count; at++) {
        const entry = entries[order[at]!]!;
        table[3 * at] = (entry.line << 2) | (entry.allow ? 1 : 0);
        table[3 * at + 2] = entry.priority;
        items[at] = at;
      }
      this.#size = 3;
      this.#tableRules = count;
      owned = table.byteLength;
    } else {
      const rules = source.rules;
      table = rules instanceof Int32Array ? rules : Int32Array.from(rules);
      if (table !== rules) owned = table.byteLength;
      this.#size = ruleSize(rules);
      this.#tableRules = ruleCount(rules);
      for (let at = 0; at < count; at++) {
        const entry = entries[order[at]!]!;
        const r = ruleAtLine(rules, entry.line);
        if (!entry.indexRewrite && valueLength(rules, r) === entry.priority) {
          items[at] = r / this.#size;
          continue;
        }
        items[at] = this.#tableRules + specialRules.length;
        specialRules.push(r / this.#size);
        specialData.push((entry.priority << 1) | (entry.indexRewrite ? 1 : 0));
      }
    }
    this.#table = table;
    this.#compact = this.#size === 2;
    this.#items =
      this.#tableRules + specialRules.length <= 0xffff ? Uint16Array.from(items) : items;
    this.#specialRules = Int32Array.from(specialRules);
    this.#specialData = Int32Array.from(specialData);
    this.#entries = source === null ? Array.from(order, (r) => entries[r]!) : null;
    this.#make = source?.make ?? null;
    this.#made = source === null ? [] : new Array(MADE_SLOTS);
    this.#madeFor = new Int32Array(source === null ? 0 : MADE_SLOTS).fill(NONE);
    // An entry kept (`estimateBytes`'s 180 and 64 a piece) or a slot of one made.
    let entryBytes = 0;
    if (source === null) for (const entry of entries) entryBytes += 188 + 64 * entry.pieces!.length;
    else entryBytes = (8 + 260) * MADE_SLOTS;
    this.bytes =
      1024 +
      entryBytes +
      owned +
      this.#items.byteLength +
      8 * specialRules.length +
      this.#tails.byteLength +
      (this.#otherTails?.byteLength ?? 0) +
      this.#leaves.byteLength +
      this.#groupStarts.byteLength +
      this.#nodes.byteLength +
      this.#runStarts.byteLength +
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
    const finder = this.#finder;
    occurrences.reset(finder, path);
    const nodeCount = this.#nodes.length / NODE;
    // Grown to the largest program checked (new slots hold no check's number).
    if (placements.length < PLACED * nodeCount) placements = new Int32Array(PLACED * nodeCount);
    if (++checks > 0x3fffffff) {
      checks = 1;
      placements.fill(0);
      groupMarks.fill(0);
    }
    const items = this.#items;
    const table = this.#table;
    const size = this.#size;
    const compact = this.#compact;
    const tableRules = this.#tableRules;
    const groupStarts = this.#groupStarts;
    const n = path.length;
    // The best of each kind, as numbers: priority -1 when there is none.
    let allowPriority = state.allow === null ? -1 : state.allow.priority;
    let allowLine = state.allow === null ? 0 : state.allow.line;
    let disallowPriority = state.disallow === null ? -1 : state.disallow.priority;
    let disallowLine = state.disallow === null ? 0 : state.disallow.line;
    let visited = 0;
    // Group 0, then the groups of the key pieces the path holds: the dictionary's found (after
    // the automaton's states, ascending), then those ending at the automaton's states (each state
    // and the states on its failure chain where a piece ends), each group once.
    const groupCount = groupStarts.length - 1;
    if (groupMarks.length < groupCount) {
      groupMarks = new Int32Array(groupCount);
      groupList = new Int32Array(groupCount);
      groupBuckets = new Int32Array(groupCount);
      groupSorted = new Int32Array(groupCount);
    }
    const marks = groupMarks;
    const list = groupList;
    const check = checks;
    let listed = 1;
    list[0] = 0;
    const keyBase = finder.keyBase;
    const distinct = occurrences.distinct;
    const states = occurrences.distinctFrom(keyBase);
    for (let k = states; k < distinct; k++) {
      const g = ((occurrences.distinctKey(k) - keyBase) >> GROUP_SHIFT) + 1;
      if (marks[g] === check) continue;
      marks[g] = check;
      list[listed++] = g;
    }
    const automaton = finder.automaton;
    const walked = WALKED;
    walked[0] = 0;
    if (automaton !== null) {
      if (foundPieces.length < automaton.pieces) foundPieces = new Int32Array(automaton.pieces);
      const found = foundPieces;
      const first = finder.hashed;
      for (let k = 0; k < states; k++) {
        const count = automaton.piecesAt(occurrences.distinctKey(k), found, 0, walked);
        for (let i = 0; i < count; i++) {
          const g = ((first + found[i]!) >> GROUP_SHIFT) + 1;
          if (marks[g] === check) continue;
          marks[g] = check;
          list[listed++] = g;
        }
      }
    }
    // Longest match: a rule that matches sets a best that stops each group after it at its first
    // rule that cannot beat it. The groups are visited strongest first rule first, so that a path
    // holding most pieces visits the rules that can still win, not every rule (a unit a group).
    let sorted = 0;
    if (listed >= SORTED_FROM) {
      sorted = listed;
      listed = this.#strongestFirst(list, listed);
    }
    let next = 0;
    let r = 0;
    let end = 0;
    let g = 0;
    for (;;) {
      if (r >= end) {
        if (next >= listed) break;
        g = list[next++]!;
        r = groupStarts[g]!;
        end = groupStarts[g + 1]!;
        continue;
      }
      const item = items[r]!;
      let word: number;
      let p: number;
      if (item < tableRules) {
        const at = size * item;
        word = table[at]!;
        p = compact ? table[at + 1]! & LENGTH_MASK : table[at + 2]! - table[at + 1]!;
      } else {
        word = table[size * this.#specialRules[item - tableRules]!]!;
        p = this.#specialData[item - tableRules]! >> 1;
      }
      const l = word >> 2;
      const allow = (word & 1) !== 0;
      const beatsAllow = p > allowPriority || (p === allowPriority && l < allowLine);
      const beatsDisallow = p > disallowPriority || (p === disallowPriority && l < disallowLine);
      if (!(allow ? beatsAllow : beatsDisallow)) {
        // Strongest first within a group: a rule that beats neither best is followed by no
        // better one there.
        r = allow ? (beatsDisallow ? r + 1 : end) : beatsAllow ? r + 1 : end;
        continue;
      }
      visited++;
      if (!this.#matches(r, g, n, occurrences)) {
        if (
          (visited & 255) === 0 &&
          search.work + visited + occurrences.work + listed > search.budget
        ) {
          break;
        }
        r++;
        continue;
      }
      if (allow) {
        state.allow = this.#entryOf(r, item, l);
        allowPriority = p;
        allowLine = l;
      } else {
        state.disallow = this.#entryOf(r, item, l);
        disallowPriority = p;
        disallowLine = l;
      }
      r++;
    }
    // A unit for each rule tested, and one for each of its lookups made in place.
    search.work += 2 * visited + occurrences.work + listed + sorted + walked[0]!;
    occurrences.release();
  }

  /**
   * Sorts the first `listed` groups of `list` by the priority of their first rule (the
   * strongest), highest first, those past {@link HEADS} - 1 as if equal (a counting sort: a
   * step a group), and drops the groups with no rule; returns how many are left.
   */
  #strongestFirst(list: Int32Array, listed: number): number {
    const starts = this.#groupStarts;
    const items = this.#items;
    const table = this.#table;
    const size = this.#size;
    const compact = this.#compact;
    const tableRules = this.#tableRules;
    const buckets = groupBuckets;
    const counts = headCounts;
    counts.fill(0);
    for (let k = 0; k < listed; k++) {
      const g = list[k]!;
      const first = starts[g]!;
      if (first === starts[g + 1]) {
        buckets[k] = NONE;
        continue;
      }
      const item = items[first]!;
      let p: number;
      if (item < tableRules) {
        const at = size * item;
        p = compact ? table[at + 1]! & LENGTH_MASK : table[at + 2]! - table[at + 1]!;
      } else {
        p = this.#specialData[item - tableRules]! >> 1;
      }
      const bucket = HEADS - 1 - Math.min(p, HEADS - 1);
      buckets[k] = bucket;
      counts[bucket + 1]!++;
    }
    for (let b = 1; b <= HEADS; b++) counts[b]! += counts[b - 1]!;
    const kept = counts[HEADS]!;
    const out = groupSorted;
    for (let k = 0; k < listed; k++) {
      const bucket = buckets[k]!;
      if (bucket !== NONE) out[counts[bucket]!++] = list[k]!;
    }
    list.set(out.subarray(0, kept));
    return kept;
  }

  /** The entry of rule `r` (its item, its line): kept, or made again (and kept a while). */
  #entryOf(r: number, item: number, line: number): IndexEntry {
    if (this.#entries !== null) return this.#entries[r]!;
    const slot = r % MADE_SLOTS;
    if (this.#madeFor[slot] === r) return this.#made[slot]!;
    const special = item - this.#tableRules;
    const rewrite = special >= 0 && (this.#specialData[special]! & 1) !== 0;
    const entry = this.#make!(line, rewrite);
    this.#made[slot] = entry;
    this.#madeFor[slot] = r;
    return entry;
  }

  /**
   * Whether rule `r` (of group `g`) matches the path (n characters) `occurrences` indexes.
   * The lookups of most rules are written out here rather than called (this runs once a rule,
   * tens of thousands of times a check): a piece ending at a position, a piece's last start.
   */
  #matches(r: number, g: number, n: number, occurrences: PieceOccurrences): boolean {
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
    // An anchored tail must end the path: one comparison rules out most rules.
    if (anchored && tail !== NONE && !occurrences.endsAt(tail, n - 1)) return false;
    // The start (prefix and middle pieces) is placed once a check for all the rules sharing it,
    // and a tail's last occurrence found once: whichever is known already is looked at first,
    // so that rules sharing either cost a lookup (rules sharing a start that cannot be placed,
    // rules sharing a tail that does not occur).
    const leafRef = readPacked(this.#leaves, this.#leafBits, this.#leafMask, r);
    const leaf = leafRef >> 1;
    const nodes = this.#nodes;
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
   * at or after `pos`, or -1: a prefix must end at its length. A piece placed counts a unit of
   * work; a prefix's test counts itself (`endsAt`).
   */
  #place(code: number, pos: number, occurrences: PieceOccurrences): number {
    const piece = code >> 1;
    if ((code & PREFIX_BIT) !== 0) {
      const end = this.#finder.lengthOf(piece);
      return occurrences.endsAt(piece, end - 1) ? end : NONE;
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
