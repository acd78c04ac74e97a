/**
 * The wildcard rules with an empty or one-character literal prefix of a rule set (`/*.pdf$`,
 * `/*?sort=`), which would otherwise be candidates for every path, in a few bytes a rule: filed
 * under a trigram of their longest literal piece, which must occur in any path they match (those
 * without a piece of 3 characters are scanned on every check), as rule numbers in typed arrays,
 * and split by the character before that trigram when the piece has one: a walk (`RuleIndex`)
 * that meets the trigram tests the rules of its piece's length 3 and those whose piece has the
 * path's character before it (a path with `filter=` tests `/*&filter=`, not `/*?*order=`). A
 * check reads a candidate's priority, line and kind from the rule table, and makes an
 * {@link IndexEntry} only of a rule it must match further (one it could beat the best with,
 * whose prefix the path has); the last few made are kept. A rule whose pattern differs from its
 * text (the table's `escaped` flag: a percent-encoded value, or every rule of a list) is its rule
 * number too, made an entry when a check reaches it (which tells its priority and prefix); an
 * `index.html` rewrite keeps its priority and prefix's character (8 bytes).
 *
 * Built once per set of more than `SMALL_SET` rules; walked at every later check until the set's
 * wildcard program replaces it.
 */

import { RuleFlag } from '../../parse/read-groups.js';
import { type BuildSteps, charge } from '../build-steps.js';
import type { PathSearch } from '../path-search.js';
import { charBit } from '../path-search.js';
import { type IndexEntry, type MatchState, sortByPriority } from '../rule-entry.js';
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
import type { RuleEntries, RuleSource } from './kept-entries.js';
import { holdsAnchor, type KeyAnchors, keyAnchorSteps, keyAnchors } from './key-anchors.js';
import { groupOrder, type KeyFilter, KeyTable } from './key-table.js';
import {
  KEY_BYTES,
  spreadCrowdedKeys,
  spreadSteps,
  trigramAt,
  trigramFilter,
} from './trigram-keys.js';

/** The key of a rule without a literal piece of 3 characters: scanned on every check. */
export const NO_TRIGRAM = -1;

/**
 * What the index files, in file order. An item is a rule, by its number in the table
 * (`ruleNumber`), or an `index.html` rewrite, numbered from the table's rule count on: its
 * rule's number in `specials`, its prefix's one character (or -1) in `firsts`.
 */
export interface WildcardItems {
  readonly ids: Int32Array | number[];
  readonly specials: Int32Array | number[];
  readonly firsts: Int32Array | number[];
  /** Each item's key ({@link trigramKey}), or {@link NO_TRIGRAM}. */
  readonly keys: Int32Array | number[];
  /** Each item's priority: its pattern's length. */
  readonly priorities: Int32Array | number[];
}

/**
 * The key a wildcard pattern `pattern[start, end)` whose literal prefix ends at `prefixEnd` (at
 * a `*`) is filed under: the last three characters of its longest piece (the first of the
 * longest), and the one before them if there is one,
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
 * `TrigramIndex.#test`'s loop (V8 folds them; an imported object or function costs a check
 * of its binding at every use).
 */
const ALLOW: typeof RuleFlag.allow = 1;
const ESCAPED: typeof RuleFlag.escaped = 2;
const COMPACT: typeof COMPACT_RULE = 2;
const LENGTH_SHIFT: typeof LENGTH_BITS = 13;
const LENGTH_MASK = (1 << LENGTH_SHIFT) - 1;
const PASS: typeof ScanStep.pass = 1;
const STOP: typeof ScanStep.stop = 2;

/** The special items of an index without any (see `TrigramIndex.#specials`). */
const NONE = new Int32Array(0);

/** A rule's bytes in a kept entry (the object, its pattern, prefix and pieces). */
const ENTRY_BYTES = 260;

/** The short-prefix wildcard rules of one rule table; immutable but for the entries it keeps. */
export class TrigramIndex {
  readonly #text: string;
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
  /**
   * Number of the walk that last tested each group. A path can repeat a trigram many times; its
   * rules are tested once per check, or a file of rules sharing one trigram would cost path
   * length × rules on every check.
   */
  readonly #walked: Int32Array;
  #walks = 0;
  /**
   * Entries made of items, by item number (`#items` then `#scanned`): a power of two of slots,
   * one per item up to {@link KEPT_SLOTS}.
   */
  readonly #kept: RuleEntries;
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

