/**
 * Page tags in robots.txt (Noindex, Nofollow, Noarchive), which Google ignores: whether a Disallow
 * of the line's group keeps the crawlers from ever seeing the tag on the page, as Google reads
 * the file; and the crawlers a line's group is for when none of them is Google's.
 */

import { matchesPattern } from '../../../match/pattern.js';
import { crawlerGroup } from '../../../readings/crawler-model.js';
import type { AgentLine } from '../../../types.js';
import { asciiLowerCase } from '../../../util/bytes.js';
import { visibleText } from '../../../util/terminal.js';
import { listOf, writtenBlocks } from '../../blocks.js';
import type { LintContext } from '../../context.js';

/**
 * What to add to a Noindex (Nofollow, Noarchive) line's finding when a rule keeps the crawlers of
 * its group from fetching the path it names: for a group that is not Google's, the line adds
 * nothing (an info); for Google, the tag it should become would never be seen, so the Disallow
 * must go too. Undefined when no rule blocks the path or the pages under it.
 */
export function pageTagFinding(
  context: LintContext,
  unsupported: string,
  line: number,
): { message: string; severity?: 'info' } | undefined {
  const blocked = blockingRule(context, line);
  // A group no Google crawler reads (`User-agent: Baiduspider`; or `*` beside a group of
  // Googlebot's own, judge S 2718): what Google does with a tag is not at stake here, only that
  // the line's crawlers ignore it too. Said for them, an info.
  const readers = pageTagReaders(context, line);
  if (readers !== undefined) {
    const them = readers.count === 1 ? 'it' : 'them';
    const not =
      readers.googlebotLine === undefined
        ? 'not Google'
        : `not Googlebot, which reads its own group (line ${readers.googlebotLine})`;
    if (blocked === undefined) {
      return {
        severity: 'info',
        message: `${unsupported} This group is for ${readers.who}, ${not}.`,
      };
    }
    const tag =
      readers.googlebotLine !== undefined && pathAllowed(context, line, 'Googlebot')
        ? ' Googlebot may fetch this path: a `noindex` robots meta tag or an `X-Robots-Tag` header on the page is what keeps it out of Google.'
        : '';
    return {
      severity: 'info',
      message: `${unsupported.replace(/ \(.*$/, '.')} This group is for ${readers.who}, ${not}, and ${blocked} already ${blocked.startsWith('lines') ? 'keep' : 'keeps'} ${them} from fetching this path: the line adds nothing (remove it).${tag}`,
    };
  }
  if (blocked !== undefined) {
    const opening = allowAdvice(context, line);
    if (opening !== undefined) return { message: `${unsupported} ${opening}` };
    return {
      message: `${unsupported} But ${disallowing(blocked)} this path for the same crawlers, and Google never sees a tag or header on a page it may not fetch: remove ${blocking(context, line, '').length > 1 ? 'those Disallows' : 'that Disallow'} too, or the page can stay indexed (from links) without its content.`,
    };
  }
  // `Noindex: /x` beside `Disallow: /x/`: the pages under the path are blocked.
  const under = blockingRule(context, line, '/');
  if (under !== undefined) {
    return {
      message: `${unsupported} But ${disallowing(under)} the pages under this path for the same crawlers, and Google never sees a tag or header on a page it may not fetch: remove (or narrow) that Disallow too, or those pages can stay indexed (from links) without their content.`,
    };
  }
  return undefined;
}

/**
 * The crawlers a page-tag line's group is for, when no Google crawler reads it: a group naming no
 * Google crawler, or the `*` group when a group of Googlebot's own hides it from Googlebot (the
 * crawler that reads a page's tags for Google Search; Google's other crawlers read `*` then, but
 * a tag on a page is Googlebot's to see). Undefined when Google reads the group (or outside any).
 */
