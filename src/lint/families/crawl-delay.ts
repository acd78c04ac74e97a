/**
 * Lint family `crawl-delay`: a Crawl-delay written for one crawler that is not the one applied to
 * it, because Google's grouping (RFC 9309 §2.1) merged its lines with another crawler's. A person
 * reads `User-agent: a` / `Crawl-delay: 0` / `User-agent: b` / `Crawl-delay: 5` as two groups;
 * Google reads one, so both delays apply to both crawlers, and a client that paces by the slowest
 * (robots-rep's) waits 5 s for `a` — one that takes the first waits 0 s for `b`. Which of two
 * delays a crawler applies is documented by none, so the messages say "may".
 */

import { ANY_OTHER_AGENT } from '../../changes/verdict-changes.js';
import { formatRule } from '../../explain.js';
import { byteStringBody } from '../../parse/body.js';
import { isCrawlDelayKey, parseCrawlDelay } from '../../parse/crawl-delay.js';
import { readsCrawlDelay } from '../../readings/crawler-model.js';
import { ParsedRobotsTxt } from '../../robots.js';
import type { AgentLine, RobotsTxt, Rule } from '../../types.js';
import { asciiLowerCase } from '../../util/bytes.js';
import { terminalSafe } from '../../util/terminal.js';
import { type WrittenBlock, writtenBlocks } from '../blocks.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import { crawlsForSearchOrAi } from '../crawler-names.js';
import { applyEdits } from '../fix.js';
import { mergedGroupFinding } from '../merged-groups.js';
import {
  blockLinesText,
  deleteRetiredBlocksFix,
  retiredMergedBlocks,
  retiredNames,
} from '../retired-groups.js';
import type { ProposedFix } from '../types.js';
import { LONG_CRAWL_DELAY } from './values.js';

export const crawlDelay: LintFamily = {
  name: 'crawl-delay',
  codes: {
    'crawl-delay-merged': {
      severity: 'warning',
      summary:
        "A crawler's Crawl-delay as written is not the one applied: Google's grouping merged its User-agent line with another crawler's, and a crawler may pace it by the merged group's slowest delay.",
    },
  },
  check: checkCrawlDelay,
};

/** A valid Crawl-delay line: where it is and its seconds. */
interface DelayLine {
  readonly line: number;
  readonly seconds: number;
}

function checkCrawlDelay(context: LintContext): LintChecks {
  return {
    end() {
      if (context.html || context.utf16) return;
      const { robots } = context;
      const { blockOfLine } = writtenBlocks(context);
      // The delays written under each block, as a person reads the file.
      const written = new Map<WrittenBlock, DelayLine[]>();
      for (const directive of robots.directives) {
        if (directive.group < 0 || !isCrawlDelayKey(asciiLowerCase(directive.key))) continue;
        const seconds = parseCrawlDelay(directive.value);
        const block = blockOfLine.get(directive.line);
        if (seconds === undefined || block === undefined) continue;
        const lines = written.get(block) ?? [];
        lines.push({ line: directive.line, seconds });
        written.set(block, lines);
      }
      if (written.size === 0) return;
      // Every crawler named (by its lower-case token, `*` for the global lines) and its blocks.
      const named = new Map<string, { agent: AgentLine; blocks: WrittenBlock[] }>();
      for (const block of writtenBlocks(context).blocks) {
        for (const agent of block.agents) {
          const name = agent.global ? '*' : asciiLowerCase(agent.token);
          if (name === '') continue;
          const known = named.get(name);
          if (known === undefined) named.set(name, { agent, blocks: [block] });
          else if (!known.blocks.includes(block)) known.blocks.push(block);
        }
      }
      for (const [name, { agent, blocks }] of named) {
        const own = blocks.flatMap((block) =>
          apart(context, block, name) ? [] : (written.get(block) ?? []),
        );
        const applied = robots.explainCrawlDelay(name === '*' ? '*' : agent.token);
        if (applied === undefined) continue;
        const mine = slowest(own);
        if (mine !== undefined && mine.seconds === applied.seconds) continue;
        const token = name === '*' ? '*' : agent.token;
        report(context, {
          name: token,
          agent,
          mine,
          applied,
          // Blocked only by the merge itself (5647's bingbot, merged into a Disallow: / group)
          // is what `merged-group` reports: its pace still matters as the file is written.
          blocked:
            blockedEverywhere(robots, token) &&
            blockedEverywhere(asWritten(context, blocks), token),
          // Other crawlers read the `*` group's delay; a named crawler may read none (Googlebot),
          // or no longer crawl (Yahoo! Slurp).
          reader:
            name === '*' || blocks.some((b) => b.agents.some((a) => readsCrawlDelay(a.value))),
          ...splitAdvice(context, name, blocks, written, mine?.seconds),
          retired: retiredAdvice(context, token, blocks, mine?.seconds),
          merge: reportedMerge(context, blocks),
          others: othersMerge(context, blocks),
        });
      }
    },
  };
}

