/**
 * Which groups apply to the agents a check names, as the facade (`ParsedRobotsTxt`) keeps them:
 * the merged rules of a set of groups (RFC 9309 §2.2.1), compiled on their first check, and the
 * resolution of a query to one such set or several. Made once per distinct query and kept.
 */

import type { RuleMatcher } from './match/matcher.js';
import type { Selection } from './types.js';

/** The merged rules of a set of groups (RFC 9309 §2.2.1), compiled on their first check. */
export interface RuleSet {
  readonly groups: readonly number[];
  /** The groups' rules (`compileTableSet`), made on the set's first check. */
  matcher: RuleMatcher | null;
  /** The resolution of agents named by exactly these groups, made on first use. */
  specific: OneSet | null;
}

/** Which groups apply to a set of queried agents, and the rules to run. */
export type Resolution = OneSet | SeveralSets;

/** The groups' rules are one rule set. */
export interface OneSet {
  readonly kind: 'set';
  readonly selection: Exclude<Selection, 'outcome'>;
  readonly groups: readonly number[];
  readonly set: RuleSet;
}

/**
 * Several queried agents naming different groups: each one's set, run in turn (a group naming
 * two of them is then searched twice, which cannot change the best match).
 */
export interface SeveralSets {
  readonly kind: 'parts';
  readonly selection: 'specific';
  readonly groups: readonly number[];
  readonly parts: readonly RuleSet[];
}

export const NO_GROUPS: Resolution = {
  kind: 'set',
  selection: 'none',
  groups: [],
  set: { groups: [], matcher: null, specific: null },
};

/** Whether two lists of groups are the same. */
export function sameGroups(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether `agent` is a list with the same agents, in order, as the list `last`. */
export function sameAgentList(agent: unknown, last: unknown): boolean {
  if (!Array.isArray(agent) || !Array.isArray(last) || agent.length !== last.length) return false;
  for (let i = 0; i < agent.length; i++) if (agent[i] !== last[i]) return false;
  return true;
}
