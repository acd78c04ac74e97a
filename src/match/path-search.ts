/**
 * The work of one check: where its literal pieces occur in the path, and how much it cost.
 *
 * Pieces are first found with native substring search, as {@link matchesAfterPrefix} does. A
 * search costs up to the rest of the path, and a hostile file can hold thousands of rules whose
 * pieces all have to be searched for; so once a check's searches have cost a couple of passes
 * over the path, a piece with a pair of adjacent characters the path lacks is ruled out at the
 * cost of its length, and once they have cost more than a few passes, the check builds a
 * {@link PathOracle} of the path (O(n log n)), after which a piece costs its own length plus
 * O(log² n), whatever the path. Every step is counted in `work`
 * (characters compared or scanned, estimated from above); a check whose work passes its budget
 * stops and is answered "disallowed" by the caller.
 *
 * Runs at every check that tests a wildcard rule, in any engine.
 */

import { PathOracle } from './path-oracle.js';
import type { CompiledPattern } from './pattern.js';

/** Search work (beyond this many path lengths, plus a constant) that makes a check build an oracle. */
const ORACLE_AFTER_PASSES = 8;
const ORACLE_AFTER_WORK = 20_000;
/** Work after which a check first rules out pieces with a pair of characters the path lacks. */
const FILTER_AFTER_PASSES = 2;
const FILTER_AFTER_WORK = 2_000;
/** The pair set's words (see `#pairs`), counted when it is built. */
const PAIRS_WORK = 1 << 9;

/**
 * The bit of character code `c` in a set of characters held as two words: codes below 0x40 in
 * the low word, the others in the high one, each at bit `c & 31` (so `q` and `Q` share one).
 */
export function charBit(c: number): number {
  return 1 << (c & 31);
}

/** One check's searches and work count; reset for each check, reused to avoid allocation. */
export class PathSearch {
  /** The path being matched. */
  path = '';
  /** Work done so far in this check. */
  work = 0;
  /** Work allowed; `exhausted` once `work` passes it. */
  budget: number = Number.POSITIVE_INFINITY;
  /**
   * True while a rule index's wildcard entries are decided elsewhere (its `WildcardProgram`):
   * the scans of the lists and indexes (`scanList`, the prefix index) pass over wildcard entries,
   * and the walk leaves out the trigram index, which holds only such entries.
   */
  skipWildcards = false;
  /**
   * True while the check needs only the verdict (`isAllowed`): the scans of the indexes pass
   * over rules that could change only the deciding line (`changesVerdict`). Kept by `reset`.
   */
  verdictOnly = false;
  /** Search work that makes this check build an oracle. */
  #oracleAfter = 0;
  #oracle: PathOracle | null = null;
  /** Work after which pieces go through the pair filter; Infinity once it is built. */
  #filterAfter = 0;
  /**
   * One bit for each pair of adjacent characters of the path (each character's low 7 bits): a
   * piece with a pair that is not set does not occur, which costs its length to find out, not
   * a search of the path. Built when searches have cost a couple of passes over the path.
   */
  #pairs: Int32Array | null = null;
  #pairsBuilt = false;
  /**
   * The characters of the path, as {@link charBit} sets them (`charsLow` for codes below 0x40),
   * once `charsKnown`: a walk over the whole path sets them, and a rule needing a character
   * whose bit is clear cannot match.
   */
  charsLow = 0;
  charsHigh = 0;
  charsKnown = false;

  /** Starts a check of `path` with `budget` units of work. */
  reset(path: string, budget: number): void {
    this.path = path;
    this.work = 0;
    this.budget = budget;
    this.skipWildcards = false;
    this.#oracleAfter = ORACLE_AFTER_PASSES * path.length + ORACLE_AFTER_WORK;
    this.#oracle = null;
    this.#filterAfter = FILTER_AFTER_PASSES * path.length + FILTER_AFTER_WORK;
    this.#pairsBuilt = false;
    this.charsKnown = false;
  }

  /** Whether the path may hold every character of the set `low`, `high` (as `charsLow`, `charsHigh`). */
  mayHold(low: number, high: number): boolean {
    return !this.charsKnown || ((low & ~this.charsLow) | (high & ~this.charsHigh)) === 0;
  }

  /** Drops the path and the oracle (a check is over: keep nothing of it alive). */
  release(): void {
    this.path = '';
    this.#oracle = null;
  }

  /** True once the check has done more work than its budget allows. */
  get exhausted(): boolean {
    return this.work > this.budget;
  }

