/**
 * The wildcard rules with an empty or one-character literal prefix of a rule set read from a
 * rule table (`RuleTable`), in a few bytes a rule: filed, as a {@link TrigramIndex} files their
 * entries, under a trigram of their longest literal piece (those without a piece of 3
 * characters are scanned on every check), but as rule numbers in typed arrays, and split by the
 * character before that trigram when the piece has one: a walk that meets the trigram tests the
 * rules of its piece's length 3 and those whose piece has the path's character before it (a
 * path with `filter=` tests `/*&filter=`, not `/*?*order=`). A check reads a
 * candidate's priority, line and kind from the table, and makes an {@link IndexEntry} only of a
 * rule it must match further (one it could beat the best with, whose prefix the path has); the
 * last few made are kept. A rule whose value is escaped (the table's `escaped` flag) is its rule
 * number too, made an entry when a check reaches it (which tells its priority and prefix); an
 * `index.html` rewrite keeps its priority and prefix's character (8 bytes). It answers as a
 * `TrigramIndex` and a scanned list over the rules' entries do, with the same work.
 */

import type { BodyText } from '../../parse/body.js';
import { RuleFlag } from '../../parse/read-groups.js';
import { keepShape } from '../../util/kept-shape.js';
import type { PathSearch } from '../path-search.js';
import { charBit } from '../path-search.js';
import type { IndexEntry, MatchState } from '../rule-entry.js';
import {
  type COMPACT_RULE,
  type LENGTH_BITS,
  type RuleNumbers,
  ruleAt,
  ruleCount,
  valueLength,
  valueStart,
} from '../rule-table.js';
import { type ScanStep, scanStep } from '../strategy.js';
import { KeptEntries } from './kept-entries.js';
import { holdsAnchor, keyAnchors } from './key-anchors.js';
import { groupOrder, hashOf, type KeyFilter, KeyTable, slotOf } from './key-table.js';
import { sortByPriority } from './table-prefix-index.js';
import { trigramAt } from './trigram-index.js';

/** The key of a rule without a literal piece of 3 characters: scanned on every check. */
export const NO_TRIGRAM = -1;

/**
 * What the index files, in file order. An item is a rule, by its number in the table
 * (`ruleNumber`), or an `index.html` rewrite, numbered from the table's rule count on: its
 * rule's number in `specials`, its prefix's one character (or -1) in `firsts`.
 */
export interface WildcardItems {
  readonly ids: number[];
  readonly specials: number[];
  readonly firsts: number[];
  /** Each item's key ({@link trigramKey}), or {@link NO_TRIGRAM}. */
  readonly keys: number[];
  /** Each item's priority: its pattern's length. */
  readonly priorities: number[];
}

/**
 * The key a wildcard pattern `pattern[start, end)` whose literal prefix ends at `prefixEnd` (at
 * a `*`) is filed under: the last three characters of its longest piece (the first of the
 * longest), as `longestPiece` finds it for an entry, and the one before them if there is one,
 * eight bits each (as a walk's window holds the path's last four characters);
 * {@link NO_TRIGRAM} when no piece has 3. The low 24 bits are the trigram.
 */
export function trigramKey(pattern: string, start: number, end: number, prefixEnd: number): number {
  const last = end > start && pattern.charCodeAt(end - 1) === 0x24 ? end - 1 : end;
  let longest = 0;
  let longestEnd = 0;
  let from = prefixEnd + 1;
  for (let i = from; i <= last; i++) {
    if (i < last && pattern.charCodeAt(i) !== 0x2a) continue;
    if (i - from > longest) {
      longest = i - from;
      longestEnd = i;
    }
    from = i + 1;
  }
  if (longest < 3) return NO_TRIGRAM;
  const trigram = trigramAt(pattern, longestEnd - 3);
  return longest === 3 ? trigram : (pattern.charCodeAt(longestEnd - 4) << 24) | trigram;
}

/**
 * Entries kept, at most: one slot per item of a smaller set (what a set of entries would keep);
 * a larger set keeps at most this many, however large it is.
 */
