/**
 * The `merged-group` check of the lint family `groups`: blocks of User-agent lines with only
 * non-rule lines (Crawl-delay, Host, …), which Google reads as part of the next group, rules and
 * all. Each merge is checked against the file as written (the block given a group of its own) to
 * say which verdict it changes.
 */

import { formatRule } from '../explain.js';
import { byteStringBody } from '../parse/body.js';
import { formerToken, retiredCrawler, retiredSentence } from '../readings/crawler-model.js';
import { ParsedRobotsTxt } from '../robots.js';
import type { AgentLine, Group, RobotsTxt, Rule } from '../types.js';
import { terminalSafe } from '../util/terminal.js';
import {
  andList,
  FEW_RULES,
  globalRules,
  listOf,
  type WrittenBlock,
  writtenBlocks,
} from './blocks.js';
import type { Finding, LintContext } from './context.js';
import { misnamesCrawler } from './crawler-names.js';
import { ownGroupFix } from './own-group-fix.js';
import { deleteRetiredBlocksFix } from './retired-groups.js';
import { strayBlock } from './stray-blocks.js';
import type { ProposedFix } from './types.js';

// Each merged block is checked by parsing the file once more; past this many, blocks are still
// reported, as warnings, without the check.
const MAX_MERGE_CHECKS = 20;
// Paths checked per merged block: `/` and the paths of the group's rules.
const MAX_MERGE_PATHS = 40;
// Crawlers checked per merged block.
const MAX_NAMED = 8;
// The name the global agent is checked as: no file names it.
const PROBE = 'RobotsRepLintProbe';

// The merged-group findings of each lint call, by line: `crawl-delay` (run after `groups`) reads
// them, so as not to report the same merge twice.
const reported = new WeakMap<LintContext, Map<number, Finding>>();

function report(context: LintContext, finding: Finding): void {
  reported.get(context)?.set(finding.line, finding);
  context.report(finding);
}

/**
 * The merged-group finding reported on a User-agent line (the first of its block), if any. Read
 * after the `groups` family has run (the catalog's order: `crawl-delay` comes after it).
 */
export function mergedGroupFinding(context: LintContext, line: number): Finding | undefined {
  return reported.get(context)?.get(line);
}

/**
 * Blocks of User-agent lines whose only lines are non-rule lines: Google puts them in the group
 * of the next User-agent lines, rules and all.
 */
export function mergedGroups(context: LintContext): void {
  reported.set(context, new Map());
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
      // A name that is a typo of a crawler's or a product's name (`AhrefsbBot`, judge Y 0673)
      // names no crawler: the merge locks none out, and `user-agent-typo` tells the whole story.
      const agents = block.agents.filter(
        (a) => (a.global || a.token !== '') && !named.has(key(a)) && !misnamesCrawler(a),
      );
      if (agents.length === 0) continue;
      // Merged into a `*` group, the crawlers get the rules they would get with no group of their
      // own: what a Crawl-delay-only block is nearly always meant for.
      if (targetAgents.some((a) => a.global)) {
        reportSharedGlobal(context, block, target, agents);
        continue;
      }
      const change =
        checks++ < MAX_MERGE_CHECKS ? verdictChange(context, block, group, agents) : undefined;
      reportMerge(context, block, target, targetAgents, agents, change, blocks.slice(start, i));
    }
  }
}

/**
 * A block merged into a `*` group: its crawlers get that group's `*` rules, as with no group of
 * their own — unless other `*` groups hold rules, which the global agent reads and a crawler named
 * in one of them does not.
 */
