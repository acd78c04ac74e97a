/**
 * Lint family `groups`: how lines form groups and which crawlers they name — rules before any
 * User-agent line, user-agent values Google reads differently from how they are written; the
 * groups through which a crawler escapes the rules meant for it are in `groups/escapes.ts`.
 */

import { formatRule, ruleKey } from '../../explain.js';
import { crawlerGroup, retiredCrawler } from '../../readings/crawler-model.js';
import type { AgentLine, Group } from '../../types.js';
import { isSpace } from '../../util/bytes.js';
import { terminalSafe, visibleText } from '../../util/terminal.js';
import { andList, listOf, writtenBlocks } from '../blocks.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import { crawlsForSearch, nearMissOf, productNameWritten } from '../crawler-names.js';
import { lineBreakOf } from '../fix.js';
import { mergedGroups } from '../merged-groups.js';
import type { ProposedFix } from '../types.js';
import { reportEmptyAgent } from './groups/empty-agent.js';
import { allowOnlyGroups, narrowGroups, withoutRules } from './groups/escapes.js';
import { escapeOnceNamed } from './groups/hidden-rules.js';
import { blocksEverything } from './resources/generic.js';
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
      summary:
        'A User-agent line without a value names no crawler (an info when, read as `*`, its group would change no verdict).',
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
  // A lone `*` behind stray punctuation (`: *`, judge T 1191: a colon typed twice).
  if (/^[^\p{L}\p{N}*]*[:\-"'([<{]\s*\*[^\p{L}\p{N}*]*$/u.test(value)) return '*';
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
    reportEmptyAgent(context, agent, group);
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
    // What that does: with no other name on the group's User-agent lines, its rules are no
    // crawler's (judge T, 1191: the file's only rules).
    const alone = !group.agents.some((a) => a !== agent && (a.global || a.token !== ''));
    const rules = group.rules.length;
    const consequence =
      alone && rules > 0
        ? ` Its group names no other crawler, so its ${rules === 1 ? 'rule applies' : `${rules} rules apply`} to none.`
        : '';
    const message = agent.value.startsWith('*')
      ? `"${shown}" names no crawler: it is not the global agent (only "*" alone, or "*" followed by a space, is) and it has no product token.${consequence}`
      : `"${shown}" names no crawler: it has no product token (a run of letters, "-" and "_" at the start of the value).${consequence}`;
    context.report({
      code: 'user-agent-no-token',
      line: agent.line,
      message:
        meant === undefined
          ? message
          : `${message} ${meant === '*' ? `The characters ${agent.value.startsWith('*') ? 'after' : 'around'} "*" make it a name no crawler has` : `Crawlers match "${meant}" only written alone`}: write "${meant}".`,
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
  const { blocks } = writtenBlocks(context);
  const block = blocks.find((b) => b.agentLines.includes(agent.line));
  const named = block?.agents.some((a) => a.value.toLowerCase() === meant.toLowerCase());
  // A block Google merges into a later one's group (`User-agent: AhrefsbBot` / `Crawl-delay: 15`
  // above another crawler's `Disallow: /`; judge R, 0673) was written with no rules: the merged
  // group's rules are not what the line targets, and a fix giving them to the crawler is refused.
  const mergedAway =
    block !== undefined && blocks.filter((b) => b.group === block.group).at(-1) !== block;
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
  // With no group of its own, the crawler reads, today, the group Google builds: one that names
  // `*` on another line (judge 5A, 4960: `User-agent: baidu` / `crawl-delay: 1` merged with the
  // `User-agent: *` below it) is this very group, its rules and its other lines; a crawler that
  // follows another with a group elsewhere (judge 5C, 4804: Google-InspectionTool, Googlebot's)
  // reads that one. The fix's verification reads it so too: when the verdicts are the same, the
  // name costs nothing today (`whenUnchanged`).
  const star = decides?.decidedBy === '*' ? group.agents.find((a) => a.global) : undefined;
  const elsewhere =
    through === undefined && decides?.rule?.kind === 'follows' && decides.decidedBy !== meant
      ? decides
      : undefined;
  const others = block !== undefined && block.otherLines.length > 0 && !named && !star;
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
  // Named as meant, a group of only Allows would hide the `*` rules from the crawler (judge W,
  // 5497: `User-agent: Google` above Drupal's CSS Allows): the fix repeats them in the group too.
  // A group of no rules (judge 2C, 2261: `User-agent: bing` / `Crawl-delay: 1`, which Google
  // merges with Slurp's `Crawl-delay: 100` above) hides them too: the fix repeats them after
  // each of its blocks, which ends the merge (Slurp's delay would apply to the crawler too).
  const together = block === undefined ? [] : blocks.filter((b) => b.group === block.group);
  // Only a block of its own with lines for it (a Crawl-delay): one of a list of names with no
  // line at all (0586's bad-bot list) is what `user-agent-without-rules` reports for the list.
  const ends =
    group.rules.length === 0 && others && block!.agents.length === 1
      ? together.map((b) => Math.max(...b.agentLines, ...b.otherLines))
      : undefined;
  const escaping =
    mergedAway || named ? undefined : escapeOnceNamed(context, group, agent, meant, ends);
  const above = ends === undefined ? [] : ends.slice(0, -1);
  const hides =
    escaping === undefined
      ? ''
      : ends === undefined
        ? ` Named as meant, the group holds only Allow lines and would hide the * rules from ${meant} ("${formatRule(escaping.escaped)}", line ${escaping.escaped.line}, would no longer apply to it): repeat them in the group as well.`
        : ` Named as meant, the group holds no rules and would hide the * rules from ${meant} ("${formatRule(escaping.escaped)}", line ${escaping.escaped.line}, would no longer apply to it): repeat them after line ${ends.at(-1)} as well${above.length === 0 ? '' : `, and after ${above.length === 1 ? `line ${above[0]}` : `lines ${above.join(', ')}`}, which ends the group Google makes of it and the ${above.length === 1 ? 'block' : 'blocks'} above (their lines, such as a Crawl-delay, would apply to ${meant} too)`}.`;
  // What the crawler meant reads today, with the line naming none.
  let reads: string;
  if (named) reads = `; ${meant} is named on another line of the group`;
  else if (star !== undefined)
    reads = `; ${meant}, with no group of its own, reads this group through its "User-agent: *" (line ${star.line}), which Google reads as part of it`;
  else {
    const skipped = others ? ', its rules and its other lines' : ' and its rules';
    const instead =
      elsewhere === undefined
        ? ''
        : `: with no group of its own, it reads ${elsewhere.decidedBy}'s group (${elsewhere.rule!.source})`;
    reads = `, and ${meant} skips this group${skipped}${instead}`;
  }
  context.report({
    code: 'user-agent-typo',
    line: agent.line,
    message: `"${written}" is not the name of a crawler: did you mean ${meant}? Crawlers compare their name letter for letter (only case aside), so this line names none${reads}.${hides}`,
    from,
    to: d?.valueEnd,
    ...(from !== undefined &&
      (escaping === undefined || escaping.fix !== undefined) && {
        fix: {
          description:
            escaping?.fix === undefined
              ? `Write "User-agent: ${meant}".`
              : `Write "User-agent: ${meant}", and ${escaping.fix.description[0]!.toLowerCase()}${escaping.fix.description.slice(1)}`,
          edits: [
            { start: from, end: from + written.length, text: meant },
            ...(escaping?.fix?.edits ?? []),
          ].sort((a, b) => a.start - b.start),
          // The group's rules were written for the crawler the line meant to name.
          targets: mergedAway
            ? []
            : [...group.rules.map((r) => r.pattern), ...(escaping?.fix?.targets ?? [])],
          ...(escaping?.fix?.keeps !== undefined && { keeps: escaping.fix.keeps }),
          otherwise: `Write "User-agent: ${meant}" by hand, if that is the crawler meant${mergedAway ? ', and end its group with a rule of its own (Google merges it into the next group, whose rules it would then get)' : ''}${escaping === undefined ? '' : ends === undefined ? ', and repeat the * rules in the group' : `, and repeat the * rules after line ${ends.at(-1)}${above.length === 0 ? '' : ` and after ${above.length === 1 ? `line ${above[0]}` : `lines ${above.join(', ')}`}`}`}.`,
          notCrawlers: [written],
          ...(!others && {
            whenUnchanged:
              elsewhere === undefined
                ? `Nothing is lost: ${meant} reads the same rules under either name, so the name changes no verdict.`
                : `Nothing is lost: ${elsewhere.decidedBy}'s group decides every URL for ${meant} as this one would, so the name changes no verdict.`,
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
  const found = productNameWritten(agent);
  if (found === undefined || group.rules.length === 0) return false;
  const { written, name, product } = found;
  const d = context.directives[agent.line];
  const span = context.lines[agent.line];
  if (d === undefined || span === undefined) return false;
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
  // Only crawlers that no longer crawl (Yahoo's Slurp, judge Z 0953: `Yahoo!`): the name costs
  // nothing, and the token is not worth writing either.
  const gone = product.tokens.every((t) => retiredCrawler(t) !== undefined);
  // A search engine's company name over a whole-site block (`User-agent: naver` / `Disallow: /`
  // in a list of unwanted bots): its token would take the site out of that engine's results,
  // which only the owner can want: the finding names it, without a fix. Over an allowlist
  // (judge 4B, 1769: `User-agent: NHN` / `Allow: /` above `*`'s `Disallow: /`) it is a warning
  // whose fix opens the site to the engine, as the group meant.
  const searchBlock =
    missing.some(crawlsForSearch) &&
    group.rules.some((r) => r.type === 'disallow' && blocksEverything(r.value)) &&
    !group.rules.some((r) => r.type === 'allow' && r.value === '/');
  const eol = lineBreakOf(context, agent.line);
  if (gone) {
    context.report({
      code: 'user-agent-typo',
      line: agent.line,
      severity: 'info',
      message: `"${visibleText(written)}" is the name of a product or company, not of a crawler: crawlers compare their token letter for letter, so this line names none. ${product.operator}'s ${product.tokens.length === 1 ? 'token is' : 'tokens are'} ${andList(product.tokens)} (${product.docs}), and ${andList(product.tokens.map((t) => `${t} (${retiredCrawler(t)!.note})`))} no longer ${product.tokens.length === 1 ? 'crawls' : 'crawl'}, so nothing is lost: this line can go.`,
      from: d.valueStart,
      to: d.valueEnd,
    });
    return true;
  }
  context.report({
    code: 'user-agent-typo',
    line: agent.line,
    ...((missing.length === 0 || searchBlock) && { severity: 'info' as const }),
    message: `"${visibleText(written)}" is the name of a product or company, not of a crawler: crawlers compare their token letter for letter, so this line names none. ${product.operator}'s ${product.tokens.length === 1 ? 'token is' : 'tokens are'} ${tokens} (${product.docs})${
      others.length === 0
        ? ''
        : `; the file names ${andList(others)} on User-agent lines of ${others.length === 1 ? 'its' : 'their'} own`
    }${missing.length === 0 ? ', so nothing is lost: this line can go.' : `, and ${andList(missing)} ${missing.length === 1 ? 'skips' : 'skip'} this group and its rules.`}${choose ? ` Each does another job (training, search, fetches a person asks for: see the page), and blocking one leaves the others, so write the ones meant, each on a User-agent line of its own in this group.` : ''}${searchBlock ? ` Write ${andList(missing.map((t) => `"User-agent: ${t}"`))} in its place if keeping ${product.operator}'s search crawler off the whole site is meant (the site then leaves its results).` : ''}`,
    from: d.valueStart,
    to: d.valueEnd,
    ...(missing.length > 0 &&
      !choose &&
      !searchBlock && {
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
          notCrawlers: [name],
        },
      }),
  });
  return true;
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
    // `Allow: /` above the first group: grouped or not, the rules open nothing no rule blocks.
    whenUnchanged:
      'Nothing is lost: under "User-agent: *" the rules would change no verdict either, so they can as well be removed.',
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
