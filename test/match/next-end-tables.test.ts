import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import { NextEndTables, tablePrice } from '../../src/match/wildcard/position-ranges.js';
import { firstAtLeast } from '../../src/util/sorted-ints.js';
import { withMatcherSettings } from '../helpers/matcher-settings.js';
import { naiveCheck } from '../helpers/naive-check.js';

// The searches a placement of a wildcard rule's piece ends in (`NextEnds`): halving a piece's
// ends in order, and its table of next ends, must answer what reading every end answers, at
// every position and at the edges of a table's words and of its summary's.

/** Ends of a path of n characters, sorted: each position with probability `density`. */
const endsOf = (n: number, density: number, seed: number): number[] => {
  let state = seed;
  const ends: number[] = [];
  for (let i = 0; i < n; i++) {
    state = (Math.imul(state, 1103515245) + 12345) | 0;
    if (((state >>> 8) & 0xffff) / 0x10000 < density) ends.push(i);
  }
  return ends;
};

/** Path lengths at the edges of a table's words (32 positions) and summary words (1,024). */
const EDGE_LENGTHS = [1, 2, 31, 32, 33, 1023, 1024, 1025, 2047, 2048, 2049, 32767, 32768, 32769];

/** Whether `firstAtLeast` answers a range and value as a scan does, within its units. */
function searchesAsScan(positions: Int32Array, lo: number, hi: number, least: number): boolean {
  const counter = { work: 0 };
  let expected = lo;
  while (expected < hi && positions[expected]! < least) expected++;
  // A unit a position read: at most ⌈log₂ count⌉ + 1.
  const most = hi > lo ? 33 - Math.clz32(hi - lo) : 0;
  return firstAtLeast(positions, lo, hi, least, counter) === expected && counter.work <= most;
}

