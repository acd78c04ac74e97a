/**
 * The scan engine over a parsed file's rule table: the first check of a rule set compares each
 * rule with the path in place, in file order, before indexing it pays (`compile.ts` runs it
 * through `scansRules`, then the index). Runs on a set's first check only.
 */

import type { BodyText } from '../../parse/body.js';
import { type RuleFlag, rulePattern } from '../../parse/read-groups.js';
import { charCodesOf } from '../../util/char-codes.js';
import type { MatchState } from '../matcher.js';
import type { PathSearch } from '../path-search.js';
import { compilePattern, indexRewriteOf } from '../pattern.js';
import { makeEntry } from '../rule-entry.js';
import {
  COMPACT_RULE,
  endsInIndexHtm,
  groupEnd,
  groupStart,
  LENGTH_BITS,
  LENGTH_MASK,
  type RuleNumbers,
  ruleSize,
  valueLength,
} from '../rule-table.js';
import { beatsBest } from '../strategy.js';
import { NOT_HELD, PathPieces } from './path-pieces.js';

/**
 * Checks of a rule set answered by {@link scanRules} before it is indexed: the first. A crawler
 * that checks one URL of a site pays for no index; the second check builds it. (A scan costs
 * several indexed checks: scanning the first four checks made the corpus run, 100 checks per
 * file, slower than indexing at once.)
 */
export const SCANS_BEFORE_INDEXING = 1;

/**
 * Up to this many rules a set is scanned on its first {@link SCANS_BEFORE_INDEXING} checks; a
 * larger one on its first checks while what they cost stays below what indexing it is reckoned
 * to (see {@link scansRules}).
 */
const MOST_RULES_SCANNED = 2048;

/**
 * What indexing a large set (more than {@link MOST_RULES_SCANNED} rules) is reckoned to cost,
 * in a scan's work units per character of its wildcard rules' values: the indexes and the
 * wildcard program a hostile file's checks soon build (`program-rent.ts`), measured at 25 to 70
 * units a character on 500 KiB files of 10,000 to 28,000 wildcard rules; a character of its
 * other rules, {@link PLAIN_RENT_PER_BYTE}. A large set's checks are scanned while their work
 * stays below what its characters are reckoned at (ski rental: the scans cost at most about what
 * indexing would), so that the first checks of a 500 KiB file cost a scan each (its characters
 * once, plus O(n · L) for the path's `PathPieces`), not the index and the program. Its wildcard
 * characters are those the first scan met (rules whose prefix the path has: every rule of a
 * file made to be slow, whose patterns start `/*`).
 */
export const SCAN_RENT_PER_BYTE = 32;

/**
 * What indexing a large set is reckoned to cost a character of its rules but the wildcard ones
 * its first scan met (see {@link SCAN_RENT_PER_BYTE}): the prefix index's hashing and sorting.
 * A real file of thousands of plain rules is then indexed after a few dozen cheap scans, not
 * hundreds.
 */
const PLAIN_RENT_PER_BYTE = 4;

/**
 * Test settings, not part of the public API. `rentPerByte`: what a large set's scans may cost a
 * character of its wildcard rules ({@link SCAN_RENT_PER_BYTE}); 0 indexes a large set on its
 * first check, for tests that measure an indexed set (the client's memory per origin).
 */
export const tableScanning: { rentPerByte: number } = { rentPerByte: SCAN_RENT_PER_BYTE };

/**
 * What the scans of the set of `groups` may cost in all before it is indexed, for
 * {@link scansRules}: for a set of up to {@link MOST_RULES_SCANNED} rules, -1 (it is scanned on
 * its first {@link SCANS_BEFORE_INDEXING} checks, whatever they cost); for a larger one,
 * {@link PLAIN_RENT_PER_BYTE} a character of its rules' values, and after its first scan
 * {@link SCAN_RENT_PER_BYTE} a character of the wildcard rules that scan met (`wildcardBytes`,
 * from {@link lastScanWildcardBytes}; 0 before).
 */
export function scanPrice(
  rules: RuleNumbers,
  groups: readonly number[],
  wildcardBytes: number,
): number {
  const size = ruleSize(rules);
  let numbers = 0;
  for (const group of groups) numbers += groupEnd(rules, group) - groupStart(rules, group);
  if (numbers <= size * MOST_RULES_SCANNED) return -1;
  let bytes = 0;
  for (const group of groups) {
    const last = groupEnd(rules, group);
    for (let r = groupStart(rules, group); r < last; r += size) bytes += valueLength(rules, r);
  }
  const rent = tableScanning.rentPerByte;
  const plain = Math.min(rent, PLAIN_RENT_PER_BYTE);
  return plain * (bytes - wildcardBytes) + rent * wildcardBytes;
}