const KEPT_SLOTS = 256;

/** Rules without a trigram from which a walk notes the path's characters (see `notesChars`). */
const NOTE_CHARS_FROM = 4;

/**
 * The rule table's flags and layout and the scan steps, as module constants for
 * `TableTrigramIndex.#test`'s loop (V8 folds them; an imported object or function costs a check
 * of its binding at every use).
 */
const ALLOW: typeof RuleFlag.allow = 1;
const ESCAPED: typeof RuleFlag.escaped = 2;
const COMPACT: typeof COMPACT_RULE = 2;
const LENGTH_SHIFT: typeof LENGTH_BITS = 13;
const LENGTH_MASK = (1 << LENGTH_SHIFT) - 1;
const PASS: typeof ScanStep.pass = 1;
const STOP: typeof ScanStep.stop = 2;

/** The special items of an index without any (see `TableTrigramIndex.#specials`). */
const NONE = new Int32Array(0);

/** A rule's bytes in a kept entry (the object, its pattern, prefix and pieces). */
const ENTRY_BYTES = 260;

/** The short-prefix wildcard rules of one rule table; immutable but for the entries it keeps. */
export class TableTrigramIndex {
  readonly #body: BodyText;
  readonly #rules: RuleNumbers;
  readonly #ruleCount: number;
  /**
   * Per `index.html` rewrite (see {@link WildcardItems}): its rule's number, and its priority
   * << 8 | its prefix's character + 1 (0: empty prefix).
   */
  readonly #specials: Int32Array;
  readonly #specialData: Int32Array;
  /** The items without a trigram, strongest first. */
  readonly #scanned: Int32Array;
  /**
   * Per scanned item, the characters its pieces need (as `PathSearch.charsLow`, `charsHigh`;
   * none for a pattern that differs from its text, escaped or a rewrite): a path without one of
   * them is passed over.
   */
  readonly #scannedChars: Int32Array;
  /** The items with one, by trigram; strongest first within a group. */
  readonly #items: Int32Array;
  /** Items of group g are `#items[#starts[g], #starts[g + 1])`. */
  readonly #starts: Int32Array;
  /** The groups: one per key (a trigram, or a trigram and the character before it). */
  readonly #keys: KeyTable;
  /** The trigrams of the keys (their low 24 bits), which a walk tests before {@link at}. */
  readonly #trigrams: KeyFilter;
  /** Number of the walk that last tested each group (see `TrigramIndex`). */
  readonly #walked: Int32Array;
  #walks = 0;
  /**
   * Entries made of items, by item number (`#items` then `#scanned`): a power of two of slots,
   * one per item up to {@link KEPT_SLOTS}.
   */
  readonly #kept: KeptEntries;
  /**
   * A few characters one of which every rule filed under a key needs in the piece that holds
   * its key, or null (see {@link keyAnchors}); and how far before the first of them in a path
   * a key can start.
   */
  readonly #anchors: readonly string[] | null;
  readonly #lead: number;
  /**
   * Whether each rule without a trigram (which {@link scan} tests) has an anchor in a piece:
   * then none matches a path without anchors (`firstPlace` −1), and the scan is passed over.
   */
  readonly scanAnchored: boolean;
  /** Bytes retained but for the kept entries. */
  readonly #bytes: number;

