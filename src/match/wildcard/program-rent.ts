/**
 * When a rule set's checks hand its wildcard rules to the {@link WildcardProgram}: ski rental.
 * The indexes answer a set's checks while what they cost beyond what the program's checks would
 * (the rent) stays within what building the program is reckoned to cost (the price); the check
 * whose rent would pass what is left of the price, or {@link CHECK_EXCESS}, is cut short and
 * builds the program. So the checks of a set cost at most about twice the cheaper of the two
 * ways whatever comes, a parse and its first checks build no program unless one of them would
 * cost more than `CHECK_EXCESS` through the indexes, and no check's indexes cost more than
 * `programAfter + CHECK_EXCESS`. The cut does not depend on the check's budget: a budget
 * changes no answer within it.
 *
 * One per rule set, made with its index (`RuleIndex`); asked at every check until the program
 * is built.
 */

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

  /** For a set of wildcard patterns of `bytes` characters in all. */
  constructor(bytes: number) {
    this.#left = programRenting.buildWorkPerByte * bytes;
  }

  /**
   * The work at which a check that started at `start` (its work so far), through the indexes, is
   * cut short for the program.
   */
  limit(start: number, pathLength: number, wildcards: number): number {
    const left = Math.max(0, Math.min(this.#left, CHECK_EXCESS));
    return start + programAfter(pathLength, wildcards) + left;
  }

  /** Pays the rent of a check through the indexes that did the work from `start` to `end`. */
  pay(start: number, end: number, pathLength: number, wildcards: number): void {
    this.#left -= Math.max(0, end - start - programAfter(pathLength, wildcards));
  }
}
