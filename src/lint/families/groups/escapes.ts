/**
 * Lint family `groups`, its second half: groups that let a crawler escape the rules it was meant
 * to follow — a last group without rules, a group of only Allows, a named group of a few narrow
 * Disallows beside the `*` rules, and what a whole-site block of `*` means for them. Run at the
 * end of the file, from `groups.ts`. Which `*` rules a group hides, and the fix that repeats them,
 * are in `hidden-rules.ts`.
 */

import { formatRule } from '../../../explain.js';
import {
  crawlerRuleOf,
  isLinkPreviewFetcher,
  namesNoPublicCrawler,
  noPublicCrawlerSentence,
  retiredCrawler,
} from '../../../readings/crawler-model.js';
import { crawlers } from '../../../readings/crawlers.js';
import type { AgentLine, Group } from '../../../types.js';
import { andList, FEW_RULES, globalRules, writtenBlocks } from '../../blocks.js';
import type { LintContext } from '../../context.js';
import {
  checksAds,
  crawlsForSearchOrAi,
  fetchesMediaOnly,
  nearMissOf,
  writtenNames,
} from '../../crawler-names.js';
import { lineBreakOf } from '../../fix.js';
import { conventionBlocks } from '../directives/notes.js';
import { holdsDirective } from '../values/line-breaks.js';
import { escapedRules, hiddenGroup, PROBE, pathOf, repeatHiddenFix } from './hidden-rules.js';

/** The last group, with no rules: the crawlers it names, and what they may crawl then. */
export function withoutRules(context: LintContext): void {
  const { robots, directives } = context;
  const last = robots.groups[robots.groups.length - 1];
  if (last === undefined || last.rules.length > 0) return;
  // Google merges every group naming a crawler: one named in a group with rules elsewhere gets them.
  const ruled = new Set<string>();
  for (const g of robots.groups) {
    if (g.rules.length === 0) continue;
    for (const a of g.agents) if (a.token !== '') ruled.add(a.token.toLowerCase());
  }
  // A crawler that ignores the `*` group (Mediapartners-Google) crawls everything without a group
  // of its own as with this one: nothing is lost.
  // A near miss of a crawler's name (`google`) names no crawler: `user-agent-typo` says so.
  const named = last.agents.filter(
    (a) =>
      !a.global &&
      a.token !== '' &&
      !ruled.has(a.token.toLowerCase()) &&
      crawlerRuleOf(a.token)?.kind !== 'ignores-global' &&
      nearMissOf(a) === undefined,
  );
  const first = named[0];
  // `User-agent: AddThis Disallow: /` on every line (lost line breaks, seed 9125's 4910): the
  // rules are in the User-agent values, and `directive-in-value` says how to split them; neither
  // repeating the * rules nor "Disallow:" is what the lines meant.
  if (!context.html && last.agents.some((a) => holdsDirective(a.value))) return;
  // Without `*` rules that block something (`Disallow:` alone blocks nothing), a group without
  // rules gives what the `*` group gives: nothing is lost.
  const starGroup = globalRules(robots);
  const blocks = starGroup?.group.rules.some((r) => r.type === 'disallow' && r.pattern !== '');
  if (first === undefined || starGroup === undefined || !blocks) return;
  const d = directives[first.line];
  const tokens = writtenNames(named);
  const them = named.length === 1 ? 'it' : 'them';
  // `User-agent: *` / `Disallow: /` and a group naming a crawler with no line at all (a Sitemap
  // line aside): the "everyone but X" allow-list, which is what Google reads it as. A group that
  // holds a Crawl-delay (or another line for its crawler) was written to slow it, not to free it.
  if (wholeSiteBlocked(context) && bareGroup(context, last)) {
    context.report({
      code: 'user-agent-without-rules',
      line: first.line,
      severity: 'info',
      message: `${tokens} may crawl the whole site while the "User-agent: *" ${starGroup.where} blocks it for every other crawler: a group naming ${them}, even with no rule, hides the * group from ${them} (the "everyone but ${tokens}" allow-list). Parsers of the 1996 draft want a rule in every group: "Disallow:" says the same to them.`,
      from: d?.keyStart,
      to: d?.valueEnd,
      related: [{ line: starGroup.line, message: `the * group (line ${starGroup.line})` }],
    });
    return;
  }
  // A block list's last line (judge K, 3325: `User-agent: Meltwater` after groups of
  // `Disallow: /`): blocking it as the groups above is the third reading.
  const before = robots.groups[robots.groups.length - 2];
  const blockList =
    before !== undefined &&
    !before.agents.some((a) => a.global) &&
    before.rules.length === 1 &&
    before.rules[0]!.type === 'disallow' &&
    before.rules[0]!.pattern === '/';
  // Only crawlers that no longer crawl, or crawl for an organisation's own search (a search
  // appliance, judge S 1932): what they may fetch concerns no one's search presence.
  const retired = named.every((a) => namesNoPublicCrawler(a.value));
  // Link-preview fetchers and ads checkers fetch only pages shared or advertised: worth knowing.
  const previews = named.every((a) => isLinkPreviewFetcher(a.token) || checksAds(a.token));
  // A convention's lines under a name no crawler has (`User-agent: AGLS` / `Meta:`, judge N
  // 2560): written for that convention's reader, which is no crawler the * rules were meant for.
  const ownBlocks = conventionBlocks(context);
  if (writtenBlocks(context).blocks.some((b) => b.group === last.index && ownBlocks.has(b))) {
    context.report({
      code: 'user-agent-without-rules',
      line: first.line,
      severity: 'info',
      message: `${tokens} names no crawler lint knows, and its group holds only lines no crawler reads: a convention's lines for its own reader (as AGLS's "Meta:" harvest pointer), not a crawler's group. A crawler by that name would crawl everything, the "User-agent: *" rules hidden from it; if that is not meant, add the rules meant for it.`,
      from: d?.keyStart,
      to: d?.valueEnd,
      related: [{ line: starGroup.line, message: `the * group (line ${starGroup.line})` }],
    });
    return;
  }
  context.report({
    code: 'user-agent-without-rules',
    line: first.line,
    ...((retired || previews) && { severity: 'info' as const }),
    message: `${retired ? `${noPublicCrawlerSentence(named.map((a) => a.value))} ` : ''}No Allow or Disallow line follows, and no other group names ${named.length === 1 ? 'this crawler' : 'these crawlers'}: ${tokens} may crawl everything, and the "User-agent: *" rules no longer apply to ${them} (a line naming a crawler hides the * group). ${
      starGroup === undefined
        ? `Add "Disallow:" to say so explicitly, or the rules meant for ${them}.`
        : `To keep ${them} under the * rules, repeat the rules of the "User-agent: *" ${starGroup.where} in this group; to let ${them} crawl everything, add "Disallow:"${blockList ? `; to block ${them} like the group above (line ${before.agents[0]!.line}), add "Disallow: /"` : ''}.`
    }`,
    noFix: `which of ${blockList ? 'these' : 'the two'} the group was written for is the owner's choice`,
    from: d?.keyStart,
    to: d?.valueEnd,
    ...(starGroup === undefined
      ? {}
      : { related: [{ line: starGroup.line, message: `the * group (line ${starGroup.line})` }] }),
  });
}