/** The first User-agent line of `block`, when a `merged-group` warning or error stands on it. */
function mergeReportedOn(context: LintContext, block: WrittenBlock): number | undefined {
  const line = block.agentLines[0]!;
  const finding = mergedGroupFinding(context, line);
  return finding !== undefined && finding.severity !== 'info' ? line : undefined;
}

/**
 * The line of a `merged-group` warning or error on one of the crawler's blocks (judge Y 0916:
 * bingbot's block merged into dotbot's `Disallow: /`): the same merge, which that finding's fix
 * (a group of its own for the crawler) ends, its delay with it.
 */
function reportedMerge(context: LintContext, blocks: readonly WrittenBlock[]): number | undefined {
  for (const block of blocks) {
    const line = mergeReportedOn(context, block);
    if (line !== undefined) return line;
  }
  return undefined;
}

/**
 * The lines of `merged-group` warnings or errors on other crawlers' blocks of the group Google
 * makes of the crawler's (judge 2A 6218: the `*` block at line 12 merged with AhrefsBot's,
 * YandexBot's and bingbot's, each of which escapes the first `*` group's rules): the same merge,
 * whose harm those findings report. The pace is its lesser part: one warning a merge.
 */
function othersMerge(context: LintContext, blocks: readonly WrittenBlock[]): number[] {
  const groups = new Set(blocks.map((b) => b.group));
  return writtenBlocks(context)
    .blocks.filter((b) => groups.has(b.group) && !blocks.includes(b))
    .map((b) => mergeReportedOn(context, b))
    .filter((line) => line !== undefined);
}

/**
 * The file as written for these blocks: each that Google merges into a later block's group
 * given a rule of its own that matches nothing (`Disallow:`), so it stays a group of its own.
 */
function asWritten(context: LintContext, blocks: readonly WrittenBlock[]): RobotsTxt {
  const all = writtenBlocks(context).blocks;
  const ends = blocks
    .filter((b) =>
      all.some(
        (other) => other !== b && other.group === b.group && all.indexOf(other) > all.indexOf(b),
      ),
    )
    .map((b) => context.lines[Math.max(...b.agentLines, ...b.otherLines)]!.end)
    .sort((a, b) => b - a);
  if (ends.length === 0) return context.robots;
  let text = context.text;
  for (const end of ends) text = `${text.slice(0, end)}\nDisallow:${text.slice(end)}`;
  return new ParsedRobotsTxt(byteStringBody(text), context.parseOptions);
}

/**
 * Whether a blank line parts every User-agent line of `name` in `block` from the block's last one
 * (`User-agent: *`, a blank line, `User-agent: Slurp` / `Crawl-delay: 5`, judge O 2864): a person
 * reads an empty group there, and the delay written below as another crawler's, not its own.
 */
function apart(context: LintContext, block: WrittenBlock, name: string): boolean {
  const last = block.agentLines.at(-1)!;
  const lines = block.agents
    .filter((a) => (a.global ? '*' : asciiLowerCase(a.token)) === name)
    .map((a) => a.line);
  return (
    lines.length > 0 &&
    lines.every((line) => {
      for (let at = line + 1; at < last; at++) {
        const span = context.lines[at];
        if (span !== undefined && context.text.slice(span.start, span.end).trim() === '') {
          return true;
        }
      }
      return false;
    })
  );
}

