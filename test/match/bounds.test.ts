import { describe, expect, it } from 'vitest';
import { AGENT, type GeneratedShape, generateShapes, MODES } from '../../bench/hostile-shapes.js';
import { parseRobotsTxt } from '../../src/index.js';
import { BUILD, BUILD_SLICE, SLICES_AT_ONCE, sliceQuota } from '../../src/match/build-steps.js';
import {
  BUILD_WORK_PER_BYTE,
  CHECK_EXCESS,
  ProgramRent,
  programAfter,
  programBuilds,
} from '../../src/match/wildcard/program-rent.js';
import { lastCheckWork } from '../../src/robots.js';
import { naiveCheck } from '../helpers/naive-check.js';

// The bound of src/match/README.md ("Bounds"), counted on the shapes of bench/hostile-shapes.js:
// files drawn from the bound's own terms (path length n, rules r, pieces P, in every mode of
// occurrence the generator has) rather than fixed recipes. Work is counted (`lastCheckWork`, the
// units of `workBudget`), never timed.

/** The bound on one check's work: 16 units per unit of n log₂ n + r + P, plus 65,536. */
function checkBound({ terms }: GeneratedShape): number {
  const { n, rules, pieces } = terms;
  return 16 * (n * Math.log2(n) + rules + pieces) + 65_536;
}

/** The work of each of `checks` checks of the shape's URL and variants of it, in order. */
function works(shape: GeneratedShape, checks: number): number[] {
  const robots = parseRobotsTxt(shape.body);
  const out: number[] = [];
  for (let k = 0; k < checks; k++) {
    robots.isAllowed(k === 0 ? shape.url : `${shape.url}${k}`, AGENT);
    out.push(lastCheckWork());
  }
  return out;
}

/**
 * Checks `shape`'s URL and a variant in turn while `more(k, shares)` says so, each answer (the
 * line) the definition's (`naiveCheck`, on a set of its own); what each check built
 * (`shares`), its slice's quota and its own work.
 */
function checkBuilding(
  shape: GeneratedShape,
  more: (k: number, shares: readonly number[]) => boolean,
): {
  robots: ReturnType<typeof parseRobotsTxt>;
  reference: ReturnType<typeof naiveCheck>[];
  shares: number[];
  quotas: number[];
  seen: number[];
} {
  const robots = parseRobotsTxt(shape.body);
  const urls = [shape.url, `${shape.url}x`];
  const reference = urls.map((url) => naiveCheck(parseRobotsTxt(shape.body), url, AGENT));
  BUILD.largestCharge = 0;
  const shares: number[] = [];
  const quotas: number[] = [];
  const seen: number[] = [];
  for (let k = 0; more(k, shares); k++) {
    const before = BUILD.total;
    expect(robots.matchingLine(urls[k % 2]!, AGENT), `check ${k}`).toBe(reference[k % 2]!.line);
    shares.push(BUILD.total - before);
    quotas.push(sliceQuota(lastCheckWork()));
    seen.push(lastCheckWork());
  }
  return { robots, reference, shares, quotas, seen };
}

/**
 * Checks `shape` at least 100 times (more until its build is complete, and 10 after), its URL and
 * a variant in turn: every answer (the line) the definition's; the set built in slices of
 * consecutive checks, each within its quota (`sliceQuota` of the check's work; with `atOnce`,
 * the first building check's at least SLICES_AT_ONCE slices: a set of up to 2,048 rules tries
 * its build at once on its second check) plus the build's largest charge, at most half a
 * slice, and in at most ceil(its units / BUILD_SLICE) checks; no
 * check's own work past the most of the first two and the last ten (the scans, then the
 * program's) and the shape's bound. Counted, never timed.
 */
