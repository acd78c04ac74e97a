/**
 * The prefix index of a rule set, in a few bytes a rule: the rules stay where they are (a
 * parsed file's in its body's text and rule table; a list's in its entries: see
 * `kept-entries.ts`); the index holds rule numbers only, in typed arrays, filed by the hash of
 * their literal prefix (the text before the first `*`, or before a final `$`). A check walks
 * the path once (`RuleIndex`), hashing each of its prefixes incrementally, and at each length
 * that some rule prefix ends with the path's character there, visits the bucket of that hash; a
 * candidate is confirmed by comparing the path with the rule's text in place, so a hash
 * collision costs time, never a wrong answer. An {@link IndexEntry} is made only of a rule a
 * check must match further (a wildcard rule whose prefix matched); the last few made are kept.
 * A plain rule that matches is answered from its numbers (a `TableMatch`). A rule whose pattern
 * differs from its text (the table's `escaped` flag: a percent-encoded value, or every rule of a
 * list) is made an entry when a check reaches it, which tells its priority and prefix; an
 * `index.html` rewrite keeps its priority and prefix's length (8 bytes).
 *
 * Built once per set of more than `SMALL_SET` rules, when it is indexed; probed at every later
 * check.
 */

import { RuleFlag } from '../../parse/read-groups.js';
import { type IndexEntry, type MatchState, sortByPriority } from '../rule-entry.js';
import {
  type COMPACT_RULE,
  ruleCount as countRules,
  type LENGTH_BITS,
  type RuleNumbers,
  ruleAt,
  ruleNumber,
  valueEnd,
  valueStart,
} from '../rule-table.js';
import { type ScanStep, scanStep } from '../strategy.js';
import type { RuleEntries, RuleSource } from './kept-entries.js';
import { SLOT_SEED, slotOf } from './key-table.js';
import { HASH_SEED, mix, PREFIX_BIT, PROPER_BIT, type PrefixFilters } from './prefix-hash.js';
import { TableMatch } from './table-match.js';

/**
 * What the index files, in file order (between items of equal priority the earlier is the
 * stronger, as between entries). An item is a rule, by its number in the table (`ruleNumber`),
 * or an `index.html` rewrite, numbered from the table's rule count on: its rule's number × 2,
 * + 1 for a wildcard pattern, in `specials`.
 */
export interface PrefixItems {
  readonly ids: Int32Array | number[];
  readonly specials: Int32Array | number[];
  /** The hash (as a check computes it, `hashPrefix`) of each item's literal prefix. */
  readonly hashes: Int32Array | number[];
  /** Each item's priority: its pattern's length. */
  readonly priorities: Int32Array | number[];
  /** Each item's literal prefix: its length, and its last character (ASCII; any if empty). */
  readonly lengths: Int32Array | number[];
  readonly lastChars: Int32Array | number[];
}

/**
 * Entries made of items and kept, by rule number: four slots for each item a check may make an
 * entry of (a wildcard pattern, an escaped value, a rewrite), 16 to 1,024. The slots are
 * direct-mapped: with as many slots as such items, a few share one, and two that a site's URLs
 * keep reaching were made again, one after the other, check after check.
 */
export function keptSlots(entryItems: number): number {
  let slots = 16;
  while (slots < 1024 && slots < 4 * entryItems) slots *= 2;
  return slots;
}

/** A rule's bytes in a kept entry (the object, its pattern, prefix and pieces). */
const ENTRY_BYTES = 200;

/** The special items of an index without any (see `PrefixIndex.#specials`). */
const NONE = new Int32Array(0);

/**
 * The rule table's flags and layout and the scan steps, as module constants for {@link
 * PrefixIndex}'s loop (V8 folds them; an imported object or function costs a check of its
 * binding at every use).
 */
const ALLOW: typeof RuleFlag.allow = 1;
const ESCAPED: typeof RuleFlag.escaped = 2;
const COMPACT: typeof COMPACT_RULE = 2;
const LENGTH_SHIFT: typeof LENGTH_BITS = 13;
const LENGTH_MASK = (1 << LENGTH_SHIFT) - 1;
const PASS: typeof ScanStep.pass = 1;
const STOP: typeof ScanStep.stop = 2;

/** What comparing a rule's text with a path prefix found. */
const Found = { no: 0, plain: 1, anchored: 2, wildcard: 3 } as const;

