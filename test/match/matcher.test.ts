import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestMatches, compileRules } from '../../src/match/compile.js';
import type { MatchedEntry, MatcherRule } from '../../src/match/matcher.js';
import { matchesPattern } from '../../src/match/pattern.js';
import { allowsBy, decidingRule } from '../../src/match/strategy.js';
import { pick } from '../helpers/arbitraries.js';
import { ENGINE_SETTINGS, useMatcherSettings } from '../helpers/matcher-settings.js';

// The matcher's one interface (src/match/matcher.ts), as a caller that brings its own rules
// uses it (AI preferences, a reading): one suite, run against every engine, as hono runs one
// router suite against every router. The reference is the definition itself: every rule tested
// with `matchesPattern`, the best of each kind the highest priority, then the earliest line.

/** The best rule of a kind by the definition: highest priority, then earliest line. */
function naiveBest(
  rules: readonly MatcherRule[],
  path: string,
  allow: boolean,
): MatcherRule | null {
  let best: MatcherRule | null = null;
  for (const rule of rules) {
    if (rule.allow !== allow || !matchesPattern(rule.pattern, path)) continue;
    const priority = rule.priority ?? rule.pattern.length;
    const bestPriority = best === null ? -1 : (best.priority ?? best.pattern.length);
    if (
      best === null ||
      priority > bestPriority ||
      (priority === bestPriority && rule.line < best.line)
    )
      best = rule;
  }
  return best;
}

function described(entry: MatchedEntry | null): unknown {
  return entry === null
    ? null
    : { line: entry.line, priority: entry.priority, group: entry.group, pattern: entry.pattern };
}

function expected(rule: MatcherRule | null): unknown {
  return rule === null
    ? null
    : {
        line: rule.line,
        priority: rule.priority ?? rule.pattern.length,
        group: rule.group ?? 0,
        pattern: rule.pattern,
      };
}

const piece = pick([
  '/',
  'a',
  'b',
  'ab',
  'ba',
  '*',
  '.',
  'x.html',
  '?',
  '=',
  '%C3%A9',
  '%2F',
  'aaa',
]);
const pattern = fc
  .tuple(pick(['', '/', '/a', '/ab/', '*']), fc.array(piece, { maxLength: 6 }), fc.boolean())
  .map(([start, pieces, end]) => start + pieces.join('') + (end ? '$' : ''));
const rule = fc.record({
  pattern,
  allow: fc.boolean(),
  group: fc.integer({ min: 0, max: 3 }),
  // A reading may count priority its own way (octets of its normalisation, say).
  priority: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
});
// Lines are distinct, as a file's are; rules arrive in any order.
const rules = fc.array(rule, { maxLength: 60 }).chain((list) =>
  fc
    .shuffledSubarray(
      list.map((_, i) => i + 1),
      { minLength: list.length, maxLength: list.length },
    )
    .map((lines) =>
      list.map(({ priority, ...r }, i) => ({
        ...r,
        line: lines[i]!,
        ...(priority === undefined ? {} : { priority }),
      })),
    ),
);
const path = fc
  .array(pick(['/', 'a', 'b', 'ab', '.', 'x.html', '?', '=', '%C3%A9', '%2F', 'aaa', '$']), {
    maxLength: 12,
  })
  .map((parts) => `/${parts.join('')}`);

for (const [engine, settings] of Object.entries(ENGINE_SETTINGS)) {
  describe(`the interface through ${engine}`, () => {
    useMatcherSettings(settings);

    it('finds the best allow and disallow, with their lines, as the definition does', () => {
      fc.assert(
        fc.property(rules, fc.array(path, { minLength: 1, maxLength: 4 }), (list, paths) => {
          const matcher = compileRules(list);
          for (const p of paths) {
            const found = bestMatches(matcher, p);
            expect(found.exhausted).toBe(false);
            expect(described(found.allow)).toEqual(expected(naiveBest(list, p, true)));
            expect(described(found.disallow)).toEqual(expected(naiveBest(list, p, false)));
          }
        }),
        { numRuns: 400 },
      );
    });

    it('gives the same verdict when only the verdict is asked for', () => {
      fc.assert(
        fc.property(rules, path, (list, p) => {
          const matcher = compileRules(list);
          const full = bestMatches(matcher, p);
          const quick = bestMatches(matcher, p, { verdictOnly: true });
          expect(allowsBy(decidingRule(quick.allow, quick.disallow))).toBe(
            allowsBy(decidingRule(full.allow, full.disallow)),
          );
        }),
        { numRuns: 300 },
      );
    });

    it('takes ASCII patterns and paths only, normalised by the caller', () => {
      expect(() => compileRules([{ pattern: '/é', allow: false, line: 1 }])).toThrow(TypeError);
      expect(() => bestMatches(compileRules([]), '/é')).toThrow(TypeError);
    });

    it('takes lines that are integers from 0 to 2^29 - 1, as a parse numbers them', () => {
      for (const line of [-1, 0.5, 2 ** 29, Number.NaN]) {
        expect(() => compileRules([{ pattern: '/a', allow: false, line }])).toThrow(TypeError);
      }
      const last = 2 ** 29 - 1;
      const many = Array.from({ length: 40 }, (_, i) => ({
        pattern: `/a${i}`,
        allow: i % 2 === 0,
        line: last - i,
      }));
      expect(bestMatches(compileRules(many), '/a7x').disallow?.line).toBe(last - 7);
      expect(bestMatches(compileRules(many), '/a0').allow?.line).toBe(last);
    });

    it('reports an index rewrite as the caller marked it', () => {
      const many = Array.from({ length: 40 }, (_, i) => ({
        pattern: `/d${i}/$`,
        allow: true,
        line: i + 1,
        indexRewrite: i % 3 === 0,
      }));
      for (const i of [0, 1, 2, 3, 39]) {
        const found = bestMatches(compileRules(many), `/d${i}/`).allow;
        expect(found?.indexRewrite).toBe(i % 3 === 0);
        expect(found?.line).toBe(i + 1);
      }
    });

    it('takes patterns and paths as given: a reading normalises them itself', () => {
      const matcher = compileRules([
        { pattern: '/a%2Fb', allow: false, line: 1 },
        { pattern: '/a/b', allow: true, line: 2, priority: 2 },
        { pattern: '/*.PDF$', allow: false, line: 3, group: 1 },
      ]);
      expect(bestMatches(matcher, '/a%2Fb').disallow?.line).toBe(1);
      expect(bestMatches(matcher, '/a/b').disallow).toBeNull();
      expect(bestMatches(matcher, '/a/b').allow?.priority).toBe(2);
      expect(bestMatches(matcher, '/x.PDF').disallow?.group).toBe(1);
      expect(bestMatches(matcher, '/x.pdf').disallow).toBeNull();
    });

    it('stops a check past its budget and says so', () => {
      const many = Array.from({ length: 200 }, (_, i) => ({
        pattern: `/*a*${'b'.repeat(i % 7)}*c${i}`,
        allow: false,
        line: i + 1,
      }));
      const found = bestMatches(compileRules(many), `/${'ab'.repeat(400)}`, { budget: 50 });
      expect(found.exhausted).toBe(true);
      expect(found.work).toBeGreaterThan(50);
    });
  });
}
