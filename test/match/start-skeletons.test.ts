import { describe, expect, it } from 'vitest';
import { AGENT, generateShapes } from '../../bench/hostile-shapes.js';
import { matchesPattern, parseRobotsTxt } from '../../src/index.js';
import { buildAtOnce } from '../../src/match/build-steps.js';
import type { PieceFinder } from '../../src/match/wildcard/piece-finder.js';
import { NODE, PIECE_OF } from '../../src/match/wildcard/sequence-trie.js';
import { skeletonPlacing, skeletonSteps } from '../../src/match/wildcard/start-skeletons.js';
import { lastCheckWork } from '../../src/robots.js';
import { withMatcherSettings } from '../helpers/matcher-settings.js';
import { naiveCheck } from '../helpers/naive-check.js';

// A long start's skeleton (`start-skeletons.ts`): the longest quarter of its middle pieces,
// placed before the start, rules a rule out only when the rule cannot match; it is chosen as
// said, it saves work where starts run off the path, and a check stops placing skeletons that
// do not pay.

/** `run()` with every wildcard rule through the program, its skeletons placed as `placing` says. */
const withSkeletons = <T>(placing: Partial<typeof skeletonPlacing>, run: () => T): T =>
  withMatcherSettings(
    { skeletonPlacing: placing, ruleIndexing: { smallSet: 0, alwaysProgram: true } },
    run,
  );

/** Skeletons by default, and one for every start placed at every rule. */
const BY_DEFAULT_AND_EVERY_START = [
  ['by default', {}],
  ['placed for every start', { least: 1, always: true }],
] as const;

/** Letters a constructed path holds once each. */
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const random = (seed: number) => {
  let state = seed;
  return (below: number) => {
    state = (Math.imul(state, 1103515245) + 12345) | 0;
    return (state >>> 8) % below;
  };
};

describe('choosing a skeleton', () => {
  /** The skeleton of one start of middle pieces of `lengths` (a trie of one chain). */
  const skeletonOf = (lengths: number[], least = 1): number[] => {
    const nodes = new Int32Array(NODE * (lengths.length + 1));
    for (let i = 0; i < lengths.length; i++) {
      nodes[NODE * (i + 1)] = i;
      nodes[NODE * (i + 1) + PIECE_OF] = i << 1;
    }
    const finder = { lengthOf: (id: number) => lengths[id]! } as unknown as PieceFinder;
    const leaves = Int32Array.of(lengths.length);
    const skeletons = withMatcherSettings({ skeletonPlacing: { least } }, () =>
      buildAtOnce(skeletonSteps(nodes, leaves, 1, lengths.length + 1, finder)),
    );
    if (skeletons === null) return [];
    return Array.from(skeletons.subarray(skeletons[0]!, skeletons[1]!), (code) => code >> 1);
  };

  it('takes the longest quarter of the middle pieces, in the start order', () => {
    expect(skeletonOf([1, 5, 2, 5, 3, 1, 4, 2])).toEqual([1, 3]);
    expect(skeletonOf([1, 5, 2, 5, 3, 1, 4, 2, 6])).toEqual([1, 3, 8]);
  });

  it('takes the first pieces of the shortest length it needs', () => {
    expect(skeletonOf([2, 2, 2, 2, 2, 2, 2, 2])).toEqual([0, 1]);
    expect(skeletonOf([1, 3, 1, 3, 1, 3, 9, 1, 1, 1, 1, 1])).toEqual([1, 3, 6]);
  });

  it('counts lengths of 64 or more alike', () => {
    expect(skeletonOf([64, 1, 1, 200, 1, 1, 1, 1])).toEqual([0, 3]);
    expect(skeletonOf([100, 1, 1, 200, 1, 1, 90, 1])).toEqual([0, 3]);
  });

  it('gives none to a start of fewer middle pieces than `least`', () => {
    expect(skeletonOf([3, 1, 2], 4)).toEqual([]);
    expect(skeletonOf([3, 1, 2, 1], 4)).toEqual([0]);
    expect(skeletonOf(Array.from({ length: 31 }, () => 2))).toHaveLength(8);
    expect(
      skeletonOf(
        Array.from({ length: 31 }, () => 2),
        skeletonPlacing.least,
      ),
    ).toEqual([]);
  });
});