/** The tag of a keyed hash (see `PrefixIndex.#tags`): its low 7 bits, under the bucket's. */
function tagOf(keyed: number): number {
  return keyed & TAG_MASK;
}

/** The bits of an item's tag, and the flag beside them (see `PrefixIndex.#tags`). */
const TAG_MASK = 0x7f;
const SAME_PREFIX = 0x80;

/** log2 of the filter bits per item, rounded up: 8 to 16 bits. */
const FILTER_BITS_PER_ITEM = 2;

/** The prefix index of items of one rule table; immutable but for the entries it keeps. */
export class PrefixIndex {
  readonly #text: string;
  readonly #rules: RuleNumbers;
  /** The items, by bucket; strongest first within a bucket (16 bits each when they fit). */
  readonly #items: Uint16Array | Int32Array;
  /**
   * Seven bits of each item's keyed hash (`slotOf`) that do not pick its bucket: most items of
   * a bucket that are not the prefix a walk asks for are passed over on them. The eighth,
   * `SAME_PREFIX`, is set when the item's literal prefix is the one of the item before it in
   * its bucket with its tag, both rules as written: a visit compares that prefix with the path
   * once (rules sharing a literal prefix, `/print/*` and `/print/*.pdf`, share a bucket).
   */
  readonly #tags: Uint8Array;
  /** Items of bucket b are `#items[#buckets[b], #buckets[b + 1])`. */
  readonly #buckets: Int32Array;
  readonly #shift: number;
  /** Per length n ≥ 1, a 128-bit set (four words at 4n) of the last characters of the prefixes. */
  readonly #ends: Int32Array;
  readonly #hasEmpty: boolean;
  /**
   * What a walk tests a path prefix against before {@link visit}: `ends` (as `#ends`), `filter`
   * (a bit per value of the mixed hashes' top bits, set for every item: most probes end at one
   * bit test), and `extended`, about one bit per proper prefix (of one or more characters) of an
   * item's literal prefix: a walk whose path prefix's bit is clear has met every item it can (no
   * item's prefix starts with it), and stops there.
   */
  readonly filters: PrefixFilters;
  /**
   * The `index.html` rewrites (numbered `#ruleCount` on; see {@link PrefixItems}): their
   * `specials` numbers, and their priority << 16 | their literal prefix's length (a pattern is
   * at most a capped line, escaped: under 2^16). Made entries when a check reaches them.
   */
  readonly #specials: Int32Array;
  readonly #specialData: Int32Array;
  readonly #ruleCount: number;
  /** The best allow and disallow of a check among the plain rules written as they match. */
  readonly #allowMatch: TableMatch;
  readonly #disallowMatch: TableMatch;
  /** Entries made of items, by item number (rule number, or `#ruleCount` + special). */
  readonly #kept: RuleEntries;
  /** Bytes retained but for the kept entries. */
  readonly #bytes: number;

