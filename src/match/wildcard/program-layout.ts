/**
 * Compiles a rule set's wildcard entries into the numbers a {@link WildcardProgram} runs on:
 * their distinct pieces in one {@link PieceFinder}, each rule filed under a key piece, its tail
 * and start (a node of a trie of piece sequences) packed, its line, kind and priority read from
 * a rule table. Runs once per rule set, in counted steps (`build-steps.ts`): a slice a check
 * while a large set's scans answer (`compile.ts`), or at once when a check first hands its
 * wildcard rules to the program (`RuleIndex.match`).
 */

import { bitsFor, packInts } from '../../util/packed-ints.js';
import { type BuildSteps, buildAtOnce, charge } from '../build-steps.js';
import type { IndexEntry } from '../rule-entry.js';
import { type RuleNumbers, ruleAtLine, ruleCount, ruleSize, valueLength } from '../rule-table.js';
import { type KeyFinder, keyFinderSteps } from './key-finder.js';
import type { PieceFinder } from './piece-finder.js';
import {
  findSteps,
  type PieceReader,
  type PieceReading,
  PRIORITY_SHIFT,
  RULE_ALLOW,
  RULE_ANCHORED,
  RULE_REWRITE,
  readSteps,
  strongestSteps,
} from './program-build.js';
import { NODE, PIECE_OF, PREFIX_BIT } from './sequence-trie.js';
import { skeletonSteps } from './start-skeletons.js';
import type { WildcardProgram } from './wildcard-program.js';

/**
 * A rule's tail and trie node, each packed (see `#tails`, `#leaves`) with a bit: the rule is
 * anchored (`$`: its tail must end the path); more rules share its tail than its start (its tail
 * is looked up first). A rule's line, kind and priority are not among them: they are read from
 * the rule table (see `#items`).
 */
export const ANCHORED_BIT = 1;
export const TAIL_FIRST_BIT = 1;

export const NONE = -1;

/**
 * Key pieces a group holds the rules of, as a power of two: a group's start costs two bytes
 * (or four), and a check visits the groups of the pieces its path holds, the rules of a few
 * pieces each.
 */
export const GROUP_SHIFT = 3;
/** Key pieces a group holds the rules of. */
export const GROUP: number = 1 << GROUP_SHIFT;

/**
 * The seed of {@link pairSlot}, drawn once per process: a file cannot choose pieces whose
 * pairs share a slot of the trie's table.
 */
const PAIR_SEED: number = (Math.random() * 0x100000000) | 0;

