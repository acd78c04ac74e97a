/**
 * Lint family `crawl-delay`: a Crawl-delay written for one crawler that is not the one applied to
 * it, because Google's grouping (RFC 9309 §2.1) merged its lines with another crawler's. A person
 * reads `User-agent: a` / `Crawl-delay: 0` / `User-agent: b` / `Crawl-delay: 5` as two groups;
 * Google reads one, so both delays apply to both crawlers, and a client that paces by the slowest
 * (robots-rep's) waits 5 s for `a` — one that takes the first waits 0 s for `b`.
 */

import { ANY_OTHER_AGENT } from '../../changes/verdict-changes.js';
import { isCrawlDelayKey, parseCrawlDelay } from '../../parse/crawl-delay.js';
import type { AgentLine, RobotsTxt } from '../../types.js';
import { asciiLowerCase } from '../../util/bytes.js';
import { type WrittenBlock, writtenBlocks } from '../blocks.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';

export const crawlDelay: LintFamily = {
  name: 'crawl-delay',
  codes: {
    'crawl-delay-merged': {
      severity: 'warning',
      summary:
        "A crawler's Crawl-delay as written is not the one applied: Google's grouping merged its User-agent line with another crawler's, and the slowest delay of the merged group applies.",
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
        const own = blocks.flatMap((block) => written.get(block) ?? []);
        const applied = robots.explainCrawlDelay(name === '*' ? '*' : agent.token);
        if (applied === undefined) continue;
        const mine = slowest(own);
        if (mine !== undefined && mine.seconds === applied.seconds) continue;
        const token = name === '*' ? '*' : agent.token;
        report(context, token, agent, mine, applied, blockedEverywhere(robots, token));
      }
    },
  };
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

function report(
  context: LintContext,
  name: string,
  agent: AgentLine,
  mine: DelayLine | undefined,
  applied: { readonly seconds: number; readonly line: number },
  blocked: boolean,
): void {
  const who = name === '*' ? 'the `*` group' : `"${name}"`;
  const merged =
    "Google's grouping merged its User-agent line with another crawler's (a User-agent line starts a new group only after an Allow or Disallow line, RFC 9309 §2.1)";
  const effect = `so line ${applied.line}'s Crawl-delay: ${applied.seconds} applies to it too, and crawlers that group as Google does pace it by the slowest delay of the group: ${applied.seconds} s.`;
  const fix = 'Put an Allow or Disallow line in each group, or give each crawler the same delay.';
  const directive = mine === undefined ? undefined : context.directives[mine.line];
  // A merged delay of a second or less still lets the crawler fetch 86,400 pages a day: the
  // change (grapeshot's 0 s made 1 s) slows no crawl that matters.
  const slight = applied.seconds <= SLIGHT_DELAY;
  context.report({
    code: 'crawl-delay-merged',
    // No delay was written for the crawler: the merge gives it one, a slower crawl than meant,
    // never a faster one; no line of it is broken. Or the crawler may fetch nothing, so its pace
    // matters to no one. Worth knowing, not a warning.
    ...(mine === undefined || blocked || slight ? { severity: 'info' as const } : {}),
    line: mine?.line ?? agent.line,
    message:
      mine === undefined
        ? `No Crawl-delay is written for ${who} (User-agent line ${agent.line}), but ${merged}, ${effect} ${fix}`
        : `Line ${mine.line} writes Crawl-delay: ${mine.seconds} for ${who}, but ${merged}, ${effect} ${blocked ? `${who} may fetch nothing here (Disallow: / applies to it), so its pace matters little.` : slight ? `At one page a second or faster, that slows no crawl that matters. ${fix}` : fix}`,
    from: directive?.keyStart,
    to: directive?.valueEnd,
    related: [
      ...(mine === undefined
        ? [{ line: agent.line, message: `User-agent line of ${who} (line ${agent.line})` }]
        : []),
      { line: applied.line, message: `Crawl-delay: ${applied.seconds} (line ${applied.line})` },
    ],
  });
}
