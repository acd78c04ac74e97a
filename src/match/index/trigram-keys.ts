/**
 * Which trigram each rule of a {@link TrigramIndex} is filed under when many share one
 * (`spreadCrowdedKeys`), and the bit filter of the keys a walk tests first (`trigramFilter`).
 * Runs when a large set's short-prefix wildcard rules are indexed, once per set.
 */

import { RuleFlag } from '../../parse/read-groups.js';
import { keepShape } from '../../util/kept-shape.js';
import { type BuildSteps, buildAtOnce, charge } from '../build-steps.js';
import { type RuleNumbers, ruleAt, ruleCount, valueLength, valueStart } from '../rule-table.js';
import { hashOf, type KeyFilter, slotOf } from './key-table.js';
import type { TrigramIndex } from './trigram-index.js';

/** The trigram at `text[i, i + 3)` as one number (patterns are ASCII). */
export function trigramAt(text: string, i: number): number {
  return (text.charCodeAt(i) << 16) | (text.charCodeAt(i + 1) << 8) | text.charCodeAt(i + 2);
}

/**
 * Rules under one key above which they are filed under other trigrams of theirs (see
 * {@link spreadCrowdedKeys}).
 */
const CROWDED = 16;

/** Moving rules whose keys are counted to tell which are rare (see {@link spreadCrowdedKeys}). */
const SAMPLE = 64;

/**
 * The bytes a key costs an index at most (its slots in the key table and its filter, 8 to 16 in
 * the trigram filter, its group's start and walk number).
 */
export const KEY_BYTES = 60;

/**
 * Files the rules of crowded keys under other keys of theirs. A rule can be filed under any
 * trigram of any of its pieces (each occurs in every path it matches), with the character
 * before it when the piece has one; the last of its longest piece is rarely a bad choice, but
 * rules that share an ending (`/*.print.html`, `/*.embed.html`, … by the hundred) would all be
 * tested whenever a path has that ending. The rules as written (not those that differ from their
 * text: escaped, or rewrites) under a key with more than {@link CROWDED} rules are filed again:
 * each under its rarest key (the one fewest rules have, counted among the others and a sample
 * of {@link SAMPLE} of the moving ones; the first from the end of the pattern among equals) when
 * the keys this adds cost at most half the body's size ({@link KEY_BYTES} each); else, in file
 * order, each under the key of its own that holds the most rules while fewer than
 * {@link CROWDED} (a new key only when none has room: among equals the one that fits a new key
 * best, see {@link fitsBetter}), or, when all of its keys are full, under the one that holds
 * the fewest. `keys` (of the items at `at` in `ids`) is updated in place.
 */
export function spreadCrowdedKeys(
  text: string,
  rules: RuleNumbers,
  ids: ArrayLike<number>,
  at: Int32Array,
  keys: Int32Array,
): void {
  buildAtOnce(spreadSteps(text, rules, ids, at, keys));
}

/** Build units a key looked up or counted costs (`spreadSteps`). */
const KEY_UNITS = 4;

/** {@link spreadCrowdedKeys} in counted steps (`build-steps.ts`): a rule's keys at a time. */
export function* spreadSteps(
  text: string,
  rules: RuleNumbers,
  ids: ArrayLike<number>,
  at: Int32Array,
  keys: Int32Array,
): BuildSteps<void> {
  const counts = new KeyCounts(keys.length);
  let crowded = false;
  for (let h = 0; h < keys.length; h++) {
    if (counts.add(keys[h]!) > CROWDED) crowded = true;
    if (charge(KEY_UNITS)) yield;
  }
  if (!crowded) return;
  const count = ruleCount(rules);
  // Which items move (as written, under a crowded key), and the rules under each key otherwise
  // (room for as many keys again: the moving rules' new ones).
  const moves = new Uint8Array(keys.length);
  const held = new KeyCounts(2 * keys.length);
  let moving = 0;
  for (let h = 0; h < keys.length; h++) {
    const key = keys[h]!;
    const id = ids[at[h]!]!;
    // An escaped rule's pieces are not its text's: it stays.
    const asWritten = id < count && (rules[ruleAt(rules, id)]! & RuleFlag.escaped) === 0;
    if (asWritten && counts.get(key) > CROWDED) {
      moves[h] = 1;
      moving++;
    } else {
      held.add(key);
    }
    if (charge(KEY_UNITS)) yield;
  }
  // How many of the moving rules have each key, estimated from a sample of them (every
  // `stride`-th, at most SAMPLE: what many share shows there; a rule has fewer keys than
  // characters).
  const stride = Math.ceil(moving / SAMPLE);
  let pieceChars = 0;
  for (let h = 0, k = 0; h < keys.length; h++) {
    if (moves[h] !== 0 && k++ % stride === 0) {
      pieceChars += valueLength(rules, ruleAt(rules, ids[at[h]!]!));
    }
  }
  const shared = new KeyCounts(pieceChars);
  const share = (key: number): void => {
    shared.add(key);
  };
  for (let h = 0, k = 0; h < keys.length; h++) {
    if (moves[h] !== 0 && k++ % stride === 0) {
      forEachKey(text, ruleAt(rules, ids[at[h]!]!), rules, share);
      if (charge(KEY_UNITS * valueLength(rules, ruleAt(rules, ids[at[h]!]!)))) yield;
    }
  }
  // Each moving rule's rarest key, and the keys that would add.
  const rarest = new Int32Array(keys.length);
  let rare = 0;
  let fewestRules = 0;
  const rarer = (key: number): void => {
    const n = stride * shared.get(key) + held.get(key);
    if (n < fewestRules) {
      fewestRules = n;
      rare = key;
    }
  };
  const added = new KeyCounts(keys.length);
  let adds = 0;
  for (let h = 0; h < keys.length; h++) {
    if (moves[h] === 0) continue;
    rare = keys[h]!;
    fewestRules = stride * shared.get(rare) + held.get(rare);
    forEachKey(text, ruleAt(rules, ids[at[h]!]!), rules, rarer);
    if (charge(KEY_UNITS * valueLength(rules, ruleAt(rules, ids[at[h]!]!)))) yield;
    rarest[h] = rare;
    if (held.get(rare) === 0 && added.add(rare) === 1) adds++;
  }
  if (adds * KEY_BYTES <= text.length / 2) {
    for (let h = 0; h < keys.length; h++) if (moves[h] !== 0) keys[h] = rarest[h]!;
    return;
  }
  // Packed: how many of all the moving rules have each key, counted.
  let allChars = 0;
  for (let h = 0; h < keys.length; h++) {
    if (moves[h] !== 0) allChars += valueLength(rules, ruleAt(rules, ids[at[h]!]!));
  }
  const all = new KeyCounts(allChars);
  const countAll = (key: number): void => {
    all.add(key);
  };
  for (let h = 0; h < keys.length; h++) {
    if (moves[h] === 0) continue;
    forEachKey(text, ruleAt(rules, ids[at[h]!]!), rules, countAll);
    if (charge(KEY_UNITS * valueLength(rules, ruleAt(rules, ids[at[h]!]!)))) yield;
  }
  let best = 0;
  let most = -1;
  let bestShared = 0;
  let fallback = 0;
  let fewest = 0;
  const consider = (key: number): void => {
    const n = held.get(key);
    if (n < CROWDED) {
      if (n > most || (n === most && fitsBetter(all.get(key), bestShared))) {
        most = n;
        best = key;
        bestShared = all.get(key);
      }
    } else if (n < fewest) {
      fewest = n;
      fallback = key;
    }
  };
  for (let h = 0; h < keys.length; h++) {
    if (moves[h] === 0) continue;
    most = -1;
    fallback = keys[h]!;
    fewest = held.get(fallback);
    forEachKey(text, ruleAt(rules, ids[at[h]!]!), rules, consider);
    if (charge(KEY_UNITS * valueLength(rules, ruleAt(rules, ids[at[h]!]!)))) yield;
    const key = most >= 0 ? best : fallback;
    keys[h] = key;
    held.add(key);
  }
}