function buildsInSlices(shape: GeneratedShape, atOnce = false): void {
  // At least 100 checks, and 10 after the last that built.
  const { robots, reference, shares, quotas, seen } = checkBuilding(
    shape,
    (k, built) => k < 200 && (k < 100 || built.slice(-10).some((x) => x > 0)),
  );
  const building = shares.flatMap((share, k) => (share > 0 ? [k] : []));
  const units = shares.reduce((sum, share) => sum + share, 0);
  // The set was built, in slices of consecutive checks, and the last checks use it.
  expect(building.length).toBeGreaterThan(1);
  expect(building.at(-1)!).toBeLessThan(shares.length - 10);
  expect(building.at(-1)! - building[0]! + 1).toBe(building.length);
  expect(building.length).toBeLessThanOrEqual(Math.ceil(units / BUILD_SLICE));
  // A step is a rule, a piece or a node (with its characters), or a typed array copied.
  expect(BUILD.largestCharge).toBeLessThanOrEqual(BUILD_SLICE / 2);
  for (const k of building) {
    const quota = atOnce && k === building[0] ? SLICES_AT_ONCE * BUILD_SLICE : quotas[k]!;
    expect(shares[k], `check ${k}`).toBeLessThanOrEqual(quota + BUILD.largestCharge);
  }
  // No check's own work grows: the scans before and during the build, then the program's.
  const ordinary = Math.max(...seen.slice(0, 2), ...seen.slice(-10));
  expect(Math.max(...seen)).toBeLessThanOrEqual(ordinary + 1024);
  expect(Math.max(...seen)).toBeLessThanOrEqual(checkBound(shape));
  expect(robots.isAllowed(shape.url, AGENT)).toBe(reference[0]!.allowed);
}

const SCALES = [1, 2, 4] as const;
/** The shapes of two seeds at each scale: 64 KiB of rules and a path of 1 KiB per unit. */
const BY_SCALE = SCALES.map((scale) =>
  [1, 2].flatMap((seed) =>
    generateShapes({ seed, bytes: 64 * 1024 * scale, pathLength: 1024 * scale }),
  ),
);

describe('generated hostile shapes', () => {
  it('cover every mode of occurrence, in one group and in many', () => {
    const shapes = BY_SCALE[0]!;
    expect(new Set(shapes.map((s) => s.terms.mode))).toEqual(new Set(MODES));
    expect(shapes.some((s) => s.terms.groups > 1)).toBe(true);
    expect(shapes.some((s) => s.terms.groups === 1)).toBe(true);
  });

  it('are decided exactly: the verdict and line of the definition', () => {
    for (const shape of BY_SCALE[1]!) {
      const robots = parseRobotsTxt(shape.body);
      for (const url of [shape.url, `${shape.url}x`]) {
        expect({
          allowed: robots.isAllowed(url, AGENT),
          line: robots.matchingLine(url, AGENT),
        }).toEqual(naiveCheck(robots, url, AGENT));
      }
    }
  });

  it.each(SCALES.map((scale, i) => [scale, i]))(
    'cost each check at most 16 (n log n + r + P) + 65,536 units (scale %i)',
    (_scale, i) => {
      for (const shape of BY_SCALE[i]!) {
        for (const work of works(shape, 6)) expect(work).toBeLessThanOrEqual(checkBound(shape));
      }
    },
  );

  it('cost work that grows no faster than the terms', () => {
    // The most work of a check per unit of n log₂ n + r + P, at the largest scale against the
    // smallest, shape by shape (the same seed draws the same recipe at each scale).
    const small = BY_SCALE[0]!;
    const large = BY_SCALE[SCALES.length - 1]!;
    const perTerm = (s: GeneratedShape): number => {
      const { n, rules, pieces } = s.terms;
      return Math.max(...works(s, 4)) / (n * Math.log2(n) + rules + pieces);
    };
    for (const [k, shape] of large.entries()) {
      expect(shape.name).toBe(small[k]!.name);
      expect(perTerm(shape)).toBeLessThanOrEqual(2 * perTerm(small[k]!) + 1);
    }
  });
});

