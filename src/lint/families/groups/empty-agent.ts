/**
 * `empty-user-agent`: a `User-agent:` line with no value names no crawler. Whether that matters
 * depends on its group: read as the crawlers it most likely meant (`*`), do its rules change a
 * verdict? `User-Agent:` / `Disallow:` (2763) allows everything either way: an info.
 */

import { formatRule } from '../../../explain.js';
import { byteStringBody } from '../../../parse/body.js';
import { ParsedRobotsTxt } from '../../../robots.js';
import type { AgentLine, Group } from '../../../types.js';
import type { LintContext } from '../../context.js';
import { pathOf } from '../../merged-groups.js';

// The name the global agent is checked as: no file names it.
const PROBE = 'RobotsRepLintProbe';
// Paths checked: `/` and those of the group's rules.
const MAX_PATHS = 40;

/** Reports the empty User-agent line `agent` of `group`. */
export function reportEmptyAgent(context: LintContext, agent: AgentLine, group: Group): void {
  const d = context.directives[agent.line];
  const change = changeAsGlobal(context, agent, group);
  const base = 'The User-agent line has no value, so it names no crawler.';
  context.report({
    code: 'empty-user-agent',
    line: agent.line,
    ...(change === undefined ? { severity: 'info' as const } : {}),
    message:
      change === undefined
        ? `${base} Read as "User-agent: *", what it most likely meant, its group would change no verdict: every crawler may fetch the same either way, so nothing needs changing.`
        : `${base} Read as "User-agent: *", what it most likely meant, line ${change.line} "${change.rule}" would decide on ${change.path} for the crawlers the file does not name: write the crawler's name (or *) after "User-agent:".`,
    from: d?.keyStart,
    to: d?.keyEnd,
  });
}

/**
 * A path whose verdict changes for the crawlers the file does not name (or the group's other
 * crawlers) when the line reads `User-agent: *`, with the rule then deciding; undefined when none.
 */
function changeAsGlobal(
  context: LintContext,
  agent: AgentLine,
  group: Group,
): { readonly path: string; readonly line: number; readonly rule: string } | undefined {
  if (group.rules.length === 0) return undefined;
  const span = context.lines[agent.line];
  if (span === undefined) return undefined;
  const text = `${context.text.slice(0, span.start)}User-agent: *${context.text.slice(span.end)}`;
  const asGlobal = new ParsedRobotsTxt(byteStringBody(text), context.parseOptions);
  const paths = ['/'];
  for (const rule of group.rules) {
    if (paths.length >= MAX_PATHS) break;
    const path = pathOf(rule.value);
    if (path !== undefined && !paths.includes(path)) paths.push(path);
  }
  const names = [PROBE, ...group.agents.filter((a) => a.token !== '').map((a) => a.token)];
  for (const path of paths) {
    for (const name of names) {
      const now = context.robots.explain(path, name);
      const then = asGlobal.explain(path, name);
      if (now.allowed === then.allowed || then.rule === undefined) continue;
      return { path, line: then.line, rule: formatRule(then.rule) };
    }
  }
  return undefined;
}