/**
 * Counts of integer keys, for up to a given number of distinct keys: an open-addressing table,
 * at most half full (a `Map` of numbers costs several times as much a key counted).
 */
class KeyCounts {
  readonly #keys: Int32Array;
  readonly #counts: Int32Array;
  readonly #shift: number;

  constructor(capacity: number) {
    let bits = 4;
    while (1 << bits < 2 * capacity) bits++;
    this.#keys = new Int32Array(1 << bits);
    this.#counts = new Int32Array(1 << bits);
    this.#shift = 32 - bits;
  }

  /** The slot of `key`: where it is, or the empty one where it goes. */
  #slot(key: number): number {
    const keys = this.#keys;
    const counts = this.#counts;
    const mask = keys.length - 1;
    let slot = slotOf(key) >>> this.#shift;
    while (counts[slot] !== 0 && keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  /** Counts `key` once more; returns its count. */
  add(key: number): number {
    const slot = this.#slot(key);
    this.#keys[slot] = key;
    return ++this.#counts[slot]!;
  }

  /** How many times `key` was counted. */
  get(key: number): number {
    return this.#counts[this.#slot(key)]!;
  }
}

/** See `keepShape`: counts live only during an index build. */
keepShape(new KeyCounts(0));

/**
 * Whether a key `shared` by this many of the rules filed again fits a new group better than one
 * shared by `other`: the fewest that can fill a key ({@link CROWDED}), else the most. A key
 * many rules share is common in paths too (`html`); one that no other rule has makes a key a
 * rule (a few dozen bytes each).
 */
function fitsBetter(shared: number, other: number): boolean {
  return shared >= CROWDED ? other < CROWDED || shared < other : other < CROWDED && shared > other;
}

/**
 * Calls `visit` with every key (as {@link trigramKey} makes them: a trigram, and the character
 * before it in its piece if there is one) of the pieces of the wildcard rule at `r`, from the
 * end of the pattern back.
 */
function forEachKey(
  text: string,
  r: number,
  rules: RuleNumbers,
  visit: (key: number) => void,
): void {
  const start = valueStart(rules, r);
  const end = start + valueLength(rules, r);
  const last = text.charCodeAt(end - 1) === 0x24 ? end - 1 : end;
  // The literal prefix (one character at most) holds no trigram; pieces follow its `*`.
  const first = text.indexOf('*', start);
  let pieceEnd = last;
  for (let i = last - 1; i >= first; i--) {
    if (text.charCodeAt(i) !== 0x2a) continue;
    // The piece is text(i, pieceEnd).
    for (let j = pieceEnd - 3; j > i; j--) {
      const trigram = trigramAt(text, j);
      visit(j > i + 1 ? (text.charCodeAt(j - 1) << 24) | trigram : trigram);
    }
    pieceEnd = i;
  }
}

/**
 * A bit filter of the trigrams (low 24 bits) of `keys`, of `least` bits at least, in the format a
 * walk tests (`hashOf(trigram) >>> shift`).
 */
export function trigramFilter(keys: Int32Array, least: number): KeyFilter {
  let size = 5;
  while (1 << size < least) size++;
  const shift = 32 - size;
  const bits = new Int32Array(1 << (size - 5));
  for (const key of keys) {
    const bit = hashOf(key & 0xffffff) >>> shift;
    bits[bit >>> 5]! |= 1 << (bit & 31);
  }
  return { bits, shift };
}