describe('firstAtLeast', () => {
  it('finds the first position at least a value in a sorted range, as a scan does', () => {
    // Every range of sorted arrays of up to 40 small values (repeats among them), every value.
    let seed = 5;
    const wrong: string[] = [];
    for (let size = 0; size <= 40; size++) {
      const values: number[] = [];
      for (let k = 0; k < size; k++) {
        seed = (Math.imul(seed, 1103515245) + 12345) | 0;
        values.push((seed >>> 16) % 24);
      }
      const positions = Int32Array.from(values.sort((x, y) => x - y));
      for (let lo = 0; lo <= size; lo++) {
        for (let hi = lo; hi <= size; hi++) {
          for (let least = -1; least <= 25; least++) {
            if (!searchesAsScan(positions, lo, hi, least))
              wrong.push(`${size} ${lo} ${hi} ${least}`);
          }
        }
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});

describe('NextEndTables', () => {
  it('answers every position as reading every end does, at the words’ edges', () => {
    const tables = new NextEndTables();
    for (const n of EDGE_LENGTHS) {
      for (const density of [0, 1 / 3000, 1 / 40, 1 / 2, 1]) {
        tables.reset();
        const ends = endsOf(n, density, n * 7 + Math.round(density * 1000));
        // A table after another, as a check makes them: offsets must not mix them.
        const before = endsOf(n, 0.5, 3);
        const first = tables.tabulate(Int32Array.from(before), 0, before.length, n, { work: 0 });
        const positions = Int32Array.from([99, ...ends, 98]);
        const counter = { work: 0 };
        const table = tables.tabulate(positions, 1, 1 + ends.length, n, counter);
        const after = Int32Array.from({ length: n }, (_, i) => i);
        expect(tables.tabulate(after, 0, n, n, { work: 0 })).toBeGreaterThan(table);
        expect(first).toBe(0);
        expect(table).toBeGreaterThan(0);
        expect(counter.work).toBe(tablePrice(n, ends.length));
        let next = 0;
        const wrong: number[] = [];
        let most = 0;
        for (let least = 0; least <= n + 1; least++) {
          while (next < ends.length && ends[next]! < least) next++;
          const expected = next < ends.length ? ends[next]! : 0x7fffffff;
          const asked = { work: 0 };
          if (tables.nextTabled(table, least, n, asked) !== expected) wrong.push(least);
          most = Math.max(most, asked.work);
        }
        expect({ n, density, wrong: wrong.slice(0, 5) }).toEqual({ n, density, wrong: [] });
        // A word, and at most a summary word a 1,024 positions.
        expect(most).toBeLessThanOrEqual(2 + (n >> 10));
      }
    }
  });

  it('answers random ends of random paths at random positions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        fc.array(fc.nat(5100), { minLength: 1, maxLength: 50 }),
        (n, density, seed, queries) => {
          const tables = new NextEndTables();
          tables.reset();
          const ends = endsOf(n, density * density, seed);
          const table = tables.tabulate(Int32Array.from(ends), 0, ends.length, n, { work: 0 });
          for (const least of queries) {
            const expected = ends.find((end) => end >= least) ?? 0x7fffffff;
            expect(tables.nextTabled(table, least, n, { work: 0 })).toBe(expected);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('makes at most 256 tables a check, and as many again after a reset', () => {
    const tables = new NextEndTables();
    tables.reset();
    const ends = Int32Array.from([0, 5, 40]);
    const made: number[] = [];
    for (let k = 0; k < 300; k++) made.push(tables.tabulate(ends, 0, 3, 64, { work: 0 }));
    expect(made.filter((offset) => offset >= 0)).toHaveLength(256);
    expect(made.slice(256).every((offset) => offset === -1)).toBe(true);
    tables.reset();
    expect(tables.tabulate(ends, 0, 3, 64, { work: 0 })).toBe(0);
  });
});

describe('long rules of tiny pieces over a small alphabet', () => {
  // Their checks place each rule's dozens of pieces one after another, each piece asked about at
  // many places of the path: what the tables of next ends are for. Random rules over two to four
  // letters on long random paths, most matching somewhere along them, through the wildcard
  // program: every line the definition's, with tables bought as by default and with a table
  // from a piece's second query on.
  const random = (seed: number) => {
    let state = seed;
    return (below: number) => {
      state = (Math.imul(state, 1103515245) + 12345) | 0;
      return (state >>> 8) % below;
    };
  };
  const files = [2, 3, 4].flatMap((sigma) =>
    [1, 2].map((seed) => {
      const next = random(sigma * 100 + seed);
      const letters = 'abcd'.slice(0, sigma);
      const text = (size: number) =>
        Array.from({ length: size }, () => letters[next(sigma)]).join('');
      let body = 'User-agent: *\n';
      for (let r = 0; r < 120; r++) {
        const pieces = Array.from({ length: 5 + next(40) }, () => text(1 + next(3)));
        const anchor = next(6) === 0 ? '$' : '';
        body += `${next(3) === 0 ? 'Allow' : 'Disallow'}: /*${pieces.join('*')}${anchor}\n`;
      }
      const paths = Array.from({ length: 12 }, () => `/${text(200 + next(1800))}`);
      return { name: `σ ${sigma}, seed ${seed}`, body, paths };
    }),
  );

  it.for([
    ['as by default', {}],
    ['from a second query on', { nextEndSearching: { tableRent: Number.POSITIVE_INFINITY } }],
    [
      'from a second query on, pieces of 3 found by hash',
      {
        nextEndSearching: { tableRent: Number.POSITIVE_INFINITY },
        pieceFinding: { minChars: 0 },
      },
    ],
  ] as const)('match as the definition does, tables %s', ([, settings]) => {
    let matched = 0;
    withMatcherSettings({ ...settings, ruleIndexing: { alwaysProgram: true } }, () => {
      for (const file of files) {
        const robots = parseRobotsTxt(file.body);
        for (const path of file.paths) {
          const url = `https://e.com${path}`;
          const line = robots.matchingLine(url, '*');
          const expected = naiveCheck(robots, url, '*').line;
          if (line !== expected) expect({ file: file.name, path, line }).toBe(expected);
          if (expected > 0) matched++;
        }
      }
    });
    // Most paths are matched by some rule (so that a piece placed wrong shows).
    expect(matched).toBeGreaterThan(36);
  });
});