/** Whether the `*` rules (as Google reads them) block the whole site: `/` is disallowed. */
function wholeSiteBlocked(context: LintContext): boolean {
  return !context.robots.explain('/', PROBE).allowed;
}

/** Whether a group's blocks hold no line but their User-agent lines (and Sitemap lines). */
function bareGroup(context: LintContext, group: Group): boolean {
  return writtenBlocks(context).blocks.every(
    (b) =>
      b.group !== group.index ||
      b.otherLines.every((line) => context.directives[line]?.kind === 'sitemap'),
  );
}

/**
 * Groups of only Allow lines for crawlers the `*` rules restrict (`User-agent: Googlebot` /
 * `Allow: *?c=`): written as exceptions to the `*` rules, they hide them, and the crawlers escape
 * every `*` Disallow. A group allowing the whole site (`Allow: /`) says so on purpose. Fix: the
 * `*` rules repeated in the group, after its last rule (as a merged block's fix repeats them).
 */
export function allowOnlyGroups(context: LintContext): void {
  const { robots, directives } = context;
  // Google merges every group naming a crawler: its rules are those of all of them.
  const groupsOf = new Map<string, Group[]>();
  for (const g of robots.groups) {
    if (g.rules.length === 0) continue;
    for (const a of g.agents) {
      if (a.global || a.token === '') continue;
      const key = a.token.toLowerCase();
      const list = groupsOf.get(key) ?? [];
      if (!list.includes(g)) list.push(g);
      groupsOf.set(key, list);
    }
  }
  const reported = new Set<Group>();
  for (const g of robots.groups) {
    if (g.rules.length === 0 || reported.has(g) || g.agents.some((a) => a.global)) continue;
    if (!g.rules.every((r) => r.type === 'allow' && !/^\/?\**$/.test(r.pattern))) continue;
    // A near miss of a crawler's name (`google`, seed 9125's 4279) names no crawler, so none
    // escapes the * rules through it: `user-agent-typo` is the line's one finding.
    const typos = g.agents.filter((a) => nearMissOf(a) !== undefined);
    const agents = g.agents.filter(
      (a) =>
        a.token !== '' &&
        groupsOf.get(a.token.toLowerCase())?.length === 1 &&
        crawlerRuleOf(a.token)?.kind !== 'ignores-global' &&
        !typos.includes(a),
    );
    const first = agents[0];
    if (first === undefined || agents.length + typos.length !== g.agents.length) continue;
    // The group the crawlers read with no group of their own: `*`, or (the crawler model) the
    // group of the crawler they follow (YandexDirect reads the Yandex group, hidden the same way).
    const hidden = hiddenGroup(context, agents);
    if (hidden === undefined) continue;
    const { star: starGroup, agent: hiddenAgent, probe } = hidden;
    const { kept, escaped, under } = escapedRules(context, g, agents[0]!.token, hidden);
    if (escaped === undefined) {
      wholeSiteExceptions(context, g, agents, hidden, kept);
      continue;
    }
    reported.add(g);
    const lastLine = Math.max(...g.rules.map((r) => r.line));
    const tokens = writtenNames(agents);
    const them = agents.length === 1 ? 'it' : 'them';
    const d = directives[first.line];
    // A link-preview fetcher (Twitterbot) fetches only pages people share, an ads checker
    // (adidxbot, seed 2621's 5010) only the pages ads lead to, an image crawler (seed 3576's
    // 2827: Googlebot-Image allowed its uploads) only images: worth knowing.
    const previews = agents.every(
      (a) => isLinkPreviewFetcher(a.token) || checksAds(a.token) || fetchesMediaOnly(a.token),
    );
    // Only crawlers that no longer crawl (Googlebot-Mobile): what they may fetch concerns no one.
    const retired = agents.every((a) => retiredCrawler(a.value) !== undefined);
    // Or crawlers of an organisation's own search (`MS Search 6.0 Robot`, judge S 1932): what
    // they may fetch concerns no one's search presence either.
    const harmless = agents.every((a) => namesNoPublicCrawler(a.value));
    // Allows that except nothing: every path they name the hidden rules leave open (judge N:
    // 6108's `Allow: /ads.txt` for an ad-standards bot, 1039's `Allow: /portal/site/3m/` for a
    // search appliance). They say where the crawler is welcome, not which * rules it may pass;
    // for a crawler that is no search or AI crawler of the catalog, what else it may fetch
    // concerns no one's search presence: an info. Whether it was meant to fetch only those paths
    // or the site under the * rules is not knowable: no fix.
    const welcome =
      !previews &&
      !retired &&
      kept.length === starGroup.group.rules.length &&
      g.rules.every((r) => context.robots.explain(pathOf(r.pattern), probe).allowed) &&
      !agents.some((a) => crawlsForSearchOrAi(a.token));
    if (welcome) {
      context.report({
        code: 'user-agent-without-rules',
        line: first.line,
        severity: 'info',
        message: `The group of ${tokens} holds only Allow lines for paths the ${hiddenAgent} rules leave open, and no other group names ${them}: ${tokens} may crawl everything, since a line naming a crawler hides the ${hiddenAgent === '*' ? '* group' : `${hiddenAgent} group`} — "${formatRule(escaped)}" (line ${escaped.line}) no longer applies to ${them}. ${agents.length === 1 ? 'It is no search or AI crawler' : 'None of them is a search or AI crawler'} that lint knows, so this matters little for the site's place in search. If ${them === 'it' ? 'it was' : 'they were'} meant to fetch only ${g.rules.length === 1 ? 'that path' : 'those paths'}, add "Disallow: /" after line ${lastLine}; to keep ${them} under the ${hiddenAgent} rules, repeat them in this group.`,
        from: d?.keyStart,
        to: d?.valueEnd,
        noFix: `which of the two the group was written for is the owner's choice`,
        related: [
          {
            line: starGroup.line,
            message: `the ${hiddenAgent === '*' ? '*' : hiddenAgent} group (line ${starGroup.line})`,
          },
        ],
      });
      continue;
    }
    context.report({
      code: 'user-agent-without-rules',
      line: first.line,
      ...((previews || harmless) && { severity: 'info' as const }),
      message: `${harmless ? `${noPublicCrawlerSentence(agents.map((a) => a.value))} ` : ''}The group of ${tokens} holds only Allow lines, and no other group names ${them}: ${tokens} may crawl everything the Allows do not name too, since a line naming a crawler hides the ${hiddenAgent === '*' ? '* group' : `${hiddenAgent} group, which ${them === 'it' ? 'it reads' : 'they read'} when no group names ${them}`} — "${formatRule(escaped)}" (line ${escaped.line}) no longer applies to ${them}. To keep ${them} under the ${hiddenAgent} rules with these exceptions, repeat in this group the rules of the "User-agent: ${hiddenAgent}" ${starGroup.where}${kept.length < starGroup.group.rules.length ? ' that its Allows do not override' : ''}.`,
      from: d?.keyStart,
      to: d?.valueEnd,
      fix: repeatHiddenFix(context, g, hidden, kept, under),
      related: [
        {
          line: starGroup.line,
          message: `the ${hiddenAgent === '*' ? '*' : hiddenAgent} group (line ${starGroup.line})`,
        },
      ],
    });
  }
}

