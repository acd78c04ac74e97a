import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import { lastCheckWork } from '../../src/robots.js';
import type { RobotsTxt } from '../../src/types.js';
import { naiveCheck } from '../helpers/naive-check.js';

// Worst cases, in the spirit of path-to-regexp's ReDoS tests: files and URLs built to make a
// check slow. Each test counts the work of a check (characters compared or scanned, the units of
// `workBudget`) instead of timing it, so it cannot flake on a slow machine, and asserts that
// the work grows at most linearly with the file and near-linearly with the path.

const AGENT = 'bot';

/** A hostile input at a scale: `size` rules (about), a path of about `size` characters. */
interface Shape {
  readonly name: string;
  build(size: number): { body: string; url: string };
}

const id = (i: number): string => i.toString(36);

/** A fixed sequence of 16-bit numbers from `seed` (a linear congruential generator). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 16;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';

/** Two texts of `length` random letters each, drawn in turns. */
function randomPair(next: () => number, length: number): [string, string] {
  let early = '';
  let late = '';
  for (let i = 0; i < length; i++) {
    early += LETTERS[next() & 63];
    late += LETTERS[next() & 63];
  }
  return [early, late];
}

/** `count` random places in `[from, from + range)`, ascending. */
function places(next: () => number, count: number, range: number, from = 0): number[] {
  const at: number[] = [];
  for (let k = 0; k < count; k++) at.push(from + (next() % range));
  return at.sort((a, b) => a - b);
}

