import { describe, expect, it } from 'vitest';
import { AGENT, type GeneratedShape, generateShapes } from '../../bench/hostile-shapes.js';
import { parseRobotsTxt } from '../../src/index.js';
import { lastCheckWork } from '../../src/robots.js';
import { naiveCheck } from '../helpers/naive-check.js';

// A warm check through the wildcard program over a small alphabet (src/match/README.md,
// "Bounds", `reversed` σ 4): every short piece occurs in the path and every prefix class is
// found, so no rule is ruled out before it is visited. What such a check must not pay for
// beyond its rules: listing the groups of every piece the classes found hold (a unit a piece;
// now a unit a group when the classes found hold most pieces), and sorting the ends of an
// automaton's piece of many ends asked about once or twice (its ends' count times their log;
// now the next states read as far as that would cost). Counted on the generated shapes of 500
// KiB and 8 KB paths, never timed: at most 32 units a path character (25–28.3 in six processes:
// the pieces' hash moves it; before, 31–34 on seed 1's ≤6 pieces of ≤10 and 41 on the shapes of
// 41 pieces of ≤10), every line the definition's.

/** The generated `reversed` shapes over four letters, of seeds 1 and 2. */
function smallAlphabetShapes(): GeneratedShape[] {
  return [1, 2]
    .flatMap((seed) => [
      ...generateShapes({ seed }),
      ...generateShapes({ seed, rules: 2000, count: 5 }),
    ])
    .filter((shape) => shape.terms.mode === 'reversed' && shape.name.includes('σ 4,'));
}

describe('a warm check of the reversed shapes over four letters', () => {
  it('costs at most 32 units a path character, every line the definition’s', () => {
    const shapes = smallAlphabetShapes();
    expect(shapes.length).toBeGreaterThanOrEqual(4);
    for (const shape of shapes) {
      const robots = parseRobotsTxt(shape.body);
      const other = `${shape.url}x`;
      for (let k = 0; k < 200; k++) robots.isAllowed(k % 2 === 0 ? shape.url : other, AGENT);
      for (const url of [shape.url, other]) {
        const line = robots.matchingLine(url, AGENT);
        expect({ shape: shape.name, line }).toEqual({
          shape: shape.name,
          line: naiveCheck(robots, url, AGENT).line,
        });
        robots.isAllowed(url, AGENT);
        expect({ shape: shape.name, work: lastCheckWork() <= 32 * shape.terms.n }).toEqual({
          shape: shape.name,
          work: true,
        });
      }
    }
  });
});
