import { matchesPattern } from '../../src/index.js';
import type { RobotsTxt } from '../../src/types.js';

// The verdict of a parsed file by the definition alone (RFC 9309 §2.2.1–2.2.2): the groups
// naming the agent (else the global ones), every rule matched on its own, the longest match
// winning, then the earliest line; for the worst-case tests, which compare the engines with it.

/** The verdict and line by the definition: every applicable rule matched on its own. */
export function naiveCheck(
  robots: RobotsTxt,
  url: string,
  agent: string,
): { allowed: boolean; line: number } {
  const path = robots.explain(url, '-').path;
  const named = robots.groups.filter((g) =>
    g.agents.some((a) => a.token.toLowerCase() === agent.toLowerCase()),
  );
  const groups =
    named.length > 0 ? named : robots.groups.filter((g) => g.agents.some((a) => a.global));
  let allow: { priority: number; line: number } | null = null;
  let disallow: { priority: number; line: number } | null = null;
  for (const group of groups) {
    for (const rule of group.rules) {
      if (!matchesPattern(rule.pattern, path)) continue;
      const best = rule.type === 'allow' ? allow : disallow;
      if (
        best === null ||
        rule.priority > best.priority ||
        (rule.priority === best.priority && rule.line < best.line)
      ) {
        if (rule.type === 'allow') allow = rule;
        else disallow = rule;
      }
    }
  }
  const decider = (disallow?.priority ?? -1) > (allow?.priority ?? -1) ? disallow : allow;
  return {
    allowed: decider === null || decider === allow || decider.priority === 0,
    line: decider?.line ?? 0,
  };
}