function slowest(lines: readonly DelayLine[]): DelayLine | undefined {
  let found: DelayLine | undefined;
  for (const one of lines) if (found === undefined || one.seconds > found.seconds) found = one;
  return found;
}

/**
 * Whether `token` may fetch nothing: `/` is disallowed for it and no Allow line of the groups it
 * reads opens a path. Its pace then matters to no one.
 */
function blockedEverywhere(robots: RobotsTxt, token: string): boolean {
  const probe = token === '*' ? ANY_OTHER_AGENT : token;
  if (robots.isAllowed('/', probe)) return false;
  const name = asciiLowerCase(token);
  const own = robots.groups.filter((g) =>
    g.agents.some((a) => !a.global && asciiLowerCase(a.token) === name),
  );
  const read = own.length > 0 ? own : robots.groups.filter((g) => g.agents.some((a) => a.global));
  return !read.some((g) => g.rules.some((r) => r.type === 'allow' && r.value !== ''));
}

// Seconds of a merged Crawl-delay up to which the change is worth knowing, not a warning.
const SLIGHT_DELAY = 1;

// How many times slower than written a merged delay makes a crawler before the change is worth a
// warning when the merged delay is still short (under LONG_CRAWL_DELAY): 1 s made 2 s, or 5 s
// made 10 s, leaves a crawler thousands of pages a day (judge 2A 3621, 6218).
const MANY_TIMES = 4;

/** What {@link report} says of one crawler. */
interface MergedDelay {
  readonly name: string;
  readonly agent: AgentLine;
  readonly mine: DelayLine | undefined;
  readonly applied: { readonly seconds: number; readonly line: number };
  /** It may fetch nothing: its pace matters to no one. */
  readonly blocked: boolean;
  /** It reads Crawl-delay (the `*` group, or a crawler documented to). */
  readonly reader: boolean;
  /** How to split the merged group, as a sentence. */
  readonly split: string;
  /** The advice moves the crawler's delay into a group of its own that has rules. */
  readonly home: boolean;
  /** Retired crawlers' lines to delete instead of splitting, and the fix doing it. */
  readonly retired: { readonly sentence: string; readonly fix: ProposedFix } | undefined;
  /** The line of a `merged-group` warning or error on the same merge, if any. */
  readonly merge: number | undefined;
  /** Lines of `merged-group` warnings or errors on other crawlers' blocks of the same group. */
  readonly others: readonly number[];
}

/**
 * When the merge that changes the delay is one with blocks that name only retired crawlers
 * (1611: `User-agent: slurp` / `Crawl-delay: 60` above the `*` group's `Crawl-delay: 1`), or the
 * crawler is itself retired and merged away: the advice is to delete those lines, not to split
 * the group by repeating rules for a crawler that no longer crawls. Undefined when deleting them
 * would not give the crawler back the delay written for it.
 */
function retiredAdvice(
  context: LintContext,
  token: string,
  blocks: readonly WrittenBlock[],
  mine: number | undefined,
): { readonly sentence: string; readonly fix: ProposedFix } | undefined {
  const dead = retiredMergedBlocks(context, new Set(blocks.map((b) => b.group)));
  if (dead.length === 0) return undefined;
  const fix = deleteRetiredBlocksFix(context, dead, `Delete ${blockLinesText(dead)} by hand.`);
  if (fix === undefined) return undefined;
  const itself = blocks.some((b) => dead.includes(b));
  if (!itself) {
    const copy = new ParsedRobotsTxt(
      byteStringBody(applyEdits(context.text, fix.edits)),
      context.parseOptions,
    );
    if (copy.explainCrawlDelay(token)?.seconds !== mine) return undefined;
  }
  const lines = blockLinesText(dead);
  const result = itself
    ? 'no current crawler reads them'
    : `which ends the merge${mine === undefined ? '' : ` and leaves ${token === '*' ? 'the `*` group' : `"${token}"`} its Crawl-delay: ${mine}`}`;
  return {
    sentence: `${lines[0]!.toUpperCase()}${lines.slice(1)} ${lines.startsWith('lines') ? 'name' : 'names'} only ${retiredNames(dead)}: delete ${lines.startsWith('lines') ? 'them' : 'it'}, ${result} (rather than repeating the * rules for a crawler that is gone).`,
    fix,
  };
}