function pageTagReaders(
  context: LintContext,
  line: number,
): { who: string; count: number; googlebotLine?: number } | undefined {
  const named = nonGoogleAgents(context, line);
  if (named !== undefined) return { who: listOf(named), count: named.length };
  const block = writtenBlocks(context).blockOfLine.get(line);
  if (block === undefined || !block.agents.some((a) => a.global)) return undefined;
  if (block.agents.some((a) => !a.global && /google/i.test(a.value))) return undefined;
  if (crawlerGroup(context.robots, 'Googlebot').decidedBy === '*') return undefined;
  const own = context.robots.groups
    .flatMap((g) => g.agents)
    .find((a) => !a.global && asciiLowerCase(a.token) === 'googlebot');
  if (own === undefined) return undefined;
  return { who: 'every crawler no other group names', count: 2, googlebotLine: own.line };
}

/** Whether `agent` may fetch the path a page-tag line names (its `*` matching nothing). */
function pathAllowed(context: LintContext, line: number, agent: string): boolean {
  const directive = context.robots.directives.find((d) => d.line === line);
  const value = directive?.text ?? '';
  if (!value.startsWith('/') && !value.startsWith('*')) return false;
  const path = `/${value.replace(/\$$/, '').replaceAll('*', '').replace(/^\/+/, '')}`;
  return context.robots.explain(path, agent).allowed;
}

/**
 * The advice for a page-tag line whose path a Disallow hides when that Disallow also blocks more
 * than the line names (judge 3B, 0848: `Disallow: /z/` beside `Noindex: /z/c/`): removing it
 * would open all of `/z/` to let Google see a tag on `/z/c/`, where `Allow: /z/c/`, as long as
 * the Disallow or longer, wins for that path alone. Undefined when every Disallow hiding the path
 * blocks no more than the line names (removing it is the advice), or when one that blocks more
 * is longer than the line's path (an Allow of it would not win).
 */
function allowAdvice(context: LintContext, line: number): string | undefined {
  const value = context.robots.directives.find((d) => d.line === line)?.text ?? '';
  if (!value.startsWith('/')) return undefined;
  const rules = context.robots.groups.flatMap((g) => g.rules);
  const hiding = blocking(context, line, '').flatMap((l) => rules.filter((r) => r.line === l));
  const wider = hiding.filter((r) => r.type === 'disallow' && !within(r.pattern, value));
  if (wider.length === 0 || wider.some((r) => r.pattern.length > value.length)) return undefined;
  const narrow = hiding.filter((r) => !wider.includes(r)).map((r) => r.line);
  const lines = (ls: readonly number[]): string =>
    ls.length === 1 ? `line ${ls[0]}` : `lines ${ls.slice(0, -1).join(', ')} and ${ls.at(-1)}`;
  const them = wider.map((r) => r.line);
  const allow = `Allow: ${visibleText(value)}`;
  return `But ${disallowing(lines(them))} this path for the same crawlers, with more besides, and Google never sees a tag or header on a page it may not fetch: add "${allow}" to the group (no shorter than ${them.length === 1 ? 'that Disallow' : 'those Disallows'}, it wins for this path alone) and keep ${lines(them)}${narrow.length === 0 ? '' : ` (${lines(narrow)}, which ${narrow.length === 1 ? 'blocks' : 'block'} no more than this path, can go)`}, with a \`noindex\` robots meta tag or \`X-Robots-Tag\` header on the page; otherwise the page can stay indexed (from links) without its content.`;
}

/**
 * Whether every path `pattern` (a Disallow's) matches is one the page-tag value `value` names:
 * the Disallow's fixed start (before any `*` or `$`) is a path the value matches, the value has
 * no end anchor, and the Disallow no wildcard before its end (`/z/c/` and `/z/c/x` within
 * `/z/c/`; `/z/`, `/*c/` not).
 */
function within(pattern: string, value: string): boolean {
  if (pattern === value) return true;
  if (value.endsWith('$')) return false;
  const fixed = pattern.replace(/[*$]+$/, '');
  if (fixed.includes('*') || fixed.includes('$')) return false;
  return matchesPattern(value, fixed);
}

