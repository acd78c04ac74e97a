import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import { SMALL_SET } from '../../src/match/index/rule-index.js';
import { SCANS_BEFORE_INDEXING } from '../../src/match/scan/table-scan.js';
import { type ConformanceCase, fixturePath, loadCases } from '../helpers/cases.js';
import { useMatcherSettings, withMatcherSettings } from '../helpers/matcher-settings.js';

// Every case's verdict and deciding line come from Google's reference parser (commit 22b355f).
const suites: [string, ConformanceCase[]][] = [
  ['conformance/cases.jsonl', loadCases('conformance/cases.jsonl')],
  ['conformance/cases-bytes.jsonl', loadCases('conformance/cases-bytes.jsonl')],
  ['spec-test/cases.jsonl (Google robotstxt-spec-test)', loadCases('spec-test/cases.jsonl')],
];

// Every case runs on each path of a compiled rule set: small sets as one scanned list (what
// the reference files, all small, get by default), every set through the prefix and trigram
// indexes of rule numbers (`smallSet` 0: what large sets get), and every wildcard rule through
// the wildcard program (what checks that the indexes make costly get), as hono runs one suite
// per router; and over the compact rule table of a large file (`largestArray` 0).
describe.each([
  ['scanned list', SMALL_SET, false, false, false],
  ['prefix and trigram indexes of rule numbers', 0, false, false, false],
  ['prefix and trigram indexes of rule numbers in a compact table', 0, false, true, false],
  ['wildcard program', SMALL_SET, true, false, false],
  ['wildcard program beside rule numbers', 0, true, false, false],
  ['wildcard program finding pieces by hash', 0, true, false, true],
  ['wildcard program finding pieces by prefix class', 0, true, false, 'classes'],
  ['wildcard program bounding pieces by their prefix class', 0, true, false, 'class-bounds'],
  ['wildcard program finding pieces by the lengths their starts name', 0, true, false, 'starts'],
  ['wildcard program placing pieces by tables of next ends', 0, true, false, 'tables'],
  ["wildcard program ruling rules out by their starts' skeletons", 0, true, false, 'skeletons'],
] as const)('compiled as a %s', (_path, smallSet, alwaysProgram, compact, hashed) => {
  useMatcherSettings({
    ruleIndexing: { smallSet, alwaysProgram },
    ...(compact ? { ruleTableLayout: { largestArray: 0 } } : {}),
    // Small files' pieces are few: every length of 3 or more is hashed all the same.
    ...(hashed && hashed !== 'tables' && hashed !== 'skeletons'
      ? { pieceFinding: { minChars: 0 } }
      : {}),
    // Every piece asked about again in a check is placed by its table of next ends (the
    // automaton's pieces: their ends not in order, a query's position not one of them).
    ...(hashed === 'tables' ? { nextEndSearching: { tableRent: Number.POSITIVE_INFINITY } } : {}),
    // Every start with a middle piece has a skeleton, placed before it at every rule visited.
    ...(hashed === 'skeletons' ? { skeletonPlacing: { least: 1, always: true } } : {}),
    // Every program hashing two lengths finds its pieces through their prefix classes, their
    // classes' finds never taken for theirs, or at every check (`PieceOccurrences.classBounds`).
    ...(hashed === 'classes'
      ? { pieceFinding: { minChars: 0, classShare: 0, classBoundFinds: -1 } }
      : {}),
    ...(hashed === 'class-bounds'
      ? {
          pieceFinding: {
            minChars: 0,
            classShare: 0,
            classBoundFinds: Number.POSITIVE_INFINITY,
          },
        }
      : {}),
    // Every other program hashing two lengths looks a window up at the lengths its start names.
    ...(hashed === 'starts'
      ? {
          pieceFinding: {
            minChars: 0,
            classShare: Number.POSITIVE_INFINITY,
            startsSave: Number.NEGATIVE_INFINITY,
          },
        }
      : {}),
  });
  describe.each(suites)('%s', (_file, cases) => {
    it.for(cases.map((c) => [c.name, c] as const))('%s', ([, c]) => {
      checkCase(c);
    });
  });
});

/**
 * One case's verdict and line on a rule set's first check, which scans its rules in place, and on
 * later ones, which use the set compiled then: isAllowed, matchingLine and explain, both ways.
 */
function checkCase(c: ConformanceCase): void {
  const expected = { allowed: c.allowed, line: c.matchingLine };
  expect(parseRobotsTxt(c.body).isAllowed(c.url, c.useragent)).toBe(c.allowed);
  expect(parseRobotsTxt(c.body).matchingLine(c.url, c.useragent)).toBe(c.matchingLine);
  const robots = parseRobotsTxt(c.body);
  const scanned = robots.explain(c.url, c.useragent);
  expect({ allowed: scanned.allowed, line: scanned.line }).toEqual(expected);
  for (let i = 1; i < SCANS_BEFORE_INDEXING; i++) robots.isAllowed(c.url, c.useragent);
  expect({
    allowed: robots.isAllowed(c.url, c.useragent),
    line: robots.matchingLine(c.url, c.useragent),
  }).toEqual(expected);
  const indexed = robots.explain(c.url, c.useragent);
  expect({ allowed: indexed.allowed, line: indexed.line }).toEqual(expected);
}

describe('case counts', () => {
  it('runs every case of the shared data', () => {
    expect(suites.map(([, cases]) => cases.length)).toEqual([3252, 14, 400]);
  });

  // The fixtures are copies of ../shared (so a clone alone can run the suite); where shared/ sits
  // beside the repository, the copies must still be identical to it.
  const shared = fileURLToPath(new URL('../../../shared/', import.meta.url));
  it.runIf(existsSync(shared))('vendored copies equal ../shared', () => {
    for (const file of [
      'conformance/cases.jsonl',
      'conformance/cases-bytes.jsonl',
      'conformance/parse-events.jsonl',
      'conformance/reporting-public.jsonl',
      'spec-test/cases.jsonl',
    ]) {
      expect(
        readFileSync(fixturePath(file), 'utf8') === readFileSync(shared + file, 'utf8'),
        file,
      ).toBe(true);
    }
  });
});

// The prefix index answers a plain rule's match from its numbers (`TableMatch`), making the
// rule's strings only when an explanation reads them: every explanation through it, with the
// rule behind each best match, equals the one through a scanned list of entries.
describe('explanations through rule numbers', () => {
  it('equal those through a scanned list of entries, on every case', () => {
    const explained = (c: ConformanceCase) => {
      const robots = parseRobotsTxt(c.body);
      for (let i = 0; i < SCANS_BEFORE_INDEXING; i++) robots.isAllowed(c.url, c.useragent);
      return robots.explain(c.url, c.useragent);
    };
    for (const [, cases] of suites) {
      for (const c of cases) {
        const viaEntries = withMatcherSettings({ ruleIndexing: { smallSet: 1000 } }, () =>
          explained(c),
        );
        const viaNumbers = withMatcherSettings({ ruleIndexing: { smallSet: 0 } }, () =>
          explained(c),
        );
        expect(viaNumbers, c.name).toEqual(viaEntries);
      }
    }
  });
});