/**
 * A named group of a few narrow Disallows (at most 3, none with a wildcard) beside a `*` group
 * whose Disallows it shares none of (judge K, 1193: `User-Agent: Googlebot` / `Disallow:
 * /feeds/rssFeed?*` after the `*` group's `/test/*`, `/web/*`): written as additions to the `*`
 * rules, it hides them, and the crawler may crawl what they block. An info (a named group may mean
 * "this crawler may crawl more"), no fix; only for a major search crawler or a group naming
 * several, never for retired crawlers, link-preview fetchers or ads robots.
 */
export function narrowGroups(context: LintContext): void {
  const { robots, directives } = context;
  const star = globalRules(robots);
  if (star === undefined) return;
  // Beside a whole-site block of `*`, a named group of narrow Disallows is the one way to let a
  // crawler in: what it was meant to get is plain.
  if (
    star.group.rules.some(
      (r) => r.type === 'disallow' && /^\/?\**$/.test(r.pattern) && r.pattern !== '',
    )
  )
    return;
  const starBlocks = star.group.rules.filter(
    // A rule not starting with "/" or "*" matches no path: nothing is lost with it.
    (r) => r.type === 'disallow' && /^[/*]/.test(r.pattern) && !/^\/?\**$/.test(r.pattern),
  );
  if (starBlocks.length === 0) return;
  const named = new Map<string, number>();
  for (const g of robots.groups)
    for (const a of g.agents)
      if (!a.global && a.token !== '')
        named.set(a.token.toLowerCase(), (named.get(a.token.toLowerCase()) ?? 0) + 1);
  const starKeys = new Set(star.group.rules.map((r) => `${r.type} ${r.pattern}`));
  for (const g of robots.groups) {
    if (g.agents.some((a) => a.global || a.token === '') || g.rules.length === 0) continue;
    if (g.rules.length > FEW_RULES) continue;
    if (
      !g.rules.every(
        // A wildcard rule that names a word (`/*native-android-mobile`, judge T's 1200) is as
        // narrow as a folder; one that names less (`/*?`, `/*.`) is not.
        (r) =>
          r.type === 'disallow' &&
          r.pattern.length > 1 &&
          (!/^\/?\*/.test(r.pattern) || r.pattern.replace(/[^\w-]/g, '').length >= 3),
      )
    )
      continue;
    if (g.rules.some((r) => starKeys.has(`${r.type} ${r.pattern}`))) continue;
    // A group Google merged from several blocks: `merged-group` says what the merge does.
    if (writtenBlocks(context).blocks.filter((b) => b.group === g.index).length > 1) continue;
    const agents = g.agents;
    if (agents.some((a) => named.get(a.token.toLowerCase()) !== 1 || nearMissOf(a) !== undefined))
      continue;
    if (
      agents.some(
        (a) =>
          namesNoPublicCrawler(a.value) ||
          isLinkPreviewFetcher(a.token) ||
          checksAds(a.token) ||
          fetchesMediaOnly(a.token) ||
          crawlerRuleOf(a.token) !== undefined,
      )
    )
      continue;
    const search = agents.every((a) =>
      crawlers.some(
        (c) => c.purpose === 'search' && c.token.toLowerCase() === a.token.toLowerCase(),
      ),
    );
    if (!search && agents.length < 2) continue;
    const first = agents[0]!;
    const lost = starBlocks.filter(
      (r) =>
        !robots.explain(pathOf(r.pattern), PROBE).allowed &&
        robots.explain(pathOf(r.pattern), first.token).allowed,
    );
    if (lost.length === 0) continue;
    const tokens = writtenNames(agents);
    const them = agents.length === 1 ? 'it' : 'them';
    const shown = lost.slice(0, 3).map((r) => `"${formatRule(r)}" (line ${r.line})`);
    const d = directives[first.line];
    context.report({
      code: 'user-agent-without-rules',
      line: first.line,
      severity: 'info',
      message: `The group of ${tokens} holds only ${g.rules.length === 1 ? 'one narrow Disallow' : `${g.rules.length} narrow Disallows`}, and no other group names ${them}: a line naming a crawler hides the * group, so ${andList(shown)}${lost.length > shown.length ? ` and ${lost.length - shown.length} more` : ''} no longer ${lost.length === 1 ? 'applies' : 'apply'} to ${them}. If this group was meant as an addition to the * rules, repeat the rules of the "User-agent: *" ${star.where} in it; if ${tokens} may crawl what they block, nothing is wrong.`,
      from: d?.keyStart,
      to: d?.valueEnd,
      related: [{ line: star.line, message: `the * group (line ${star.line})` }],
      noFix: `whether the group adds to the * rules or replaces them for ${them} is the owner's choice`,
    });
  }
}

