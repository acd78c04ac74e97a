/**
 * Explanations in words: why a check came out as it did, naming the deciding line, the groups
 * that applied and the rule it beat.
 */

import { ties } from './match/strategy.js';
import type { Group, MatchedRule, Rule } from './types.js';

/** Writes a rule as a person reads it: `Disallow: /private`. */
export function formatRule(rule: Pick<Rule, 'type' | 'value'>): string {
  return `${ruleKey(rule.type)}: ${rule.value}`;
}

/** The key of a rule line as usually written: `Allow` or `Disallow`. */
export function ruleKey(type: Rule['type']): string {
  return type === 'allow' ? 'Allow' : 'Disallow';
}

/** The sentence `explain` gives for a verdict. */
export function explainReason(
  groups: readonly Group[],
  agents: readonly string[],
  path: string,
  resolution: { readonly selection: string; readonly groups: readonly number[] },
  allowed: boolean,
  bestAllow: MatchedRule | undefined,
  bestDisallow: MatchedRule | undefined,
): string {
  const who = agents.length === 0 ? 'no agent' : agents.map((a) => JSON.stringify(a)).join(', ');
  if (resolution.selection === 'none') {
    return `No User-agent line names ${who} and there is no "User-agent: *" group: ${path} is allowed.`;
  }
  const namedBy =
    resolution.selection === 'specific'
      ? `the group(s) naming ${who} (line ${resolution.groups
          .map((g) => groups[g]!.agents[0]!.line)
          .join(', ')}; "*" rules are ignored)`
      : `the "User-agent: *" group(s) (no line names ${who})`;
  if (bestAllow === undefined && bestDisallow === undefined) {
    return `No rule of ${namedBy} matches ${path}: allowed.`;
  }
  const describeRule = (r: MatchedRule): string =>
    `line ${r.line} "${formatRule(r)}"${r.indexRewrite ? ' (through its index.html rewrite)' : ''} with priority ${r.matchPriority}`;
  if (!allowed) {
    const over = bestAllow ? `, stronger than ${describeRule(bestAllow)}` : '';
    return `Disallowed by ${describeRule(bestDisallow!)} of ${namedBy}, the longest match for ${path}${over}.`;
  }
  if (
    bestAllow &&
    bestDisallow &&
    ties({ priority: bestAllow.matchPriority }, { priority: bestDisallow.matchPriority })
  ) {
    return `Allowed: ${describeRule(bestAllow)} and ${describeRule(bestDisallow)} of ${namedBy} match ${path} equally; on a tie the allow wins.`;
  }
  if (bestAllow) {
    const over = bestDisallow ? `, stronger than ${describeRule(bestDisallow)}` : '';
    return `Allowed by ${describeRule(bestAllow)} of ${namedBy}, the longest match for ${path}${over}.`;
  }
  return `Allowed: only ${describeRule(bestDisallow!)} of ${namedBy} matches ${path}, and an empty Disallow blocks nothing.`;
}
