import { describe, expect, it } from 'vitest';
import { AGENT, type GeneratedShape, generateShapes } from '../../bench/hostile-shapes.js';
import { parseRobotsTxt } from '../../src/index.js';
import { lastCheckWork } from '../../src/robots.js';
import { useMatcherSettings } from '../helpers/matcher-settings.js';

// A warm check through the wildcard program (src/match/README.md, "Bounds"): the path's pass
// costs O(L n) for the dictionary's L ≤ 8 lengths (a window looked up a length, a find linked
// to its piece's, the automaton's states sorted; through prefix classes, a window looked up
// once and a (class, length) pair's finds at most COMPARED_A_PAIR + 1 times), then the rules of
// the keys found, each piece asked about once a check. Counted on the generated shapes whose
// pieces fill the path (`reversed`, `dense`), never timed.

/** The most work of a warm check: 20 units a character of the path, 4 a rule and a piece. */
function warmBound({ terms }: GeneratedShape): number {
  return 20 * terms.n + 4 * (terms.rules + terms.pieces);
}

/** The work of a check of the shape's URL once 200 checks have paid for its program. */
function warmWork(shape: GeneratedShape): number {
  const robots = parseRobotsTxt(shape.body);
  for (let k = 0; k < 200; k++) robots.isAllowed(k % 2 === 0 ? shape.url : `${shape.url}x`, AGENT);
  robots.isAllowed(shape.url, AGENT);
  return lastCheckWork();
}

const filling = (shape: GeneratedShape): boolean =>
  shape.terms.mode === 'reversed' || shape.terms.mode === 'dense';

const NEVER = Number.POSITIVE_INFINITY;

// Through prefix classes whenever the dictionary hashes two lengths or more (class share 0),
// as its pieces' sharing decides (the default), never (a window looked up at the lengths its
// start names whenever two lengths are hashed, `start-lengths.ts`), and neither (every length
// looked up a window).
describe.each([
  ['prefix classes whenever two lengths are hashed', { classShare: 0 }],
  ['prefix classes when pieces share them, else lengths by start when they save', {}],
  ['lengths by start whenever two lengths are hashed', { classShare: NEVER, startsSave: -NEVER }],
  ['every length looked up a window', { classShare: NEVER, startsSave: NEVER }],
] as const)('a warm check of the shapes whose pieces fill the path, %s', (_name, pieceFinding) => {
  useMatcherSettings({ pieceFinding });
  it.each([1, 2])('costs at most 20 n + 4 (r + P) units (scale %i)', (scale) => {
    const shapes = [1, 2]
      .flatMap((seed) =>
        generateShapes({ seed, bytes: 64 * 1024 * scale, pathLength: 1024 * scale }),
      )
      .filter(filling);
    expect(shapes.length).toBeGreaterThanOrEqual(6);
    for (const shape of shapes) expect(warmWork(shape)).toBeLessThanOrEqual(warmBound(shape));
  });
});

// Over a large alphabet (σ 26 or 64: no prefix classes), a found piece is a candidate whose
// first and last finds bound where it occurs, and a group is listed for a found piece only when
// it is the tail of one of its rules (`found-chains.ts`, `ProgramLayout.keyed`): a rule whose
// tail is found nowhere is not visited, and one whose tail is last found before its start's
// last piece is first found is ruled out by those two records, its pieces neither gathered nor
// compared. What the rules add to the pass is then at most 2 units a rule and a piece (1.8 on
// `reversed` σ 64 ≤6 pieces of ≤8, seed 3; 2.5–3.7 before).
const largeAlphabet = (shape: GeneratedShape): boolean =>
  /σ (26|64),/.test(shape.name) && shape.terms.mode !== 'runs' && shape.terms.mode !== 'early';

describe.each([
  ['lengths by start when they save', {}],
  ['every length looked up a window', { classShare: NEVER, startsSave: NEVER }],
] as const)('a warm check of the large-alphabet shapes, %s', (_name, pieceFinding) => {
  useMatcherSettings({ pieceFinding });
  it.each([1, 2])('costs at most 20 n + 2 (r + P) units (scale %i)', (scale) => {
    const shapes = [1, 2, 3, 4]
      .flatMap((seed) =>
        generateShapes({ seed, bytes: 64 * 1024 * scale, pathLength: 1024 * scale }),
      )
      .filter(largeAlphabet);
    expect(shapes.length).toBeGreaterThanOrEqual(12);
    for (const shape of shapes) {
      const { n, rules, pieces } = shape.terms;
      expect(warmWork(shape)).toBeLessThanOrEqual(20 * n + 2 * (rules + pieces));
    }
  });
});

// A rule is filed under a key piece it must contain (its tail, else the piece its group a path
// is least likely to hold), and a check looks for the keys first (`wildcard/key-finder.ts`: the
// path's codes read, a unit a character; a rolling hash of each key's last q ≤ 8 characters, at
// most 3 distinct q's, a unit a window a q; then the keys of a window's bucket whose bit is set
// compared, a unit a key and one a character): a path holding none of them, and no rule without
// a piece, is answered by that pass alone, the pass over every piece not run. Counted on the
// generated shapes whose every rule's last piece holds a character the path never has
// (`last-absent`, `dense`), every alphabet, their sets' checks left to the program: at most
// 6 n + 64 units (3–5.3 n; the pass over every piece and the groups its candidates listed cost
// 10–33 n there on the σ 26 and 64 shapes without it).
const keysAbsent = (shape: GeneratedShape): boolean =>
  shape.terms.mode === 'last-absent' || shape.terms.mode === 'dense';

describe('a warm check of a path that holds no rule’s key', () => {
  useMatcherSettings({ ruleIndexing: { alwaysProgram: true } });
  it.each([1, 2])('costs at most 6 n + 64 units (scale %i)', (scale) => {
    const shapes = [1, 2, 3, 4, 5, 6]
      .flatMap((seed) =>
        generateShapes({ seed, bytes: 64 * 1024 * scale, pathLength: 1024 * scale }),
      )
      .filter(keysAbsent);
    expect(shapes.length).toBeGreaterThanOrEqual(18);
    for (const shape of shapes) {
      expect(warmWork(shape), shape.name).toBeLessThanOrEqual(6 * shape.terms.n + 64);
    }
  });
});

// When the prefix classes a check found hold most of the dictionary's pieces (a small
// alphabet's path holds every class), every group is listed at once (a unit a group), and the
// walk of the automaton's states found, which lists the groups of the automaton's pieces, is
// not run: it could list none more. Counted on `reversed` σ 26 one group ≤k pieces of ≤10
// (seeds 5 and 30), whose paths hold about n distinct states: at most 23 units a character
// (20.2–21.8 n; 23.8–26.2 n with the walk, which cost 3.5–4.4 n there).
describe('a warm check whose prefix classes list every group', () => {
  it('walks none of the automaton’s states (at most 23 n units)', () => {
    const shapes = [5, 30]
      .flatMap((seed) => generateShapes({ seed, bytes: 128 * 1024, pathLength: 2048 }))
      .filter((shape) => shape.terms.mode === 'reversed' && /σ 26, .* of ≤10$/.test(shape.name));
    expect(shapes.length).toBeGreaterThanOrEqual(3);
    for (const shape of shapes) {
      expect(warmWork(shape), shape.name).toBeLessThanOrEqual(23 * shape.terms.n);
    }
  });
});
