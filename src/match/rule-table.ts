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
import { keepShape } from '../util/kept-shape.js';
import { indexRewriteOf } from './pattern.js';
import { type IndexEntry, makeEntry } from './rule-entry.js';
import { TokenGroups } from './token-groups.js';

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
export const LENGTH_MASK: number = (1 << LENGTH_BITS) - 1;

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
  const rules = handler.largeRules?.numbers() ?? handler.rules;
  const groupStarts = handler.largeStarts?.numbers() ?? handler.groupStarts;
  const agentLines = handler.largeAgents?.copy() ?? handler.agentLines;
  const table: RuleTable = {
    body: read,
    rules: packRules(rules, groupStarts, read.text.length),
    tokenGroups:
      agentLines.length === 0
        ? null
        : new TokenGroups(read.text, Array.isArray(agentLines) ? agentLines.slice() : agentLines),
    // An exact-size copy: a pushed-to array keeps room for 17 elements, and a file keeps this.
    globalGroups: handler.globalGroups.slice(),
    bytesParsed: summary.bytesParsed,
  };
  handler.largeRules?.release();
  handler.largeStarts?.release();
  handler.largeAgents?.release();
  return table;
}

/**
 * Numbers past which a parse records a list (rules, group starts, lines naming a token) in a
 * {@link NumberList} rather than a JS array: a JS array pushed to tens of thousands of times
 * cost a 500 KiB file's parse several times its tokenizing (its growing copies are collected,
 * and the large ones promoted), while a small file's table is best made from an array (copying
 * a typed list into one cost a typical file's parse and first check a fifth more).
 */
const LARGE_LIST = 3 * 1024;

/**
 * A list of numbers a large file's parse records, in an `Int32Array` grown by doubling. One list
 * of each kind serves the parse under way (a parse is synchronous, and a reader that reads a
 * body again as bytes replaces the first) and is kept for the next, unless it grew large.
 */
class NumberList {
  /** Empty until a parse first lends the list (a process that parses no large file keeps none). */
  array: Int32Array = new Int32Array(0);
  length = 0;

  /** This list, holding `numbers` (a reader's array, grown to {@link LARGE_LIST}). */
  lend(numbers: readonly number[]): NumberList {
    this.length = 0;
    while (this.array.length < 2 * numbers.length) this.#grow();
    for (let k = 0; k < numbers.length; k++) this.array[k] = numbers[k]!;
    this.length = numbers.length;
    return this;
  }

  /** Done with the list: a large array is let go. */
  release(): void {
    if (this.array.length > 1 << 16) this.array = new Int32Array(0);
  }

  push(value: number): void {
    if (this.length === this.array.length) this.#grow();
    this.array[this.length++] = value;
  }

  push3(a: number, b: number, c: number): void {
    if (this.length + 3 > this.array.length) this.#grow();
    const array = this.array;
    array[this.length] = a;
    array[this.length + 1] = b;
    array[this.length + 2] = c;
    this.length += 3;
  }

  /** The numbers, in place (valid until the list is lent again). */
  numbers(): Int32Array {
    return this.array.subarray(0, this.length);
  }

  /** The numbers, copied. */
  copy(): Int32Array {
    return this.array.slice(0, this.length);
  }

  #grow(): void {
    const array = new Int32Array(Math.max(LARGE_LIST, 2 * this.array.length));
    array.set(this.array);
    this.array = array;
  }
}

/** The lists {@link RuleTableReader}s record into past {@link LARGE_LIST} (see {@link NumberList}). */
const RULES = new NumberList();
const GROUP_STARTS = new NumberList();
const AGENT_LINES = new NumberList();

/**
 * The table of `rules` (three numbers each) and `groupStarts` (indexes into `rules`), for a text
 * of `textLength` characters: exact-size (a pushed-to array keeps spare room); a large file keeps
 * little else per rule, so its table is a typed array (four bytes a number, an array eight),
 * compact when its values fit ({@link COMPACT_RULE}: 8 bytes a rule rather than 12).
 */