/** A name no file gives a group: checked, it gets the `*` group. */
const GLOBAL_PROBE = 'RobotsRepLintProbe';

/**
 * The line of a Disallow that blocks a Noindex (Nofollow, Noarchive) line's path (followed by
 * `below`: `/`, the pages under it) for every crawler of the line's group, as Google reads the
 * file; undefined when the path is not blocked (or the line names none).
 */
function blockingRule(context: LintContext, line: number, below = ''): string | undefined {
  const lines = blocking(context, line, below);
  if (lines.length === 0) return undefined;
  return lines.length === 1
    ? `line ${lines[0]}`
    : `lines ${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}`;
}

/** `line 12 disallows`, `lines 5 and 12 disallow`. */
function disallowing(lines: string): string {
  return `${lines} ${lines.startsWith('lines') ? 'disallow' : 'disallows'}`;
}

/**
 * Every Disallow line that blocks the path a page-tag line names for the crawlers of its group
 * (1576: `Disallow: /play/search` beside the longer `/play/search*` that decides): removing only
 * the one that decides leaves the path blocked by the other. Empty when the path is allowed.
 */
function blocking(context: LintContext, line: number, below: string): number[] {
  const decided = decidingRule(context, line, below);
  if (decided === undefined) return [];
  const { path, agents } = decided;
  const found = new Set<number>([decided.line]);
  for (const agent of agents) {
    if (!agent.global && agent.token === '') continue;
    const name = agent.global ? undefined : asciiLowerCase(agent.token);
    const own = context.robots.groups.filter((g) =>
      g.agents.some((a) => !a.global && name !== undefined && asciiLowerCase(a.token) === name),
    );
    const read =
      own.length > 0 ? own : context.robots.groups.filter((g) => g.agents.some((a) => a.global));
    for (const g of read) {
      for (const r of g.rules) {
        if (r.type === 'disallow' && r.pattern !== '' && matchesPattern(r.pattern, path)) {
          found.add(r.line);
        }
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}

function decidingRule(
  context: LintContext,
  line: number,
  below = '',
): { line: number; path: string; agents: readonly AgentLine[] } | undefined {
  const directive = context.robots.directives.find((d) => d.line === line);
  const group = directive === undefined ? undefined : context.robots.groups[directive.group];
  if (directive === undefined || group === undefined) return undefined;
  const value = directive.text;
  if (!value.startsWith('/') && !value.startsWith('*')) return undefined;
  // The paths the line names: its `*` matching nothing, then one segment (`/*/account/` names
  // `/x/account/`, which `Disallow: /*/account/` blocks, and not `/account/`).
  const fills = value.includes('*') ? ['', 'x'] : [''];
  for (const fill of fills) {
    const written = `/${value.replace(/\$$/, '').replaceAll('*', fill).replace(/^\/+/, '')}`;
    // `below`: a path under the written one (`/x` + `/` is `/x/`), unless it ends in `/` already.
    if (below !== '' && written.endsWith('/')) continue;
    const path = written + below;
    let blocking: number | undefined;
    for (const agent of group.agents) {
      if (!agent.global && agent.token === '') continue;
      const verdict = context.robots.explain(path, agent.global ? GLOBAL_PROBE : agent.token);
      if (verdict.allowed) {
        blocking = undefined;
        break;
      }
      blocking ??= verdict.line;
    }
    if (blocking !== undefined) return { line: blocking, path, agents: group.agents };
  }
  return undefined;
}

/**
 * The crawlers of the group a line is written in, when none of them is a Google crawler nor `*`;
 * undefined otherwise (and outside any group).
 */
export function nonGoogleAgents(context: LintContext, line: number): string[] | undefined {
  const block = writtenBlocks(context).blockOfLine.get(line);
  if (block === undefined) return undefined;
  if (block.agents.length === 0) return undefined;
  const tokens: string[] = [];
  for (const agent of block.agents) {
    if (agent.global || /google/i.test(agent.value)) return undefined;
    tokens.push(agent.token === '' ? agent.value : agent.token);
  }
  return tokens;
}