/** The characters of the wildcard rules the last {@link scanRules} met (see {@link scanPrice}). */
export function lastScanWildcardBytes(): number {
  return SCAN.wildcardBytes;
}

/**
 * The work the last {@link scanRules} spent on the wildcard rules whose literal prefix the path
 * has (reading their rest, placing their pieces, searching): what a check through the indexes
 * would spend on them too, at least (`compile.ts` then builds the wildcard program with the
 * index, not after a check through the indexes cut short).
 */
export function lastScanWildcardWork(): number {
  return SCAN.wildcardSpent;
}

/**
 * Whether the next check of a set whose scans may cost `price` in all ({@link scanPrice}),
 * checked `scans` times so far by scans that cost `spent` units, scans the rules: a small set's
 * first {@link SCANS_BEFORE_INDEXING} checks, a large set's while `spent` stays below the price.
 */
export function scansRules(price: number, scans: number, spent: number): boolean {
  return price < 0 ? scans < SCANS_BEFORE_INDEXING : spent < price;
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
  // The rules' characters are read from the text's codes (a typed array: each `charCodeAt`
  // costs V8 a test of the string's representation), which a parse just before leaves in place.
  const codes = charCodesOf(body.text, body.utf16);
  const path = state.search.path;
  const second = path.charCodeAt(0) === 0x2f && path.length > 1 ? path.charCodeAt(1) : -1;
  SCAN.second = second;
  SCAN.pathChars = false;
  SCAN.wildcardWork = 0;
  SCAN.wildcardBytes = 0;
  SCAN.wildcardSpent = 0;
  SCAN.piecesAfter = Math.min(PIECES_AFTER_PASSES * path.length + 1024, SCAN_WILDCARD_WORK >> 1);
  SCAN.piecesReady = false;
  try {
    return scanTable(body, codes, rules, groups, rfc9309, state);
  } finally {
    if (SCAN.piecesReady) PIECES.release();
  }
}