describe('the wildcard program is rented before it is bought', () => {
  it('lets checks through the indexes pay the price, at most CHECK_EXCESS at a time', () => {
    const rent = new ProgramRent(1000);
    const price = BUILD_WORK_PER_BYTE * 1000;
    const over = programAfter(100, 10);
    expect(rent.limit(0, 100, 10)).toBe(over + Math.min(price, CHECK_EXCESS));
    // A check that costs what the program's would pays nothing.
    rent.pay(0, over, 100, 10);
    expect(rent.limit(5, 100, 10)).toBe(5 + over + price);
    rent.pay(0, over + price / 2, 100, 10);
    expect(rent.limit(0, 100, 10)).toBe(over + price / 2);
    rent.pay(0, over + price, 100, 10);
    // Paid for: the next check past what the program costs builds it.
    expect(rent.limit(0, 100, 10)).toBe(over);
    expect(new ProgramRent(1 << 30).limit(0, 100, 10)).toBe(over + CHECK_EXCESS);
  });

  it('builds no program in a parse and its first two checks of groups of one wildcard rule', () => {
    // Issue #33's first shape: many groups naming the agent, each one wildcard rule whose first
    // piece the path holds and whose last it never does. The indexes answer (each check's work
    // the same), until the checks have paid for the program: then a check costs what the
    // program's does. (At a 2 KB path each check costs under CHECK_EXCESS beyond the program's
    // through the indexes; at 4 KB the first would not, and builds it at once.)
    let body = '';
    let path = '/';
    for (let i = 0; body.length < 200_000; i++)
      body += `User-agent: ${AGENT}\nDisallow: /*c${i}*d\n`;
    for (let i = 0; path.length < 2048; i++) path += `c${i}`;
    const robots = parseRobotsTxt(body);
    const url = `https://e.com${path}`;
    const seen: number[] = [];
    for (let k = 0; k < 3; k++) {
      robots.isAllowed(url, AGENT);
      seen.push(lastCheckWork());
    }
    expect(new Set(seen).size).toBe(1);
    expect(robots.isAllowed(url, AGENT)).toBe(naiveCheck(robots, url, AGENT).allowed);
  });
});

describe('the check that ends a large set’s scans', () => {
  // A set of more than 2,048 rules is scanned while its scans cost less than indexing it is
  // reckoned to; from the check that ends their rent, the set is built in counted slices, one a
  // check, while the scans still answer (src/match/build-steps.ts): each check's slice spends
  // at most the most of BUILD_SLICE and the check's own work, plus its last charge (a rule, a
  // piece, a node: a step's granularity), so the build is complete after at most
  // ceil(its units / BUILD_SLICE) checks, and the first check after it goes through the index
  // (and the program, built with it when the scans' wildcard rules cost more than
  // CHECK_EXCESS). Counted over 100 checks (more until the build is complete), never timed.
  // At 500 KiB and 8 KiB paths (issue #33's sizes), the shapes whose program the checks
  // build, of two seeds.
  const shapes = [1, 2].flatMap((seed) =>
    generateShapes({ seed }).filter(
      (s) =>
        s.terms.mode === 'last-absent' || s.terms.mode === 'reversed' || s.terms.mode === 'dense',
    ),
  );

  it.each(shapes.map((s) => [s.name, s]))(
    'builds a counted slice a check, answering exactly throughout (%s)',
    (_name, shape) => buildsInSlices(shape),
  );
});

describe('the build of a set of up to 2,048 long wildcard rules', () => {
  // A set of up to 2,048 rules is scanned on its first check only (`scanPrice`), and built on
  // its second: at once, index and program, when its scan showed the program due
  // (`programNow`), 9.8 to 29 million build units in one check on these shapes (40 to 700 ms
  // loaded). Its second check now builds at most SLICES_AT_ONCE slices (compile.ts); what is
  // left is built a slice a check, the scans answering, as a large set's after their rent.
  // The generated shapes of 500 KiB in at most 2,000 rules (`rules`: 41 to 87 pieces a rule),
  // one a mode.
  const shapes = generateShapes({ seed: 1, rules: 2000, count: 5 });

  it('are sets of up to 2,048 rules whose program is due after one scan', () => {
    for (const shape of shapes) expect(shape.terms.rules).toBeLessThanOrEqual(2048);
    expect(new Set(shapes.map((s) => s.terms.mode))).toEqual(new Set(MODES));
  });

  it.each(shapes.map((s) => [s.name, s]))(
    'builds a counted slice a check, answering exactly throughout (%s)',
    (_name, shape) => buildsInSlices(shape, true),
  );
});