  /** `items`: in file order, from the table `rules` of `body`. */
  constructor(body: BodyText, rules: RuleNumbers, rfc9309: boolean, items: WildcardItems) {
    const { ids, specials, firsts, keys, priorities } = items;
    let hashed = 0;
    for (const key of keys) if (key !== NO_TRIGRAM) hashed++;
    const hashedKeys = new Int32Array(hashed);
    const hashedAt = new Int32Array(hashed);
    const scanned = new Int32Array(ids.length - hashed);
    const scannedPriorities = new Int32Array(scanned.length);
    let h = 0;
    let s = 0;
    for (let k = 0; k < ids.length; k++) {
      if (keys[k] === NO_TRIGRAM) {
        scanned[s] = ids[k]!;
        scannedPriorities[s++] = priorities[k]!;
      } else {
        hashedKeys[h] = keys[k]!;
        hashedAt[h++] = k;
      }
    }
    spreadCrowdedKeys(body.text, rules, ids, hashedAt, hashedKeys);
    const anchors = keyAnchors(body.text, rules, ids, hashedAt, hashedKeys);
    this.#anchors = anchors === null ? null : anchors.chars;
    this.#lead = anchors === null ? 0 : anchors.lead;
    this.scanAnchored = anchors !== null && scanned.length > 0;
    for (let i = 0; i < scanned.length && this.scanAnchored; i++) {
      this.scanAnchored = holdsAnchor(body.text, rules, scanned[i]!, anchors!.chars);
    }
    sortByPriority(scanned, scannedPriorities, 0, scanned.length);
    const scannedChars = new Int32Array(2 * scanned.length);
    const count = ruleCount(rules);
    for (let i = 0; i < scanned.length; i++) {
      if (scanned[i]! >= count) continue;
      const r = ruleAt(rules, scanned[i]!);
      if ((rules[r]! & RuleFlag.escaped) !== 0) continue;
      const start = valueStart(rules, r);
      const end = start + valueLength(rules, r);
      const text = body.text;
      // The prefix (one character at most) is tested apart; a final `$` is no character.
      const from = text.indexOf('*', start);
      if (from < 0 || from >= end) continue;
      const last = text.charCodeAt(end - 1) === 0x24 ? end - 1 : end;
      for (let j = from + 1; j < last; j++) {
        const c = text.charCodeAt(j);
        if (c === 0x2a) continue;
        if (c < 0x40) scannedChars[2 * i]! |= charBit(c);
        else scannedChars[2 * i + 1]! |= charBit(c);
      }
    }
    const groups = new Int32Array(hashed);
    const counts: number[] = [];
    // Keys as many as the rules cost more than the body (`Disallow: /*<random>`, each rule a key
    // of its own): past half the body's size, buckets of keys (see `KeyTable`).
    const maxGroups = Math.floor(body.text.length / (2 * KEY_BYTES));
    this.#keys = new KeyTable(hashedKeys, groups, counts, maxGroups);
    // 64 bits a key (a walk tests it at every path character; with 16, half of the tests it
    // passed on the large bench file found no key), or 8 when they fill buckets (where the
    // body's size is what is spared).
    const bucketed = this.#keys.size < this.#keys.distinct;
    this.#trigrams = trigramFilter(hashedKeys, this.#keys.distinct * (bucketed ? 8 : 64));
    const { starts, order } = groupOrder(groups, counts);
    const grouped = new Int32Array(hashed);
    const groupedPriorities = new Int32Array(hashed);
    for (let i = 0; i < hashed; i++) {
      const k = hashedAt[order[i]!]!;
      grouped[i] = ids[k]!;
      groupedPriorities[i] = priorities[k]!;
    }
    for (let g = 0; g < counts.length; g++) {
      sortByPriority(grouped, groupedPriorities, starts[g]!, starts[g + 1]!);
    }
    this.#body = body;
    this.#rules = rules;
    this.#ruleCount = ruleCount(rules);
    // Most files have none: one empty array serves them (a typed array costs about 140 bytes).
    this.#specials = specials.length === 0 ? NONE : Int32Array.from(specials);
    this.#specialData = specials.length === 0 ? NONE : new Int32Array(specials.length);
    for (let k = 0; k < ids.length; k++) {
      const special = ids[k]! - this.#ruleCount;
      if (special >= 0) this.#specialData[special] = (priorities[k]! << 8) | (firsts[special]! + 1);
    }
    this.#scanned = scanned;
    this.#scannedChars = scannedChars;
    this.#items = grouped;
    this.#starts = starts;
    this.#walked = new Int32Array(counts.length);
    let slots = 1;
    while (slots < KEPT_SLOTS && slots < ids.length) slots <<= 1;
    this.#kept = new KeptEntries(body, rules, rfc9309, slots);
    // Five typed arrays (about 200 bytes each besides their elements) and the kept slots.
    this.#bytes =
      1024 +
      scanned.byteLength +
      scannedChars.byteLength +
      grouped.byteLength +
      starts.byteLength +
      this.#walked.byteLength +
      this.#keys.byteLength +
      this.#trigrams.bits.byteLength +
      8 * specials.length;
  }

