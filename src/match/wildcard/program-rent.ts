/**
 * When a rule set's checks hand its wildcard rules to the {@link WildcardProgram}: ski rental.
 * The indexes answer a set's checks while what they cost beyond what the program's checks would
 * (the rent) stays within what building the program is reckoned to cost (the price); the check
 * whose rent would pass what is left of the price, or {@link CHECK_EXCESS}, is cut short and
 * builds the program. So the checks of a set cost at most about twice the cheaper of the two
 * ways whatever comes, a parse and its first checks build no program unless one of them would
 * cost more than `CHECK_EXCESS` through the indexes, and no check's indexes cost more than
 * `programAfter + CHECK_EXCESS`. The cut does not depend on the check's budget: a budget
 * changes no answer within it. A program reckoned at more than `SLICES_AT_ONCE` slices
 * ({@link ProgramRent.sliced}) is not built at once: that check is answered whole within
 * {@link BUILDING_EXCESS} and the program built a slice a check from there (`RuleIndex`).
 *
 * One per rule set, made with its index (`RuleIndex`); asked at every check until the program
 * is built.
 */

import { BUILD_SLICE, SLICES_AT_ONCE } from '../build-steps.js';
import type { IndexEntry } from '../rule-entry.js';

/**
 * Work units that building the wildcard program is reckoned to cost for each character of the
 * wildcard patterns it compiles (splitting them into pieces, the piece finder's dictionary and
 * automaton, the trie of piece sequences, the groups by key): measured at 25 to 70 units a
 * character against the indexes' units, on 500 KiB files of 13,000 to 27,000 wildcard rules
 * timed in one process.
 */
export const BUILD_WORK_PER_BYTE = 48;

/**
 * The most work beyond {@link programAfter} one check through the indexes may do before it is
 * cut short and builds the program, whatever is left of the price: about 2 ms (issue #12's and
 * #33's bound on a check) at the 14 ns a unit the indexes were measured at on a quiet machine
 * on the costliest shape ("every piece in the URL, never in order": 2^19 let 27 checks of 8 to
 * 9 ms each through the indexes come before its program), and a sixteenth of the client's
 * default `workBudget`, so that the program has room to answer such a check within it.
 */
export const CHECK_EXCESS: number = 1 << 17;

/**
 * The most work beyond {@link programAfter} one check through the indexes (or a small set's
 * list) may do while its set's program, reckoned at more than `SLICES_AT_ONCE` slices
 * ({@link ProgramRent.sliced}), is rented or built in slices: 4 × `BUILD_SLICE` (2^20), about
 * what a check of a set built in slices spends at worst (a scan and its slice; a small set's
 * list of 30 rules of 2,600 pieces checked an 8 KB path in 640,000 units on the generated
 * shapes), and never more than half of what is left of the check's budget (see
 * {@link ProgramRent.buildingLimit}). The check whose rent runs out (past what is left of the
 * price, or past {@link CHECK_EXCESS}) is not cut short there but answered whole within this,
 * and starts the build; a check past it is cut short and completes the build at once, the
 * program answering, as the check past `CHECK_EXCESS` did before.
 */
export const BUILDING_EXCESS: number = 4 * BUILD_SLICE;

/**
 * Test settings, not part of the public API. `buildWorkPerByte`: the price of building a set's
 * program a character of its wildcard patterns ({@link BUILD_WORK_PER_BYTE}), for sets indexed
 * from then on; 0 builds it on the first check whose indexes cost more than its own would.
 */
export const programRenting: { buildWorkPerByte: number } = {
  buildWorkPerByte: BUILD_WORK_PER_BYTE,
};

/**
 * The characters of the wildcard patterns of every program built in this process: what their
 * builds are reckoned to cost, {@link BUILD_WORK_PER_BYTE} units a character, for tests that
 * count a parse and its first checks' work with the builds it runs (`RuleIndex` adds to it when
 * a program's build is complete: a build in slices adds it in the check of its last slice).
 */
export const programBuilds: { bytes: number } = { bytes: 0 };

/**
 * What a check through the wildcard program is reckoned to cost: its pass (a few units a path
 * character for the piece finder and the sort, one a wildcard rule), and at least 4,096, so
 * that ordinary checks never pay towards building it.
 */
export function programAfter(pathLength: number, wildcards: number): number {
  return 4 * pathLength + wildcards + 4096;
}

/** The characters of the entries' patterns. */
export function patternBytes(entries: readonly IndexEntry[]): number {
  let bytes = 0;
  for (const entry of entries) bytes += entry.pattern.length;
  return bytes;
}

/** The rent a set's checks through the indexes have left to pay before its program is built. */
export class ProgramRent {
  /** What is left of the price. */
  #left: number;
  /**
   * Whether the program is reckoned at more than `SLICES_AT_ONCE` slices: then it is built in
   * slices from the check whose rent runs out, the indexes answering each check within
   * {@link BUILDING_EXCESS} (`RuleIndex`), rather than at once in that check, cut short.
   */
  readonly sliced: boolean;

  /** For a set of wildcard patterns of `bytes` characters in all. */
  constructor(bytes: number) {
    this.#left = programRenting.buildWorkPerByte * bytes;
    this.sliced = this.#left > SLICES_AT_ONCE * BUILD_SLICE;
  }

  /**
   * The work at which a check that started at `start` (its work so far), through the indexes, is
   * cut short for the program.
   */
  limit(start: number, pathLength: number, wildcards: number): number {
    const left = Math.max(0, Math.min(this.#left, CHECK_EXCESS));
    return start + programAfter(pathLength, wildcards) + left;
  }

  /**
   * The work at which a check that started at `start`, through the indexes of a set whose
   * program is {@link sliced}, is cut short while the program is rented or built in slices:
   * {@link programAfter} + {@link BUILDING_EXCESS}, and at most half of what is left of its
   * `budget`. So such a check never fails closed through the indexes (it is cut short first),
   * and one cut short has at least half its budget left for the program's check: it fails
   * closed only where that check alone would cost more than half the budget (the client's
   * 2 million: the generated 500 KiB shapes' costliest is about 1.1 million).
   */
  buildingLimit(start: number, pathLength: number, wildcards: number, budget: number): number {
    const limit = start + programAfter(pathLength, wildcards) + BUILDING_EXCESS;
    return Math.min(limit, start + (budget - start) / 2);
  }

  /**
   * {@link pay}s the rent of a check (of a {@link sliced} program's set) that did the work from
   * `start` to `end`; whether its rent ran out (its work past {@link limit}): the program's
   * build is due.
   */
  payUntilDue(start: number, end: number, pathLength: number, wildcards: number): boolean {
    const due = end > this.limit(start, pathLength, wildcards);
    this.pay(start, end, pathLength, wildcards);
    return due;
  }

  /** Pays the rent of a check through the indexes that did the work from `start` to `end`. */
  pay(start: number, end: number, pathLength: number, wildcards: number): void {
    this.#left -= Math.max(0, end - start - programAfter(pathLength, wildcards));
  }
}
