import { describe, expect, it } from 'vitest';
import { AGENT, type GeneratedShape, generateShapes } from '../../bench/hostile-shapes.js';
import { parseRobotsTxt } from '../../src/index.js';
import { BUILD, BUILD_SLICE, SLICES_AT_ONCE, sliceQuota } from '../../src/match/build-steps.js';
import { programBuilds } from '../../src/match/wildcard/program-rent.js';
import { lastCheckWork } from '../../src/robots.js';
import { naiveCheck } from '../helpers/naive-check.js';

// The program ski rental buys (src/match/wildcard/program-rent.ts): a set's checks through the
// indexes (more than 32 rules) or its list (up to 32) pay its rent, and the check whose rent
// runs out built the whole program at once (0.5 to 9 million build units on the generated
// shapes of 64 to 256 KiB; 11.3 million on issue #33's first shape at 500 KiB). A program
// reckoned at more than two slices is now built a slice a check from that check on, the
// indexes or the list answering each check whole within programAfter + BUILDING_EXCESS (at most
// half what is left of its budget). Counted, never timed.

/** The bound on one check's work of bounds.test.ts: 16 units a unit of n log₂ n + r + P, + 2^16. */
function checkBound({ terms }: GeneratedShape): number {
  const { n, rules, pieces } = terms;
  return 16 * (n * Math.log2(n) + rules + pieces) + 65_536;
}

/**
 * Checks `body` with `url` and a variant in turn, `checks` times and 10 more after the program
 * is built (programBuilds), each line the definition's; what each check built and its quota.
 */
function rentedChecks(
  body: string,
  url: string,
  checks: number,
  workBudget = Number.POSITIVE_INFINITY,
): { shares: number[]; quotas: number[]; seen: number[]; built: number; exhausted: number } {
  const robots = parseRobotsTxt(body, { workBudget });
  const urls = [url, `${url}x`];
  const reference = urls.map((u) => naiveCheck(parseRobotsTxt(body), u, AGENT));
  const bytes = programBuilds.bytes;
  BUILD.largestCharge = 0;
  const shares: number[] = [];
  const quotas: number[] = [];
  const seen: number[] = [];
  let built = -1;
  for (let k = 0; k < checks || (built >= 0 && k < built + 10); k++) {
    const before = BUILD.total;
    expect(robots.matchingLine(urls[k % 2]!, AGENT), `check ${k}`).toBe(reference[k % 2]!.line);
    shares.push(BUILD.total - before);
    quotas.push(sliceQuota(lastCheckWork()));
    seen.push(lastCheckWork());
    if (built < 0 && programBuilds.bytes > bytes) built = k;
  }
  return { shares, quotas, seen, built, exhausted: robots.exhaustedChecks };
}

/**
 * No check built more than its slice's quota (or the SLICES_AT_ONCE slices a set's second check
 * may build its index with, bounds.test.ts) plus the build's largest charge.
 */
function expectSlices(shares: readonly number[], quotas: readonly number[]): void {
  expect(BUILD.largestCharge).toBeLessThanOrEqual(BUILD_SLICE);
  for (const [k, share] of shares.entries()) {
    expect(share, `check ${k}`).toBeLessThanOrEqual(
      Math.max(quotas[k]!, SLICES_AT_ONCE * BUILD_SLICE) + BUILD.largestCharge,
    );
  }
}

describe('the program ski rental buys for a set of more than 32 rules', () => {
  // The generated shapes of two seeds at 64 KiB and 1 KiB paths: their checks through the
  // indexes pay the rent within 60 checks.
  const shapes = [1, 2].flatMap((seed) =>
    generateShapes({ seed, bytes: 64 * 1024, pathLength: 1024 }).map(
      (s) => [`${s.name}, seed ${seed}`, s] as const,
    ),
  );

  it.each(shapes)('is built a counted slice a check, answering exactly (%s)', (_name, shape) => {
    const { shares, quotas, seen, built } = rentedChecks(shape.body, shape.url, 100);
    expectSlices(shares, quotas);
    for (const [k, work] of seen.entries()) {
      expect(work, `check ${k}`).toBeLessThanOrEqual(checkBound(shape));
    }
    // Shapes whose checks stay cheap never pay for it; the others' last checks build nothing.
    if (built >= 0) expect(shares.slice(built + 1).every((share) => share === 0)).toBe(true);
  });

  it('is built in slices on issue #33’s first shape at 500 KiB and an 8 KB path', () => {
    // Many groups naming the agent, each one wildcard rule whose first piece the path holds
    // and whose last it never does: the check whose work passed CHECK_EXCESS built 11.3
    // million units at once (1.7 to 2.1 s loaded).
    let body = '';
    let path = '/';
    for (let i = 0; body.length < 500 * 1024; i++) {
      body += `User-agent: ${AGENT}\nDisallow: /*c${i}*d\n`;
    }
    for (let i = 0; path.length < 8192; i++) path += `c${i}`;
    const { shares, quotas, built } = rentedChecks(body, `https://e.com${path}`, 90);
    expectSlices(shares, quotas);
    expect(built).toBeGreaterThan(0);
    // Built over many checks, none building more than a slice of its quota.
    expect(shares.filter((share) => share > 0).length).toBeGreaterThan(10);
  }, 60_000);
});

describe('a small set’s list while its program is built in slices', () => {
  // 30 rules of about 2,600 pieces: the list's checks cost 533,000 to 712,000 units while the
  // program builds, and answered whole: under a budget of 640,000 every other check failed
  // closed, and built nothing, where the program answers in 80,000 (280,000 in its first
  // check). They are now cut short at half what is left of the budget, the program completed at
  // once then, answering within the other half.
  const shapes = [1, 2].flatMap((seed) =>
    generateShapes({ seed, rules: 30, count: 5 })
      .filter((s) => s.terms.mode === 'reversed' || s.terms.mode === 'dense')
      .map((s) => [`${s.name}, seed ${seed}`, s] as const),
  );

  it.each(shapes)('never fails closed where the program answers (%s)', (_name, shape) => {
    const { exhausted } = rentedChecks(shape.body, shape.url, 20, 640_000);
    expect(exhausted).toBe(0);
  });
});
