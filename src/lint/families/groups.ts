/**
 * Lint family `groups`: how lines form groups and which crawlers they name — rules before any
 * User-agent line, user-agent values Google reads differently from how they are written, groups
 * without rules.
 */

import { formatRule, ruleKey } from '../../explain.js';
import { byteStringBody } from '../../parse/body.js';
import { ParsedRobotsTxt } from '../../robots.js';
import type { AgentLine, Group, RobotsTxt } from '../../types.js';
import { isSpace } from '../../util/bytes.js';
import { terminalSafe } from '../../util/terminal.js';
import { type WrittenBlock, writtenBlocks } from '../blocks.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';

// Each merged block is checked by parsing the file once more; past this many, blocks are still
// reported, as warnings, without the check.
const MAX_MERGE_CHECKS = 20;
// Paths checked per merged block: `/` and the paths of the group's rules.
const MAX_MERGE_PATHS = 40;
// Crawlers named in one message; the rest are counted.
const MAX_NAMED = 8;
// The name the global agent is checked as: no file names it.
const PROBE = 'RobotsRepLintProbe';

export const groups: LintFamily = {
  name: 'groups',
  codes: {
    'rule-outside-group': {
      severity: 'error',
      summary: 'An Allow or Disallow line before any User-agent line is ignored.',
    },
    'empty-user-agent': {
      severity: 'error',
      summary: 'A User-agent line without a value names no crawler.',
    },
    'user-agent-no-token': {
      severity: 'error',
      summary:
        "A User-agent value with no product token names no crawler (an info when it starts with a digit: the crawler's own parser reads it).",
    },
    'user-agent-truncated': {
      severity: 'warning',
      summary:
        'Google reads a shorter product token than written: a warning for a list on one line (`Googlebot, Bingbot` → `Googlebot`), an info otherwise (`MJ12bot` → `MJ`).',
    },
    'user-agent-version': {
      severity: 'info',
      summary:
        'Only the product token of a User-agent value counts (`Googlebot/2.1` → `Googlebot`).',
    },
    'user-agent-without-rules': {
      severity: 'warning',
      summary: 'A group without rules: its crawlers may crawl everything and skip the `*` rules.',
    },
    'merged-group': {
      severity: 'error',
      summary:
        "User-agent lines followed only by non-rule lines (Crawl-delay, Host, …) share the next group's rules: an error when that changes a verdict for them.",
    },
  },
  check: checkGroups,
};

function checkGroups(context: LintContext): LintChecks {
  return {
    end() {
      const { robots, directives } = context;
      for (const rule of robots.rulesOutsideGroups) {
        const d = directives[rule.line];
        context.report({
          code: 'rule-outside-group',
          line: rule.line,
          message: `"${ruleKey(rule.type)}" comes before any User-agent line, so no crawler applies it (RFC 9309 §2.1). Add a "User-agent: *" line above it.`,
          from: d?.keyStart,
          to: d?.valueEnd,
        });
      }
      for (const group of robots.groups) {
        for (const agent of group.agents) agentLine(context, agent);
      }
      withoutRules(context);
      mergedGroups(context);
    },
  };
}

