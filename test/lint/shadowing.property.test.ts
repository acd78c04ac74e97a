import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMatch,
  findingBy,
  findShadowedRules,
  type RuleFinding,
} from '../../src/lint/shadowing.js';
import { indexRewriteOf } from '../../src/match/pattern.js';
import { priorityOf } from '../../src/match/strategy.js';
import type { Rule } from '../../src/types.js';
import { pick } from '../helpers/arbitraries.js';

// findShadowedRules asks an index for the rules that can cover a rule or share a path with it
// (shadowing-index.ts). On generated groups it must find what comparing every rule with every
// other finds: for each rule, the strongest finding, given by the first rule in group order.

const RANK: Readonly<Record<RuleFinding['code'], number>> = {
  'duplicate-rule': 4,
  'shadowed-rule': 3,
  'allow-disallow-tie': 2,
  'equal-length-overlap': 1,
};

/** Every rule against every other (the pairwise scan the index replaced): the reference. */
function pairwise(rules: readonly Rule[]): string[] {
  const candidates = rules.filter((r) => r.priority > 0 && canMatch(r));
  const out: string[] = [];
  for (const rule of candidates) {
    if (rule.type === 'allow' && indexRewriteOf(rule.pattern) !== null) continue;
    let best: RuleFinding | undefined;
    for (const other of candidates) {
      if (other === rule) continue;
      const finding = findingBy(rule, other);
      if (finding !== undefined && (best === undefined || RANK[finding.code] > RANK[best.code])) {
        best = finding;
      }
    }
    if (best !== undefined) out.push(show(best));
  }
  return out;
}

function show(f: RuleFinding): string {
  return `${f.rule.line} ${f.code} by ${f.by.line}: ${f.message}`;
}

// Few pieces, so that rules often cover, tie and overlap each other; runs of `*` change a rule's
// priority and not what it matches.
const piece = pick(['/', '/', '/a', 'a', 'b', '*', '*', '**', '***', '.x', '/index.html']);
const pattern = fc
  .tuple(fc.array(piece, { minLength: 0, maxLength: 5 }), fc.boolean())
  .map(([pieces, anchored]) => `${pieces.join('')}${anchored ? '$' : ''}`);
const rule = fc.tuple(pick(['allow', 'disallow'] as const), pattern, fc.nat(2));
const group = fc.array(rule, { minLength: 1, maxLength: 24 }).map((list) => {
  let line = 1;
  return list.map(([type, p, step]): Rule => {
    line += step;
    return { type, line, value: p, pattern: p, priority: priorityOf(p) };
  });
});

describe('findShadowedRules: the index finds what comparing every pair finds', () => {
  it('on generated groups', () => {
    fc.assert(
      fc.property(group, (rules) => {
        expect(findShadowedRules(rules).map(show)).toEqual(pairwise(rules));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('findShadowedRules: work grows with the group, not with its pairs', () => {
  // Counted, not timed. A group of 5,000 distinct rules (a large site's sections and pages, with
  // Allows of some), with a shadowed rule, a tie and a duplicate far apart. Comparing every pair
  // took 25 million comparisons, and past 1,500 rules only duplicates were looked for.
  const values: [Rule['type'], string][] = [['disallow', '/search*']];
  for (let i = 0; values.length < 4_996; i++) {
    values.push(['disallow', `/section${i % 40}/page${i}/`]);
    if (i % 7 === 0) values.push(['allow', `/section${i % 40}/page${i}/public/`]);
    if (i % 11 === 0) values.push(['disallow', `/*/print${i}$`]);
  }
  values.push(['disallow', '/search/'], ['allow', '/cart/'], ['disallow', '/cart/']);
  values.push(['disallow', '/section3/page3/']);
  const rules = values.map(
    ([type, pattern], i): Rule => ({
      type,
      line: i + 1,
      value: pattern,
      pattern,
      priority: priorityOf(pattern),
    }),
  );

  it('finds the shadowed rule, the tie and the duplicate in a few steps a rule', () => {
    expect(rules).toHaveLength(5_000);
    expect(new Set(values.map((v) => v.join(' '))).size).toBe(4_999);
    const work = { steps: 0 };
    const found = findShadowedRules(rules, work).map(
      (f) => `${f.rule.line} ${f.code} ${f.by.line}`,
    );
    expect(found).toEqual([
      '4997 shadowed-rule 1',
      '4999 allow-disallow-tie 4998',
      '5000 duplicate-rule 7',
    ]);
    expect(work.steps).toBeGreaterThan(rules.length);
    expect(work.steps).toBeLessThan(30 * rules.length);
  });
});