  /**
   * Whether a search of a pattern of `chars` characters past its prefix may build an oracle
   * (none built, and the check's work so far plus what such a search may cost before it, at
   * most two passes of the path, the pair set and twice its characters, would pass the oracle's
   * threshold): a scan, whose reading of the rules counts towards it, looks its pieces up in the
   * path's trie instead (`scan/table-scan.ts`). A search that crossed the threshold midway built
   * the oracle there and made the scan give up (its work, 300,000 units on 20 rules of 3,000
   * pieces, then uncounted).
   */
  oracleWithin(chars: number): boolean {
    const most = 2 * this.path.length + PAIRS_WORK + 2 * chars;
    return this.#oracle === null && this.work + most > this.#oracleAfter;
  }

  /** Whether an oracle was built for this check (for tests that count work). */
  get usedOracle(): boolean {
    return this.#oracle !== null;
  }

  /**
   * Whether the path matches `compiled`, given that it starts with `compiled.prefix`: exactly
   * {@link matchesAfterPrefix}, with the work counted. Pieces are placed greedily, each at its
   * leftmost occurrence after the previous one; an anchored pattern's tail must end the path.
   */
  matchesAfterPrefix(compiled: CompiledPattern): boolean {
    const pieces = compiled.pieces;
    const path = this.path;
    if (pieces === null) return !compiled.anchored || path.length === compiled.prefix.length;
    let pos = compiled.prefix.length;
    const last = pieces.length - 1;
    const tail = pieces[last]!;
    if (compiled.anchored) {
      this.work += tail.length;
      if (!path.endsWith(tail)) return false;
    }
    // A rule with more pieces than the oracle saves on (star-heavy) searches its path directly:
    // greedy placement never scans a character twice, so that costs one pass at most.
    const direct = this.#oracle !== null && last * this.#oracle.levels * 4 > path.length - pos;
    for (let i = 0; i < last; i++) {
      const piece = pieces[i]!;
      if (piece.length === 0) continue;
      const at = direct ? this.#direct(piece, pos) : this.#find(piece, pos);
      if (at < 0) return false;
      pos = at + piece.length;
    }
    // The tail ends the path (tested above): it must not overlap the last piece placed.
    if (compiled.anchored) return path.length - tail.length >= pos;
    return tail.length === 0 || (direct ? this.#direct(tail, pos) : this.#find(tail, pos)) >= 0;
  }

  /** `path.indexOf(piece, from)`, through the oracle once searches have cost enough. */
  #find(piece: string, from: number): number {
    if (this.work > this.#filterAfter && this.#absent(piece)) return -1;
    if (this.#oracle === null && this.work > this.#oracleAfter) {
      this.#oracle = new PathOracle(this.path);
      this.work += this.#oracle.work;
    }
    const oracle = this.#oracle;
    if (oracle === null) return this.#indexOf(piece, from);
    // The piece right here (runs of one character, repeated pieces) costs its length.
    this.work += piece.length;
    if (this.path.startsWith(piece, from)) return from;
    const before = oracle.work;
    const at = oracle.next(piece, from);
    this.work += oracle.work - before;
    return at;
  }

  /**
   * Whether `piece` has a pair of adjacent characters that the path has nowhere (then it does not
   * occur), building the pair set on first use in a check.
   */
  #absent(piece: string): boolean {
    if (!this.#pairsBuilt) {
      this.#buildPairs();
      this.#pairsBuilt = true;
    }
    const pairs = this.#pairs!;
    this.work += piece.length;
    let previous = piece.charCodeAt(0) & 0x7f;
    for (let i = 1; i < piece.length; i++) {
      const c = piece.charCodeAt(i) & 0x7f;
      const pair = (previous << 7) | c;
      if ((pairs[pair >>> 5]! & (1 << (pair & 31))) === 0) return true;
      previous = c;
    }
    return false;
  }

  #buildPairs(): void {
    const path = this.path;
    this.#pairs ??= new Int32Array(PAIRS_WORK);
    const pairs = this.#pairs.fill(0);
    this.work += path.length + pairs.length;
    let previous = path.charCodeAt(0) & 0x7f;
    for (let i = 1; i < path.length; i++) {
      // A character above 0x7F sets the pair of its low bits: more pairs, never fewer.
      const c = path.charCodeAt(i) & 0x7f;
      const pair = (previous << 7) | c;
      pairs[pair >>> 5]! |= 1 << (pair & 31);
      previous = c;
    }
  }

  /** `path.indexOf(piece, from)` by native search (the pair filter first, once it is on). */
  #direct(piece: string, from: number): number {
    if (this.work > this.#filterAfter && this.#absent(piece)) return -1;
    return this.#indexOf(piece, from);
  }

  /** `path.indexOf(piece, from)`, counted as the characters it scans. */
  #indexOf(piece: string, from: number): number {
    const at = this.path.indexOf(piece, from);
    this.work += (at < 0 ? this.path.length - from : at - from) + piece.length;
    return at;
  }
}
