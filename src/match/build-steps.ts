/**
 * The build of a large set's index and wildcard program in counted slices: each stage of the
 * build (`index/build-index.ts`, `wildcard/program-build.ts` and what they build) is a generator
 * that charges its work to {@link BUILD} a rule, a piece or a node at a time and yields once a
 * slice's quota is spent, so a set's checks can build it a slice each while its scans answer
 * (`compile.ts`, `TableSet`). Built at once (a list given to `compileRules`, a set's program
 * built when its checks have paid for it), the same generators run with no quota
 * ({@link buildAtOnce}). Shared by the engines that build; runs whenever a set is compiled.
 */

/**
 * The least a check's slice of a build may spend, in build units (each a unit of a check's work
 * in time, about: a character of a pattern read, a piece's character hashed, a rule placed):
 * about 1 ms on a quiet machine. A slice spends the most of this and the check's own work
 * (`sliceQuota`), so a check that builds costs at most about twice what it would without, and
 * one of a set whose scans cost little builds at least this much.
 */
export const BUILD_SLICE: number = 1 << 18;

/**
 * The most slices' worth of build (`BUILD_SLICE` each) a set of up to 2,048 rules (whose scans
 * end after its first check: `scanPrice`) runs on its second check (`compile.ts`): 2, about what
 * a check of a set built in slices may spend at worst (its scan and its slice). Complete, the
 * index answers that check (every file of the corpus); else a scan does, and the rest is built a
 * slice a check. Before, a set of 2,000 rules of long wildcard patterns (446 KiB) built 9.8
 * million units on its second check, 40 to 500 ms. The same holds any program ski rental buys
 * (`ProgramRent.sliced`): one of more is built a slice a check from the check whose rent runs
 * out (`RuleIndex.match`).
 */
export const SLICES_AT_ONCE = 2;

/**
 * The build's meter (one for every build: builds run synchronously, each slice starting with
 * {@link advance}): the units the running slice has spent, its quota, and the largest single
 * charge and the units charged in all (test statistics: a slice overruns its quota by less than
 * its last charge).
 */
export const BUILD: { spent: number; quota: number; largestCharge: number; total: number } = {
  spent: 0,
  quota: Number.POSITIVE_INFINITY,
  largestCharge: 0,
  total: 0,
};

/** A build's steps: yields when its slice's quota is spent, returns what it built. */
export type BuildSteps<T> = Generator<undefined, T, undefined>;

/**
 * Charges `units` of work to the running slice; whether its quota is spent (the build then
 * yields: `if (charge(n)) yield;`).
 */
export function charge(units: number): boolean {
  BUILD.spent += units;
  BUILD.total += units;
  if (units > BUILD.largestCharge) BUILD.largestCharge = units;
  return BUILD.spent >= BUILD.quota;
}

/** A check's slice: the most of {@link BUILD_SLICE} and the check's own `work`. */
export function sliceQuota(work: number): number {
  return Math.max(BUILD_SLICE, work);
}

/**
 * Runs one slice of `steps`, of at most `quota` units (plus the last charge); returns what it
 * built when it is done, else undefined.
 */
export function advance<T>(steps: BuildSteps<T>, quota: number): T | undefined {
  BUILD.spent = 0;
  BUILD.quota = quota;
  try {
    const next = steps.next();
    return next.done === true ? next.value : undefined;
  } finally {
    BUILD.quota = Number.POSITIVE_INFINITY;
    lastSlice.spent = BUILD.spent;
    lastSlice.quota = quota;
  }
}

/**
 * Runs `steps` to its end at once (no quota; a build running in slices around it keeps its
 * own, and its count of this slice goes on).
 */
export function buildAtOnce<T>(steps: BuildSteps<T>): T {
  const quota = BUILD.quota;
  BUILD.quota = Number.POSITIVE_INFINITY;
  try {
    for (;;) {
      const next = steps.next();
      if (next.done === true) return next.value;
    }
  } finally {
    BUILD.quota = quota;
  }
}

/** Test statistics: what the last {@link advance} spent, and its quota. */
export const lastSlice: { spent: number; quota: number } = { spent: 0, quota: 0 };
