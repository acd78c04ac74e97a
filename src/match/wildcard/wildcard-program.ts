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
 * 65,535), built once per rule set. The program runs in every check of a set once a check has
 * handed its wildcard rules over (`RuleIndex.match`); `program-layout.ts` compiles it.
 */

import type { IndexEntry, MatchState } from '../rule-entry.js';
import type { KeyFinder } from './key-finder.js';
import type { PieceFinder } from './piece-finder.js';
import { PieceOccurrences } from './piece-occurrences.js';
import {
  type EntryMaker,
  GROUP,
  GROUP_SHIFT,
  LENGTH_MASK,
  layoutProgram,
  MADE_SLOTS,
  NONE,
  type ProgramLayout,
  type ProgramRules,
} from './program-layout.js';
import { RulePlacer } from './rule-placer.js';

export type { EntryMaker, ProgramRules };

/** One check at a time (checks are synchronous): one occurrence index serves every program. */
const OCCURRENCES = new PieceOccurrences();

/**
 * Per group of a program's rules, the check that listed it (see `match`), and the list: one
 * pair of arrays for every program, as `placements`.
 */
let groupMarks = new Int32Array(0);
/**
 * Per group, the check that listed it by a prefix class found (see `match`): whether a piece of
 * it occurs is looked up when the check would first visit a rule of it.
 */
let groupDoubts = new Int32Array(0);
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
/** A piece's bit in its group's `keyed` byte. */
const KEY_BITS = GROUP - 1;
/** Groups listed from which a check sorts them (below, sorting saves little). */
const SORTED_FROM = 8;
/** The dictionary's pieces a check's prefix classes may hold (see `ClassFinds.list`). */
let classPieces = new Int32Array(0);
/** The automaton's pieces ending at one state (see `PieceAutomaton.piecesAt`), and its work. */
let foundPieces = new Int32Array(0);
const WALKED = new Float64Array(1);
/** Where the last search among the automaton's pieces ended (see `piecesAtAscending`). */
const CURSOR = new Int32Array(1);

/** Wildcard entries compiled into numbers over one finder of their pieces (see `ProgramLayout`). */
export class WildcardProgram {
  /** The entries, by item; or null, made again when they win (`#make`). */
  readonly #entries: readonly IndexEntry[] | null;
  readonly #make: EntryMaker | null;
  /** The entries made, at rule number % {@link MADE_SLOTS}, and those rule numbers. */
  readonly #made: (IndexEntry | undefined)[];
  readonly #madeFor: Int32Array;
  readonly #table: Int32Array;
  readonly #size: number;
  /** A rule's second number holds its value's start and length (a compact rule table). */
  readonly #compact: boolean;
  readonly #tableRules: number;
  readonly #items: Uint16Array | Int32Array;
  readonly #specialRules: Int32Array;
  readonly #specialData: Int32Array;
  readonly #groupStarts: Uint16Array | Int32Array;
  /** Per group, which of its pieces key a rule (see `ProgramLayout.keyed`). */
  readonly #keyed: Uint8Array;
  readonly #finder: PieceFinder;
  /** The key pieces, found before the pass over every piece (see `KeyFinder`). */
  readonly #keys: KeyFinder | null;
  /** Decides a visited rule from the occurrences of its pieces. */
  readonly #placer: RulePlacer;
  /** Memory retained, in bytes (estimated: typed arrays at their size, 8 bytes a reference). */
  readonly bytes: number;