function agentLine(context: LintContext, agent: AgentLine): void {
  const d = context.directives[agent.line];
  const from = d?.valueStart;
  const to = d?.valueEnd;
  if (agent.value === '') {
    context.report({
      code: 'empty-user-agent',
      line: agent.line,
      message: 'The User-agent line has no value, so it names no crawler.',
      from: d?.keyStart,
      to: d?.keyEnd,
    });
    return;
  }
  if (agent.global) return;
  if (agent.token === '' && /^[0-9]/.test(agent.value) && /[A-Za-z]/.test(agent.value)) {
    // `360Spider`, `80legs`: no product token for Google's parser, the crawler's own reads it.
    const written = agent.value.split(/[\s/]/, 1)[0]!;
    context.report({
      code: 'user-agent-no-token',
      line: agent.line,
      severity: 'info',
      message: `"${agent.value}" starts with a digit, so Google's parser (RFC 9309 product tokens are letters, "-" and "_") reads no crawler name in it and crawlers that use it skip this group. ${written}'s own parser reads its whole name, so there is nothing to change for it.`,
      from,
      to,
    });
    return;
  }
  if (agent.token === '') {
    const message = agent.value.startsWith('*')
      ? `"${agent.value}" names no crawler: it is not the global agent (only "*" alone, or "*" followed by a space, is) and it has no product token.`
      : `"${agent.value}" names no crawler: it has no product token (a run of letters, "-" and "_" at the start of the value).`;
    context.report({ code: 'user-agent-no-token', line: agent.line, message, from, to });
    return;
  }
  if (agent.token === agent.value) return;
  const rest = agent.value.slice(agent.token.length);
  const next = rest.charCodeAt(0);
  if (next === 0x2f || isSpace(next)) {
    context.report({
      code: 'user-agent-version',
      line: agent.line,
      message: `Only the product token "${agent.token}" counts; "${rest.trim()}" is ignored. Crawlers match their product token, so this is fine.`,
      from,
      to,
    });
    return;
  }
  // `Googlebot, Bingbot`: a list on one line names only its first crawler; the others get no
  // group. Every other cut (`MJ12bot` → `MJ`, `archive.org_bot` → `archive`, `Foo*`) names the
  // crawler its own parser reads, and there is nothing for the site to change.
  if (next === 0x2c || next === 0x3b || next === 0x7c) {
    context.report({
      code: 'user-agent-truncated',
      line: agent.line,
      message: `Google’s parser reads this as "${agent.token}": a product token stops at "${rest[0]}", so the other crawlers listed get no group from this line. Put each crawler on its own User-agent line.`,
      from,
      to,
    });
    return;
  }
  const written = agent.value.split(/[\s/]/, 1)[0]!;
  context.report({
    code: 'user-agent-truncated',
    line: agent.line,
    severity: 'info',
    message: harmlessSuffix(rest)
      ? `Google’s parser reads this as "${agent.token}" and ignores "${rest}"; crawlers match their product token "${agent.token}", so this is fine.`
      : `Google’s parser reads this as "${agent.token}" (RFC 9309 product tokens are letters, "-" and "_"), so crawlers that use it apply this group to "${agent.token}", not "${written}". ${written}'s own parser reads its whole name, so there is nothing to change for it.`,
    from,
    to,
  });
}

/**
 * A suffix after the product token that changes nothing for the crawler: a wildcard
 * (`Mediapartners-Google*`), a domain (`ip-web-crawler.com`), a lone `+` (`Baiduspider+`).
 */
function harmlessSuffix(rest: string): boolean {
  return /^(?:\*+|\+|(?:\.[a-z]{2,})+)$/i.test(rest);
}

function withoutRules(context: LintContext): void {
  const { robots, directives } = context;
  const last = robots.groups[robots.groups.length - 1];
  if (last === undefined || last.rules.length > 0) return;
  const named = last.agents.filter((a) => !a.global && a.token !== '');
  const first = named[0];
  if (first === undefined) return;
  const d = directives[first.line];
  const tokens = listOf(named.map((a) => a.token));
  context.report({
    code: 'user-agent-without-rules',
    line: first.line,
    message: `No Allow or Disallow line follows: ${tokens} may crawl everything, and the "User-agent: *" rules no longer apply to ${named.length === 1 ? 'it' : 'them'} (a line naming a crawler hides the * group). Add "Disallow:" to say so explicitly, or rules.`,
    from: d?.keyStart,
    to: d?.valueEnd,
  });
}

/** `a, b, c` — at most {@link MAX_NAMED} names, then `and N more`. */
export function listOf(names: readonly string[]): string {
  const unique = [...new Set(names)];
  if (unique.length <= MAX_NAMED) return unique.join(', ');
  return `${unique.slice(0, MAX_NAMED).join(', ')} and ${unique.length - MAX_NAMED} more`;
}

/**
 * Blocks of User-agent lines whose only lines are non-rule lines: Google puts them in the group
 * of the next User-agent lines, rules and all.
 */
function mergedGroups(context: LintContext): void {
  if (context.html) return;
  const { blocks } = writtenBlocks(context);
  const key = (a: AgentLine): string => (a.global ? '*' : a.token.toLowerCase());
  let checks = 0;
  for (let start = 0, end = 0; start < blocks.length; start = end + 1) {
    // blocks[start..end] are read as one group; the last of them holds its rules.
    end = start;
    while (end + 1 < blocks.length && blocks[end + 1]!.group === blocks[start]!.group) end++;
    const group = context.robots.groups[blocks[start]!.group];
    if (end === start || group === undefined || group.rules.length === 0) continue;
    const target = blocks[end]!;
    const targetAgents = target.agents;
    // A crawler the target block names too gets those rules as written.
    const named = new Set(targetAgents.map(key));
    for (let i = start; i < end; i++) {
      const block = blocks[i]!;
      const agents = block.agents.filter((a) => (a.global || a.token !== '') && !named.has(key(a)));
      if (agents.length === 0) continue;
      const change =
        checks++ < MAX_MERGE_CHECKS ? verdictChange(context, block, group, agents) : undefined;
      reportMerge(context, block, target, targetAgents, agents, change);
    }
  }
}