/**
 * An Allow-only group of narrow paths beside a whole-site block it hides (`User-agent: *` /
 * `Disallow: /`, `User-agent: Googlebot` / `Allow: /takeme`, judges I and J on 4241): the crawler
 * may crawl the whole site. Whether the Allows were its only paths or exceptions to the block, the
 * writer did not mean the rest of the site open: an info whose fix adds "Disallow: /" to the
 * group, which blocks for those crawlers only what the block already blocks for everyone else.
 */
function wholeSiteExceptions(
  context: LintContext,
  group: Group,
  agents: readonly AgentLine[],
  hidden: NonNullable<ReturnType<typeof hiddenGroup>>,
  kept: readonly Group['rules'][number][],
): void {
  const { star, agent, probe } = hidden;
  const block = kept.find((r) => r.type === 'disallow' && /^\/\**$/.test(r.pattern));
  if (block === undefined || context.robots.explain('/', probe).allowed) return;
  const first = agents[0]!;
  const lastLine = Math.max(...group.rules.map((r) => r.line));
  const span = context.lines[lastLine];
  const d = context.directives[first.line];
  const tokens = writtenNames(agents);
  const them = agents.length === 1 ? 'it' : 'them';
  const retired = agents.every((a) => namesNoPublicCrawler(a.value));
  const label = `"User-agent: ${agent}" ${star.where}`;
  context.report({
    code: 'user-agent-without-rules',
    line: first.line,
    severity: 'info',
    message: `${retired ? `${noPublicCrawlerSentence(agents.map((a) => a.value))} ` : ''}The group of ${tokens} holds only Allow lines, and no other group names ${them}: ${tokens} may crawl the whole site, since a line naming a crawler hides the ${agent} group, whose "${formatRule(block)}" (line ${block.line}) blocks it for the crawlers that read it. Whether the Allows were meant as the only paths ${tokens} may crawl or as exceptions to that block, neither reading opens the rest of the site: add "Disallow: /" to this group to keep ${them} out of the paths the Allows do not name.`,
    from: d?.keyStart,
    to: d?.valueEnd,
    ...(span !== undefined && {
      fix: {
        description: `Add "Disallow: /" after line ${lastLine}.`,
        edits: [
          { start: span.end, end: span.end, text: `${lineBreakOf(context, lastLine)}Disallow: /` },
        ],
        // What the block of the hidden group disallows, for these crawlers only.
        crawlerTargets: agents.map((a) => ({ agent: a.token, patterns: ['/'] })),
        otherwise: 'Add "Disallow: /" to this group by hand.',
      },
    }),
    related: [{ line: star.line, message: `the ${label}` }],
  });
}
