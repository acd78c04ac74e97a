import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ruleIndexing } from '../../src/match/index/rule-index.js';
import { ruleTableLayout } from '../../src/match/rule-table.js';
import { tableScanning } from '../../src/match/scan/table-scan.js';
import { nextEndSearching } from '../../src/match/wildcard/next-ends.js';
import { pieceFinding } from '../../src/match/wildcard/piece-finder.js';
import { programRenting } from '../../src/match/wildcard/program-rent.js';
import { skeletonPlacing } from '../../src/match/wildcard/start-skeletons.js';

// The matcher's test settings (which path a rule set is compiled for, how a wildcard program
// finds pieces, when a rule table is compact), set for a block of tests or one call and put back
// as they were found, so that a test never leaves the next on another path.

/** Values for some of the matcher's settings; those left out keep theirs. */
export interface MatcherSettings {
  readonly ruleIndexing?: Partial<typeof ruleIndexing>;
  readonly pieceFinding?: Partial<typeof pieceFinding>;
  readonly ruleTableLayout?: Partial<typeof ruleTableLayout>;
  readonly programRenting?: Partial<typeof programRenting>;
  readonly tableScanning?: Partial<typeof tableScanning>;
  readonly nextEndSearching?: Partial<typeof nextEndSearching>;
  readonly skeletonPlacing?: Partial<typeof skeletonPlacing>;
}

/** Sets `settings`; returns a function that puts back the values they replaced. */
export function applyMatcherSettings(settings: MatcherSettings): () => void {
  const targets = [
    [ruleIndexing, settings.ruleIndexing],
    [pieceFinding, settings.pieceFinding],
    [ruleTableLayout, settings.ruleTableLayout],
    [programRenting, settings.programRenting],
    [tableScanning, settings.tableScanning],
    [nextEndSearching, settings.nextEndSearching],
    [skeletonPlacing, settings.skeletonPlacing],
  ] as const;
  const restores: (() => void)[] = [];
  for (const [target, values] of targets) {
    if (values === undefined) continue;
    const before = { ...target };
    Object.assign(target, values);
    restores.push(() => Object.assign(target, before));
  }
  return () => {
    for (const restore of restores) restore();
  };
}

/** `run()` under `settings`, put back afterwards, whether it returns or throws. */
export function withMatcherSettings<T>(settings: MatcherSettings, run: () => T): T {
  const restore = applyMatcherSettings(settings);
  try {
    return run();
  } finally {
    restore();
  }
}

/**
 * `settings` for the tests of the enclosing `describe` block: set before its first test and put
 * back after its last (`each`: around each of its tests).
 */
export function useMatcherSettings(
  settings: MatcherSettings,
  around: 'all' | 'each' = 'all',
): void {
  let restore = (): void => {};
  (around === 'all' ? beforeAll : beforeEach)(() => {
    restore = applyMatcherSettings(settings);
  });
  (around === 'all' ? afterAll : afterEach)(() => restore());
}

/**
 * The settings that send a rule set through each engine (src/match/README.md), for the suites
 * that run against every engine: `scan`, a small set scanned whole (the default for the sets
 * these suites build); `index`, every set through the prefix and trigram indexes (rule numbers
 * over a parsed file's rule table, `compileTableSet`, or over one made for a list,
 * `compileRules`); `wildcard`, every wildcard rule decided by the wildcard program at once, with
 * its piece finder on the automaton for every piece too.
 */
export const ENGINE_SETTINGS: Readonly<Record<string, MatcherSettings>> = {
  scan: {},
  index: { ruleIndexing: { smallSet: 0 } },
  wildcard: { ruleIndexing: { smallSet: 0, alwaysProgram: true } },
};