/**
 * How to give the crawler's delay back, as `merged-group`'s fix splits a group: rules after a
 * block that is not the last of the group (its User-agent and Crawl-delay lines), the `*` rules
 * as written repeated there ("Allow: /" would let its crawlers skip them). The split goes where
 * the merge that changes the delay starts: after the blocks above the crawler's that write
 * another delay, and after its own (with its neighbours of the same delay) when blocks below it
 * write another.
 */
function splitAdvice(
  context: LintContext,
  name: string,
  blocks: readonly WrittenBlock[],
  written: ReadonlyMap<WrittenBlock, readonly DelayLine[]>,
  mine: number | undefined,
): { readonly split: string; readonly home: boolean } {
  const all = writtenBlocks(context).blocks;
  const merged = blocks.find((b) => all.filter((o) => o.group === b.group).length > 1);
  const same = 'or give each crawler the same delay.';
  if (merged === undefined) {
    return { split: `Put an Allow or Disallow line in each group, ${same}`, home: false };
  }
  const inGroup = all.filter((o) => o.group === merged.group);
  const endOf = (b: WrittenBlock): number => Math.max(...b.agentLines, ...b.otherLines);
  // A crawler another group with rules names (as written: the block holding the rules) reads
  // that group too: repeating the * rules for it would join them to that group. Its delay
  // belongs in that group, and its User-agent line out of this one.
  const home =
    name === '*'
      ? undefined
      : all.find(
          (b) =>
            b.group !== merged.group &&
            (context.robots.groups[b.group]?.rules.length ?? 0) > 0 &&
            all.filter((o) => o.group === b.group).at(-1) === b &&
            b.agents.some((a) => !a.global && asciiLowerCase(a.token) === name),
        );
  // Only its blocks Google merges into a later one: a block holding the group's rules (1013's
  // `User-agent: DotBot` / `Disallow: /`) is not taken out of the group it makes.
  const mergedLines = inGroup
    .slice(0, -1)
    .filter((b) => blocks.includes(b))
    .flatMap((b) =>
      b.agents.filter((a) => !a.global && asciiLowerCase(a.token) === name).map((a) => a.line),
    );
  if (home !== undefined && mergedLines.length > 0) {
    const where = `the group of line ${home.agentLines[0]}`;
    const lines =
      mergedLines.length === 1 ? `line ${mergedLines[0]}` : `lines ${mergedLines.join(', ')}`;
    // One Crawl-delay a group: a delay is written there only when that group has none.
    const there = slowest(written.get(home) ?? []);
    const write =
      mine === undefined
        ? ''
        : there === undefined
          ? `write its Crawl-delay: ${mine} in ${where} and `
          : there.seconds === mine
            ? ''
            : `change the Crawl-delay: ${there.seconds} of ${where} (line ${there.line}) to ${mine} if that is the delay meant (never add a second one there), and `;
    return {
      split: `It has a group of its own (line ${home.agentLines[0]}): ${write}remove its User-agent ${lines} from the group Google merges, which ends the merge for it (repeating the * rules there would join them to ${where}), ${same}`,
      home: true,
    };
  }
  const delayOf = (b: WrittenBlock): number | undefined => slowest(written.get(b) ?? [])?.seconds;
  const ownBlock = (b: WrittenBlock): boolean => blocks.includes(b);
  // Each block of the crawler and its neighbours that write its delay (or none, as it does): one
  // group for them keeps every delay as written.
  const other = (b: WrittenBlock): boolean => {
    const d = delayOf(b);
    return !ownBlock(b) && d !== undefined && d !== mine;
  };
  const splits = new Set<number>();
  for (let at = 0; at < inGroup.length; at++) {
    if (!ownBlock(inGroup[at]!)) continue;
    let low = at;
    let high = at;
    const with_ = (b: WrittenBlock): boolean => ownBlock(b) || delayOf(b) === mine;
    while (low > 0 && with_(inGroup[low - 1]!)) low--;
    while (high < inGroup.length - 1 && with_(inGroup[high + 1]!)) high++;
    if (inGroup.slice(0, low).some(other)) splits.add(endOf(inGroup[low - 1]!));
    if (inGroup.slice(high + 1).some(other)) splits.add(endOf(inGroup[high]!));
  }
  if (splits.size === 0) splits.add(endOf(inGroup[Math.max(inGroup.indexOf(merged) - 1, 0)]!));
  const sorted = [...splits].sort((a, b) => a - b);
  const after =
    sorted.length === 1
      ? `after line ${sorted[0]}`
      : `after lines ${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1)}`;
  const star = starRulesAsWritten(context);
  // `*` rules that block nothing (`Allow: /`, an empty `Disallow:`; judge 3A 2948) are what
  // "Allow: /" says: the wording of a group with no `*` rules.
  const blocking = star.rules.some((r) => r.type === 'disallow' && r.pattern !== '');
  if (star.rules.length === 0 || !blocking) {
    return {
      split: `To keep each delay, split the group: add a rule ${after} ("Allow: /", or the rules meant for the crawlers above it), ${same}`,
      home: false,
    };
  }
  const n = star.rules.length === 1 ? 'rule' : `${star.rules.length} rules`;
  const where =
    star.lines.length === 1
      ? `group (line ${star.lines[0]})`
      : `groups (lines ${star.lines.join(', ')})`;
  const quoted =
    star.rules.length <= 5
      ? `: ${star.rules.map((r) => `"${terminalSafe(formatRule(r))}"`).join(', ')}`
      : '';
  return {
    split: `To keep each delay, split the group: ${after}, repeat the ${n} of the "User-agent: *" ${where}${quoted}, so that the crawlers above ${sorted.length === 1 ? 'it' : 'each'} keep the * rules ("Allow: /" there would let them skip the * rules), ${same}`,
    home: false,
  };
}