  /**
   * `items`: in file order, of the rules of `source`; `proper[0, properCount)`: the mixed hash
   * (`mix`) of each proper prefix, of one or more characters, of their literal prefixes.
   */
  constructor(source: RuleSource, items: PrefixItems, proper: Int32Array, properCount: number) {
    const { ids, specials, hashes, priorities, lengths, lastChars } = items;
    const { text, rules } = source;
    const count = ids.length;
    // Four to eight items a bucket: a bucket costs 4 bytes, an item 2 or 4 and its tag 1 (the
    // tags pass over the others).
    let bits = 1;
    while (1 << (bits + 3) < count) bits++;
    const shift = 32 - bits;
    const buckets = new Int32Array((1 << bits) + 1);
    const bucket = new Int32Array(count);
    for (let k = 0; k < count; k++) {
      bucket[k] = slotOf(hashes[k]!) >>> shift;
      buckets[bucket[k]! + 1]!++;
    }
    for (let b = 1; b < buckets.length; b++) buckets[b]! += buckets[b - 1]!;
    // Stable, by bucket: each bucket keeps file order, which a stable sort by priority turns
    // into strongest first.
    const fill = buckets.slice(0, buckets.length - 1);
    // The items' places in `ids`, sorted.
    const order = new Int32Array(count);
    const sortedPriorities = new Int32Array(count);
    for (let k = 0; k < count; k++) {
      const at = fill[bucket[k]!]!++;
      order[at] = k;
      sortedPriorities[at] = priorities[k]!;
    }
    for (let b = 0; b + 1 < buckets.length; b++) {
      sortByPriority(order, sortedPriorities, buckets[b]!, buckets[b + 1]!);
    }
    let largest = 0;
    for (const id of ids) if (id > largest) largest = id;
    const sorted = largest <= 0xffff ? new Uint16Array(count) : new Int32Array(count);
    const tags = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      sorted[i] = ids[order[i]!]!;
      tags[i] = tagOf(slotOf(hashes[order[i]!]!));
    }
    markSamePrefixes(text, rules, buckets, sorted, tags, order, lengths);
    let longest = 0;
    for (const n of lengths) if (n > longest) longest = n;
    const ends = new Int32Array((longest + 1) * 4);
    let hasEmpty = false;
    for (let k = 0; k < count; k++) {
      const n = lengths[k]!;
      if (n === 0) {
        hasEmpty = true;
        continue;
      }
      const c = lastChars[k]!;
      ends[(n << 2) | (c >> 5)]! |= 1 << (c & 31);
    }
    this.#text = text;
    this.#rules = rules;
    // Most files have none: one empty array serves them (a typed array costs about 140 bytes).
    this.#specials = specials.length === 0 ? NONE : Int32Array.from(specials);
    this.#specialData = specials.length === 0 ? NONE : new Int32Array(specials.length);
    this.#ruleCount = countRules(rules);
    let entryItems = specials.length;
    for (let k = 0; k < count; k++) {
      const id = ids[k]!;
      if (id >= this.#ruleCount) continue;
      const r = ruleAt(rules, id);
      const at = valueStart(rules, r) + lengths[k]!;
      const wildcard = at < valueEnd(rules, r) && text.charCodeAt(at) === 0x2a;
      if (wildcard || (rules[r]! & RuleFlag.escaped) !== 0) entryItems++;
    }
    this.#kept = source.entries(keptSlots(entryItems));
    this.#allowMatch = new TableMatch(text, rules, true);
    this.#disallowMatch = new TableMatch(text, rules, false);
    this.#items = sorted;
    this.#tags = tags;
    this.#buckets = buckets;
    this.#shift = shift;
    this.#ends = ends;
    this.#hasEmpty = hasEmpty;
    const ruleCount = this.#ruleCount;
    if (specials.length > 0) {
      for (let k = 0; k < count; k++) {
        const id = ids[k]!;
        if (id >= ruleCount)
          this.#specialData[id - ruleCount] = (priorities[k]! << 16) | lengths[k]!;
      }
    }
    // Two bits a slot (see `PrefixFilters`): slots enough for 2^FILTER_BITS_PER_ITEM a prefix
    // and one a proper prefix.
    let slotBits = 5;
    while (1 << slotBits < count << FILTER_BITS_PER_ITEM || 1 << slotBits < properCount) {
      slotBits++;
    }
    const slotShift = 32 - slotBits;
    const slots = new Int32Array(1 << (slotBits - 4));
    for (let k = 0; k < count; k++) {
      const slot = mix(hashes[k]!) >>> slotShift;
      slots[slot >>> 4]! |= PREFIX_BIT << ((slot & 15) << 1);
    }
    for (let i = 0; i < properCount; i++) {
      const slot = proper[i]! >>> slotShift;
      slots[slot >>> 4]! |= PROPER_BIT << ((slot & 15) << 1);
    }
    this.filters = { ends, slots, shift: slotShift };
    // Six typed arrays (about 200 bytes each besides their elements), two matches and the
    // kept slots.
    this.#bytes =
      1024 +
      2 * 64 +
      sorted.byteLength +
      tags.byteLength +
      slots.byteLength +
      4 * (buckets.length + ends.length) +
      8 * specials.length;
  }

  /** An estimate of the bytes it retains (see `RuleIndex.estimatedBytes`): more as it keeps entries. */
  get estimatedBytes(): number {
    return this.#bytes + this.#kept.estimatedBytes(ENTRY_BYTES);
  }

  /** Tests the items whose prefix is the path's first `n` characters, of hash `hash`. */
  visit(n: number, hash: number, path: string, state: MatchState): void {
    this.#visit(n, hash, path, state);
  }