describe('the build of a few rules of thousands of pieces', () => {
  // A set of up to 32 rules is one list, whatever its scan showed; its program, when ski rental
  // buys it, was built at once (4.6 to 6.8 million units on these shapes, 20 and 30 rules of
  // 16,664 characters at most, a line's most) and its list too (1.7 million). A list's build
  // reckoned at more than SLICES_AT_ONCE slices now runs in slices while the scans answer, and
  // such a program in slices while the list answers. Counted, never timed.
  const shapes = [20, 30].flatMap((rules) =>
    [1, 2].flatMap((seed) =>
      generateShapes({ seed, rules, count: 5 }).map(
        (s) => [`${s.name}, seed ${seed}, ${rules} rules`, s] as const,
      ),
    ),
  );

  it.each(shapes)('builds a counted slice a check, answering exactly (%s)', (_name, shape) => {
    const { shares, quotas, seen } = checkBuilding(shape, (k) => k < 120);
    for (const [k, work] of seen.entries()) {
      expect(work, `check ${k}`).toBeLessThanOrEqual(checkBound(shape));
    }
    // A step is a rule's entry or a piece, or the list's pass over its characters (at most
    // 32 rules of 16,664).
    expect(BUILD.largestCharge).toBeLessThanOrEqual(32 * 16_664);
    for (const [k, share] of shares.entries()) {
      if (share > 0) {
        expect(share, `check ${k}`).toBeLessThanOrEqual(
          Math.max(quotas[k]!, SLICES_AT_ONCE * BUILD_SLICE) + BUILD.largestCharge,
        );
      }
    }
    // Built: the last checks build nothing.
    expect(shares.slice(-10).every((share) => share === 0)).toBe(true);
  });
});

describe('the build after a large set’s scans, its trigram index included', () => {
  // The shapes whose set is indexed without its program (`early`, `runs`): seed 1's `early`
  // σ 2 files 10,708 short-prefix rules in a trigram index, whose anchors (a key's rule read,
  // its piece's characters counted) are found in counted steps (`trigramSteps`) and the rest
  // charged in one step of 12 units an item: no charge passes BUILD_SLICE / 2, so no check's
  // slice passes its quota by more (it did by 468,000 units when the index was one step).
  const shapes = [1, 2].flatMap((seed) =>
    generateShapes({ seed }).filter((s) => s.terms.mode === 'early' || s.terms.mode === 'runs'),
  );

  it.each(shapes.map((s) => [s.name, s]))(
    'charges at most half a slice at once, answering exactly (%s)',
    (_name, shape) => {
      const robots = parseRobotsTxt(shape.body);
      const urls = [shape.url, `${shape.url}x`];
      const reference = urls.map((url) => naiveCheck(parseRobotsTxt(shape.body), url, AGENT));
      BUILD.largestCharge = 0;
      for (let k = 0; k < 100; k++) {
        const before = BUILD.total;
        expect(robots.matchingLine(urls[k % 2]!, AGENT), `check ${k}`).toBe(reference[k % 2]!.line);
        const share = BUILD.total - before;
        if (share > 0) {
          expect(share, `check ${k}`).toBeLessThanOrEqual(
            sliceQuota(lastCheckWork()) + BUILD_SLICE / 2,
          );
        }
      }
      expect(BUILD.largestCharge).toBeLessThanOrEqual(BUILD_SLICE / 2);
    },
  );
});