/** A path whose verdict the merge changes, for the agents of the block. */
interface Change {
  readonly agents: readonly AgentLine[];
  readonly path: string;
  /** The rule that now decides (a Disallow: the agents are now blocked). */
  readonly line: number;
  readonly rule: string;
}

function verdictChange(
  context: LintContext,
  block: WrittenBlock,
  group: Group,
  agents: readonly AgentLine[],
): Change | null {
  // The file as written: the block ends in a rule of its own that matches nothing.
  const end = context.lines[block.otherLines[block.otherLines.length - 1]!]!.end;
  const text = `${context.text.slice(0, end)}\nDisallow:${context.text.slice(end)}`;
  const written: RobotsTxt = new ParsedRobotsTxt(byteStringBody(text), context.parseOptions);
  const paths = ['/'];
  for (const rule of group.rules) {
    if (paths.length >= MAX_MERGE_PATHS) break;
    const path = pathOf(rule.value);
    if (path !== undefined && !paths.includes(path)) paths.push(path);
  }
  for (const path of paths) {
    const changed: AgentLine[] = [];
    let decided: { line: number; rule: string } | undefined;
    for (const agent of agents.slice(0, MAX_NAMED)) {
      const name = agent.global ? PROBE : agent.token;
      const now = context.robots.explain(path, name);
      if (now.allowed || written.explain(path, name).allowed === now.allowed) continue;
      changed.push(agent);
      if (decided === undefined && now.rule !== undefined) {
        decided = { line: now.line, rule: formatRule(now.rule) };
      }
    }
    if (changed.length > 0 && decided !== undefined) return { agents: changed, path, ...decided };
  }
  return null;
}

/** A path a rule value matches: `*` filled in, a final `$` dropped; none for one that never matches. */
function pathOf(value: string): string | undefined {
  if (!value.startsWith('/') && !value.startsWith('*')) return undefined;
  const filled = value.replace(/\$$/, '').replaceAll('*', 'x');
  return filled.startsWith('/') ? filled : `/${filled}`;
}

function reportMerge(
  context: LintContext,
  block: WrittenBlock,
  target: WrittenBlock,
  targetAgents: readonly AgentLine[],
  agents: readonly AgentLine[],
  change: Change | null | undefined,
): void {
  const first = block.agentLines[0]!;
  const lastLine = block.otherLines[block.otherLines.length - 1]!;
  const names = (list: readonly AgentLine[]): string =>
    listOf(list.map((a) => (a.global ? '*' : terminalSafe(a.value))));
  const where = `lines ${first}–${lastLine}`;
  const why = `a User-agent line starts a new group only after an Allow or Disallow line, so Google (like RFC 9309) reads ${where} as part of the group of line ${target.agentLines[0]} (User-agent: ${names(targetAgents)})`;
  const d = context.directives[first];
  const span = { from: d?.keyStart, to: d?.valueEnd };
  const fix = `To give ${names(agents)} a group of ${agents.length === 1 ? 'its' : 'their'} own, add a rule after line ${lastLine}: "Allow: /" to allow everything, or the rules meant for ${agents.length === 1 ? 'it' : 'them'}.`;
  const related = [
    {
      line: target.agentLines[0]!,
      message: `the group ${names(agents)} joins (line ${target.agentLines[0]})`,
    },
  ];
  if (change) {
    const what =
      change.path === '/'
        ? 'from the whole site'
        : `from ${terminalSafe(change.path)} (and what else that rule matches)`;
    context.report({
      code: 'merged-group',
      line: first,
      message: `${names(change.agents)} ${change.agents.length === 1 ? 'is' : 'are'} blocked ${what} by rules written for other crawlers: ${why}. Line ${change.line} "${change.rule}" now decides for ${change.agents.length === 1 ? 'it' : 'them'}. ${fix}`,
      ...span,
      related: [...related, { line: change.line, message: `${change.rule} (line ${change.line})` }],
    });
    return;
  }
  context.report({
    code: 'merged-group',
    line: first,
    severity: 'warning',
    message: `${names(agents)} ${agents.length === 1 ? 'gets' : 'get'} the rules written for ${names(targetAgents)}: ${why}.${change === undefined ? '' : ' No verdict changes for them here, but the next rule added there will.'} ${fix}`,
    ...span,
    related,
  });
}
