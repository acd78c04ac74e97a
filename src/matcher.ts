/**
 * A compiled rule set. A check must find, among all rules, the best matching allow and disallow
 * (RFC 9309 §2.2.2); the reference walks every rule for every URL. Here rules are split so that
 * a check only looks at rules that can match:
 *
 * - Rules with a literal prefix (the text before the first `*`) longer than `/` are indexed by
 *   that prefix. The distinct prefixes are kept sorted, each with a link to the longest other
 *   prefix that is a prefix of it. All prefixes of a path that are in the set lie on the link
 *   chain of the largest prefix ≤ the path: one binary search plus a short walk up that chain.
 * - Wildcard rules whose literal prefix is empty or `/` (`/*.pdf$`, `/*?sort=`) would sit on
 *   every chain, so every check would test them all. They are indexed instead by one trigram of
 *   their longest literal piece, which must occur in any path they match: a check looks up the
 *   path's trigrams and tests only the rules found there.
 */

import { type CompiledPattern, compilePattern, matchesAfterPrefix } from './pattern.js';
import type { Rule } from './types.js';

/** One way a rule can match: the rule itself, or Google's `index.html` rewrite of an allow. */
export interface IndexEntry extends CompiledPattern {
  readonly rule: Rule;
  readonly group: number;
  readonly allow: boolean;
  /** Priority when this entry matches (RFC 9309 §2.2.2: the pattern's length). */
  readonly priority: number;
  readonly line: number;
  readonly indexRewrite: boolean;
}

/** The best allow and disallow found so far; reused across checks to avoid allocation. */
export interface MatchState {
  allow: IndexEntry | null;
  disallow: IndexEntry | null;
}

/** A rule and the group it belongs to. */
export interface GroupedRule {
  readonly rule: Rule;
  readonly group: number;
}

/** Entries that can beat `best`: higher priority, or equal priority and an earlier line. */
function beats(entry: IndexEntry, best: IndexEntry | null): boolean {
  return (
    best === null ||
    entry.priority > best.priority ||
    (entry.priority === best.priority && entry.line < best.line)
  );
}

function byPriorityThenLine(a: IndexEntry, b: IndexEntry): number {
  return b.priority - a.priority || a.line - b.line;
}

function byPrefixThenPriority(a: IndexEntry, b: IndexEntry): number {
  return compareStrings(a.prefix, b.prefix) || byPriorityThenLine(a, b);
}

/** Code-unit order, as `<` on strings, but without V8's slow generic string comparison. */
function compareStrings(a: string, b: string): number {
  return compareFrom(a, b, 0);
}