  /**
   * `entries`: wildcard entries (with pieces), strongest first. With `source`, the program keeps
   * none of them (a rule is its numbers, read from the source's table, whose lines name them),
   * and makes the entry of a rule that wins. Or the layout of such entries, built a stage at a
   * time (`layoutProgram`'s stages: `RuleIndex.prepareProgram`).
   */
  constructor(entries: readonly IndexEntry[] | ProgramLayout, source: ProgramRules | null = null) {
    const layout = 'finder' in entries ? entries : layoutProgram(entries, source);
    this.#entries = layout.entries;
    this.#make = layout.make;
    this.#made = source === null ? [] : new Array(MADE_SLOTS);
    this.#madeFor = new Int32Array(source === null ? 0 : MADE_SLOTS).fill(NONE);
    this.#table = layout.table;
    this.#size = layout.size;
    this.#compact = layout.size === 2;
    this.#tableRules = layout.tableRules;
    this.#items = layout.items;
    this.#specialRules = layout.specialRules;
    this.#specialData = layout.specialData;
    this.#groupStarts = layout.groupStarts;
    this.#keyed = layout.keyed;
    this.#finder = layout.finder;
    this.#keys = layout.keys;
    this.#placer = new RulePlacer(layout);
    this.bytes = layout.bytes;
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
    // No key piece in the path (a rule of a group but 0 cannot match), and no rule without a
    // piece (group 0): the check is over, the pass over every piece not run.
    const keys = this.#keys;
    let members = 0;
    if (keys !== null && this.#groupStarts[1] === this.#groupStarts[0]) {
      if (!keys.occursIn(path)) {
        search.work += keys.work;
        return;
      }
      members = keys.work;
    }
    occurrences.reset(finder, path);
    const placer = this.#placer;
    const check = placer.startCheck(occurrences);
    // The check numbers wrapped: marks of earlier checks are cleared.
    if (check === 1) {
      groupMarks.fill(0);
      groupDoubts.fill(0);
    }
    const items = this.#items;
    const table = this.#table;
    const size = this.#size;
    const compact = this.#compact;
    const tableRules = this.#tableRules;
    const groupStarts = this.#groupStarts;
    const keyed = this.#keyed;
    const n = path.length;
    // The best of each kind, as numbers: priority -1 when there is none.
    let allowPriority = state.allow === null ? -1 : state.allow.priority;
    let allowLine = state.allow === null ? 0 : state.allow.line;
    let disallowPriority = state.disallow === null ? -1 : state.disallow.priority;
    let disallowLine = state.disallow === null ? 0 : state.disallow.line;
    let visited = 0;
    // Group 0, then the groups of the key pieces the path holds: the dictionary's found
    // (in the order of their first finds), then those ending at the automaton's states (each state and the states on
    // its failure chain where a piece ends), each group once.
    const groupCount = groupStarts.length - 1;
    if (groupMarks.length < groupCount) {
      groupMarks = new Int32Array(groupCount);
      groupList = new Int32Array(groupCount);
      groupBuckets = new Int32Array(groupCount);
      groupSorted = new Int32Array(groupCount);
      groupDoubts = new Int32Array(groupCount);
    }
    const marks = groupMarks;
    const list = groupList;
    let listed = 1;
    list[0] = 0;
    const states = occurrences.distinct;
    const hashedFound = occurrences.foundPieces;
    const hashedCount = occurrences.foundCount;
    const classes = finder.classes;
    if (classes === null) {
      for (let k = 0; k < hashedCount; k++) {
        const p = hashedFound[k]!;
        const g = (p >> GROUP_SHIFT) + 1;
        if (marks[g] === check || (keyed[g]! & (1 << (p & KEY_BITS))) === 0) continue;
        marks[g] = check;
        list[listed++] = g;
      }
    } else if (2 * this.#classesHold(occurrences) > finder.hashed + groupCount) {
      // The classes found hold most pieces (a small alphabet's path holds every class): every
      // group is listed (a unit each, not a unit a piece held), doubted as below; a group of
      // pieces whose classes were not found costs its pieces' bit tests when first visited.
      members += occurrences.foundCount + groupCount;
      for (let g = 1; g < groupCount; g++) {
        marks[g] = check;
        groupDoubts[g] = check;
        list[listed++] = g;
      }
    } else {
      // Prefix classes found: the pieces each may hold (`ClassFinds.list`); the group of one
      // that occurs (asked about: compared at its class's finds), unless listed already.
      if (classPieces.length < finder.hashed) classPieces = new Int32Array(finder.hashed);
      const count = occurrences.listClassPieces(classPieces);
      members += occurrences.foundCount + count;
      for (let k = 0; k < count; k++) {
        const p = classPieces[k]!;
        const g = (p >> GROUP_SHIFT) + 1;
        if (marks[g] === check || (keyed[g]! & (1 << (p & KEY_BITS))) === 0) continue;
        marks[g] = check;
        // Its pieces' occurrences not known yet: looked up when a rule of it is first visited.
        groupDoubts[g] = check;
        list[listed++] = g;
      }
    }
    const automaton = finder.automaton;
    const walked = WALKED;
    walked[0] = 0;
    // Every group is listed already (the classes found hold most pieces): no walk can add one.
    if (automaton !== null && listed < groupCount) {
      if (foundPieces.length < automaton.pieces) foundPieces = new Int32Array(automaton.pieces);
      const found = foundPieces;
      const first = finder.hashed;
      CURSOR[0] = 0;
      for (let k = 0; k < states; k++) {
        const count = automaton.piecesAtAscending(
          occurrences.distinctKey(k),
          found,
          0,
          walked,
          CURSOR,
        );
        for (let i = 0; i < count; i++) {
          const p = first + found[i]!;
          const g = (p >> GROUP_SHIFT) + 1;
          if (marks[g] === check || (keyed[g]! & (1 << (p & KEY_BITS))) === 0) continue;
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
    let doubt = false;
    const doubts = groupDoubts;
    for (;;) {
      if (r >= end) {
        if (next >= listed) break;
        g = list[next++]!;
        r = groupStarts[g]!;
        end = groupStarts[g + 1]!;
        doubt = doubts[g] === check;
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
      if (doubt) {
        doubt = false;
        if (!this.#groupOccurs(g, occurrences)) {
          r = end;
          continue;
        }
      }
      visited++;
      if (!placer.matches(r, g, n, occurrences)) {
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
    search.work += 2 * visited + occurrences.work + listed + sorted + walked[0]! + members;
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

  /**
   * Whether a piece of group g that keys one of its rules (listed by a prefix class found, or
   * with every group) may occur: those pieces looked up (`PieceOccurrences.lacks`: a
   * dictionary's compared at their classes' finds, or its class found when the check takes
   * class bounds; an automaton's by the bits of the states found) until one does.
   */
  #groupOccurs(g: number, occurrences: PieceOccurrences): boolean {
    const first = (g - 1) << GROUP_SHIFT;
    const pieces = this.#finder.pieces;
    const keyed = this.#keyed[g]!;
    for (let p = first; p < first + (1 << GROUP_SHIFT) && p < pieces; p++) {
      if ((keyed & (1 << (p & KEY_BITS))) !== 0 && !occurrences.lacks(p)) return true;
    }
    return false;
  }

  /**
   * How many of the dictionary's pieces the prefix classes a check found hold (a unit a class
   * found, counted by the caller).
   */
  #classesHold(occurrences: PieceOccurrences): number {
    const starts = this.#finder.classes!.starts;
    const found = occurrences.foundPieces;
    let held = 0;
    for (let k = occurrences.foundCount - 1; k >= 0; k--) {
      held += starts[found[k]! + 1]! - starts[found[k]!]!;
    }
    return held;
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
}
