/**
 * Rules that can never decide a verdict because another rule of the same group always outranks
 * them. Conservative: a rule is reported only when that is provable from the two patterns alone.
 */

import { formatRule } from '../explain.js';
import { indexRewriteOf, matchesPattern } from '../match/pattern.js';
import { outranks, ties } from '../match/strategy.js';
import type { Rule } from '../types.js';
import {
  type Entry,
  factsOf,
  type RuleFacts,
  ShadowingIndex,
  type ShadowingWork,
} from './shadowing-index.js';

/** A finding about one rule, to be turned into a diagnostic by the caller. */
export interface RuleFinding {
  readonly code: 'duplicate-rule' | 'shadowed-rule' | 'allow-disallow-tie' | 'equal-length-overlap';
  readonly rule: Rule;
  readonly by: Rule;
  readonly message: string;
}

/** Whether a pattern can match anything: the path always starts with `/` (B24). */
export function canMatch(rule: Rule): boolean {
  const first = rule.pattern.charCodeAt(0);
  return first === 0x2f || first === 0x2a;
}

/** Google's `index.html` rewrite lets such an Allow match more paths than its pattern says. */
function hasIndexRewrite(rule: Rule): boolean {
  return rule.type === 'allow' && indexRewriteOf(rule.pattern) !== null;
}

/**
 * Whether `cover` matches every path `rule` matches. Proven only for a cover that is a literal
 * prefix (optionally followed by `*`s): then it matches exactly the paths starting with it.
 */
function covers(cover: RuleFacts, rule: RuleFacts): boolean {
  if (cover.rule.pattern === rule.rule.pattern) return true;
  return cover.cover !== null && rule.prefix.startsWith(cover.cover);
}

/** A path both patterns match, if one is easy to find: either pattern with `*` and `$` dropped. */
function commonPath(a: Rule, b: Rule): string | undefined {
  // `*` filled with a character first (`/x/au/` reads better than `//au/`), then with nothing.
  for (const fill of ['x', '']) {
    for (const pattern of [a.pattern, b.pattern]) {
      const path = pattern.replace(/\*/g, fill).replace(/\$$/, '');
      if (
        path.startsWith('/') &&
        matchesPattern(a.pattern, path) &&
        matchesPattern(b.pattern, path)
      ) {
        return path;
      }
    }
  }
  return undefined;
}

function quote(rule: Rule): string {
  return `line ${rule.line} "${formatRule(rule)}"`;
}

/**
 * Finds, for each rule of a group, the strongest reason it never (or rarely) decides: of the
 * rules that give it the strongest finding, the first in group order. `work` counts the index's
 * steps (tests bound them: a rule is compared only with rules that can cover it or share a path
 * with it, never with the whole group).
 */
export function findShadowedRules(
  rules: readonly Rule[],
  work: ShadowingWork = { steps: 0 },
): RuleFinding[] {
  const findings: RuleFinding[] = [];
  // Empty rules (priority 0) and patterns that never match are reported elsewhere.
  const index = new ShadowingIndex(
    rules.filter((r) => r.priority > 0 && canMatch(r)),
    work,
  );
  for (const subject of index.entries) {
    const rule = subject.rule;
    if (hasIndexRewrite(rule)) continue;
    const by = strongest(index, subject, work);
    if (by !== undefined) findings.push(compare(rule, by.rule, covers(by, subject))!);
  }
  return findings;
}

/**
 * The first rule (in group order) of those that give `subject` the strongest finding
 * ({@link compare}): a duplicate on an earlier line; a covering rule that outranks it, or ties
 * it with its type from an earlier line; for a Disallow, a covering Allow that ties it, else an
 * Allow of its length that shares a path with it.
 */
function strongest(index: ShadowingIndex, subject: Entry, work: ShadowingWork): Entry | undefined {
  const duplicateOf = index.duplicateOf(subject);
  if (duplicateOf !== undefined) return duplicateOf;
  const shadower = index.shadowerOf(subject);
  if (shadower !== undefined || subject.rule.type !== 'disallow') return shadower;
  const tie = index.tyingAllowOf(subject);
  if (tie !== undefined) return tie;
  for (const allow of index.allowsBeside(subject)) {
    work.steps++;
    if (commonPath(subject.rule, allow.rule) !== undefined) return allow;
  }
  return undefined;
}

/**
 * What `other` does to `rule` alone, compared pairwise: the finding {@link findShadowedRules}
 * reports when `other` is the rule its index finds for it.
 */
export function findingBy(rule: Rule, other: Rule): RuleFinding | undefined {
  return compare(rule, other, covers(factsOf(other), factsOf(rule)));
}

function duplicate(rule: Rule, first: Rule): RuleFinding {
  return {
    code: 'duplicate-rule',
    rule,
    by: first,
    message: `Duplicate of ${quote(first)} in the same group: this line never decides anything.`,
  };
}

/** What `other` does to `rule`; `covered`: whether `other` matches every path `rule` matches. */
function compare(rule: Rule, other: Rule, covered: boolean): RuleFinding | undefined {
  const sameType = rule.type === other.type;
  if (covered) {
    if (outranks(other, rule)) {
      const why = sameType
        ? 'which is longer, so this rule is never the best match of its kind'
        : `which is longer and so always wins (RFC 9309 §2.2.2: the longest match wins)`;
      return {
        code: 'shadowed-rule',
        rule,
        by: other,
        message: `Never decides: every path it matches is also matched by ${quote(other)}, ${why}.`,
      };
    }
    if (ties(other, rule)) {
      if (sameType && other.line < rule.line) {
        if (other.pattern === rule.pattern) return duplicate(rule, other);
        return {
          code: 'shadowed-rule',
          rule,
          by: other,
          message: `Never decides: ${quote(other)} comes first, has the same length and matches every path this rule matches.`,
        };
      }
      if (rule.type === 'disallow' && other.type === 'allow') {
        return {
          code: 'allow-disallow-tie',
          rule,
          by: other,
          message: `Never blocks anything: ${quote(other)} has the same length (priority ${rule.priority}) and matches every path this rule matches; on a tie the Allow wins.`,
        };
      }
    }
  }
  if (rule.type === 'disallow' && other.type === 'allow' && other.priority === rule.priority) {
    const path = commonPath(rule, other);
    if (path !== undefined) {
      return {
        code: 'equal-length-overlap',
        rule,
        by: other,
        message: `Same length (priority ${rule.priority}) as ${quote(other)}: for paths both match, such as ${path}, the Allow wins the tie.`,
      };
    }
  }
  return undefined;
}

/**
 * Whether `rule` would never decide beside `others` (the rules of a group it is to be copied
 * into): one of them matches every path it matches and outranks it, or ties it with the same
 * verdict or as an Allow beside a Disallow (`Allow: /browse/` beside a copied
 * `Disallow: /browse/`). Proven from the two patterns alone, as {@link findShadowedRules} proves
 * it. Returns the rule that overrides it.
 */
export function overriddenBy(rule: Rule, others: readonly Rule[]): Rule | undefined {
  if (rule.priority === 0 || !canMatch(rule) || hasIndexRewrite(rule)) return undefined;
  const subject = factsOf(rule);
  for (const other of others) {
    if (other.priority === 0 || !canMatch(other) || !covers(factsOf(other), subject)) continue;
    if (outranks(other, rule)) return other;
    if (ties(other, rule) && (other.type === rule.type || other.type === 'allow')) return other;
  }
  return undefined;
}
