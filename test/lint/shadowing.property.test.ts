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
