import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import { PathOracle } from '../../src/match/path-oracle.js';
import { PathSearch } from '../../src/match/path-search.js';
import { compilePattern, matchesAfterPrefix } from '../../src/match/pattern.js';
import { referenceCheck } from '../helpers/reference-port.js';

// The oracle a hostile check falls back to must answer exactly what native search answers.

const text = (alphabet: string, maxLength: number) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength }).map((chars) => chars.join(''));

describe('PathOracle', () => {
  it('finds the leftmost occurrence at or after a position, as indexOf', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ab', 'ab/', 'abc/?', 'a€é/'),
        fc.nat(90),
        fc.array(fc.tuple(fc.nat(6), fc.nat(100)), { minLength: 1, maxLength: 40 }),
        fc.integer(),
        (alphabet, n, queries, seed) => {
          let state = seed;
          const random = () => {
            state = (Math.imul(state, 1103515245) + 12345) | 0;
            return (state >>> 16) % alphabet.length;
          };
          let path = '';
          for (let i = 0; i < n; i++) path += alphabet[random()];
          const oracle = new PathOracle(path);
          for (const [length, from] of queries) {
            // Pieces cut from the path occur; random ones mostly do not.
            const start = n === 0 ? 0 : from % n;
            const cut = path.slice(start, start + length + 1);
            let made = '';
            for (let i = 0; i <= length; i++) made += alphabet[random()];
            for (const piece of [cut, made]) {
              if (piece === '') continue;
              expect(oracle.next(piece, from % (n + 2))).toBe(path.indexOf(piece, from % (n + 2)));
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('counts its work: a build of about 8 units per state', () => {
    const oracle = new PathOracle('a'.repeat(1000));
    expect(oracle.work).toBeGreaterThanOrEqual(8 * 1000);
    expect(oracle.work).toBeLessThanOrEqual(8 * 2001);
  });
});

describe('PathSearch', () => {
  it('matches as matchesAfterPrefix does, before and after it switches to the oracle', () => {
    fc.assert(
      fc.property(
        text('ab/', 300),
        fc.array(fc.array(text('ab/', 4), { minLength: 1, maxLength: 5 }), { maxLength: 30 }),
        fc.boolean(),
        (path, patterns, anchored) => {
          const search = new PathSearch();
          search.reset(`/${path}`, Number.POSITIVE_INFINITY);
          // Enough work that the later patterns run through the oracle.
          search.work = 1e9;
          for (const pieces of patterns) {
            const compiled = compilePattern(`/*${pieces.join('*')}${anchored ? '$' : ''}`);
            expect(search.matchesAfterPrefix(compiled)).toBe(
              matchesAfterPrefix(compiled, `/${path}`),
            );
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('rules out a piece with a pair of characters the path lacks at the cost of its length', () => {
    const search = new PathSearch();
    const path = `/${'ab'.repeat(500)}`;
    search.reset(path, Number.POSITIVE_INFINITY);
    // Past the work that turns the filter on, before the oracle's.
    search.work = 3 * path.length + 2_000;
    const absent = compilePattern('/*xyz');
    let before = search.work;
    expect(search.matchesAfterPrefix(absent)).toBe(false);
    // The pair set is built once: a pass over the path and its 512 words.
    expect(search.work - before).toBeLessThanOrEqual(path.length + 512 + 3);
    before = search.work;
    expect(search.matchesAfterPrefix(absent)).toBe(false);
    expect(search.work - before).toBeLessThanOrEqual(3);
    expect(search.usedOracle).toBe(false);
    // A piece whose pairs all occur is still searched, and found.
    expect(search.matchesAfterPrefix(compilePattern('/*bab'))).toBe(true);
  });

  it('switches to the oracle only after searches cost a few passes over the path', () => {
    const search = new PathSearch();
    // `abx` is not in the path, though each of its pairs is (the pair filter cannot rule it out).
    const path = `/${'ab'.repeat(500)}bx`;
    search.reset(path, Number.POSITIVE_INFINITY);
    const missing = compilePattern('/*abx');
    for (let i = 0; i < 8 && !search.usedOracle; i++) search.matchesAfterPrefix(missing);
    expect(search.usedOracle).toBe(false);
    for (let i = 0; i < 100 && !search.usedOracle; i++) search.matchesAfterPrefix(missing);
    expect(search.usedOracle).toBe(true);
    expect(search.work).toBeGreaterThan(8 * path.length);
    search.release();
    expect(search.usedOracle).toBe(false);
  });
});

describe('the matcher on files that make it use the oracle', () => {
  it('agrees with the reference port on verdict and line', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('Allow', 'Disallow'), text('ab*/$', 8)), {
          minLength: 40,
          maxLength: 120,
        }),
        text('ab/', 400),
        (rules, path) => {
          const body = `User-agent: *\n${rules.map(([k, p]) => `${k}: /*${p}`).join('\n')}\n`;
          const url = `https://e.com/${path}`;
          const robots = parseRobotsTxt(body);
          expect({
            allowed: robots.isAllowed(url, 'bot'),
            line: robots.matchingLine(url, 'bot'),
          }).toEqual(referenceCheck(encoder.encode(body), ['bot'], encoder.encode(url)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
