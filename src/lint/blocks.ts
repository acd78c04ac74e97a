/**
 * The groups as written, beside the groups as Google reads them. A person reads
 * `User-agent: a` / `Crawl-delay: 5` / `User-agent: b` / `Disallow: /` as two groups; Google (and
 * RFC 9309) as one, since a User-agent line starts a new group only after an Allow or Disallow
 * line. A *block* is a run of User-agent lines with the non-rule lines after them, as written.
 */

import type { AgentLine, Group, RobotsTxt } from '../types.js';
import type { LintContext } from './context.js';

/** User-agent lines as written, with the non-rule lines (Crawl-delay, Host, …) that follow. */
export interface WrittenBlock {
  /** Index of the group Google puts these lines in (into `robots.groups`). */
  readonly group: number;
  /** Line numbers of the block's User-agent lines. */
  readonly agentLines: readonly number[];
  /** Those lines as the parser read them. */
  readonly agents: readonly AgentLine[];
  /** Line numbers of the non-rule directives between its User-agent lines and the next block. */
  readonly otherLines: readonly number[];
}

/** What {@link writtenBlocks} finds. */
export interface WrittenGroups {
  readonly blocks: readonly WrittenBlock[];
  /** For each line number of a non-rule directive inside a group: the block it is written in. */
  readonly blockOfLine: ReadonlyMap<number, WrittenBlock>;
}

const cache = new WeakMap<LintContext, WrittenGroups>();

/** The blocks of a file, worked out once per lint call. */
export function writtenBlocks(context: LintContext): WrittenGroups {
  const known = cache.get(context);
  if (known !== undefined) return known;
  const blocks: {
    group: number;
    agentLines: number[];
    agents: AgentLine[];
    otherLines: number[];
  }[] = [];
  const agentAt = new Map<number, AgentLine>();
  for (const g of context.robots.groups) for (const a of g.agents) agentAt.set(a.line, a);
  const add = (block: { agentLines: number[]; agents: AgentLine[] }, line: number): void => {
    block.agentLines.push(line);
    const agent = agentAt.get(line);
    if (agent !== undefined) block.agents.push(agent);
  };
  const blockOfLine = new Map<number, WrittenBlock>();
  let group = -1;
  let inRules = false;
  for (let line = 1; line < context.directives.length; line++) {
    const d = context.directives[line];
    if (d === undefined) continue;
    const current = blocks[blocks.length - 1];
    if (d.kind === 'user-agent') {
      if (group < 0 || inRules) {
        group++;
        inRules = false;
      }
      if (current === undefined || current.group !== group || current.otherLines.length > 0) {
        const block = { group, agentLines: [], agents: [], otherLines: [] };
        blocks.push(block);
        add(block, line);
      } else {
        add(current, line);
      }
    } else if (d.kind === 'allow' || d.kind === 'disallow') {
      if (group >= 0) inRules = true;
    } else if (group >= 0 && !inRules && current !== undefined) {
      current.otherLines.push(line);
      blockOfLine.set(line, current);
    } else if (group >= 0 && current !== undefined) {
      // A non-rule line among the rules is written for the block that has them.
      blockOfLine.set(line, current);
    }
  }
  const result = { blocks, blockOfLine };
  cache.set(context, result);
  return result;
}

/**
 * The most rules a named crawler's group holds and still reads as rules for that crawler alone
 * (a few narrow paths); a longer list under one crawler's name reads as the site's own rules
 * (judge N, 2111: some 60 generic paths under `User-agent: Bingbot`), which the writer may have
 * meant for every crawler.
 */
export const FEW_RULES = 3;

// Crawlers named in one message; the rest are counted.
const MAX_NAMED = 8;

/** `a, b, c` — at most {@link MAX_NAMED} names, then `and N more`. */
export function listOf(names: readonly string[]): string {
  const unique = [...new Set(names)];
  if (unique.length <= MAX_NAMED) return unique.join(', ');
  return `${unique.slice(0, MAX_NAMED).join(', ')} and ${unique.length - MAX_NAMED} more`;
}

/** `a`, `a and b`, `a, b and c`: every item named. */
export function andList(items: readonly string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The rules `*` has, from every `*` group with rules (Google merges them, RFC 9309 §2.2.1), with
 * the line of the first `*` agent and the phrase that names the groups (`group (line 1)`,
 * `groups (lines 1, 6)`); `except` (a group's index) is passed over: a `*` block merged into
 * another crawler's group has those rules as Google reads them, and none as written.
 */
export function globalRules(
  robots: RobotsTxt,
  except?: number,
): { readonly line: number; readonly where: string; readonly group: Group } | undefined {
  const found: { line: number; group: Group }[] = [];
  for (const [i, group] of robots.groups.entries()) {
    const star = group.agents.find((a) => a.global);
    if (star !== undefined && group.rules.length > 0 && i !== except) {
      found.push({ line: star.line, group });
    }
  }
  const first = found[0];
  if (first === undefined) return undefined;
  if (found.length === 1) return { ...first, where: `group (line ${first.line})` };
  return {
    line: first.line,
    where: `groups (lines ${found.map((f) => f.line).join(', ')})`,
    group: { ...first.group, rules: found.flatMap((f) => f.group.rules) },
  };
}
