import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesPattern, parseRobotsTxt } from '../../src/index.js';
import { SCANS_BEFORE_INDEXING } from '../../src/match/scan/table-scan.js';
import { pick } from '../helpers/arbitraries.js';
import { useMatcherSettings } from '../helpers/matcher-settings.js';
import { referenceCheck } from '../helpers/reference-port.js';

// Property tests: the indexed matcher against a naive line-by-line port of the reference
// (test/helpers/reference-port.ts), on bodies built from the constructs that matter.

const encoder = new TextEncoder();

const patternPiece = pick([
  '/',
  'a',
  'b',
  'ab',
  '*',
  '$',
  '%',
  '%2f',
  '%2F',
  '%62',
  '?',
  '=',
  'é',
  'index.html',
  '.',
  ';',
  ' ',
  '#c',
]);
const pattern = fc.array(patternPiece, { maxLength: 6 }).map((p) => p.join(''));
const agentValue = pick([
  '*',
  'FooBot',
  'foobot/1.0',
  'Bar',
  '* x',
  '*foo',
  '',
  'Foo2',
  'Bötbot',
  'Foo Bar',
  'MJ12bot',
]);
const separator = pick([':', ' : ', ': ', ' ', '\t', '::']);
const ruleKey = pick([
  'Allow',
  'Disallow',
  'allow',
  'DISALLOW',
  'disalow',
  'Dissallow',
  'Alow',
  'Disallowed',
]);
const agentKey = pick(['User-agent', 'user-agent', 'useragent', 'User agent', 'User-Agents']);
const otherLine = pick([
  '',
  '# comment',
  'Sitemap: https://h/s.xml',
  'Crawl-delay: 5',
  'Foo: bar',
  '   ',
  'junk',
]);
const line = fc.oneof(
  fc.tuple(agentKey, separator, agentValue).map(([k, s, v]) => k + s + v),
  fc.tuple(ruleKey, separator, pattern).map(([k, s, v]) => k + s + v),
  fc.tuple(ruleKey, separator, pattern).map(([k, s, v]) => k + s + v),
  otherLine,
);
const terminator = pick(['\n', '\r', '\r\n', '\n\r']);
const body = fc
  .array(fc.tuple(line, terminator), { maxLength: 14 })
  .chain((lines) => pick(['', '\ufeff']).map((bom) => bom + lines.map(([l, t]) => l + t).join('')));
// `€` (above 0xFF) garbles the trigram window of the indexed walk: it must only cost a probe.
const urlPath = fc.array(
  pick(['/', 'a', 'b', '$', '?', '=', 'é', '€', '%2f', '%2F', 'index.html', '#', ';', '.', 'b/']),
  { maxLength: 7 },
);
const url = fc
  .tuple(pick(['http://h', 'https://h:8080', '//h', '', 'h']), urlPath)
  .map(([origin, path]) => origin + path.join(''));
const agents = fc.oneof(
  pick(['FooBot', 'foobot', 'Bar', '', 'Other', 'Foo', 'MJ']),
  fc.uniqueArray(pick(['FooBot', 'Bar', 'Other', 'Foo']), { maxLength: 3 }),
);

/** Verdict and matching line of the library and of the reference port, for one check. */
function agreesWithReference(text: string, agent: string | string[], u: string): void {
  const list = typeof agent === 'string' ? [agent] : agent;
  const expected = referenceCheck(encoder.encode(text), list, encoder.encode(u));
  // A rule set's first check scans its rules in place; later ones use the index built then.
  const robots = parseRobotsTxt(text);
  const scanned = robots.explain(u, agent);
  expect({ allowed: scanned.allowed, line: scanned.line }).toEqual(expected);
  for (let i = 1; i < SCANS_BEFORE_INDEXING; i++) robots.isAllowed(u, agent);
  expect({ allowed: robots.isAllowed(u, agent), line: robots.matchingLine(u, agent) }).toEqual(
    expected,
  );
  expect(robots.explain(u, agent)).toEqual(scanned);
  // isAllowed and matchingLine on the first check (a scan) too.
  const fresh = parseRobotsTxt(text);
  expect(fresh.isAllowed(u, agent)).toBe(expected.allowed);
  expect(parseRobotsTxt(text).matchingLine(u, agent)).toBe(expected.line);
}