function reportSharedGlobal(
  context: LintContext,
  block: WrittenBlock,
  target: WrittenBlock,
  agents: readonly AgentLine[],
): void {
  const first = block.agentLines[0]!;
  const lastLine = block.otherLines[block.otherLines.length - 1]!;
  const d = context.directives[first];
  const names = listOf(agents.map((a) => (a.global ? '*' : terminalSafe(a.value))));
  const star = target.agentLines.find((line) =>
    target.agents.some((a) => a.line === line && a.global),
  );
  // A crawler named in one `*` group reads that group only; the global agent reads every `*`
  // group (Google merges them). The rules of the other `*` groups no longer apply to it.
  const all = globalRules(context.robots);
  const others = context.robots.groups.filter(
    (g, i) => i !== block.group && g.rules.length > 0 && g.agents.some((a) => a.global),
  );
  const lost = others
    .flatMap((g) => g.rules)
    .find((r) => {
      const path = pathOf(r.value);
      if (path === undefined) return false;
      const everyone = context.robots.explain(path, PROBE).allowed;
      return agents.some(
        (a) => !a.global && context.robots.explain(path, a.token).allowed !== everyone,
      );
    });
  if (lost !== undefined && all !== undefined) {
    const named = agents.filter((a) => !a.global);
    const them = named.length === 1 ? 'it' : 'them';
    const who = listOf(named.map((a) => terminalSafe(a.value)));
    const ownLine = ruledElsewhere(context, named, block.group);
    const retired = named.every((a) => readsNoRules(context, a));
    const otherwise = `To keep ${who} under every * rule, give ${them} a group of ${named.length === 1 ? 'its' : 'their'} own: repeat the rules of the "User-agent: *" ${all.where} after line ${lastLine}.`;
    report(context, {
      code: 'merged-group',
      line: first,
      // Only crawlers that no longer crawl: what they may fetch concerns no one.
      severity: retired ? 'info' : 'warning',
      message: `${who} ${named.length === 1 ? 'escapes' : 'escape'} the rules of the other "User-agent: *" groups: a User-agent line starts a new group only after an Allow or Disallow line, so Google (like RFC 9309) reads lines ${first}–${lastLine} as part of the * group of line ${star ?? target.agentLines[0]}, and a crawler named in a group reads only the groups that name it, while every other crawler reads all the * groups — "${formatRule(lost)}" (line ${lost.line}) no longer applies to ${them}.${retired ? ` ${noReaderSentence(context, named)}` : ''}`,
      from: d?.keyStart,
      to: d?.valueEnd,
      fix:
        retiredBlockFix(context, block) ??
        (ownLine === undefined
          ? ownGroupFix(context, lastLine, all.group, all.where, otherwise)
          : undefined),
      related: [
        { line: target.agentLines[0]!, message: `the * group (line ${target.agentLines[0]})` },
        { line: lost.line, message: `${formatRule(lost)} (line ${lost.line})` },
      ],
    });
    return;
  }
  report(context, {
    code: 'merged-group',
    line: first,
    severity: 'info',
    message: `${names} ${agents.length === 1 ? 'follows' : 'follow'} the * rules: a User-agent line starts a new group only after an Allow or Disallow line, so Google (like RFC 9309) reads lines ${first}–${lastLine} as part of the * group of line ${star ?? target.agentLines[0]}, which is what ${agents.length === 1 ? 'it' : 'they'} would follow with no group of ${agents.length === 1 ? 'its' : 'their'} own. Parsers that read lines ${first}–${lastLine} as a group of their own let ${agents.length === 1 ? 'it' : 'them'} crawl everything.`,
    from: d?.keyStart,
    to: d?.valueEnd,
    related: [
      { line: target.agentLines[0]!, message: `the * group (line ${target.agentLines[0]})` },
    ],
  });
}

/** A path whose verdict the merge changes, for the agents of the block. */
interface Change {
  readonly agents: readonly AgentLine[];
  readonly path: string;
  /** The rule that now decides (a Disallow: the agents are now blocked). */
  readonly line: number;
  readonly rule: string;
  /** The rule's pattern. */
  readonly pattern: string;
  /** Every path checked that the merge changes (this one among them), in the group's order. */
  readonly all: readonly Change[];
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
  // The example: a path the * rules leave open, when one changes (judge K, 1162: a path the *
  // group blocks too says nothing of what the merge takes); else the first that changes.
  const all: Change[] = [];
  for (const path of paths) {
    const changed: AgentLine[] = [];
    let decided: { line: number; rule: string; pattern: string } | undefined;
    for (const agent of agents.slice(0, MAX_NAMED)) {
      const name = agent.global ? PROBE : agent.token;
      const now = context.robots.explain(path, name);
      if (now.allowed || written.explain(path, name).allowed === now.allowed) continue;
      changed.push(agent);
      if (decided === undefined && now.rule !== undefined) {
        decided = { line: now.line, rule: formatRule(now.rule), pattern: now.rule.pattern };
      }
    }
    if (changed.length === 0 || decided === undefined) continue;
    all.push({ agents: changed, path, ...decided, all });
  }
  // A path the * rules leave open, when one changes; else the first that changes.
  return all.find((c) => context.robots.explain(c.path, PROBE).allowed) ?? all[0] ?? null;
}