describe('rules of long starts over a small alphabet', () => {
  // Rules of 32 to 55 tiny pieces over two to four letters, on paths from shorter than most of
  // them need to longer than all do: each rule's own verdict, and each file's line, as the
  // definition's, with skeletons by default, placed at every rule, and for every start.
  const files = [2, 3, 4].flatMap((sigma) =>
    [1, 2, 3].map((seed) => {
      const next = random(sigma * 1000 + seed);
      const letters = 'abcd'.slice(0, sigma);
      const text = (size: number) =>
        Array.from({ length: size }, () => letters[next(sigma)]).join('');
      const patterns = Array.from({ length: 40 }, () => {
        const pieces = Array.from({ length: 32 + next(24) }, () => text(1 + next(3)));
        return `/*${pieces.join('*')}${next(6) === 0 ? '$' : ''}`;
      });
      const paths = Array.from({ length: 10 }, (_, k) => `/${text(60 + 50 * k + next(40))}`);
      return { name: `σ ${sigma}, seed ${seed}`, patterns, paths };
    }),
  );

  it.for([
    ['as by default', {}],
    ['placed at every rule', { always: true }],
    ['for every start', { least: 1, always: true }],
  ] as const)('match as the definition does, skeletons %s', ([, placing]) => {
    let matched = 0;
    let unmatched = 0;
    withSkeletons(placing, () => {
      for (const file of files) {
        const body = `User-agent: *\n${file.patterns.map((p) => `Disallow: ${p}\n`).join('')}`;
        const robots = parseRobotsTxt(body);
        const singly = file.patterns.map((p) => parseRobotsTxt(`User-agent: *\nDisallow: ${p}`));
        for (const path of file.paths) {
          const url = `https://e.com${path}`;
          const line = robots.matchingLine(url, '*');
          const expected = naiveCheck(robots, url, '*').line;
          if (line !== expected) expect({ file: file.name, path, line }).toBe(expected);
          file.patterns.forEach((pattern, r) => {
            const matches = matchesPattern(pattern, path);
            const one = singly[r]!;
            // Twice: the first check scans the one rule, the second runs its program.
            one.isAllowed(url, '*');
            if ((one.matchingLine(url, '*') === 2) !== matches) {
              expect({ file: file.name, path, pattern }).toEqual({ matches });
            }
            if (matches) matched++;
            else unmatched++;
          });
        }
      }
    });
    // Many rules match and many do not (so that a rule ruled out wrongly shows).
    expect(matched).toBeGreaterThan(500);
    expect(unmatched).toBeGreaterThan(500);
  });
});

describe('a start that ends just where its tail must start', () => {
  // Forty pieces of one letter each, then the longest (in every skeleton) last: the path is
  // their text and the tail's, every letter once, so the start ends exactly where the tail
  // starts, anchored or at its last occurrence; one character less and the rule fails.
  const pieces = [...LETTERS.slice(0, 40)].concat(LETTERS.slice(40, 42));
  const tail = LETTERS.slice(42, 44);
  const start = pieces.join('');

  it.for(BY_DEFAULT_AND_EVERY_START)('still matches, skeletons %s', ([, placing]) => {
    withSkeletons(placing, () => {
      for (const anchor of ['$', '']) {
        const robots = parseRobotsTxt(
          `User-agent: *\nDisallow: /*${pieces.join('*')}*${tail}${anchor}\n`,
        );
        for (const [path, line] of [
          [`/${start}${tail}`, 2],
          [`/${start}${tail.slice(1)}`, 0],
          [`/${start.slice(1)}${tail}`, 0],
        ] as const) {
          for (let i = 0; i < 3; i++) {
            expect(robots.matchingLine(`https://e.com${path}`, '*')).toBe(line);
          }
        }
      }
    });
  });
});