/** A trie node's (parent, piece) mixed (MurmurHash3's finalizer): its top bits pick a slot. */
function pairSlot(parent: number, piece: number): number {
  let h = Math.imul(parent ^ PAIR_SEED, 0x85ebca6b) ^ Math.imul(piece, 0x9e3779b1);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** A compact rule table's value: its start above these bits, its length below (`rule-table.ts`). */
export const LENGTH_MASK: number = (1 << 13) - 1;

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
export const MADE_SLOTS = 16;

/** What {@link layoutProgram} compiles; the program and its `RulePlacer` keep it. */
export interface ProgramLayout {
  /** The entries, by item; or null, made again when they win (`make`). */
  readonly entries: readonly IndexEntry[] | null;
  readonly make: EntryMaker | null;
  /**
   * The rule table the items name: the set's own (shared), or one made of the entries (a number
   * for each's line and kind, and two whose difference is its priority). `size` numbers a
   * rule (2 in a compact table: a rule's second number holds its value's start and length).
   */
  readonly table: Int32Array;
  readonly size: number;
  /** Rules in `table`: an item from there on is a special. */
  readonly tableRules: number;
  /**
   * Per rule (in the program's order), its item (two bytes while there are at most 65,535
   * rules and specials: read for every rule visited, it is not packed): the number of its
   * rule in `table`, when its priority is its value's length; else `tableRules` + the number
   * of a special, a rule whose pattern differs from its value (escaped, or an `index.html`
   * rewrite): its rule's number in `specialRules`, its priority << 1 | 1 if a rewrite in
   * `specialData`.
   */
  readonly items: Uint16Array | Int32Array;
  readonly specialRules: Int32Array;
  readonly specialData: Int32Array;
  /**
   * Per rule, its tail, packed `tailBits` bits each: << 1, | {@link ANCHORED_BIT}; 0 when it
   * is empty; 1 to {@link GROUP} when it is a piece of the rule's group (its key's, as most
   * often: that piece's rank there + 1, so that a tail costs a few bits); past that, value
   * - GROUP - 1 is the tail's place in `otherTails`, or the tail itself when there is no list
   * (each tail its own number costs less than a list of those outside their group).
   */
  readonly tails: Int32Array;
  readonly tailBits: number;
  readonly otherTails: Int32Array | null;
  /** Per rule, its trie node << 1, | {@link TAIL_FIRST_BIT}, packed `leafBits` bits each. */
  readonly leaves: Int32Array;
  readonly leafBits: number;
  /**
   * Rules are grouped by a piece each must contain (its key: the one of its pieces, prefix
   * included, whose group a path is least likely to hold a piece of), strongest first within a
   * group; rules with no piece (`*`) come first, in group 0. Group g + 1 holds the rules of the
   * key pieces whose id >> {@link GROUP_SHIFT} is g: rules `groupStarts[g + 1] …
   * groupStarts[g + 2] - 1`. A check visits group 0 and the groups of the key pieces its path
   * holds (`keyed`).
   */
  readonly groupStarts: Uint16Array | Int32Array;
  /**
   * Per group, a bit for each of its {@link GROUP} pieces that is a rule's key: a piece found
   * lists its group only when it keys some rule there (a path that holds a third of a file's
   * pieces holds one of nearly every group's eight, most of them no rule's key).
   */
  readonly keyed: Uint8Array;
  /**
   * The sequence trie (see {@link NODE}): entries whose patterns start with the same prefix and
   * middle pieces share the nodes of those, so a check places each distinct start once. Node 0
   * is the root, the empty start.
   */
  readonly nodes: Uint16Array | Int32Array;
  /**
   * A bit per trie node: set on the first node each rule added. A rule's nodes are added in a
   * row, each the child of the one before, so a check places a run top down from its first
   * (`RulePlacer`) without climbing the trie.
   */
  readonly runStarts: Int32Array;
  /** The deepest trie path, in nodes: a placement climbs at most this far. */
  readonly depth: number;
  /** Per rule, its long start's skeleton (`start-skeletons.ts`); null: no start is long. */
  readonly skeletons: Int32Array | null;
  readonly finder: PieceFinder;
  /** The key pieces, found first in a check (null: no rule has one, or they are not rare). */
  readonly keys: KeyFinder | null;
  /** Memory retained, in bytes (estimated: typed arrays at their size, 8 bytes a reference). */
  readonly bytes: number;
}

/**
 * The layout of `entries` (wildcard entries, with pieces, strongest first). With `source`, it
 * keeps none of them (a rule is its numbers, read from the source's table, whose lines name
 * them), and the program makes the entry of a rule that wins.
 */
export function layoutProgram(
  entries: readonly IndexEntry[],
  source: ProgramRules | null,
): ProgramLayout {
  return buildAtOnce(layoutSteps(entries, source));
}

/**
 * {@link layoutProgram} in counted steps (`build-steps.ts`): the entries' pieces numbered
 * (`readSteps`), then {@link layoutReadSteps}.
 */
export function* layoutSteps(
  entries: readonly IndexEntry[],
  source: ProgramRules | null,
): BuildSteps<ProgramLayout> {
  const reader = yield* readSteps(entries, source);
  return yield* layoutReadSteps(reader, entries, source);
}

/**
 * The layout of the wildcard rules `reader` read in file order (of `entries`, kept by the
 * program, or of `source`'s table), in counted steps: ordered strongest first
 * (`strongestSteps`), their finder (`findSteps`), then the rest ({@link layOutSteps}).
 */
export function* layoutReadSteps(
  reader: PieceReader,
  entries: readonly IndexEntry[] | null,
  source: ProgramRules | null,
): BuildSteps<ProgramLayout> {
  const reading = yield* strongestSteps(reader, entries, source);
  yield* findSteps(reading);
  return yield* layOutSteps(reading);
}

/** Build units a rule costs in each of {@link layOutSteps}' passes over the rules. */
const LAYOUT_RULE_UNITS = 20;
/** The most trie nodes copied in one step (`layOutSteps`): a step's charge stays small. */
const COPY_NODES = 1 << 15;

/** The last stage of {@link layoutProgram}: the rules keyed, ordered, their trie and tables. */
export function* layOutSteps(reading: PieceReading): BuildSteps<ProgramLayout> {
  const { entries, source, starts, pieceIds, lines, data, count } = reading;
  const finder = reading.finder!;
  // Each rule's key: of its pieces, the one whose group an ordinary path is least likely to
  // hold a piece of (the odds that a path of about 64 characters holds a piece taken as
  // 64 × 36^-length, its characters an alphabet of 36, summed over the group's pieces); then
  // the one fewest rules hold, then the longest.
  const uses = new Int32Array(finder.pieces);
  const seenIn = new Int32Array(finder.pieces).fill(NONE);
  for (let r = 0; r < count; r++) {
    if (charge(LAYOUT_RULE_UNITS + 5 * (starts[r + 1]! - starts[r]!))) yield;
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
    if (charge(10)) yield;
    odds[(id >> GROUP_SHIFT) + 1]! += Math.min(1, 64 / 36 ** Math.min(finder.lengthOf(id), 8));
  }
  const keys = new Int32Array(count);
  const keyed = new Uint8Array(groupCount);
  for (let r = 0; r < count; r++) {
    if (charge(LAYOUT_RULE_UNITS + 5 * (starts[r + 1]! - starts[r]!))) yield;
    // Its tail, if it has one: with `keyed`, a group is listed when a tail it keys is found.
    let key = starts[r + 1]! - starts[r]! > 1 ? pieceIds[starts[r + 1]! - 1]! : NONE;
    for (let k = starts[r]!; k < starts[r + 1]! && key === NONE; k++) {
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
    if (key !== NONE) keyed[keys[r]!]! |= 1 << (key & (GROUP - 1));
    groups[keys[r]! + 1]!++;
  }
  for (let g = 1; g < groups.length; g++) {
    groups[g]! += groups[g - 1]!;
    if (charge(5)) yield;
  }
  // The program's order: by group, strongest first within one (a stable counting sort).
  const order = new Int32Array(count);
  const next = groups.slice();
  for (let r = 0; r < count; r++) {
    order[next[keys[r]!]!++] = r;
    if (charge(10)) yield;
  }
  const groupStarts = count > 0xffff ? groups : Uint16Array.from(groups);
  // The trie, built in the program's order: (parent, piece) → node, a piece its finder id << 1,
  // | 1 for a prefix. At most one node a piece a rule, so the nodes' numbers fit `nodes` as
  // made, and an open-addressing table of at least twice as many slots finds each pair (a Map
  // of its numbers cost a third of the build: keys past 2^31 are heap numbers).
  const most = pieceIds.length + 1;
  const nodes = new Int32Array(NODE * most);
  let nodeCount = 1;
  const slotBits = bitsFor(2 * most);
  const slotMask = (1 << slotBits) - 1;
  const slots = new Int32Array(1 << slotBits);
  const runStarts: number[] = [];
  let depth = 1;
  let added = false;
  const childOf = (parent: number, piece: number): number => {
    let slot = pairSlot(parent, piece) >>> (32 - slotBits);
    for (;;) {
      const held = slots[slot]!;
      if (held === 0) break;
      if (nodes[NODE * held] === parent && nodes[NODE * held + PIECE_OF] === piece) return held;
      slot = (slot + 1) & slotMask;
    }
    const node = nodeCount++;
    nodes[NODE * node] = parent;
    nodes[NODE * node + PIECE_OF] = piece;
    slots[slot] = node;
    if (!added) runStarts.push(node);
    added = true;
    return node;
  };
  const tails = new Int32Array(count);
  const leaves = new Int32Array(count);
  for (let at = 0; at < count; at++) {
    const r = order[at]!;
    if (charge(LAYOUT_RULE_UNITS + 10 * (starts[r + 1]! - starts[r]!))) yield;
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
  const leafUses = new Int32Array(nodeCount);
  const tailUses = new Int32Array(finder.pieces);
  for (let at = 0; at < count; at++) {
    if (charge(10)) yield;
    leafUses[leaves[at]!]!++;
    if (tails[at] !== NONE) tailUses[tails[at]!]!++;
  }
  // Tails packed: in the rule's group (see `#tails`), or the others listed once each.
  const tailCodes = new Int32Array(count);
  const others = new Map<number, number>();
  let group = 0;
  for (let at = 0; at < count; at++) {
    if (charge(LAYOUT_RULE_UNITS)) yield;
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
    tailCodes[at] = (code << 1) | ((data[order[at]!]! & RULE_ANCHORED) !== 0 ? ANCHORED_BIT : 0);
  }
  // Listed when the list and the narrower codes cost less than each tail's own number.
  const listedBits = bitsFor(2 * (GROUP + others.size) + 1);
  const directBits = bitsFor(2 * (GROUP + finder.pieces) + 1);
  const direct = count * directBits <= count * listedBits + 32 * others.size;
  if (direct) {
    for (let at = 0; at < count; at++) {
      if (charge(10)) yield;
      const tail = tails[at]!;
      if (tailCodes[at]! >> 1 > GROUP)
        tailCodes[at] = ((GROUP + 1 + tail) << 1) | (tailCodes[at]! & 1);
    }
  }
  const otherTails = direct ? null : Int32Array.from(others.keys());
  const tailBits = direct ? directBits : listedBits;
  const packedTails = packInts(tailCodes, tailBits);
  const leafCodes = new Int32Array(count);
  for (let at = 0; at < count; at++) {
    if (charge(LAYOUT_RULE_UNITS)) yield;
    const tail = tails[at]!;
    const tailFirst = tail !== NONE && tailUses[tail]! > leafUses[leaves[at]!]!;
    leafCodes[at] = (leaves[at]! << 1) | (tailFirst ? TAIL_FIRST_BIT : 0);
  }
  const leafBits = bitsFor(2 * nodeCount - 1);
  const packedLeaves = packInts(leafCodes, leafBits);
  const made = nodes.subarray(0, NODE * nodeCount);
  const narrow = nodeCount <= 0xffff && 2 * finder.pieces < 0xffff;
  const trie = narrow ? new Uint16Array(made.length) : new Int32Array(made.length);
  const keyFinder = yield* keyFinderSteps(
    finder,
    keyed,
    GROUP_SHIFT,
    reading.texts,
    reading.renumber!,
    reading.source?.text.length ?? 0,
  );
  // Copied a unit a node, in steps of at most `COPY_NODES` (long rules make a node a piece).
  for (let from = 0; from < made.length; from += NODE * COPY_NODES) {
    trie.set(made.subarray(from, from + NODE * COPY_NODES), from);
    if (charge(Math.min(COPY_NODES, nodeCount - from / NODE))) yield;
  }
  const skeletons = yield* skeletonSteps(nodes, leaves, count, depth, finder);
  const runStartBits = new Int32Array((nodeCount >> 5) + 1);
  for (const node of runStarts) runStartBits[node >> 5]! |= 1 << (node & 31);
  if (charge(runStarts.length + count)) yield;
  // The items: rules of the source's table, or of one made of the entries.
  let table: Int32Array;
  let size: number;
  let tableRules: number;
  let owned = 0;
  const items = new Int32Array(count);
  const specialRules: number[] = [];
  const specialData: number[] = [];
  if (source === null) {
    table = new Int32Array(3 * count);
    for (let at = 0; at < count; at++) {
      if (charge(LAYOUT_RULE_UNITS)) yield;
      const r = order[at]!;
      table[3 * at] = (lines[r]! << 2) | (data[r]! & RULE_ALLOW);
      table[3 * at + 2] = data[r]! >>> PRIORITY_SHIFT;
      items[at] = at;
    }
    size = 3;
    tableRules = count;
    owned = table.byteLength;
  } else {
    const rules = source.rules;
    table = rules instanceof Int32Array ? rules : Int32Array.from(rules);
    if (table !== rules) owned = table.byteLength;
    size = ruleSize(rules);
    tableRules = ruleCount(rules);
    for (let at = 0; at < count; at++) {
      if (charge(LAYOUT_RULE_UNITS)) yield;
      const read = order[at]!;
      const r = ruleAtLine(rules, lines[read]!);
      const priority = data[read]! >>> PRIORITY_SHIFT;
      const rewrite = (data[read]! & RULE_REWRITE) !== 0;
      if (!rewrite && valueLength(rules, r) === priority) {
        items[at] = r / size;
        continue;
      }
      items[at] = tableRules + specialRules.length;
      specialRules.push(r / size);
      specialData.push((priority << 1) | (rewrite ? 1 : 0));
    }
  }
  const itemList = tableRules + specialRules.length <= 0xffff ? Uint16Array.from(items) : items;
  // An entry kept (`estimateBytes`'s 180 and 64 a piece) or a slot of one made.
  let entryBytes = 0;
  if (source === null && entries !== null) {
    for (const entry of entries) entryBytes += 188 + 64 * entry.pieces!.length;
  } else entryBytes = (8 + 260) * MADE_SLOTS;
  const bytes =
    1024 +
    entryBytes +
    owned +
    itemList.byteLength +
    8 * specialRules.length +
    packedTails.byteLength +
    (otherTails?.byteLength ?? 0) +
    packedLeaves.byteLength +
    groupStarts.byteLength +
    keyed.byteLength +
    trie.byteLength +
    runStartBits.byteLength +
    (skeletons?.byteLength ?? 0) +
    (keyFinder?.bytes ?? 0) +
    finder.bytes;
  return {
    entries:
      source === null && entries !== null
        ? Array.from(order, (r) => entries[reading.rows[r]!]!)
        : null,
    make: source?.make ?? null,
    table,
    size,
    tableRules,
    items: itemList,
    specialRules: Int32Array.from(specialRules),
    specialData: Int32Array.from(specialData),
    tails: packedTails,
    tailBits,
    otherTails,
    leaves: packedLeaves,
    leafBits,
    groupStarts,
    keyed,
    nodes: trie,
    runStarts: runStartBits,
    depth,
    skeletons,
    finder,
    keys: keyFinder,
    bytes,
  };
}