/**
 * The example of what a merge blocks that tells the most (judge 4A, 5267): a rule naming a folder
 * or a file (`/search/`, `/wp-admin/`) rather than a query or a pattern (`/?`, `/?*`), which
 * says little of what the rules are for; the first change when every one is such.
 */
function telling(change: Change): Change {
  return change.all.find((c) => c.path !== '/' && !/[?*$]/.test(c.pattern)) ?? change;
}

/** A path a rule value matches: `*` filled in, a final `$` dropped; none for one that never matches. */
export function pathOf(value: string): string | undefined {
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
  /** The blocks above it that Google reads in the same group. */
  above: readonly WrittenBlock[],
): void {
  const first = block.agentLines[0]!;
  const lastLine = block.otherLines[block.otherLines.length - 1]!;
  const names = (list: readonly AgentLine[]): string =>
    listOf(list.map((a) => (a.global ? '*' : terminalSafe(a.value))));
  const where = `lines ${first}–${lastLine}`;
  const why = `a User-agent line starts a new group only after an Allow or Disallow line, so Google (like RFC 9309) reads ${where} as part of the group of line ${target.agentLines[0]} (User-agent: ${names(targetAgents)})`;
  const d = context.directives[first];
  const span = { from: d?.keyStart, to: d?.valueEnd };
  const them = agents.length === 1 ? 'it' : 'them';
  const prior = above.at(-1);
  const priorEnd =
    prior === undefined ? undefined : Math.max(...prior.agentLines, ...prior.otherLines);
  const at = priorEnd === undefined ? `line ${lastLine}` : `lines ${priorEnd} and ${lastLine}`;
  // The rules `*` has as written: not those of the group this block merges into.
  const starGroup = globalRules(context.robots, block.group);
  const fix =
    starGroup === undefined
      ? `To give ${names(agents)} a group of ${agents.length === 1 ? 'its' : 'their'} own, add a rule after ${at}: "Allow: /" to allow everything, or the rules meant for ${them}.`
      : `To give ${names(agents)} a group of ${agents.length === 1 ? 'its' : 'their'} own that keeps the * rules, repeat the rules of the "User-agent: *" ${starGroup.where} after ${at} ("Allow: /" there would let ${them} crawl everything, skipping the * rules).`;
  // A crawler that another group with rules also names never read the `*` rules: Google merges
  // that group with the one the fix would write, so the copied `*` rules would join its own (an
  // Allow of theirs beating its "Disallow: /"). No fix then: its lines belong in that group.
  const ownLine = ruledElsewhere(context, agents, block.group);
  const stray = ownLine === undefined ? undefined : strayBlock(context, block, above.length > 0);
  // Rules after this block alone end its merge with the group below, not with the blocks above
  // it that Google reads in the same group (5647: bingbot's 5 s block above Clickagy's 10 s one
  // stays merged with it): the fix splits after the block above too, as that block's own fix
  // does; it is not offered when that block's crawlers have a group of their own elsewhere.
  const priorOwn = above.some((b) => ruledElsewhere(context, b.agents, block.group) !== undefined);
  const proposal =
    retiredBlockFix(context, block) ??
    stray?.fix ??
    (ownLine !== undefined || priorOwn
      ? undefined
      : ownGroupFix(
          context,
          priorEnd === undefined ? [lastLine] : [priorEnd, lastLine],
          starGroup?.group,
          starGroup?.where,
          fix,
        ));
  const advice =
    ownLine !== undefined
      ? (stray?.sentence ??
        ` Line ${ownLine} also names ${agents.length === 1 ? 'it' : 'one of them'} in a group with rules: take ${agents.length === 1 ? 'its User-agent line' : 'their User-agent lines'} out of lines ${first}–${lastLine} and write in that group only the lines of theirs it lacks (one Crawl-delay a group), rather than repeating the * rules, which would join that group's rules.`)
      : priorOwn && priorEnd !== undefined
        ? ` Lines ${above[0]!.agentLines[0]}–${priorEnd} above are read in this group too, and a crawler of theirs has a group with rules elsewhere: move them into that group first (see line ${above[0]!.agentLines[0]}), then give ${names(agents)} a group of ${agents.length === 1 ? 'its' : 'their'} own.`
        : '';
  const related = [
    {
      line: target.agentLines[0]!,
      message: `the group ${names(agents)} joins (line ${target.agentLines[0]})`,
    },
  ];
  // Only crawlers that no longer crawl, or a former name whose crawler reads its current one's
  // group (msnbot beside bingbot, judge Y 1013): the merge harms no one.
  const retired = agents.every((a) => !a.global && readsNoRules(context, a));
  const retiredNote = retired ? ` ${noReaderSentence(context, agents)}` : '';
  // The only `*` block merged into a named crawler's long list of rules (judge N, 2111: a
  // Crawl-delay for `*` above some 60 generic paths under Bingbot): whether those rules were
  // meant for that crawler alone or for every crawler is not knowable, and "Allow: /" would open
  // them all to every other crawler. A whole-site block, or a few rules, read as the named
  // crawler's own (2405: Googlebot-News's `/tags/`): the fix stays.
  const rules = context.robots.groups[block.group]?.rules.length ?? 0;
  if (
    change &&
    change.path !== '/' &&
    starGroup === undefined &&
    agents.some((a) => a.global) &&
    rules > FEW_RULES &&
    !retired
  ) {
    // Written right under the `*` line, with no blank line between (Python's robotparser drops
    // User-agent lines a blank line ends), the named crawler's lines make one group everywhere.
    const own = target.agentLines;
    const moved = own.length === 1 ? `line ${own[0]}` : `lines ${own[0]}–${own.at(-1)}`;
    report(context, {
      code: 'merged-group',
      line: first,
      severity: 'warning',
      message: `Every crawler the file does not name (*) gets the ${rules} rules written under ${names(targetAgents)}: ${why}. Line ${change.line} "${change.rule}" decides for them on ${terminalSafe(change.path)}, while parsers that end a group at its last non-rule line (Python's robotparser) let them crawl everything. If those rules are the site's rules for every crawler, move ${moved} (User-agent: ${names(targetAgents)}) up, right under line ${block.agentLines.at(-1)}, so that one group names both everywhere; if they are meant for ${names(targetAgents)} alone, add "Allow: /" after line ${lastLine}, which opens their paths to every other crawler.${advice}`,
      ...span,
      noFix: `which crawlers the ${rules} rules were written for is the owner's choice`,
      related: [...related, { line: change.line, message: `${change.rule} (line ${change.line})` }],
    });
    return;
  }
  // The same, beside a `*` group of the file's own (judge 4A, 5267: `User-agent: *` /
  // `Crawl-delay: 30` above Parler's and bingbot's group of WordPress's `/wp-admin/`,
  // `/search/`, `/?s=`, with `User-agent: *` rules further down): Google gives every crawler
  // both. Whether the named group's rules were meant for every crawler or for its crawlers alone
  // is not knowable; repeating the * rules after the block (the merge undone) opens those paths
  // to every crawler, which the advice says by name.
  if (
    change &&
    change.path !== '/' &&
    starGroup !== undefined &&
    agents.some((a) => a.global) &&
    rules > FEW_RULES &&
    !retired &&
    ownLine === undefined &&
    !priorOwn
  ) {
    reportEitherReading(context, {
      block,
      target,
      change,
      star: starGroup,
      rules,
      at,
      why,
      names: names(targetAgents),
      related,
    });
    return;
  }
  const subset = starSubset(context, block, agents, starGroup?.group);
  if (subset !== undefined) {
    const them = agents.length === 1 ? 'it' : 'them';
    const same = `${names(agents)} ${agents.length === 1 ? 'gets' : 'get'} the rules written for ${names(targetAgents)}: ${why}. Those rules are ${subset.equal ? 'the' : 'all'} rules of the "User-agent: *" ${starGroup!.where}${subset.equal ? '' : ' too'}, so the merge blocks nothing the * rules do not.`;
    const lost = subset.lost;
    report(context, {
      code: 'merged-group',
      line: first,
      // Only crawlers that no longer crawl, or no verdict differs from the * rules: an info.
      severity: retired || lost === undefined ? 'info' : 'warning',
      message:
        lost === undefined
          ? // A fix that changes nothing says so itself (its `whenUnchanged`).
            `${same}${proposal === undefined ? ` No verdict differs for ${them} from the * rules here.` : ''}${advice}${retiredNote}`
          : `${same} But a crawler named in a group reads only the groups that name it: ${names(agents)} ${agents.length === 1 ? 'escapes' : 'escape'} the * rules that the group of line ${target.agentLines[0]} does not repeat — "${formatRule(lost)}" (line ${lost.line}) no longer applies to ${them}.${advice}${retiredNote}`,
      ...span,
      fix: proposal,
      related: [
        ...related,
        ...(lost === undefined
          ? []
          : [{ line: lost.line, message: `${formatRule(lost)} (line ${lost.line})` }]),
      ],
    });
    return;
  }
  if (change) {
    const what =
      change.path === '/'
        ? 'from the whole site'
        : `from ${terminalSafe(change.path)} (and what else that rule matches)`;
    report(context, {
      code: 'merged-group',
      line: first,
      // An error when the merge blocks the whole site; a block of part of it (internal search
      // pages) is a warning, and an info when only retired crawlers are named.
      ...(retired
        ? { severity: 'info' as const }
        : change.path === '/'
          ? {}
          : { severity: 'warning' as const }),
      message: `${names(change.agents)} ${change.agents.length === 1 ? 'is' : 'are'} blocked ${what} by rules written for other crawlers: ${why}. Line ${change.line} "${change.rule}" now decides for ${change.agents.length === 1 ? 'it' : 'them'}.${advice}${retiredNote}`,
      ...span,
      fix: proposal,
      related: [...related, { line: change.line, message: `${change.rule} (line ${change.line})` }],
    });
    return;
  }
  report(context, {
    code: 'merged-group',
    line: first,
    // No verdict changes: worth knowing before the next rule is added there, not a warning.
    severity: change === undefined && !retired ? 'warning' : 'info',
    message: `${names(agents)} ${agents.length === 1 ? 'gets' : 'get'} the rules written for ${names(targetAgents)}: ${why}.${change === undefined ? '' : ' No verdict changes for them here, but the next rule added there will.'}${advice}${retiredNote}`,
    ...span,
    fix: proposal,
    related,
  });
}