  /** An estimate of the bytes it retains, as `RuleIndex.estimatedBytes`: more as it keeps entries. */
  get estimatedBytes(): number {
    return this.#bytes + this.#kept.estimatedBytes(ENTRY_BYTES);
  }

  /** Whether some rule is filed under a trigram (else a walk need not slide over the path). */
  get hasTrigrams(): boolean {
    return this.#items.length > 0;
  }

  /**
   * Whether a walk should note the path's characters for {@link scan}: it has enough rules
   * without a trigram that passing over those needing a character the path lacks saves more
   * than noting costs. Noting costs every path character a few instructions (6% of ExampleBot's
   * steady check on the large bench file, which has one such rule); testing a rule straight
   * away, a kept entry and a native search or two.
   */
  get notesChars(): boolean {
    return this.#scanned.length >= NOTE_CHARS_FROM;
  }

  /** Tests the rules without a trigram, strongest first (what a scanned list of entries does). */
  scan(path: string, state: MatchState): void {
    const scanned = this.#scanned;
    this.#test(scanned, 0, scanned.length, this.#items.length, path, state, this.#scannedChars);
  }

  /**
   * Where in `path` the first key a walk must meet can start: 0 when the index has no anchors,
   * −1 when the path holds none of them (no rule filed under a key can match it). A rule that
   * matches has the piece holding its key in the path, and with it one of the anchors, at most
   * the index's lead after the key's start: so the key starts no sooner than the lead before
   * the path's first anchor. Found with a native search per anchor (a few), each counted as a
   * pass over the path; the walk then reads the trigrams from there on only.
   */
  firstPlace(path: string, search: PathSearch): number {
    const anchors = this.#anchors;
    if (anchors === null) return 0;
    search.work += anchors.length * path.length;
    let first = -1;
    for (let i = 0; i < anchors.length; i++) {
      const at = path.indexOf(anchors[i]!);
      if (at >= 0 && (first < 0 || at < first)) first = at;
    }
    return first < 0 ? -1 : Math.max(0, first - this.#lead);
  }

  /** Starts a walk; returns its number, which `at` takes. */
  start(): number {
    // It never wraps: past 2^31 no stored Int32 can equal it, which only turns the skip off.
    return ++this.#walks;
  }

  /** The filter of its trigrams, as `TrigramIndex.keyFilter`. */
  get keyFilter(): KeyFilter {
    return this.#trigrams;
  }

  /**
   * One step of walk number `walk`, as `TrigramIndex.at`: `window` holds the path's last four
   * characters (its top eight bits are 0 at the third). Tests the rules filed under the last
   * three, then those under the four; each group once a walk. A rule whose piece has four or
   * more characters is tested where the walk first meets its last four: before the path holds
   * the piece, it cannot match.
   */
  at(window: number, walk: number, path: string, state: MatchState): void {
    this.#visit(this.#keys.find(window & 0xffffff), walk, path, state);
    if (window >>> 24 !== 0) this.#visit(this.#keys.find(window), walk, path, state);
  }

  /** Tests the rules of `group` (none if it is −1), unless walk number `walk` already has. */
  #visit(group: number, walk: number, path: string, state: MatchState): void {
    if (group < 0 || this.#walked[group] === walk) return;
    this.#walked[group] = walk;
    this.#test(this.#items, this.#starts[group]!, this.#starts[group + 1]!, 0, path, state, null);
  }

  /**
   * Tests `items[from, to)` (strongest first) against `path`, as `scanEntries` tests entries:
   * until one can beat neither best, or the check's work passes its budget. `base`: the place
   * of `items` among all the items, which names an item's kept entry. `chars`: for the scanned
   * items (from 0), the characters each needs.
   */
  #test(
    items: Int32Array,
    from: number,
    to: number,
    base: number,
    path: string,
    state: MatchState,
    chars: Int32Array | null,
  ): void {
    const search = state.search;
    const rules = this.#rules;
    const text = this.#body.text;
    // The table's layout, read once and in place (as `ruleSize`): its accessors are imported
    // functions, which cost V8 a check of their binding at every call, and their reads of the
    // table see arrays and typed arrays (from all their callers), which costs a check of both.
    const size = rules[rules.length - 2]!;
    const compact = size === COMPACT;
    const ruleCount = this.#ruleCount;
    const verdictOnly = search.verdictOnly;
    for (let k = from; k < to; k++) {
      const id = items[k]!;
      let priority: number;
      let line: number;
      let allow: boolean;
      // The prefix's one character, or -1 for an empty prefix; for a pattern as written, read
      // only if the rule is to be matched (from `firstAt`, where its value starts).
      let first = -1;
      let firstAt = -1;
      let entry: IndexEntry | null = null;
      if (id < ruleCount) {
        const r = id * size;
        const head = rules[r]!;
        line = head >> 2;
        allow = (head & ALLOW) !== 0;
        if ((head & ESCAPED) !== 0) {
          // An escaped value's pattern is its entry's.
          entry = this.#entry(id, base + k);
          priority = entry.priority;
          first = entry.prefix.length === 0 ? -1 : entry.prefix.charCodeAt(0);
        } else {
          // The pattern is the value as written: its length is the priority (as `valueLength`,
          // `valueStart`).
          const value = rules[r + 1]!;
          priority = compact ? value & LENGTH_MASK : rules[r + 2]! - value;
          firstAt = compact ? value >>> LENGTH_SHIFT : value;
        }
      } else {
        const special = id - ruleCount;
        const head = rules[this.#specials[special]! * size]!;
        const data = this.#specialData[special]!;
        priority = data >> 8;
        line = head >> 2;
        allow = (head & ALLOW) !== 0;
        first = (data & 0xff) - 1;
      }
      const step = scanStep(allow, priority, line, state, verdictOnly);
      if (step === STOP) return;
      if (step === PASS) continue;
      if (firstAt >= 0) {
        const c = text.charCodeAt(firstAt);
        if (c !== 0x2a) first = c;
      }
      // One unit for the entry, one per prefix character compared.
      search.work += first < 0 ? 1 : 2;
      if (search.work > search.budget) return;
      if (first >= 0 && (path.length === 0 || path.charCodeAt(0) !== first)) continue;
      // A scanned rule needing a character the path lacks (when the walk noted them).
      if (chars !== null && !search.mayHold(chars[2 * k]!, chars[2 * k + 1]!)) continue;
      entry ??= this.#entry(id, base + k);
      if (!search.matchesAfterPrefix(entry)) continue;
      if (allow) state.allow = entry;
      else state.disallow = entry;
    }
  }

  /** The entry of item `id` (item number `item`), kept or made. */
  #entry(id: number, item: number): IndexEntry {
    const special = id - this.#ruleCount;
    if (special < 0) return this.#kept.get(item, ruleAt(this.#rules, id), false);
    return this.#kept.get(item, ruleAt(this.#rules, this.#specials[special]!), true);
  }
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
const KEY_BYTES = 60;

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
function spreadCrowdedKeys(
  text: string,
  rules: RuleNumbers,
  ids: readonly number[],
  at: Int32Array,
  keys: Int32Array,
): void {
  const counts = new KeyCounts(keys.length);
  let crowded = false;
  for (const key of keys) if (counts.add(key) > CROWDED) crowded = true;
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
    if (moves[h] !== 0) forEachKey(text, ruleAt(rules, ids[at[h]!]!), rules, countAll);
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
function trigramFilter(keys: Int32Array, least: number): KeyFilter {
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
