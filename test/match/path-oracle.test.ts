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

  it('charges its build the steps it takes, counted by a textbook automaton beside it', () => {
    // 8 units a state (main before) charged 13 a character of an 8 KB path of 4 letters, and
    // nothing for the table of 2^16 slots it clears: the build took 5-8 ns a unit, a check's
    // work 1-3 (#33). The steps, counted by a plain suffix automaton (a Map a state), are the
    // build's work; so the charge grows as the build's work does, whatever the path's shape.
    const L64 = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
    let seed = 5;
    const draw = (letters: string, n: number) => {
      let out = '/';
      while (out.length < n) {
        seed = (Math.imul(seed, 1103515245) + 12345) | 0;
        out += letters[(seed >>> 16) % letters.length];
      }
      return out;
    };
    for (const n of [1, 2, 100, 1000, 8192]) {
      for (const path of [
        draw('a', n),
        draw('ab', n),
        draw('abcd', n),
        draw(L64, n),
        `/${'abcdefg'.repeat(n)}`.slice(0, n),
      ]) {
        const oracle = new PathOracle(path);
        expect(oracle.work).toBe(buildSteps(path));
      }
    }
  });
});

/**
 * The steps of a {@link PathOracle}'s build of `path`, counted on a plain suffix automaton: the
 * table's slots cleared (a power of two of at least 6n + 8), two arrays of the most states
 * (2n + 1) filled, a step a character, a transition looked up in the walk up the suffix links,
 * copied to a clone or redirected to it (the lookup that stops a walk or a redirection
 * included), then five a state for the link tree and the end positions padded to a power of two.
 */
function buildSteps(path: string): number {
  const n = path.length;
  const next: Map<number, number>[] = [new Map()];
  const link = [-1];
  const length = [0];
  let last = 0;
  let lookups = 0;
  for (let i = 0; i < n; i++) {
    const c = path.charCodeAt(i);
    const cur = next.push(new Map()) - 1;
    length[cur] = length[last]! + 1;
    let p = last;
    for (; p !== -1; p = link[p]!) {
      lookups++;
      if (next[p]!.has(c)) break;
      next[p]!.set(c, cur);
    }
    if (p === -1) {
      link[cur] = 0;
    } else {
      const q = next[p]!.get(c)!;
      if (length[p]! + 1 === length[q]) {
        link[cur] = q;
      } else {
        const copy = next.push(new Map(next[q]!)) - 1;
        lookups += next[q]!.size;
        length[copy] = length[p]! + 1;
        link[copy] = link[q]!;
        for (; p !== -1; p = link[p]!) {
          lookups++;
          if (next[p]!.get(c) !== q) break;
          next[p]!.set(c, copy);
        }
        link[q] = copy;
        link[cur] = copy;
      }
    }
    last = cur;
  }
  let slots = 16;
  while (slots < 6 * n + 8) slots *= 2;
  let ends = 1;
  while (ends < n) ends *= 2;
  return slots + 2 * (2 * n + 1) + n + lookups + 5 * next.length + ends;
}

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