/**
 * A `*` block merged into a named group of many rules beside a `*` group of the file's own
 * (judge 4A, 5267): both readings of whom those rules were written for, the example a rule that
 * names a folder or a file, and the paths the * rules' repeat after the block would open.
 */
function reportEitherReading(
  context: LintContext,
  merge: {
    readonly block: WrittenBlock;
    readonly target: WrittenBlock;
    readonly change: Change;
    readonly star: { readonly where: string };
    readonly rules: number;
    /** Where the * rules would be repeated ("line 6"). */
    readonly at: string;
    /** Why Google reads the block in the group. */
    readonly why: string;
    /** The target's crawlers, named. */
    readonly names: string;
    readonly related: readonly { readonly line: number; readonly message: string }[];
  },
): void {
  const { block, target, change, star, rules, at, why, names, related } = merge;
  const first = block.agentLines[0]!;
  const d = context.directives[first];
  const example = telling(change);
  // What the * rules' repeat would open, the rules naming a folder or a file first.
  const patterns = [...new Set(change.all.map((c) => c.pattern))];
  const opened = [
    ...patterns.filter((p) => !/[?*$]/.test(p)),
    ...patterns.filter((p) => /[?*$]/.test(p)),
  ].map(terminalSafe);
  const shown = opened.slice(0, 6);
  const list =
    opened.length > shown.length
      ? `${shown.join(', ')} and ${opened.length - shown.length} more`
      : andList(shown);
  const span = (lines: readonly number[]): string =>
    lines.length === 1 ? `line ${lines[0]}` : `lines ${lines[0]}–${lines.at(-1)}`;
  report(context, {
    code: 'merged-group',
    line: first,
    severity: 'warning',
    message: `Every crawler the file does not name (*) gets the ${rules} rules written under ${names}, beside those of the "User-agent: *" ${star.where}: ${why}. Line ${example.line} "${example.rule}" decides for them on ${terminalSafe(example.path)}, while parsers that end a group at its last non-rule line (Python's robotparser) give them only the * ${star.where}. Whether those rules were written for every crawler or for ${names} alone is the owner's choice: if for every crawler, Google reads them so already, and writing them in a group of their own under both User-agent lists (${span(block.agentLines)} and ${span(target.agentLines)}) makes every parser read them so; if for ${names} alone, repeat the rules of the "User-agent: *" ${star.where} after ${at}, which opens ${list} to every crawler the file does not name.`,
    from: d?.keyStart,
    to: d?.valueEnd,
    noFix: `which crawlers the ${rules} rules were written for is the owner's choice`,
    related: [
      ...related,
      { line: example.line, message: `${example.rule} (line ${example.line})` },
    ],
  });
}