/**
 * The rules written for `*`: those of every group whose `*` line is in the block that holds its
 * rules (a `*` block merged into another crawler's group has none as written).
 */
function starRulesAsWritten(context: LintContext): { rules: Rule[]; lines: number[] } {
  const { blocks } = writtenBlocks(context);
  const rules: Rule[] = [];
  const lines: number[] = [];
  for (const [i, group] of context.robots.groups.entries()) {
    const last = blocks.filter((b) => b.group === i).at(-1);
    const star = last?.agents.find((a) => a.global);
    if (star === undefined || group.rules.length === 0) continue;
    rules.push(...group.rules);
    lines.push(star.line);
  }
  return { rules, lines };
}

function report(context: LintContext, delay: MergedDelay): void {
  const { name, agent, mine, applied, blocked, reader, retired, merge, home, others } = delay;
  // A merge `merged-group` reports as a warning or error: the rules it takes matter more than the
  // pace, and its fix ends this merge too. One story, told there (but where the delay goes, for
  // a crawler with a group of its own, is this finding's to say).
  const pointer = `This is the merge line ${merge} reports (merged-group): a group of its own for ${name === '*' ? 'the `*` group' : `"${name}"`}, as that finding says, also gives it back its delay.`;
  const lines = others.length === 1 ? `line ${others[0]}` : `lines ${others.join(', ')}`;
  const split =
    merge === undefined
      ? others.length > 0
        ? `This is the merge ${lines} ${others.length === 1 ? 'reports' : 'report'} (merged-group): the rules it changes for ${others.length === 1 ? 'that crawler' : 'those crawlers'} matter more than the pace. ${retired?.sentence ?? delay.split}`
        : (retired?.sentence ?? delay.split)
      : home
        ? `This is the merge line ${merge} reports (merged-group). ${delay.split}`
        : pointer;
  const who = name === '*' ? 'the `*` group' : `"${name}"`;
  const merged =
    "Google's grouping merged its User-agent line with another crawler's (a User-agent line starts a new group only after an Allow or Disallow line, RFC 9309 §2.1)";
  const effect = `so line ${applied.line}'s Crawl-delay: ${applied.seconds} applies to it too, and crawlers that group as Google does may pace it by the slowest delay of the group, ${applied.seconds} s (which of two delays a crawler applies is documented by none).`;
  const directive = mine === undefined ? undefined : context.directives[mine.line];
  // A merged delay of a second or less still lets the crawler fetch 86,400 pages a day: the
  // change (grapeshot's 0 s made 1 s) slows no crawl that matters.
  const slight = applied.seconds <= SLIGHT_DELAY;
  // Paced by the slowest delay (as crawlers that group as Google does are), the crawler is only
  // slowed: for a crawler no search or AI service indexes with, or by less than twice the delay
  // written, that costs the site nothing in search (judges U, V, W: AhrefsBot's 1 s made 10 s,
  // bingbot's 2 s made 3 s). Nor when both delays are short and the merged one is not many times
  // the one written (judge 2A: 1 s made 2 s, 5 s made 10 s). A search crawler slowed to half its
  // pace or less, to a delay of LONG_CRAWL_DELAY or more or to many times its own, is a warning.
  const costly =
    mine !== undefined &&
    applied.seconds >= 2 * mine.seconds &&
    (applied.seconds >= LONG_CRAWL_DELAY || applied.seconds >= MANY_TIMES * mine.seconds) &&
    (name === '*' || crawlsForSearchOrAi(name));
  const why = blocked
    ? `${who} may fetch nothing here (Disallow: / applies to it), so its pace matters little.`
    : slight
      ? `At one page a second or faster, that slows no crawl that matters. ${split}`
      : !reader
        ? `${who} is no crawler documented to read Crawl-delay (Google's crawlers ignore it; some named in old files, such as Yahoo! Slurp, no longer crawl), so the change matters little. ${split}`
        : !costly
          ? `Paced by the slowest delay, ${who}${name !== '*' && !crawlsForSearchOrAi(name) ? ', which is no search or AI crawler, is only slowed down' : mine !== undefined && applied.seconds < 2 * mine.seconds ? ' is only slowed down, by less than half its pace' : ` is only slowed down, to a delay still short (under ${LONG_CRAWL_DELAY} s) and less than ${MANY_TIMES} times its own`}, so the change costs the site nothing in search. ${split}`
          : split;
  context.report({
    code: 'crawl-delay-merged',
    // No delay was written for the crawler: the merge gives it one, a slower crawl than meant,
    // never a faster one; no line of it is broken. Or the crawler may fetch nothing, or reads no
    // Crawl-delay, so its pace matters to no one. Worth knowing, not a warning.
    ...(mine === undefined ||
    blocked ||
    slight ||
    !reader ||
    !costly ||
    merge !== undefined ||
    others.length > 0
      ? { severity: 'info' as const }
      : {}),
    line: mine?.line ?? agent.line,
    message:
      mine === undefined
        ? `No Crawl-delay is written for ${who} (User-agent line ${agent.line}), but ${merged}, ${effect} ${split}`
        : `Line ${mine.line} writes Crawl-delay: ${mine.seconds} for ${who}, but ${merged}, ${effect} ${why}`,
    from: directive?.keyStart,
    to: directive?.valueEnd,
    fix: merge === undefined ? retired?.fix : undefined,
    related: [
      ...(mine === undefined
        ? [{ line: agent.line, message: `User-agent line of ${who} (line ${agent.line})` }]
        : []),
      { line: applied.line, message: `Crawl-delay: ${applied.seconds} (line ${applied.line})` },
    ],
  });
}