describe('indexed matcher = reference port', () => {
  it('agrees on verdict and matching line for generated files', () => {
    fc.assert(fc.property(body, agents, url, agreesWithReference), { numRuns: 3000 });
  });

  // The same files with every rule set compiled through the prefix and trigram indexes of rule
  // numbers (they are small, so by default they are scanned lists), as the conformance suite
  // also runs.
  describe('with every set indexed', () => {
    useMatcherSettings({ ruleIndexing: { smallSet: 0 } });
    it('agrees on verdict and matching line for generated files', () => {
      fc.assert(fc.property(body, agents, url, agreesWithReference), { numRuns: 3000 });
    });
  });

  // The same files with every wildcard rule decided by the wildcard program, which checks get
  // when the indexes would make them costly.
  describe('with every wildcard rule through the program', () => {
    // Its pieces of 3 characters or more found by hash, however few (see `pieceFinding`).
    useMatcherSettings({ ruleIndexing: { alwaysProgram: true }, pieceFinding: { minChars: 0 } });
    it('agrees on verdict and matching line for generated files', () => {
      fc.assert(fc.property(body, agents, url, agreesWithReference), { numRuns: 3000 });
    });
  });

  // The same with every piece asked about again in a check placed by its table of next ends
  // (`NextEnds`: from its second query on), the dictionary's pieces and the automaton's.
  describe('with every wildcard rule through the program, pieces placed by tables', () => {
    useMatcherSettings({
      ruleIndexing: { alwaysProgram: true },
      pieceFinding: { minChars: 0 },
      nextEndSearching: { tableRent: Number.POSITIVE_INFINITY },
    });
    it('agrees on verdict and matching line for generated files', () => {
      fc.assert(fc.property(body, agents, url, agreesWithReference), { numRuns: 3000 });
    });
  });

  // The same with every start of a middle piece or more ruled out first by its skeleton when it
  // cannot match (`start-skeletons.ts`: its longest quarter of pieces placed greedily).
  describe('with every wildcard rule through the program, starts tried by their skeletons', () => {
    useMatcherSettings({
      ruleIndexing: { alwaysProgram: true },
      skeletonPlacing: { least: 1, always: true },
    });
    it('agrees on verdict and matching line for generated files', () => {
      fc.assert(fc.property(body, agents, url, agreesWithReference), { numRuns: 3000 });
    });
  });

  // The same with the program's pieces found through their prefix classes whenever it hashes
  // two lengths or more (`prefix-classes.ts`: one length looked up a window, the others
  // resolved when asked about).
  describe('with every wildcard rule through the program, pieces by prefix class', () => {
    useMatcherSettings({
      ruleIndexing: { alwaysProgram: true },
      pieceFinding: { minChars: 0, classShare: 0, classBoundFinds: -1 },
    });
    it('agrees on verdict and matching line for generated files', () => {
      fc.assert(fc.property(body, agents, url, agreesWithReference), { numRuns: 3000 });
    });
  });

  // The same with each piece's occurrences bounded by its class's first and last finds at every
  // check (`PieceOccurrences.classBounds`), which decide most rules without comparing a piece.
  describe('with every wildcard rule through the program, pieces bounded by prefix class', () => {
    useMatcherSettings({
      ruleIndexing: { alwaysProgram: true },
      pieceFinding: { minChars: 0, classShare: 0, classBoundFinds: Number.POSITIVE_INFINITY },
    });
    it('agrees on verdict and matching line for generated files', () => {
      fc.assert(fc.property(body, agents, url, agreesWithReference), { numRuns: 3000 });
    });
  });

  // The same with the program's pieces found, whenever it hashes two lengths or more, at the
  // lengths each window's start names (`start-lengths.ts`), never through prefix classes.
  describe('with every wildcard rule through the program, pieces by their starts', () => {
    useMatcherSettings({
      ruleIndexing: { alwaysProgram: true },
      pieceFinding: {
        minChars: 0,
        classShare: Number.POSITIVE_INFINITY,
        startsSave: Number.NEGATIVE_INFINITY,
      },
    });
    it('agrees on verdict and matching line for generated files', () => {
      fc.assert(fc.property(body, agents, url, agreesWithReference), { numRuns: 3000 });
    });
  });

  // The same through the program of a set read from a compact rule table, as a large file's
  // sets get it: the program reads each rule's line, kind and priority from the table (a rule
  // whose pattern differs from its value, escaped or an `index.html` rewrite, keeps its own).
  describe('with every wildcard rule through the program over a compact rule table', () => {
    useMatcherSettings({
      ruleIndexing: { smallSet: 0, alwaysProgram: true },
      ruleTableLayout: { largestArray: 0 },
      pieceFinding: { minChars: 0 },
    });
    it('agrees on verdict and matching line for generated files', () => {
      fc.assert(fc.property(body, agents, url, agreesWithReference), { numRuns: 3000 });
    });
  });

  // Once indexed, large rule sets (over 32 rules) take the indexed paths (prefix index,
  // trigram index), small ones a sorted scan: these files have 30 rules or more (mostly over
  // 32), checked by agents the group applies to.
  it('agrees on files with many rules in few groups', () => {
    const manyRules = fc
      .tuple(
        fc.array(fc.tuple(ruleKey, pattern, pick(['', '/a', '/ab', '/b/', '/*', '/*ab', '/a*b'])), {
          minLength: 30,
          maxLength: 90,
        }),
        pick(['*', 'FooBot']),
      )
      .map(
        ([rules, agent]) =>
          `User-agent: ${agent}\n${rules.map(([k, p, head]) => `${k}: ${head}${p}`).join('\n')}\n`,
      );
    const applying = pick<string | string[]>(['FooBot', 'foobot', ['Bar', 'FooBot']]);
    fc.assert(fc.property(manyRules, applying, url, agreesWithReference), { numRuns: 1500 });
  });

  it('matches single patterns as the reference does', () => {
    fc.assert(
      fc.property(pattern, urlPath, (p, path) => {
        agreesWithReference(`User-agent: *\nDisallow: ${p}\n`, 'x', `http://h/${path.join('')}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('matchesPattern never throws and treats a path as matching itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const path = `/${s.replace(/[^\x21-\x7e]/g, '')}`.replace(/[*$%]/g, '');
        expect(matchesPattern(path, path)).toBe(true);
      }),
    );
  });
});