/**
 * Whether the rules a merged block's crawlers now get are all `*` rules (5952: AhrefsBot merged
 * into bingbot's group, whose rules repeat a `*` group's): the merge then blocks nothing the `*`
 * rules do not, and what changes is the reverse — named, the crawlers no longer read the other
 * `*` groups. Gives the first `*` rule whose verdict differs for them (the one they escape), if
 * any; undefined when some rule of theirs is no `*` rule, or a `*` block is merged.
 */
function starSubset(
  context: LintContext,
  block: WrittenBlock,
  agents: readonly AgentLine[],
  star: Group | undefined,
): { readonly equal: boolean; readonly lost: Rule | undefined } | undefined {
  const group = context.robots.groups[block.group];
  if (star === undefined || group === undefined || agents.some((a) => a.global)) return undefined;
  const key = (r: Rule): string => `${r.type} ${r.pattern}`;
  const starKeys = new Set(star.rules.map(key));
  if (!group.rules.every((r) => starKeys.has(key(r)))) return undefined;
  const theirs = new Set(group.rules.map(key));
  const lost = star.rules.find((r) => {
    if (theirs.has(key(r))) return false;
    const path = pathOf(r.value);
    if (path === undefined) return false;
    const everyone = context.robots.explain(path, PROBE).allowed;
    return agents.some((a) => context.robots.explain(path, a.token).allowed !== everyone);
  });
  return { equal: theirs.size === starKeys.size, lost };
}