describe('a parse and its first two checks', () => {
  // Issue #33's target for them (25 ms), counted: the two checks' work, the build units they
  // run, and each program they complete at BUILD_WORK_PER_BYTE units a character (about
  // 20 million units for a 500 KiB file: what the first check of the first fixed recipe below
  // paid when its scan, past the oracle's threshold, gave up for the index and the program).
  // At most two checks' bound: the scans answer, reading each rule once, and build nothing, or
  // (a set of up to 2,048 long rules, on its second check) a slice of the set.
  const SIZE = 500 * 1024;
  const id = (i: number): string => i.toString(36);
  const fill = (line: (i: number) => string): string => {
    let body = 'User-agent: *\n';
    for (let i = 0; body.length < SIZE; i++) body += line(i);
    return body;
  };
  const fixed: { name: string; body: string; url: string }[] = [
    {
      name: 'distinct pieces sharing a trigram the URL has',
      body: fill((i) => `Allow: *a${id(i)}aaaaaab\n`),
      url: `https://e.com/${'a'.repeat(8 * 1024)}b`,
    },
    {
      name: 'wildcard rules sharing a long prefix',
      body: fill((i) => `Disallow: /${'a'.repeat(40)}*x${id(i)}*y\n`),
      url: `https://e.com/${'a'.repeat(4000)}${'yx'.repeat(2000)}`,
    },
  ];
  /** The terms of a fixed recipe's bound: its path, its rules and their literal pieces. */
  const termsOf = (body: string, url: string): GeneratedShape['terms'] => {
    const values = body
      .split('\n')
      .filter((line) => /^(Allow|Disallow):/.test(line))
      .map((line) => line.slice(line.indexOf(':') + 1).trim());
    return {
      mode: 'dense',
      n: new URL(url).pathname.length,
      rules: values.length,
      groups: 1,
      pieces: values.reduce((sum, v) => sum + v.split('*').filter((p) => p !== '').length, 0),
      patternBytes: values.reduce((sum, v) => sum + v.length, 0),
    };
  };
  const cases = [
    ...fixed.map((f) => ({ ...f, terms: termsOf(f.body, f.url) })),
    ...generateShapes({ seed: 1 }),
    // Sets of up to 2,048 long rules, four seeds: a scan that met a few of them (its best found
    // early) priced their program by those, and seeds 4's `reversed` σ 2 built 9.8 million
    // units and a 493 KB program on its second check (five times this bound, 50–80 ms); its
    // second check now builds at most SLICES_AT_ONCE slices.
    ...[1, 2, 3, 4].flatMap((seed) =>
      generateShapes({ seed, rules: 2000, count: 5 }).map((s) => ({
        ...s,
        name: `${s.name}, seed ${seed}, ≤ 2,000 rules`,
      })),
    ),
    // A few rules of thousands of pieces each (20 rules cut at 16,664 characters, a line's
    // most): a scan whose search crossed the oracle's threshold midway gave up, its work (and
    // the oracle) uncounted, and the list made for the index then, its entries uncounted too,
    // built the program at once (4.6 million units: 16 million with it, 2.7 times the bound).
    ...[1, 2].flatMap((seed) =>
      generateShapes({ seed, rules: 20, count: 5 }).map((s) => ({
        ...s,
        name: `${s.name}, seed ${seed}, 20 rules`,
      })),
    ),
  ];

  it.each(cases.map((c) => [c.name, c]))(
    'cost at most two checks’ bound, builds included (%s)',
    (_name, shape) => {
      const built = programBuilds.bytes;
      const units = BUILD.total;
      BUILD.largestCharge = 0;
      const robots = parseRobotsTxt(shape.body);
      let work = 0;
      for (const url of [shape.url, `${shape.url}x`]) {
        robots.isAllowed(url, AGENT);
        work += lastCheckWork();
      }
      // No build at once past SLICES_AT_ONCE slices (a set of 1,889 rules of 65 pieces indexed
      // at once on its second check: 3.1 million units, 30 ms quiet, within the bound below).
      expect(BUILD.total - units).toBeLessThanOrEqual(
        SLICES_AT_ONCE * BUILD_SLICE + BUILD.largestCharge,
      );
      // The build units the checks ran (slices of a build included), and each program they
      // completed at its price.
      work += BUILD.total - units + BUILD_WORK_PER_BYTE * (programBuilds.bytes - built);
      expect(work).toBeLessThanOrEqual(2 * checkBound(shape));
      expect(robots.isAllowed(shape.url, AGENT)).toBe(naiveCheck(robots, shape.url, AGENT).allowed);
    },
  );
});