function packRules(
  rules: number[] | Int32Array,
  groupStarts: ArrayLike<number>,
  textLength: number,
): RuleNumbers {
  const count = rules.length / WIDE_RULE;
  const numbers = rules.length + groupStarts.length + 3;
  const largest = ruleTableLayout.largestArray;
  if (!Array.isArray(rules) && !fitsCompact(rules, textLength)) {
    // A large file's (see `LARGE_LIST`), wide: the rules, the group starts, then as below.
    const table = rules.length;
    const packed = new Int32Array(numbers);
    packed.set(rules);
    for (let g = 0; g < groupStarts.length; g++) packed[table + g] = groupStarts[g]!;
    packed[table + groupStarts.length] = table;
    packed[table + groupStarts.length + 1] = WIDE_RULE;
    packed[table + groupStarts.length + 2] = table;
    return packed;
  }
  if (Array.isArray(rules) && (numbers <= largest || !fitsCompact(rules, textLength))) {
    const table = rules.length;
    for (let g = 0; g < groupStarts.length; g++) rules.push(groupStarts[g]!);
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
function fitsCompact(rules: ArrayLike<number>, textLength: number): boolean {
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
  const size = ruleSize(rules);
  for (const group of groups) {
    const last = groupEnd(rules, group);
    for (let r = groupStart(rules, group); r < last; r += size) {
      visitRule(body, rules, r, group, rfc9309, visit);
    }
  }
}

/**
 * Visits the pattern of the rule at `r` of `group` (escaped as a check matches it), and its
 * `index.html` rewrite if it has one; returns the characters of its pattern (for a build's count:
 * `build-index.ts` visits rules one at a time in counted steps).
 */
export function visitRule(
  body: BodyText,
  rules: RuleNumbers,
  r: number,
  group: number,
  rfc9309: boolean,
  visit: PatternVisitor,
): number {
  const text = body.text;
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
  return end - start;
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
 * Whether the last segment of the pattern `pattern[start, end)` starts with `index.htm`: read
 * backwards to its last `/`, so an allow rule costs its last segment (see `indexRewriteOf`).
 */
export function endsInIndexHtm(pattern: string, start: number, end: number): boolean {
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
  /**
   * The same lists once any passed {@link LARGE_LIST} numbers (null before; all three from then
   * on).
   */
  largeRules: NumberList | null = null;
  largeStarts: NumberList | null = null;
  largeAgents: NumberList | null = null;

  agent(group: number, _line: number, start: number, _end: number, tokenEnd: number): void {
    if (tokenEnd < 0 && this.globalGroups[this.globalGroups.length - 1] !== group)
      this.globalGroups.push(group);
    // Rules come in group order: a new group's rules start after all rules so far.
    const large = this.largeStarts;
    if (large !== null) {
      if (group === large.length) large.push(this.largeRules!.length);
      if (tokenEnd >= 0) this.largeAgents!.push3(group, start, tokenEnd);
      return;
    }
    // A file's few groups and lines in arrays, as pushed.
    if (group === this.groupStarts.length) this.groupStarts.push(this.rules.length);
    if (tokenEnd >= 0) this.agentLines.push(group, start, tokenEnd);
    if (this.agentLines.length >= LARGE_LIST || this.groupStarts.length >= LARGE_LIST)
      this.#toLarge();
  }

  rule(group: number, line: number, flags: number, valueStart: number, valueEnd: number): void {
    // Rules before the first group are never applied (the model still lists them). `line << 2`
    // fits an int: a line number is at most the text's length + 1, below 2^29 in V8.
    if (group < 0) return;
    const large = this.largeRules;
    if (large !== null) {
      large.push3((line << 2) | flags, valueStart, valueEnd);
      return;
    }
    this.rules.push((line << 2) | flags, valueStart, valueEnd);
    if (this.rules.length >= LARGE_LIST) this.#toLarge();
  }

  /** Past {@link LARGE_LIST} numbers in any list: every list typed from now on. */
  #toLarge(): void {
    this.largeRules = RULES.lend(this.rules);
    this.largeStarts = GROUP_STARTS.lend(this.groupStarts);
    this.largeAgents = AGENT_LINES.lend(this.agentLines);
  }
}

/** See `keepShape`: a reader lives only during a parse. */
keepShape(new RuleTableReader());