  /** Length of the longest prefix: a walk need not go further. */
  get longest(): number {
    return (this.#ends.length >> 2) - 1;
  }

  /** Starts a walk over `path`: tests the empty prefix; returns the hash of the empty prefix. */
  start(path: string, state: MatchState): number {
    if (this.#hasEmpty) this.#visit(0, HASH_SEED, path, state);
    return HASH_SEED;
  }

  /**
   * Tests the items of the bucket of `hash`'s keyed hash (`slotOf`: a site cannot choose
   * prefixes that share a bucket) whose prefix is `path`'s first `n` characters,
   * strongest first, until one can beat neither best (then none after it can). Items of other
   * prefixes in the bucket cost no work (their tags, or their text, tell them apart).
   */
  #visit(n: number, hash: number, path: string, state: MatchState): void {
    // `slotOf` written out: a call of an imported function costs a check of its binding (and
    // a call: `visit` stays small enough for a walk to take it in).
    let keyed = Math.imul(hash ^ SLOT_SEED, 0x85ebca6b);
    keyed ^= keyed >>> 13;
    keyed = Math.imul(keyed, 0xc2b2ae35);
    keyed ^= keyed >>> 16;
    const b = keyed >>> this.#shift;
    const to = this.#buckets[b + 1]!;
    const tag = tagOf(keyed);
    const tags = this.#tags;
    // Whether the last item of this tag compared had the path's first `n` characters as its
    // first `n`: 1 or 0, or -1 when it was not compared (see `SAME_PREFIX`).
    let previous = -1;
    const items = this.#items;
    const rules = this.#rules;
    const text = this.#text;
    const search = state.search;
    // The table's layout, read once and in place (as `ruleSize`): its accessors are imported
    // functions, which cost V8 a check of their binding at every call, and their reads of the
    // table see arrays and typed arrays (from all their callers), which costs a check of both.
    const size = rules[rules.length - 2]!;
    const compact = size === COMPACT;
    const ruleCount = this.#ruleCount;
    const verdictOnly = search.verdictOnly;
    for (let k = this.#buckets[b]!; k < to; k++) {
      const itemTag = tags[k]!;
      if ((itemTag & TAG_MASK) !== tag) continue;
      const known = (itemTag & SAME_PREFIX) !== 0 ? previous : -1;
      previous = -1;
      const id = items[k]!;
      const special = id - ruleCount;
      const r = (special < 0 ? id : this.#specials[special]! >> 1) * size;
      const head = rules[r]!;
      // An escaped value's pattern is its entry's (all but a few items met here are a prefix of
      // the path: made now, its entry is the one a match needs).
      let entry: IndexEntry | null = special < 0 && (head & ESCAPED) !== 0 ? this.#entry(r) : null;
      const value = rules[r + 1]!;
      // The pattern is the value as written, or not: its length is the priority (as
      // `valueLength`).
      const priority =
        entry !== null
          ? entry.priority
          : special >= 0
            ? this.#specialData[special]! >>> 16
            : compact
              ? value & LENGTH_MASK
              : rules[r + 2]! - value;
      const line = head >> 2;
      const allow = (head & ALLOW) !== 0;
      const step = scanStep(allow, priority, line, state, verdictOnly);
      if (step === STOP) return;
      if (step === PASS) continue;
      // Wildcard items left to a program (see `PathSearch.skipWildcards`) cost nothing here.
      if (
        search.skipWildcards &&
        (entry !== null
          ? entry.pieces !== null
          : special < 0
            ? isWildcardItem(text, rules, r, n)
            : (this.#specials[special]! & 1) !== 0)
      ) {
        continue;
      }
      let found: number = Found.no;
      if (entry !== null) {
        found = foundEntry(entry, n, path);
      } else if (special < 0) {
        // As `valueStart`, `valueEnd`.
        const start = compact ? value >>> LENGTH_SHIFT : value;
        found = foundAt(text, start, compact ? start + (value & LENGTH_MASK) : rules[r + 2]!, n);
        if (found !== Found.no) {
          previous = known >= 0 ? known : samePrefix(text, start, n, path) ? 1 : 0;
          if (previous === 0) found = Found.no;
        }
      } else if ((this.#specialData[special]! & 0xffff) === n) {
        entry = this.#specialEntry(special, r);
        found = foundEntry(entry, n, path);
      }
      if (found === Found.no) continue;
      // One unit for the entry, one per prefix character compared.
      search.work += 1 + n;
      if (search.work > search.budget) return;
      let matched = found === Found.plain || (found === Found.anchored && path.length === n);
      if (found === Found.wildcard) {
        entry ??= this.#entry(r);
        matched = search.matchesAfterPrefix(entry);
      }
      if (!matched) continue;
      // A plain rule is answered from its numbers (a wildcard rule has its entry by now).
      entry ??= (allow ? this.#allowMatch : this.#disallowMatch).set(r, found === Found.anchored);
      if (allow) state.allow = entry;
      else state.disallow = entry;
    }
  }

  /** The entry of the rule at `r` (not its rewrite), kept or made. */
  #entry(r: number): IndexEntry {
    return this.#kept.get(ruleNumber(this.#rules, r), r, false);
  }

  /** The entry of rewrite item `special` (of the rule at `r`), kept or made. */
  #specialEntry(special: number, r: number): IndexEntry {
    return this.#kept.get(this.#ruleCount + special, r, true);
  }
}

/**
 * Whether the rule `text[start, end)` (a pattern as written) can have a literal prefix of `n`
 * characters: no, or yes and it is the whole pattern (without a final `$`, which would end its
 * literal prefix sooner), the pattern but a final `$`, or followed by a `*`. Its characters are
 * compared with the path's apart ({@link samePrefix}).
 */
function foundAt(text: string, start: number, end: number, n: number): number {
  const at = start + n;
  if (at < end) {
    const c = text.charCodeAt(at);
    if (c === 0x2a) return Found.wildcard;
    return c === 0x24 && at === end - 1 ? Found.anchored : Found.no;
  }
  return at === end && (n === 0 || text.charCodeAt(at - 1) !== 0x24) ? Found.plain : Found.no;
}

/** Whether `text[start, start + n)` is the path's first `n` characters, none of them a `*`. */
function samePrefix(text: string, start: number, n: number, path: string): boolean {
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(start + i);
    // A `*` before `n` ends the prefix sooner: the rule is another prefix's.
    if (c === 0x2a || c !== path.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * Sets `SAME_PREFIX` in the tag of each item (of `sorted`, by bucket; `order`: each one's place
 * in `lengths`) whose literal prefix is the one of the item before it in its bucket with its
 * tag, both rules as written (a rule number, whose value is not escaped).
 */
function markSamePrefixes(
  text: string,
  rules: RuleNumbers,
  buckets: Int32Array,
  sorted: Uint16Array | Int32Array,
  tags: Uint8Array,
  order: Int32Array,
  lengths: ArrayLike<number>,
): void {
  const count = countRules(rules);
  const asWritten = (id: number): boolean =>
    id < count && (rules[ruleAt(rules, id)]! & RuleFlag.escaped) === 0;
  for (let b = 0; b + 1 < buckets.length; b++) {
    for (let i = buckets[b]! + 1; i < buckets[b + 1]!; i++) {
      let j = i - 1;
      while (j >= buckets[b]! && (tags[j]! & TAG_MASK) !== tags[i]!) j--;
      if (j < buckets[b]! || !asWritten(sorted[i]!) || !asWritten(sorted[j]!)) continue;
      const length = lengths[order[i]!]!;
      if (lengths[order[j]!]! !== length) continue;
      const from = valueStart(rules, ruleAt(rules, sorted[i]!));
      const other = valueStart(rules, ruleAt(rules, sorted[j]!));
      if (text.startsWith(text.slice(other, other + length), from)) tags[i]! |= SAME_PREFIX;
    }
  }
}

/**
 * Whether the item of the rule at `r` (a pattern as written), met at prefix length `n`, is a
 * wildcard pattern: one when a `*` follows its first `n` characters.
 */
function isWildcardItem(text: string, rules: RuleNumbers, r: number, n: number): boolean {
  const at = valueStart(rules, r) + n;
  return at < valueEnd(rules, r) && text.charCodeAt(at) === 0x2a;
}

/** {@link foundAt} for an entry. */
function foundEntry(entry: IndexEntry, n: number, path: string): number {
  if (entry.prefix.length !== n || !path.startsWith(entry.prefix)) return Found.no;
  if (entry.pieces !== null) return Found.wildcard;
  return entry.anchored ? Found.anchored : Found.plain;
}