/** {@link compareStrings} for strings known to be equal before index `from`. */
function compareFrom(a: string, b: string, from: number): number {
  const n = Math.min(a.length, b.length);
  for (let i = from; i < n; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function makeEntry(
  rule: Rule,
  group: number,
  pattern: string,
  priority: number,
  indexRewrite: boolean,
): IndexEntry {
  const { prefix, pieces, anchored } = compilePattern(pattern);
  // One flat object per entry (the compiled pattern inlined): fewer objects to allocate and
  // to keep, and one less pointer to follow in the hot loop.
  return {
    rule,
    group,
    allow: rule.type === 'allow',
    priority,
    line: rule.line,
    indexRewrite,
    prefix,
    pieces,
    anchored,
  };
}

function addEntries(rule: Rule, group: number, out: IndexEntry[]): void {
  out.push(makeEntry(rule, group, rule.pattern, rule.priority, false));
  // Google-specific: an allow pattern ending in `/index.htm…` also allows its directory as
  // `<dir>/$`, with that pattern's length as priority. Disallows are never rewritten.
  if (rule.type === 'allow') {
    const slash = rule.pattern.lastIndexOf('/');
    if (slash >= 0 && rule.pattern.startsWith('/index.htm', slash)) {
      const rewritten = `${rule.pattern.slice(0, slash + 1)}$`;
      out.push(makeEntry(rule, group, rewritten, rewritten.length, true));
    }
  }
}

// Below this many floating rules a plain scan is cheaper than hashing the path's trigrams.
const MIN_HASHED = 12;

/** The trigram at `text[i, i + 3)` as one number (patterns and paths are byte strings). */
function trigramAt(text: string, i: number): number {
  return (text.charCodeAt(i) << 16) | (text.charCodeAt(i + 1) << 8) | text.charCodeAt(i + 2);
}

/** Bucket of a trigram (`mask` + 1 is a power of two). */
function bucketOf(trigram: number, mask: number): number {
  return (Math.imul(trigram, 0x9e3779b1) >>> 15) & mask;
}

/** A compiled, immutable rule set. */
export class RuleIndex {
  /** Distinct literal prefixes, sorted. */
  readonly #prefixes: string[];
  /** The first 4 and the next 4 characters of each prefix as numbers (see `keyOf`). */
  readonly #head: Uint32Array;
  readonly #tail: Uint32Array;
  /** For each prefix, the index of the longest other prefix that is a prefix of it, or -1. */
  readonly #parents: Int32Array;
  /** Entries of the prefix tree, grouped by prefix (in `#prefixes` order), best first. */
  readonly #entries: IndexEntry[];
  /** `#entries` of prefix `i` are `[#starts[i], #starts[i + 1])`. */
  readonly #starts: Int32Array;
  /** Floating wildcard rules (literal prefix `` or `/`) without a hash key, best first. */
  readonly #scanned: IndexEntry[];
  /** Floating wildcard rules that are hashed by a trigram. */
  readonly #hashed: IndexEntry[];
  /** The trigram each `#hashed` entry is filed under. */
  readonly #keys: Int32Array | null;
  /** Trigram hash → first `#hashed` entry in that bucket (−1: none); `#next` links the rest. */
  readonly #buckets: Int32Array | null;
  readonly #next: Int32Array | null;
  /** Check number that last visited each hashed entry, so that a check tests each one once. */
  readonly #seen: Int32Array | null;
  #checks = 0;

  constructor(rules: readonly GroupedRule[]) {
    const all: IndexEntry[] = [];
    for (let i = 0; i < rules.length; i++) addEntries(rules[i]!.rule, rules[i]!.group, all);
    const tree: IndexEntry[] = [];
    let floating: IndexEntry[] = [];
    for (const entry of all) {
      if (entry.pieces !== null && entry.prefix.length <= 1) floating.push(entry);
      else tree.push(entry);
    }

    tree.sort(byPrefixThenPriority);
    this.#entries = tree;
    const prefixes: string[] = [];
    const starts: number[] = [];
    for (let i = 0; i < tree.length; i++) {
      if (i === 0 || tree[i]!.prefix !== tree[i - 1]!.prefix) {
        prefixes.push(tree[i]!.prefix);
        starts.push(i);
      }
    }
    starts.push(tree.length);
    this.#prefixes = prefixes;
    this.#head = Uint32Array.from(prefixes, (prefix) => keyOf(prefix, 0));
    this.#tail = Uint32Array.from(prefixes, (prefix) => keyOf(prefix, 4));
    this.#starts = Int32Array.from(starts);
    this.#parents = new Int32Array(prefixes.length);
    const stack: number[] = [];
    for (let i = 0; i < prefixes.length; i++) {
      const prefix = prefixes[i]!;
      while (stack.length > 0 && !prefix.startsWith(prefixes[stack[stack.length - 1]!]!)) {
        stack.pop();
      }
      this.#parents[i] = stack.length > 0 ? stack[stack.length - 1]! : -1;
      stack.push(i);
    }

    // Sites repeat patterns (`/*.pdf$` in several groups merged for `*`): only the first of
    // identical floating entries can ever win (same priority, earliest line), so keep just it.
    floating.sort(byPriorityThenLine);
    const distinct = new Set<string>();
    floating = floating.filter((e) => {
      const key = `${e.allow ? 'a' : 'd'}${e.indexRewrite ? 'r' : '-'}${e.rule.pattern}`;
      if (distinct.has(key)) return false;
      distinct.add(key);
      return true;
    });
    const hashed: IndexEntry[] = [];
    const scanned: IndexEntry[] = [];
    const keys: number[] = [];
    let mask = 0;
    if (floating.length >= MIN_HASHED) {
      // About four buckets per rule: a path's trigrams rarely land in a bucket of another key.
      let size = 64;
      while (size < floating.length * 4 && size < 1 << 14) size *= 2;
      mask = size - 1;
    }
    for (const entry of floating) {
      const piece = longestPiece(entry);
      if (mask === 0 || piece.length < 3) {
        scanned.push(entry);
      } else {
        hashed.push(entry);
        keys.push(trigramAt(piece, piece.length - 3));
      }
    }
    this.#scanned = scanned;
    this.#hashed = hashed;
    if (hashed.length === 0) {
      this.#keys = null;
      this.#buckets = null;
      this.#next = null;
      this.#seen = null;
    } else {
      this.#keys = Int32Array.from(keys);
      this.#buckets = new Int32Array(mask + 1).fill(-1);
      this.#next = new Int32Array(hashed.length);
      this.#seen = new Int32Array(hashed.length);
      // Filled from the end, so every chain lists its entries best first.
      for (let i = hashed.length - 1; i >= 0; i--) {
        const bucket = bucketOf(keys[i]!, mask);
        this.#next[i] = this.#buckets[bucket]!;
        this.#buckets[bucket] = i;
      }
    }
  }

  /** Number of distinct literal prefixes. */
  get size(): number {
    return this.#prefixes.length;
  }

  /** Updates `state` with the best allow and disallow of this set that match `path`. */
  match(path: string, state: MatchState): void {
    this.#matchTree(path, state);
    if (this.#scanned.length > 0) {
      scanEntries(this.#scanned, 0, this.#scanned.length, path, state, true);
    }
    if (this.#buckets !== null) this.#matchHashed(path, state);
  }

  #matchTree(path: string, state: MatchState): void {
    const prefixes = this.#prefixes;
    // Largest prefix ≤ path. Comparing strings costs tens of ns each (V8's relational string
    // operators are slower still): the prefixes are scattered on the heap and share their
    // first characters. So the search compares the first 8 characters packed in two numbers,
    // held in two contiguous arrays, and reads the strings only on a tie.
    const head = this.#head;
    const tail = this.#tail;
    const pathHead = keyOf(path, 0);
    const pathTail = keyOf(path, 4);
    let lo = 0;
    let hi = prefixes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const h = head[mid]!;
      const t = tail[mid]!;
      if (
        h < pathHead ||
        (h === pathHead &&
          (t < pathTail || (t === pathTail && compareFrom(prefixes[mid]!, path, 8) <= 0)))
      ) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    let i = lo - 1;
    if (i < 0) return;
    const nearest = prefixes[i]!;
    let common = 0;
    if (path.startsWith(nearest)) {
      common = nearest.length;
    } else {
      while (common < nearest.length && nearest.charCodeAt(common) === path.charCodeAt(common)) {
        common++;
      }
    }
    const parents = this.#parents;
    while (i >= 0 && prefixes[i]!.length > common) i = parents[i]!;
    const starts = this.#starts;
    for (; i >= 0; i = parents[i]!) {
      scanEntries(this.#entries, starts[i]!, starts[i + 1]!, path, state, false);
    }
  }

  #matchHashed(path: string, state: MatchState): void {
    const buckets = this.#buckets!;
    const keys = this.#keys!;
    const next = this.#next!;
    const seen = this.#seen!;
    const hashed = this.#hashed;
    const mask = buckets.length - 1;
    // A check number per call: entries already tested by this call are skipped in O(1). It
    // never wraps: past 2^31 no stored Int32 can equal it, which only turns the skip off.
    const check = ++this.#checks;
    if (path.length < 3) return;
    // A sliding window: one new character per position instead of three. A path character
    // above 0xFF garbles only trigrams that contain it, and those cannot equal an ASCII key.
    let trigram = (path.charCodeAt(0) << 8) | path.charCodeAt(1);
    for (let p = 2; p < path.length; p++) {
      trigram = ((trigram << 8) | path.charCodeAt(p)) & 0xffffff;
      for (let k = buckets[bucketOf(trigram, mask)]!; k >= 0; k = next[k]!) {
        // Exact key test first: other trigrams that share the bucket cost one comparison.
        if (keys[k] !== trigram || seen[k] === check) continue;
        seen[k] = check;
        const entry = hashed[k]!;
        const beatsAllow = beats(entry, state.allow);
        const beatsDisallow = beats(entry, state.disallow);
        // A chain is in priority order (built from the sorted list): once an entry can beat
        // neither best, nothing further down this chain can. This keeps a long URL against many
        // wildcard rules with common trigrams from testing every rule.
        if (!beatsAllow && !beatsDisallow) break;
        if (!(entry.allow ? beatsAllow : beatsDisallow)) continue;
        if (path.startsWith(entry.prefix) && matchesAfterPrefix(entry, path)) {
          if (entry.allow) state.allow = entry;
          else state.disallow = entry;
        }
      }
    }
  }
}

/**
 * Characters `from` to `from + 3` of `text` as one unsigned number, one byte each (0 past the
 * end), so that comparing two keys compares those characters in string order. Prefixes are
 * ASCII (escaped patterns) and never contain NUL; a path character above 0xFF counts as 0xFF,
 * which orders it correctly against any ASCII character.
 */
function keyOf(text: string, from: number): number {
  let key = 0;
  for (let i = from; i < from + 4; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    key = (key << 8) | Math.min(c, 0xff);
  }
  return key >>> 0;
}

/** The longest literal piece after the prefix: a substring every matching path contains. */
function longestPiece(entry: IndexEntry): string {
  let longest = '';
  for (const piece of entry.pieces ?? []) if (piece.length > longest.length) longest = piece;
  return longest;
}

/**
 * Tests `entries[from, to)` (sorted best first, allows and disallows mixed) against `path`,
 * updating `state`. Stops at the first entry that can beat neither best: none after it can.
 * `checkPrefix` is false when the caller already knows that the path starts with every prefix.
 */
function scanEntries(
  entries: readonly IndexEntry[],
  from: number,
  to: number,
  path: string,
  state: MatchState,
  checkPrefix: boolean,
): void {
  for (let k = from; k < to; k++) {
    const entry = entries[k]!;
    const beatsAllow = beats(entry, state.allow);
    const beatsDisallow = beats(entry, state.disallow);
    if (!beatsAllow && !beatsDisallow) return;
    if (!(entry.allow ? beatsAllow : beatsDisallow)) continue;
    if ((!checkPrefix || path.startsWith(entry.prefix)) && matchesAfterPrefix(entry, path)) {
      if (entry.allow) state.allow = entry;
      else state.disallow = entry;
    }
  }
}