const SHAPES: readonly Shape[] = [
  {
    // Issue #12's first recipe: one wildcard rule repeated, each copy a full search of the path.
    name: 'identical wildcard flood',
    build: (size) => ({
      body: `User-agent: *\n${'Allow: /aa*aaaaaaab\n'.repeat(size)}`,
      url: `https://e.com/${'a'.repeat(size)}`,
    }),
  },
  {
    // Issue #12's second recipe: distinct pieces filed under one trigram, which the path has.
    name: 'distinct pieces sharing one trigram',
    build: (size) => {
      let body = 'User-agent: *\n';
      for (let i = 0; i < size; i++) body += `Allow: *a${id(i)}aaaaaab\n`;
      return { body, url: `https://e.com/${'a'.repeat(size)}b` };
    },
  },
  {
    // Every piece occurs in the path, but never in the order a pattern needs: the second piece
    // of each rule occurs only before the first.
    name: 'pieces present, order wrong',
    build: (size) => {
      let body = 'User-agent: *\n';
      let early = '';
      let late = '';
      for (let i = 0; i < size / 4; i++) {
        body += `Disallow: /*x${id(i)}q*y${id(i)}q\n`;
        early += `y${id(i)}q`;
        late += `x${id(i)}q`;
      }
      return { body, url: `https://e.com/${early}${late}` };
    },
  },
  {
    // The second piece occurs before and after the first, so its search must skip ahead to the
    // occurrences after it; the third occurs only before.
    name: 'pieces on both sides of the first',
    build: (size) => {
      let body = 'User-agent: *\n';
      let early = '';
      let late = '';
      for (let i = 0; i < size / 4; i++) {
        body += `Disallow: /*m${id(i)}q*z${id(i)}q*k${id(i)}q\n`;
        early += `z${id(i)}qk${id(i)}q`;
        late += `m${id(i)}q`;
      }
      return { body, url: `https://e.com/${early}${late}${early.replaceAll('k', 'j')}` };
    },
  },
  {
    // Built against sharing: each rule starts with its own piece (all of them in the path), so
    // no two rules share a start, then pieces that occur only in the wrong order.
    name: 'distinct first pieces, then pieces out of order',
    build: (size) => {
      const letters = '0123456789abcdefghijklmnopqrstuvwxyz';
      const firsts: string[] = [];
      for (const a of letters) for (const b of letters) firsts.push(a + b);
      let body = 'User-agent: *\n';
      let early = '';
      let late = '';
      const pairs = Math.max(1, size / 10);
      for (let j = 0; j < pairs; j++) {
        early += `y${id(j)}q`;
        late += `x${id(j)}q`;
      }
      for (let i = 0; i < size; i++) {
        const j = i % pairs;
        body += `Disallow: /*${firsts[(i * 7) % firsts.length]}*x${id(j)}q*y${id(j)}q\n`;
      }
      return { body, url: `https://e.com/${firsts.join('')}${early}${late}` };
    },
  },
  {
    // Pieces that occur at thousands of places, so that placing one after another must find
    // the next occurrence past a position (not the first, not the last), in every rule.
    name: 'pieces occurring thousands of times',
    build: (size) => {
      const next = numbers(7);
      let text = '';
      for (let i = 0; i < size; i++) text += next() & 1 ? 'a' : 'b';
      const run = 'b'.repeat(30);
      let body = 'User-agent: *\n';
      for (let i = 0; i < size; i++) {
        const at = (i * 37) % Math.max(1, size - 12);
        body += `Disallow: /*${text.slice(at, at + 12)}*ab*ba*aab*bba*${run}\n`;
      }
      return { body, url: `https://e.com/${run}${text}` };
    },
  },
  {
    // Ten pieces a rule, each rule its own (no start shared), all in the path in order; the
    // tail occurs only before them, so every rule is placed to its end and fails there.
    name: 'distinct pieces in order, the tail before them',
    build: (size) => {
      const next = numbers(11);
      let text = '';
      for (let i = 0; i < size; i++) text += LETTERS[next() & 63];
      let body = 'User-agent: *\n';
      for (let i = 0; i < size / 10; i++) {
        const at = places(next, 10, Math.max(1, size - 20), 10);
        body += `Disallow: /*${at.map((p) => text.slice(p, p + 3)).join('*')}*${text.slice(0, 3)}\n`;
      }
      return { body, url: `https://e.com/${text}` };
    },
  },
  {
    // As above, but each rule's last piece occurs early too (so it leaves room for the tail),
    // while the pieces before it occur only after the tail: each rule is placed piece by piece
    // before it fails.
    name: 'distinct pieces placed past the tail',
    build: (size) => {
      const next = numbers(13);
      const half = size / 2;
      const [early, late] = randomPair(next, half);
      let body = 'User-agent: *\n';
      for (let i = 0; i < size / 10; i++) {
        const at = places(next, 9, half - 3);
        const e = next() % (half - 3);
        body += `Disallow: /*${at.map((p) => late.slice(p, p + 3)).join('*')}*${early.slice(e, e + 3)}*~~~\n`;
      }
      return { body, url: `https://e.com/${early}~~~${late}` };
    },
  },
  {
    // As above, with a tail of its own in each rule (looking a rule's tail up first saves
    // nothing that other rules share), occurring only before the pieces.
    name: 'distinct pieces placed past distinct tails',
    build: (size) => {
      const next = numbers(17);
      const half = size / 2;
      const [early, late] = randomPair(next, half);
      let body = 'User-agent: *\n';
      for (let i = 0; i < size / 10; i++) {
        const at = places(next, 9, half - 3);
        const [e, t] = [next() % (half / 2), half / 2 + (next() % (half / 2 - 3))];
        const [last, tail] = [early.slice(e, e + 3), early.slice(t, t + 3)];
        body += `Disallow: /*${at.map((p) => late.slice(p, p + 3)).join('*')}*${last}*${tail}\n`;
      }
      return { body, url: `https://e.com/${early}${late}` };
    },
  },
  {
    // Wildcard rules under one long literal prefix that the path has: one group of the prefix
    // index, every rule a candidate.
    name: 'wildcard rules sharing a long prefix',
    build: (size) => {
      let body = 'User-agent: *\n';
      for (let i = 0; i < size; i++) body += `Disallow: /${'a'.repeat(40)}*x${id(i)}*y\n`;
      return { body, url: `https://e.com/${'a'.repeat(size / 2)}${'yx'.repeat(size / 4)}` };
    },
  },
  {
    // Pieces of three lengths (8 to 10 letters of two), so many that the wildcard program finds
    // them by hash, each length's window a piece at nearly every position of a path of the same
    // two letters: every window looked up and compared, three times a character.
    name: 'pieces of several lengths at every position',
    build: (size) => {
      const next = numbers(11);
      let path = '';
      for (let i = 0; i < size; i++) path += next() & 1 ? 'a' : 'b';
      let body = 'User-agent: *\n';
      for (let i = 0; i < size; i++) {
        const length = 8 + (i % 3);
        let piece = '';
        for (let k = 0; k < length; k++) piece += next() & 1 ? 'a' : 'b';
        body += `Disallow: /*${piece}*c${id(i)}\n`;
      }
      return { body, url: `https://e.com/${path}` };
    },
  },
  {
    // Many stars per rule, and pieces that occur everywhere but at the end.
    name: 'star-heavy patterns',
    build: (size) => {
      const rule = `Disallow: /${'*a'.repeat(200)}*b\n`;
      return {
        body: `User-agent: *\n${rule.repeat(Math.max(1, size / 200))}`,
        url: `https://e.com/${'a'.repeat(size)}`,
      };
    },
  },
  {
    // Many groups naming the one agent: all merged into one set (RFC 9309 §2.2.1).
    name: 'many groups naming one agent',
    build: (size) => {
      let body = '';
      for (let i = 0; i < size; i++) body += `User-agent: ${AGENT}\nDisallow: /*c${id(i)}*d\n`;
      return { body, url: `https://e.com/${'c'.repeat(size)}` };
    },
  },
];

