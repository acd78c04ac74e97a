/**
 * The Diff tab's data, computed in a worker: the rule changes and the derived verdict changes of
 * `diffRobotsTxt`, and the changes for the page's own URLs × crawlers; both read each crawler as
 * the crawler model says and mark each side with the token whose group decided (so a crawler
 * reads the same in every tab).
 */

import {
  checkAsCrawler,
  crawlerGroup,
  diffRobotsTxt,
  formatRule,
  type RobotsDiff,
  type RobotsTxt,
  type VerdictChange,
} from '../../src/index.js';
import { urlOf } from './evaluate.js';

/** Changes sent per list (all of any real diff; a bound on memory for a crafted one). */
export const DIFF_ROWS = 50_000;

/** One list of verdict changes: its first rows and how many there are. */
export interface DiffList {
  readonly changes: readonly VerdictChange[];
  readonly total: number;
  readonly urls: number;
  readonly agents: number;
  /** URL × crawler pairs compared. */
  readonly checks: number;
  /** Pairs left uncompared at the library's check limit (0: the list is complete). */
  readonly omitted: number;
}

/** What the Diff tab shows. */
export interface DiffView {
  readonly groups: RobotsDiff['groups'];
  readonly sitemaps: RobotsDiff['sitemaps'];
  readonly yours: DiffList;
  readonly derived: DiffList;
}

/** The diff of `base` and `draft`: rules, sitemaps, your URLs × crawlers, the derived paths. */
export function diffView(
  base: RobotsTxt,
  draft: RobotsTxt,
  urls: readonly string[],
  agents: readonly string[],
): DiffView {
  const derived = diffRobotsTxt(base, draft);
  return {
    groups: derived.groups,
    sitemaps: derived.sitemaps,
    yours: modelChanges(base, draft, urls, agents),
    derived: {
      changes: derived.verdicts.slice(0, DIFF_ROWS),
      total: derived.verdicts.length,
      urls: derived.checked.urls.length,
      agents: derived.checked.agents.length,
      checks: derived.checked.checks,
      omitted: derived.checked.omitted,
    },
  };
}

function modelChanges(
  base: RobotsTxt,
  draft: RobotsTxt,
  urls: readonly string[],
  agents: readonly string[],
): DiffList {
  const changes: VerdictChange[] = [];
  let total = 0;
  const ruleOf = (robots: RobotsTxt) => {
    const byLine = new Map<number, string>();
    for (const group of robots.groups)
      for (const r of group.rules) byLine.set(r.line, formatRule(r));
    return (line: number) => byLine.get(line);
  };
  const baseRule = ruleOf(base);
  const draftRule = ruleOf(draft);
  // URL by URL, as `diffRobotsTxt` lists its changes.
  const groups = agents.map((agent) => ({
    agent,
    before: crawlerGroup(base, agent),
    after: crawlerGroup(draft, agent),
  }));
  for (const entry of urls) {
    const url = urlOf(entry);
    for (const { agent, before, after } of groups) {
      // One plain check a side; the deciding lines only for the changes shown.
      const was = before.query === undefined || base.isAllowed(url, before.query);
      const is = after.query === undefined || draft.isAllowed(url, after.query);
      if (was === is) continue;
      total++;
      if (changes.length >= DIFF_ROWS) continue;
      const a = checkAsCrawler(base, url, before);
      const b = checkAsCrawler(draft, url, after);
      const side = (v: typeof a, rule: (line: number) => string | undefined, decidedBy: string) => {
        const text = v.line > 0 ? rule(v.line) : undefined;
        return {
          allowed: v.allowed,
          line: v.line,
          ...(text === undefined ? {} : { rule: text }),
          decidedBy,
        };
      };
      changes.push({
        url,
        agent,
        before: side(a, baseRule, before.decidedBy),
        after: side(b, draftRule, after.decidedBy),
      });
    }
  }
  const checks = urls.length * agents.length;
  return { changes, total, urls: urls.length, agents: agents.length, checks, omitted: 0 };
}