describe('a start its skeleton ruled out for one rule, shared by another', () => {
  // Rules A and B share a start: ten pieces of two letters (its skeleton), then thirty of one.
  // A's tail occurs only among the first ten: its skeleton rules it out, past its tail. B's
  // tail occurs before the last ten of the thirty: its skeleton fits before it, the start does
  // not. A, the longer, is visited first: its leaf marked as ending past its skeleton at least,
  // B must place the whole start (and fail), not take the skeleton's end for the start's.
  const singles = [...LETTERS.slice(0, 30)];
  const doubles = Array.from({ length: 10 }, (_, i) => LETTERS.slice(30 + 2 * i, 32 + 2 * i));
  const start = [...doubles, ...singles].join('*');
  // Two more rules ending in A's tail (whose pieces never occur): A's tail, shared by more
  // rules than its start, is looked up first, and bounds where A's start must end.
  const body = ['User-agent: *', `/*${start}*YZ`, `/*${start}*9`, '/*8*YZ', '/*7*YZ']
    .map((line, i) => (i === 0 ? line : `Disallow: ${line}`))
    .join('\n');
  // The start's last pieces occur early too, so that only the skeleton rules A out.
  const path = `/${singles.slice(26).join('')}${doubles.slice(0, 5).join('')}YZ${doubles
    .slice(5)
    .join('')}${singles.slice(0, 20).join('')}9${singles.slice(20).join('')}`;

  it.for(BY_DEFAULT_AND_EVERY_START)('matches neither, skeletons %s', ([, placing]) => {
    withSkeletons(placing, () => {
      const robots = parseRobotsTxt(body);
      expect(naiveCheck(robots, `https://e.com${path}`, '*').line).toBe(0);
      for (let i = 0; i < 3; i++) expect(robots.matchingLine(`https://e.com${path}`, '*')).toBe(0);
      // With B's tail at the path's end, B matches.
      for (let i = 0; i < 3; i++) expect(robots.matchingLine(`https://e.com${path}9`, '*')).toBe(3);
    });
  });
});

describe('what skeletons cost and save', () => {
  /** A warm check's work of `shape`'s URL, with `placing` (once its program runs every check). */
  const workOf = (
    shape: { body: string; url: string },
    placing: Partial<typeof skeletonPlacing>,
  ): number =>
    withSkeletons(placing, () => {
      const robots = parseRobotsTxt(shape.body);
      let work = 0;
      for (let i = 0; i < 60; i++) {
        robots.isAllowed(i % 2 === 0 ? shape.url : `${shape.url}x`, AGENT);
        work = lastCheckWork();
      }
      return work;
    });
  const none = { least: Number.POSITIVE_INFINITY };
  const small = { bytes: 120 * 1024, pathLength: 4096, rules: 400, count: 5 };

  it('rule out long rules whose pieces occur, never in their order, for less work', () => {
    // `reversed` shapes of 400 long rules: the pieces of each occur all over the path.
    for (const seed of [17, 29]) {
      const shape = generateShapes({ seed, ...small })[1]!;
      expect(shape.terms.mode).toBe('reversed');
      const without = workOf(shape, none);
      const byDefault = workOf(shape, {});
      expect(byDefault).toBeLessThan(0.9 * without);
    }
  });

  it('stop being placed in a check where they do not pay', () => {
    // `early` shapes: every piece occurs only early in the path, most skeletons fit there.
    for (const seed of [3, 23]) {
      const shape = generateShapes({ seed, ...small })[3]!;
      expect(shape.terms.mode).toBe('early');
      const without = workOf(shape, none);
      const always = workOf(shape, { always: true });
      const byDefault = workOf(shape, {});
      // Placed at every rule, they cost more; by default, half the path's length or so at most.
      expect(always - without).toBeGreaterThan(2000);
      expect(byDefault - without).toBeLessThan((always - without) / 4);
    }
  });
});