/**
 * The most work of the first three checks of `url`: a scan, then the scan or the index of a
 * large set, and once a set's scans show its wildcard rules costly, the wildcard program, built
 * with the index (the engines of one size and the next need not be the same: each is bounded).
 */
function workOf(robots: RobotsTxt, url: string): number {
  let most = 0;
  for (let k = 0; k < 3; k++) {
    robots.isAllowed(url, AGENT);
    most = Math.max(most, lastCheckWork());
  }
  return most;
}

describe.each(SHAPES)('worst case: $name', (shape) => {
  it('is exact: the verdict and line of the definition', () => {
    const { body, url } = shape.build(1000);
    const robots = parseRobotsTxt(body);
    expect({
      allowed: robots.isAllowed(url, AGENT),
      line: robots.matchingLine(url, AGENT),
    }).toEqual(naiveCheck(robots, url, AGENT));
  });

  it('costs work linear in the file and near-linear in the path', () => {
    // Work per unit of n log n + file bytes, at each size.
    const works: number[] = [];
    for (const size of [1000, 2000, 4000, 8000]) {
      const { body, url } = shape.build(size);
      const robots = parseRobotsTxt(body);
      const work = workOf(robots, url);
      const n = url.length;
      // The bound of docs/performance.md: O(n log n + p), p the pattern bytes visited.
      const scale = n * Math.log2(n) + body.length;
      expect(work).toBeLessThanOrEqual(40 * scale + 50_000);
      works.push(work / scale);
    }
    // Work per unit of that scale does not grow with the size.
    expect(works[works.length - 1]!).toBeLessThanOrEqual(2 * works[0]! + 1);
  });
});

describe('the work budget', () => {
  const { body, url } = SHAPES[1]!.build(4000);
  // The most work of a fresh file's first three checks (scans, or the index).
  const free = parseRobotsTxt(body);
  const need = Math.max(...[0, 1, 2].map(() => (free.isAllowed(url, AGENT), lastCheckWork())));

  it('answers disallow past it, and explain says so', () => {
    // Less than any way costs: a scan reads every rule, the index walks the path.
    const robots = parseRobotsTxt(body, { workBudget: url.length / 2 });
    expect(robots.isAllowed(url, AGENT)).toBe(false);
    expect(robots.matchingLine(url, AGENT)).toBe(0);
    const explanation = robots.explain(url, AGENT);
    expect(explanation).toMatchObject({ allowed: false, line: 0, budgetExceeded: true });
    expect(explanation.reason).toMatch(/work budget/);
    expect(robots.exhaustedChecks).toBe(3);
  });

  it('changes nothing within it', () => {
    const robots = parseRobotsTxt(body, { workBudget: need });
    const free = parseRobotsTxt(body);
    expect(robots.isAllowed(url, AGENT)).toBe(free.isAllowed(url, AGENT));
    expect(robots.explain(url, AGENT).budgetExceeded).toBeUndefined();
    expect(robots.exhaustedChecks).toBe(0);
  });

  it('fails closed even where the rules would allow', () => {
    const allowing = `User-agent: *\nAllow: /*a\n${'Disallow: /*a*a*a*a*a*a*b\n'.repeat(50)}`;
    const long = `https://e.com/${'a'.repeat(5000)}`;
    expect(parseRobotsTxt(allowing).isAllowed(long, AGENT)).toBe(true);
    expect(parseRobotsTxt(allowing, { workBudget: 1000 }).isAllowed(long, AGENT)).toBe(false);
  });

  it('is checked like every option', () => {
    for (const bad of [0, -1, Number.NaN, '5']) {
      expect(() => parseRobotsTxt('', { workBudget: bad as number })).toThrow(/workBudget/);
    }
  });
});

describe('the wildcard program', () => {
  it('is built by the first costly check only, and counted in retainedBytes', () => {
    // At 4,000 the costly check's work through the indexes sits near the rent's limit, and the
    // seeded hashes' collisions decide whether it passes (6 processes in 350 built no program);
    // at 8,000 it is well past the limit whatever the seeds.
    const { body, url } = SHAPES[2]!.build(8000);
    const robots = parseRobotsTxt(body);
    robots.isAllowed('https://e.com/x', AGENT);
    robots.isAllowed('https://e.com/y', AGENT);
    const indexed = robots.retainedBytes;
    robots.isAllowed('https://e.com/z', AGENT);
    expect(robots.retainedBytes).toBe(indexed);
    robots.isAllowed(url, AGENT);
    const withProgram = robots.retainedBytes;
    // The distinct pieces and a few numbers a rule: more than a quarter of the rules' text.
    expect(withProgram - indexed).toBeGreaterThan(body.length / 4);
    robots.isAllowed(url, AGENT);
    expect(robots.retainedBytes).toBe(withProgram);
  });
});
