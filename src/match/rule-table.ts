/**
 * What the matcher needs of a body, in two steps. The parse makes one tokenizer run that records
 * each group's rules (where their values are, whether they need escaping, their lines and kinds)
 * and which groups each product token names; the rules of a set of groups become index entries
 * only when an agent of that set is first checked ({@link entriesOf}). The full model (values as written, sitemaps,
 * other directives, line flags) is built from the same body only when it is asked for.
 */

import type { BodyText } from '../parse/body.js';
import { type GroupHandler, RuleFlag, readGroups, rulePattern } from '../parse/read-groups.js';
import type { ParseOptions } from '../types.js';
import { asciiLowerCase } from '../util/bytes.js';
import { charCodesOf } from '../util/char-codes.js';
import { keepShape } from '../util/kept-shape.js';
import type { PathSearch } from './path-search.js';
import { compilePattern } from './pattern.js';
import { type IndexEntry, indexRewriteOf, type MatchState, makeEntry } from './rule-entry.js';
import { beatsBest } from './strategy.js';

/** What checks need of a body. */
export interface RuleTable {
  /** The body as read: a UTF-16 body with a line past the line cap is read as bytes. */
  readonly body: BodyText;
  /**
   * The rules of every group, packed in one array of numbers (a small file keeps little else);
   * read only through the accessors below. Layout (docs/architecture.md, "The rule table"):
   * the rules of all groups in file order, {@link ruleSize} numbers each (`line << 2 | flags`,
   * with the `RuleFlag` bits; where the value starts and ends in `body.text`: two numbers, or
   * one in a compact table); then, for each group, where its rules start, and where the last
   * group's end; then the numbers a rule takes; last, where that list of starts begins. Rules
   * before the first group are left out (they never apply).
   */
  readonly rules: RuleNumbers;
  /** The groups naming each product token (null: none). */
  readonly tokenGroups: TokenGroups | null;
  /** Indexes of the groups with a `*` line, ascending. */
  readonly globalGroups: readonly number[];
  /** Characters of the body's text parsed: bytes for a byte string (all of it for UTF-16 text). */
  readonly bytesParsed: number;
}

/**
 * The numbers of a rule table: an array for a small table, an `Int32Array` for a large one (half
 * the bytes, but a typed array costs about 230 bytes and an allocation outside the heap, which
 * made parsing a typical file a fifth slower).
 */
export type RuleNumbers = Int32Array | readonly number[];

/** Tables of more numbers than this are typed arrays (see {@link RuleNumbers}). */
const LARGEST_ARRAY_TABLE = 3 * 256;

/**
 * Test settings, not part of the public API. `largestArray`: tables of more numbers than this
 * are typed arrays, compact when their values fit ({@link LARGEST_ARRAY_TABLE}); tests set it to
 * 0 to run the conformance suite over compact tables too (reference files are all small).
 */
export const ruleTableLayout: { largestArray: number } = { largestArray: LARGEST_ARRAY_TABLE };

/**
 * Numbers per rule of a compact table: a large table (typed) of a text under 2^19 characters
 * (the default `maxBytes` is 500 KiB) whose values are all shorter than 2^13 keeps a rule's value
 * as one number, its start above {@link LENGTH_BITS} and its length below.
 */
export const COMPACT_RULE = 2;
/** Numbers per rule of any other table: the value's start and end are a number each. */
const WIDE_RULE = 3;
/** Bits of a compact rule's second number that hold its value's length. */
export const LENGTH_BITS = 13;
const LENGTH_MASK = (1 << LENGTH_BITS) - 1;

/** Numbers per rule in the table: 2 (compact) or 3. */
export function ruleSize(rules: RuleNumbers): number {
  return rules[rules.length - 2]!;
}

/** Number of rules in the table. */
export function ruleCount(rules: RuleNumbers): number {
  return rules[rules.length - 1]! / ruleSize(rules);
}

/** Where rule number `id` (in file order) is in the table: the index of its first number. */
export function ruleAt(rules: RuleNumbers, id: number): number {
  return id * ruleSize(rules);
}