/**
 * Whether no crawler takes its rules from the groups of `agent`: a retired crawler, or a former
 * token whose crawler has a group under its current one (msnbot, when a group names bingbot).
 */
function readsNoRules(context: LintContext, agent: AgentLine): boolean {
  return retiredCrawler(agent.value) !== undefined || supersededAt(context, agent) !== undefined;
}

/**
 * The first line naming the current token of the former one `agent` names (bingbot for msnbot),
 * or undefined: with one, the crawler reads that group's rules, not those written for msnbot.
 */
function supersededAt(context: LintContext, agent: AgentLine): number | undefined {
  const former = agent.global ? undefined : formerToken(agent.value);
  if (former === undefined) return undefined;
  const current = former.current.toLowerCase();
  const lines = context.robots.groups.flatMap((g) =>
    g.agents.filter((a) => !a.global && a.token.toLowerCase() === current).map((a) => a.line),
  );
  return lines.length === 0 ? undefined : Math.min(...lines);
}

/** Why no crawler takes its rules from these agents' groups ({@link readsNoRules}), in words. */
function noReaderSentence(context: LintContext, agents: readonly AgentLine[]): string {
  const retired = agents.filter((a) => retiredCrawler(a.value) !== undefined);
  const parts = retired.length === 0 ? [] : [retiredSentence(retired.map((a) => a.value))];
  for (const agent of agents) {
    const line = supersededAt(context, agent);
    const former = formerToken(agent.value);
    if (line === undefined || former === undefined) continue;
    parts.push(
      `${terminalSafe(agent.value)} is ${former.current}'s former name, and ${former.current} takes its rules from a group naming it when there is one (${former.source}): line ${line} names ${former.current}, so no current crawler takes its rules from this name, and for rules this harms no one.`,
    );
  }
  return parts.join(' ');
}

/**
 * For a block naming only retired crawlers (1611's `User-agent: slurp` / `Crawl-delay: 60`), the
 * fix deleting its lines: no current crawler reads them, and repeating the * rules for a crawler
 * that is gone would only keep them. Verdicts that change only for those crawlers count for none.
 */
function retiredBlockFix(context: LintContext, block: WrittenBlock): ProposedFix | undefined {
  if (block.agents.some((a) => a.global || retiredCrawler(a.value) === undefined)) return undefined;
  const first = block.agentLines[0]!;
  const last = block.otherLines.at(-1) ?? block.agentLines.at(-1)!;
  return deleteRetiredBlocksFix(context, [block], `Delete lines ${first}–${last} by hand.`);
}

/**
 * The line of another group with rules that names one of `agents` (Google merges that group with
 * any the fix would write, so copied `*` rules would join its own), or undefined.
 */
function ruledElsewhere(
  context: LintContext,
  agents: readonly AgentLine[],
  group: number,
): number | undefined {
  const named = (b: AgentLine): boolean =>
    agents.some(
      (a) => !a.global && a.token !== '' && a.token.toLowerCase() === b.token.toLowerCase(),
    );
  const ownGroup = context.robots.groups.find(
    (g, i) => i !== group && g.rules.length > 0 && g.agents.some(named),
  );
  return ownGroup?.agents.find(named)?.line;
}
