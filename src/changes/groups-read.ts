/**
 * Which groups a crawler reads in a parsed file (RFC 9309 §2.2.1: those naming its product token,
 * any case; else the `*` groups), looked up in a table built once per file: what the verdict
 * comparison groups crawlers by and takes their rules from.
 */

import type { RobotsPolicy, RobotsTxt, Rule } from '../types.js';
import { asciiLowerCase } from '../util/bytes.js';

/** Which groups a crawler reads (or the fixed verdict of a fetch outcome); none: `none`. */
export function readKey(policy: RobotsPolicy, name: string | undefined): string {
  if (name === undefined) return 'none';
  const read = groupsRead(policy, name);
  return read === undefined ? `outcome:${policy.isAllowed('/', name)}` : read.join(',');
}

/**
 * The indexes of the groups a crawler reads (RFC 9309 §2.2.1: those naming its product token, any
 * case; else the `*` groups), or undefined for a fetch outcome (no groups).
 */
function groupsRead(policy: RobotsPolicy, name: string): number[] | undefined {
  if (!('groups' in policy)) return undefined;
  const table = tableOf(policy as RobotsTxt);
  return table.named.get(asciiLowerCase(name)) ?? table.everyone;
}

// Per parsed file: the groups naming each product token, and the `*` groups (built once).
const tables = new WeakMap<RobotsTxt, { named: Map<string, number[]>; everyone: number[] }>();
function tableOf(robots: RobotsTxt): { named: Map<string, number[]>; everyone: number[] } {
  let table = tables.get(robots);
  if (table === undefined) {
    const named = new Map<string, number[]>();
    const everyone: number[] = [];
    for (const g of robots.groups) {
      if (g.agents.some((a) => a.global)) everyone.push(g.index);
      for (const a of g.agents) {
        if (a.global || a.token === '') continue;
        const key = asciiLowerCase(a.token);
        const list = named.get(key) ?? [];
        if (list[list.length - 1] !== g.index) list.push(g.index);
        named.set(key, list);
      }
    }
    table = { named, everyone };
    tables.set(robots, table);
  }
  return table;
}

/**
 * The rules a crawler reads, or undefined when the policy is a fetch outcome (no rules); none for
 * a crawler no group applies to (`name` undefined).
 */
export function rulesRead(policy: RobotsPolicy, name: string | undefined): Rule[] | undefined {
  if (name === undefined) return 'groups' in policy ? [] : undefined;
  const read = groupsRead(policy, name);
  if (read === undefined) return undefined;
  const groups = (policy as RobotsTxt).groups;
  return read.flatMap((i) => groups[i]?.rules ?? []);
}