/** {@link scanRules}'s loop, over the text's character codes `codes`. */
function scanTable(
  body: BodyText,
  codes: Uint8Array,
  rules: RuleNumbers,
  groups: readonly number[],
  rfc9309: boolean,
  state: MatchState,
): boolean {
  const text = body.text;
  const search = state.search;
  const second = SCAN.second;
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
        start = 0;
        end = pattern.length;
        // Passed over by its second character as a rule below is, before its codes are copied.
        if (second >= 0 && end >= 2 && pattern.charCodeAt(0) === 0x2f) {
          const c = pattern.charCodeAt(1);
          if (c !== second && c !== 0x2a && c !== 0x24) {
            if (beatsBest(end, line, allow ? state.allow : state.disallow)) {
              search.work += 2;
              if (search.work > search.budget) return false;
            }
            continue;
          }
        }
        chars = patternCodes(pattern);
      } else if (second >= 0 && end - start >= 2 && codes[start] === 0x2f) {
        // Most rules start with `/`, as the path does, and differ from it in their second
        // character: passed over before anything else, at the cost `matchesRule` counts (its
        // two characters compared). Their
        // `index.html` rewrite starts with the same two characters, or is `/$`, which a path
        // with a second character does not match either.
        const c = codes[start + 1]!;
        if (c !== second && c !== 0x2a && c !== 0x24) {
          if (beatsBest(end - start, line, allow ? state.allow : state.disallow)) {
            search.work += 2;
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
const SCAN = {
  second: -1,
  pathChars: false,
  wildcardWork: 0,
  /** The characters of the wildcard patterns met (see `scanPrice`). */
  wildcardBytes: 0,
  /** The work spent on wildcard patterns past their literal prefix (see `lastScanWildcardWork`). */
  wildcardSpent: 0,
  piecesAfter: 0,
  piecesReady: false,
  /** The characters the last {@link prefixMatch} compared. */
  compared: 0,
};

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
  const path = search.path;
  const star = prefixMatch(chars, start, end, path, SCAN.second);
  // A unit, and the characters compared (up to the first that differs from the path's).
  search.work += 1 + SCAN.compared;
  if (star < 0) return star === PrefixMatch.yes;
  const from = search.work;
  const matched = matchesWildcard(pattern, chars, start, end, star, search);
  SCAN.wildcardSpent += search.work - from;
  return matched;
}

/**
 * {@link matchesRule} past a literal prefix the path has (`star` characters, up to the
 * pattern's first `*`).
 */
function matchesWildcard(
  pattern: string,
  chars: Uint8Array,
  start: number,
  end: number,
  star: number,
  search: PathSearch,
): boolean {
  const path = search.path;
  // The rest of the pattern, read to rule it out and to place its pieces.
  search.work += end - start - star;
  SCAN.wildcardBytes += end - start;
  if (!SCAN.pathChars) {
    search.work += path.length;
    fillPathChars(path);
    SCAN.pathChars = true;
  }
  if (lacksCharacterOf(chars, start + star, end)) return false;
  // The trie, once searches have cost a few passes, or once the check's work (the rules read
  // included) could make this search build the path's oracle: its O(n log n) build, counted
  // as a search, made a scan of a 500 KiB file give up for the index (and the program) on its
  // first check, wasting what it had read.
  if (SCAN.wildcardWork > SCAN.piecesAfter || search.oracleWithin(end - start - star)) {
    const placed = placePieces(chars, start + star, end, star, search);
    if (placed !== Placed.unknown) return placed === Placed.yes;
  }
  const before = search.work;
  const matched = search.matchesAfterPrefix(compilePattern(pattern.slice(start, end)));
  SCAN.wildcardWork += search.work - before;
  return matched;
}

/** What {@link placePieces} found: a match, none, or a piece too long for `PathPieces`. */
const Placed = { no: 0, yes: 1, unknown: 2 } as const;
type Placed = (typeof Placed)[keyof typeof Placed];

/**
 * Searches (`SCAN.wildcardWork`) after which a scan looks its pieces up in {@link PIECES}: a
 * few passes of the path (a typical file's few wildcard rules cost less by native search than
 * a level of the trie), and at most half of {@link SCAN_WILDCARD_WORK}, so that a scan of a
 * large set never gives up on pieces the trie holds.
 */
const PIECES_AFTER_PASSES = 4;

/** The trie of the scanned path's short substrings, built once the searches have cost enough. */
const PIECES = new PathPieces();

/**
 * Whether the path of `search` matches the wildcard part `chars[from, end)` of a pattern (from
 * its first `*`, after a literal prefix of `prefix` characters the path starts with): its
 * pieces placed greedily, each at its first occurrence after the one before (as
 * `PathSearch.matchesAfterPrefix` places them), found in the path's {@link PathPieces} in place
 * in the pattern's characters; an anchored tail compared with the path's end. `unknown` when a
 * piece is too long for the trie (then `PathSearch` answers).
 */
function placePieces(
  chars: Uint8Array,
  from: number,
  end: number,
  prefix: number,
  search: PathSearch,
): Placed {
  const path = search.path;
  if (!SCAN.piecesReady) {
    PIECES.reset(path);
    SCAN.piecesReady = true;
  }
  const anchored = chars[end - 1] === 0x24;
  const last = anchored ? end - 1 : end;
  // The tail: the characters after the last `*`.
  let tail = last;
  while (chars[tail - 1] !== 0x2a) tail--;
  if (!PIECES.holds(last - tail)) return Placed.unknown;
  const before = PIECES.work;
  let pos = prefix;
  let piece = from + 1;
  let placed: Placed = Placed.yes;
  for (let i = from + 1; i < tail; i++) {
    if (chars[i] !== 0x2a) continue;
    if (i > piece) {
      if (!PIECES.holds(i - piece)) {
        placed = Placed.unknown;
        break;
      }
      const at = PIECES.find(chars, piece, i, pos);
      if (at < 0) {
        placed = at === NOT_HELD ? Placed.unknown : Placed.no;
        break;
      }
      pos = at + (i - piece);
    }
    piece = i + 1;
  }
  if (placed === Placed.yes && tail < last) {
    if (anchored) {
      // The tail ends the path, after the last piece placed.
      const at = path.length - (last - tail);
      search.work += last - tail;
      if (at < pos) placed = Placed.no;
      for (let i = tail; i < last && placed === Placed.yes; i++) {
        if (path.charCodeAt(at + i - tail) !== chars[i]) placed = Placed.no;
      }
    } else {
      const at = PIECES.find(chars, tail, last, pos);
      if (at < 0) placed = at === NOT_HELD ? Placed.unknown : Placed.no;
    }
  }
  search.work += PIECES.work - before;
  return placed;
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
    SCAN.compared = 2;
    if (c !== second && c !== 0x2a && c !== 0x24) return PrefixMatch.no;
    i = 1;
  }
  for (; start + i < end; i++) {
    SCAN.compared = i + 1;
    const c = chars[start + i]!;
    if (c === 0x2a) return i;
    // `$` is special only as the pattern's last character: the path must end there.
    if (c === 0x24 && start + i === end - 1) {
      return path.length === i ? PrefixMatch.yes : PrefixMatch.no;
    }
    if (i >= path.length || path.charCodeAt(i) !== c) return PrefixMatch.no;
  }
  SCAN.compared = i;
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