/** The number (in file order) of the rule at `r`. */
export function ruleNumber(rules: RuleNumbers, r: number): number {
  return r / ruleSize(rules);
}

/** Where the rules of `group` start in the table (the index of the first rule's first number). */
export function groupStart(rules: RuleNumbers, group: number): number {
  return rules[rules[rules.length - 1]! + group]!;
}

/** Where the rules of `group` end in the table (just past its last rule). */
export function groupEnd(rules: RuleNumbers, group: number): number {
  return rules[rules[rules.length - 1]! + group + 1]!;
}

/** The 1-based line of the rule at `r`. */
export function ruleLine(rules: RuleNumbers, r: number): number {
  return rules[r]! >> 2;
}

/** The `RuleFlag` bits of the rule at `r`. */
function ruleFlags(rules: RuleNumbers, r: number): number {
  return rules[r]! & 3;
}

/** Where the value of the rule at `r` starts in the body's text. */
export function valueStart(rules: RuleNumbers, r: number): number {
  const value = rules[r + 1]!;
  return ruleSize(rules) === COMPACT_RULE ? value >>> LENGTH_BITS : value;
}

/** Where the value of the rule at `r` ends in the body's text. */
export function valueEnd(rules: RuleNumbers, r: number): number {
  const value = rules[r + 1]!;
  return ruleSize(rules) === COMPACT_RULE
    ? (value >>> LENGTH_BITS) + (value & LENGTH_MASK)
    : rules[r + 2]!;
}

/** The length of the value of the rule at `r` (its pattern's, when that is the value as written). */
export function valueLength(rules: RuleNumbers, r: number): number {
  const value = rules[r + 1]!;
  return ruleSize(rules) === COMPACT_RULE ? value & LENGTH_MASK : rules[r + 2]! - value;
}