  /**
   * `items`: in file order, of the rules of `source`; with `spread` false, their crowded keys
   * spread already (`spreadKeySteps`); with `prepared`, their anchors found ({@link trigramSteps}).
   */
  constructor(source: RuleSource, items: WildcardItems, spread = true, prepared?: Prepared) {
    const { text, rules } = source;
    const { ids, specials, firsts, priorities } = items;
    const { hashedKeys, hashedAt, scanned, scannedPriorities } = prepared ?? splitItems(items);
    const hashed = hashedKeys.length;
    if (spread) spreadCrowdedKeys(text, rules, ids, hashedAt, hashedKeys);
    const anchors =
      prepared === undefined
        ? keyAnchors(text, rules, ids, hashedAt, hashedKeys)
        : prepared.anchors;
    this.#anchors = anchors === null ? null : anchors.chars;
    this.#lead = anchors === null ? 0 : anchors.lead;
    if (prepared !== undefined) this.scanAnchored = prepared.scanAnchored;
    else {
      this.scanAnchored = anchors !== null && scanned.length > 0;
      for (let i = 0; i < scanned.length && this.scanAnchored; i++) {
        this.scanAnchored = holdsAnchor(text, rules, scanned[i]!, anchors!.chars);
      }
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
    // Keys as many as the rules cost more than the rules' text (`Disallow: /*<random>`, each
    // rule a key of its own): past half its size, buckets of keys (see `KeyTable`).
    const maxGroups = Math.floor(source.size / (2 * KEY_BYTES));
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
    this.#text = text;
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
    this.#kept = source.entries(slots);
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

  /** The filter of its trigrams: a walk steps {@link at} only for a trigram that passes it. */
  get keyFilter(): KeyFilter {
    return this.#trigrams;
  }

  /**
   * One step of walk number `walk`: `window` holds the path's last four characters, 8 bits
   * each (its top eight bits are 0 at the third; a path character above 0xFF garbles only keys
   * that hold it, which the full match then rejects). Tests the rules filed under the last
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
   * Tests `items[from, to)` (strongest first) against `path` (`scanStep`, RFC 9309 §2.2.2):
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
    const text = this.#text;
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

/** Items split: filed under a key (its place in the items, `hashedAt`), or scanned. */
type SplitItems = Record<'hashedKeys' | 'hashedAt' | 'scanned' | 'scannedPriorities', Int32Array>;
/** What {@link trigramSteps} prepares in steps: the split, the anchors, whether scans hold them. */
type Prepared = SplitItems & { anchors: KeyAnchors | null; scanAnchored: boolean };
function splitItems(items: WildcardItems): SplitItems {
  const { ids, keys, priorities } = items;
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
  return { hashedKeys, hashedAt, scanned, scannedPriorities };
}

/**
 * The trigram index of `items` in counted steps: their crowded keys spread (`spreadKeySteps`),
 * its anchors found a key at a time (`keyAnchorSteps`), whether each scanned rule holds one; the
 * rest (key table, filter, groups: typed arrays' loops, sorts) one step its caller charges.
 */
export function* trigramSteps(source: RuleSource, items: WildcardItems): BuildSteps<TrigramIndex> {
  const { text, rules } = source;
  yield* spreadKeySteps(source, items);
  const split = splitItems(items);
  if (charge(4 * items.ids.length)) yield;
  const anchors = yield* keyAnchorSteps(text, rules, items.ids, split.hashedAt, split.hashedKeys);
  const { scanned } = split;
  let scanAnchored = anchors !== null && scanned.length > 0;
  for (let i = 0; i < scanned.length && scanAnchored; i++) {
    scanAnchored = holdsAnchor(text, rules, scanned[i]!, anchors!.chars);
    const r = scanned[i]! < ruleCount(rules) ? ruleAt(rules, scanned[i]!) : -1;
    if (charge(8 + (r < 0 ? 0 : 2 * valueLength(rules, r)))) yield;
  }
  return new TrigramIndex(source, items, false, { ...split, anchors, scanAnchored });
}

/**
 * Spreads the crowded keys of `items` (their `keys`, updated in place) as a
 * {@link TrigramIndex} does when it is built, in counted steps, so that the index built after
 * (`spread` false) does not.
 */
export function* spreadKeySteps(source: RuleSource, items: WildcardItems): BuildSteps<void> {
  const { keys, ids } = items;
  let hashed = 0;
  for (const key of keys) if (key !== NO_TRIGRAM) hashed++;
  const hashedKeys = new Int32Array(hashed);
  const hashedAt = new Int32Array(hashed);
  let h = 0;
  for (let k = 0; k < keys.length; k++) {
    if (keys[k] === NO_TRIGRAM) continue;
    hashedKeys[h] = keys[k]!;
    hashedAt[h++] = k;
  }
  yield* spreadSteps(source.text, source.rules, ids, hashedAt, hashedKeys);
  for (let j = 0; j < hashed; j++) keys[hashedAt[j]!] = hashedKeys[j]!;
}
