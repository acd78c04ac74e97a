/**
 * Lines of groups that only retired crawlers read (`RETIRED_CRAWLERS`: Googlebot-Mobile,
 * Slurp…): what such a group says, or gets wrong, reaches no current crawler, so a finding on one
 * of its lines is an info that says so, whatever its code (seed 3576, 2664: `Allow: .css` in
 * Googlebot-Mobile's group was an error).
 */

import { retiredCrawler, retiredSentence } from '../readings/crawler-model.js';
import type { RobotsTxt } from '../types.js';

/** For each line of a group naming only retired crawlers (User-agent lines to its last line), the sentence to add. */
export function retiredGroupLines(
  robots: RobotsTxt,
  lineCount: number,
): ReadonlyMap<number, string> {
  const out = new Map<number, string>();
  const groups = robots.groups;
  groups.forEach((g, i) => {
    if (g.agents.some((a) => a.global || retiredCrawler(a.value) === undefined)) return;
    const sentence = retiredSentence(g.agents.map((a) => a.value));
    const first = g.agents[0]!.line;
    // Up to the next group's first line: its comments and other lines are the group's too.
    const next = groups[i + 1]?.agents[0]?.line ?? lineCount;
    for (let line = first; line < next; line++) out.set(line, sentence);
  });
  return out;
}