/** Where the rule on `line` is in the table (one rule a line, in file order), or -1. */
export function ruleAtLine(rules: RuleNumbers, line: number): number {
  let lo = 0;
  const size = ruleSize(rules);
  let hi = rules[rules.length - 1]! / size - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = rules[size * mid]! >> 2;
    if (at === line) return size * mid;
    if (at < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The group of the rule at `r`: the last group whose rules start at or before it. */
export function groupOfRule(rules: RuleNumbers, r: number): number {
  const starts = rules[rules.length - 1]!;
  // Groups `[lo, hi]` may hold it (the list of starts ends with where the table ends). A group
  // without rules starts where the next does: the last group starting at or before `r` holds it.
  let lo = 0;
  let hi = rules.length - 3 - starts - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (rules[starts + mid]! <= r) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The index entry of the rule at `r` (its pattern escaped as {@link entriesOf} escapes it), or
 * with `rewrite` its `index.html` rewrite: what a compact index makes of a rule it reaches.
 */
export function ruleEntry(
  body: BodyText,
  rules: RuleNumbers,
  r: number,
  rewrite: boolean,
  rfc9309: boolean,
): IndexEntry {
  const flags = ruleFlags(rules, r);
  const value = body.text.slice(valueStart(rules, r), valueEnd(rules, r));
  const pattern = rulePattern(value, flags, body.utf16, rfc9309);
  return makeEntry(
    rewrite ? indexRewriteOf(pattern)! : pattern,
    (flags & RuleFlag.allow) !== 0,
    groupOfRule(rules, r),
    ruleLine(rules, r),
    rewrite,
  );
}

/** Scans a body for the rules checks need, grouped as the model groups them. */
export function readRuleTable(body: BodyText, options: Required<ParseOptions>): RuleTable {
  const { handler, summary, body: read } = readGroups(body, options, () => new RuleTableReader());
  return {
    body: read,
    rules: packRules(handler.rules, handler.groupStarts, read.text.length),
    tokenGroups:
      handler.agentLines.length === 0
        ? null
        : new TokenGroups(read.text, handler.agentLines.slice()),
    // An exact-size copy: a pushed-to array keeps room for 17 elements, and a file keeps this.
    globalGroups: handler.globalGroups.slice(),
    bytesParsed: summary.bytesParsed,
  };
}

/**
 * The table of `rules` (three numbers each) and `groupStarts` (indexes into `rules`), for a text
 * of `textLength` characters: exact-size (a pushed-to array keeps spare room); a large file keeps
 * little else per rule, so its table is a typed array (four bytes a number, an array eight),
 * compact when its values fit ({@link COMPACT_RULE}: 8 bytes a rule rather than 12).
 */
function packRules(
  rules: number[],
  groupStarts: readonly number[],
  textLength: number,
): RuleNumbers {
  const count = rules.length / WIDE_RULE;
  const numbers = rules.length + groupStarts.length + 3;
  const largest = ruleTableLayout.largestArray;
  if (numbers <= largest || !fitsCompact(rules, textLength)) {
    const table = rules.length;
    for (const start of groupStarts) rules.push(start);
    // The last group's rules end where the table starts; then the numbers a rule takes and
    // where the table starts.
    rules.push(table, WIDE_RULE, table);
    return numbers > largest ? new Int32Array(rules) : rules.slice();
  }
  const table = COMPACT_RULE * count;
  const packed = new Int32Array(table + groupStarts.length + 3);
  for (let k = 0; k < count; k++) {
    const start = rules[WIDE_RULE * k + 1]!;
    packed[COMPACT_RULE * k] = rules[WIDE_RULE * k]!;
    packed[COMPACT_RULE * k + 1] = (start << LENGTH_BITS) | (rules[WIDE_RULE * k + 2]! - start);
  }
  for (let g = 0; g < groupStarts.length; g++) {
    packed[table + g] = (groupStarts[g]! / WIDE_RULE) * COMPACT_RULE;
  }
  packed[table + groupStarts.length] = table;
  packed[table + groupStarts.length + 1] = COMPACT_RULE;
  packed[table + groupStarts.length + 2] = table;
  return packed;
}

/** Whether rules (three numbers each) of a text of `textLength` characters fit a compact table. */
function fitsCompact(rules: readonly number[], textLength: number): boolean {
  if (textLength > 2 ** (32 - LENGTH_BITS)) return false;
  for (let r = 0; r < rules.length; r += WIDE_RULE) {
    if (rules[r + 2]! - rules[r + 1]! > LENGTH_MASK) return false;
  }
  return true;
}

/**
 * A pattern of a rule, as the index files it: `pattern[start, end)`, the rule's (at `r` in the
 * table; its `index.html` rewrite with `rewrite`), and whether it differs from the text as written
 * (`special`: escaped, or a rewrite).
 */
export type PatternVisitor = (
  pattern: string,
  start: number,
  end: number,
  r: number,
  rewrite: boolean,
  special: boolean,
  group: number,
  line: number,
  allow: boolean,
) => void;

/** Visits the patterns of the rules of `groups` (ascending) in file order (see {@link PatternVisitor}). */
export function forEachPattern(
  body: BodyText,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
  visit: PatternVisitor,
): void {
  const text = body.text;
  const size = ruleSize(rules);
  for (const group of groups) {
    const last = groupEnd(rules, group);
    for (let r = groupStart(rules, group); r < last; r += size) {
      const flags = ruleFlags(rules, r);
      const line = ruleLine(rules, r);
      const allow = (flags & RuleFlag.allow) !== 0;
      let pattern = text;
      let start = valueStart(rules, r);
      let end = valueEnd(rules, r);
      if ((flags & RuleFlag.escaped) !== 0) {
        pattern = rulePattern(text.slice(start, end), flags, body.utf16, rfc9309);
        start = 0;
        end = pattern.length;
      }
      visit(pattern, start, end, r, false, pattern !== text, group, line, allow);
      // Google-specific: an allow of `…/index.htm…` also allows its directory (`indexRewriteOf`).
      if (allow && endsInIndexHtm(pattern, start, end)) {
        const rewritten = indexRewriteOf(pattern.slice(start, end))!;
        visit(rewritten, 0, rewritten.length, r, true, true, group, line, allow);
      }
    }
  }
}

/**
 * The index entries of the rules of `groups` (ascending), in file order: each rule's escaped
 * pattern (RFC 9309 §2.2.2 with `rfc9309`), and its `index.html` rewrite if it has one.
 */
export function entriesOf(
  body: BodyText,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
): IndexEntry[] {
  const entries: IndexEntry[] = [];
  forEachPattern(
    body,
    rules,
    groups,
    rfc9309,
    (pattern, start, end, _r, rewrite, _s, group, line, allow) => {
      entries.push(makeEntry(pattern.slice(start, end), allow, group, line, rewrite));
    },
  );
  return entries;
}

/**
 * Checks of a rule set answered by {@link scanRules} before it is indexed: the first. A crawler
 * that checks one URL of a site pays for no index; the second check builds it. (A scan costs
 * several indexed checks: scanning the first four checks made the corpus run, 100 checks per
 * file, slower than indexing at once.)
 */
export const SCANS_BEFORE_INDEXING = 1;

/**
 * Above this many rules a set is indexed on its first check: a scan tests every rule, and a
 * file made to be slow (thousands of wildcard rules, long URLs) would make each scan slow.
 */
const MOST_RULES_SCANNED = 2048;

/** Whether the next check of the set of `groups`, checked `scans` times so far, scans the rules. */
export function scansRules(rules: RuleNumbers, groups: readonly number[], scans: number): boolean {
  if (scans >= SCANS_BEFORE_INDEXING) return false;
  let numbers = 0;
  for (const group of groups) numbers += groupEnd(rules, group) - groupStart(rules, group);
  return numbers <= ruleSize(rules) * MOST_RULES_SCANNED;
}

/**
 * Work (`PathSearch` units) that a scan may spend on wildcard patterns before it gives up for
 * the index: a scan then costs at most a pass over the rules plus this, whatever the file and
 * the URL, and the index is what bounds the checks of a file made to be slow.
 */
const SCAN_WILDCARD_WORK = 1 << 16;

/**
 * Matches the path of `state.search` against the rules of `groups` (ascending) straight from
 * the rule table, into `state`: what a rule set's first check does, before indexing it pays
 * ({@link RuleIndex}). Each rule is compared with the path in place, in file order, and only a
 * rule that would beat the best of its kind is compared at all; no entry is made but for a rule
 * that matches and beats it. The same answers as {@link entriesOf} and an index over them: the
 * same patterns (escaped as there, with the same `index.html` rewrites), the same strategy.
 * Its work is counted in `state.search` (a unit per rule compared and per character of its
 * prefix, and the wildcard searches).
 *
 * Returns false, with `state` partly updated, when the work would pass the check's budget or
 * the wildcard patterns whose prefix matched would cost more than {@link SCAN_WILDCARD_WORK}:
 * the caller then runs the index instead, so a scan never changes an answer.
 */
export function scanRules(
  body: BodyText,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
  state: MatchState,
): boolean {
  const text = body.text;
  // The rules' characters are read from the text's codes (a typed array: each `charCodeAt`
  // costs V8 a test of the string's representation), which a parse just before leaves in place.
  const codes = charCodesOf(text, body.utf16);
  const search = state.search;
  const path = search.path;
  const second = path.charCodeAt(0) === 0x2f && path.length > 1 ? path.charCodeAt(1) : -1;
  SCAN.second = second;
  SCAN.pathChars = false;
  SCAN.wildcardWork = 0;
  const size = ruleSize(rules);
  const compact = size === COMPACT_RULE;
  for (const group of groups) {
    const last = groupEnd(rules, group);
    for (let r = groupStart(rules, group); r < last; r += size) {
      const word = rules[r]!;
      const value = rules[r + 1]!;
      let start = compact ? value >>> LENGTH_BITS : value;
      let end = compact ? start + (value & LENGTH_MASK) : rules[r + 2]!;
      const allow = (word & ALLOW) !== 0;
      const line = word >> 2;
      let pattern = text;
      let chars = codes;
      if ((word & ESCAPED) !== 0) {
        pattern = rulePattern(text.slice(start, end), word & 3, body.utf16, rfc9309);
        chars = patternCodes(pattern);
        start = 0;
        end = pattern.length;
      } else if (second >= 0 && end - start >= 2 && codes[start] === 0x2f) {
        // Most rules start with `/`, as the path does, and differ from it in their second
        // character: passed over before anything else, at the cost `matchesRule` counts. Their
        // `index.html` rewrite starts with the same two characters, or is `/$`, which a path
        // with a second character does not match either.
        const c = codes[start + 1]!;
        if (c !== second && c !== 0x2a && c !== 0x24) {
          if (beatsBest(end - start, line, allow ? state.allow : state.disallow)) {
            search.work += 1 + (end - start);
            if (search.work > search.budget) return false;
          }
          continue;
        }
      }
      // A rule's priority is its pattern's length (`priorityOf`).
      if (
        beatsBest(end - start, line, allow ? state.allow : state.disallow) &&
        matchesRule(pattern, chars, start, end, search)
      ) {
        const entry = makeEntry(pattern.slice(start, end), allow, group, line, false);
        if (allow) state.allow = entry;
        else state.disallow = entry;
      }
      // Google-specific: an allow of `…/index.htm…` also allows its directory (`indexRewriteOf`).
      if (allow && endsInIndexHtm(pattern, start, end)) {
        const rewritten = indexRewriteOf(pattern.slice(start, end))!;
        if (
          beatsBest(rewritten.length, line, state.allow) &&
          matchesRule(rewritten, patternCodes(rewritten), 0, rewritten.length, search)
        ) {
          state.allow = makeEntry(rewritten, true, group, line, true);
        }
      }
      if (search.work > search.budget || SCAN.wildcardWork > SCAN_WILDCARD_WORK) return false;
    }
  }
  return true;
}

/** The `RuleFlag` bits, as module constants for the scan's loop (V8 folds them). */
const ALLOW: typeof RuleFlag.allow = 1;
const ESCAPED: typeof RuleFlag.escaped = 2;

/**
 * One scan's state across its rules, set at its start (a module's object, not a closure's
 * locals: V8 checks those on every read): the path's second character when it starts with `/`
 * (else −1; see {@link prefixMatch}), whether PATH_CHARS holds the path's characters yet, and
 * what the wildcard patterns' searches have cost.
 */
const SCAN = { second: -1, pathChars: false, wildcardWork: 0 };

/** The codes of the last pattern given to {@link patternCodes}. */
let PATTERN_CODES = new Uint8Array(64);

/**
 * The character codes of a pattern that differs from the body's text (escaped, or a rewrite),
 * for the scan to read as it reads the text's: valid until the next call. Patterns are ASCII
 * (escaping leaves no character above 0x7F), so each code is a byte.
 */
function patternCodes(pattern: string): Uint8Array {
  if (PATTERN_CODES.length < pattern.length) {
    PATTERN_CODES = new Uint8Array(Math.max(2 * PATTERN_CODES.length, pattern.length));
  }
  const codes = PATTERN_CODES;
  for (let i = 0; i < pattern.length; i++) codes[i] = pattern.charCodeAt(i);
  return codes;
}

/**
 * Whether the path of `search` matches `pattern[start, end)`, whose character codes are
 * `chars[start, end)`, with the work counted: its literal prefix compared in place; a wildcard
 * pattern then ruled out by a character the path lacks (most need one: `?`, `&`, `.`), else
 * searched for.
 */
function matchesRule(
  pattern: string,
  chars: Uint8Array,
  start: number,
  end: number,
  search: PathSearch,
): boolean {
  search.work += 1 + (end - start);
  const path = search.path;
  const star = prefixMatch(chars, start, end, path, SCAN.second);
  if (star < 0) return star === PrefixMatch.yes;
  if (!SCAN.pathChars) {
    search.work += path.length;
    fillPathChars(path);
    SCAN.pathChars = true;
  }
  if (lacksCharacterOf(chars, start + star, end)) return false;
  const before = search.work;
  const matched = search.matchesAfterPrefix(compilePattern(pattern.slice(start, end)));
  SCAN.wildcardWork += search.work - before;
  return matched;
}

/** What comparing a pattern's literal prefix with a path found, when it is not a `*`'s offset. */
const PrefixMatch = { no: -1, yes: -2 } as const;

/**
 * Compares the pattern whose codes are `chars[start, end)` with `path` in place up to its first
 * `*`: whether the path matches it (a pattern without `*`), does not, or matches its prefix and
 * must be matched as a wildcard pattern: then the offset of that `*` in the pattern (0 or more).
 * `second`: the path's second character when the path starts with `/`, else −1.
 */
function prefixMatch(
  chars: Uint8Array,
  start: number,
  end: number,
  path: string,
  second: number,
): number {
  let i = 0;
  // Most patterns start with `/`, as `second` says the path does: then most are told apart from
  // the path by their second character, compared here with the path's, read once per scan.
  if (second >= 0 && end - start >= 2 && chars[start] === 0x2f) {
    const c = chars[start + 1]!;
    if (c !== second && c !== 0x2a && c !== 0x24) return PrefixMatch.no;
    i = 1;
  }
  for (; start + i < end; i++) {
    const c = chars[start + i]!;
    if (c === 0x2a) return i;
    // `$` is special only as the pattern's last character: the path must end there.
    if (c === 0x24 && start + i === end - 1) {
      return path.length === i ? PrefixMatch.yes : PrefixMatch.no;
    }
    if (i >= path.length || path.charCodeAt(i) !== c) return PrefixMatch.no;
  }
  return PrefixMatch.yes;
}

/** The ASCII characters of the path a scan matches, one bit each ({@link fillPathChars}). */
const PATH_CHARS = new Int32Array(4);

function fillPathChars(path: string): void {
  // Four stores: `fill` is a call into the runtime that costs more.
  PATH_CHARS[0] = 0;
  PATH_CHARS[1] = 0;
  PATH_CHARS[2] = 0;
  PATH_CHARS[3] = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c < 0x80) PATH_CHARS[c >> 5]! |= 1 << (c & 31);
  }
}

/**
 * Whether the wildcard pattern whose codes are `chars[from, end)` (from its first `*` on) holds
 * a literal character that the path of the last {@link fillPathChars} lacks: then the path does
 * not match it. (Patterns are escaped, so ASCII; anything else is not ruled out.)
 */
function lacksCharacterOf(chars: Uint8Array, from: number, end: number): boolean {
  for (let i = from; i < end; i++) {
    const c = chars[i]!;
    if (c === 0x2a || c >= 0x80 || (c === 0x24 && i === end - 1)) continue;
    if ((PATH_CHARS[c >> 5]! & (1 << (c & 31))) === 0) return true;
  }
  return false;
}

/**
 * Whether the last segment of the pattern `pattern[start, end)` starts with `index.htm`: read
 * backwards to its last `/`, so an allow rule costs its last segment (see `indexRewriteOf`).
 */
function endsInIndexHtm(pattern: string, start: number, end: number): boolean {
  let slash = end - 1;
  while (slash >= start && pattern.charCodeAt(slash) !== 0x2f) slash--;
  return slash >= start && end - slash >= 10 && pattern.startsWith('/index.htm', slash);
}

/** Records each group's rules and which groups each product token names. */
class RuleTableReader implements GroupHandler {
  /** The rules, three numbers each (see {@link RuleTable.rules}). */
  readonly rules: number[] = [];
  /** Where each group's rules start in `rules`. */
  readonly groupStarts: number[] = [];
  /** The lines naming a product token (see {@link TokenGroups}): three numbers each. */
  readonly agentLines: number[] = [];
  readonly globalGroups: number[] = [];

  agent(group: number, _line: number, start: number, _end: number, tokenEnd: number): void {
    // Rules come in group order: a new group's rules start after all rules so far.
    if (group === this.groupStarts.length) this.groupStarts.push(this.rules.length);
    if (tokenEnd < 0) {
      if (this.globalGroups[this.globalGroups.length - 1] !== group) this.globalGroups.push(group);
      return;
    }
    this.agentLines.push(group, start, tokenEnd);
  }

  rule(group: number, line: number, flags: number, valueStart: number, valueEnd: number): void {
    // Rules before the first group are never applied (the model still lists them). `line << 2`
    // fits an int: a line number is at most the text's length + 1, below 2^29 in V8.
    if (group >= 0) this.rules.push((line << 2) | flags, valueStart, valueEnd);
  }
}

/** See `keepShape`: a reader lives only during a parse. */
keepShape(new RuleTableReader());

/** Up to this many lines naming a token are compared in turn; more are found by a `Map`. */
const FEW_LINES = 8;

/**
 * The groups naming each product token, compared ASCII-case-insensitively (RFC 9309 §2.2.1),
 * from where each `User-agent` line's token is in the body's text. A file has a few such lines,
 * whose tokens are compared in place with a queried agent (most differ in length): that costs
 * less than slicing and keeping each token at parse, which a file checked once never reads
 * again. A file with more gets a `Map` of lower-cased tokens on its first lookup.
 */
export class TokenGroups {
  readonly #text: string;
  /** Each line's group, and where its token starts and ends in `#text`: in file order. */
  readonly #lines: readonly number[];
  /** Lower-cased token → the groups naming it (ascending), once looked up in a file of many lines. */
  #map: Map<string, number[]> | null = null;

  /** `lines`: three numbers a `User-agent` line naming a token, in file order (see `#lines`). */
  constructor(text: string, lines: readonly number[]) {
    this.#text = text;
    this.#lines = lines;
  }

  /** The groups naming `agent` (as queried: any case), ascending, or undefined. */
  get(agent: string): number[] | undefined {
    const lines = this.#lines;
    const text = this.#text;
    if (lines.length > 3 * FEW_LINES) {
      this.#map ??= groupsByToken(text, lines);
      return this.#map.get(asciiLowerCase(agent));
    }
    let groups: number[] | undefined;
    for (let k = 0; k < lines.length; k += 3) {
      if (!tokenEquals(text, lines[k + 1]!, lines[k + 2]!, agent)) continue;
      const group = lines[k]!;
      if (groups === undefined) groups = [group];
      else if (groups[groups.length - 1] !== group) groups.push(group);
    }
    return groups;
  }
}

/** See `keepShape`: a parse's token groups live only as long as its file. */
keepShape(new TokenGroups('', []));

/** The groups naming each lower-cased token of `lines` (see {@link TokenGroups}). */
function groupsByToken(text: string, lines: readonly number[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (let k = 0; k < lines.length; k += 3) {
    const group = lines[k]!;
    // Product tokens are ASCII (letters, digits, `-`, `_`): the native lower-casing is ASCII's.
    const token = text.slice(lines[k + 1]!, lines[k + 2]!).toLowerCase();
    const groups = map.get(token);
    if (groups === undefined) map.set(token, [group]);
    else if (groups[groups.length - 1] !== group) groups.push(group);
  }
  return map;
}

/**
 * Whether the product token `text[start, end)` (ASCII) and `agent` are equal but for the case of
 * ASCII letters.
 */
function tokenEquals(text: string, start: number, end: number, agent: string): boolean {
  if (end - start !== agent.length) return false;
  for (let i = 0; i < agent.length; i++) {
    const a = text.charCodeAt(start + i);
    const b = agent.charCodeAt(i);
    if (a === b) continue;
    const lower = a | 0x20;
    if (lower !== (b | 0x20) || lower < 0x61 || lower > 0x7a) return false;
  }
  return true;
}
