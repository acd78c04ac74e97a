/**
 * The stray blocks of the `merged-group` check: a merged block whose crawlers all have a group
 * of their own with rules elsewhere (5952: `User-agent: BingBot` / `Crawl-delay: 10` above
 * another crawler's rules, bingbot's own group below). Its lines go to that group, or go; the
 * advice and the fix, for `merged-groups.ts`'s report.
 */

import type { AgentLine } from '../types.js';
import { terminalSafe } from '../util/terminal.js';
import { listOf, type WrittenBlock, writtenBlocks } from './blocks.js';
import type { LintContext } from './context.js';
import { lineBreakOf } from './fix.js';
import type { ProposedFix } from './types.js';

/**
 * A merged block whose crawlers all have one group with rules elsewhere (5952: `User-agent:
 * BingBot` / `Crawl-delay: 10` above ia_archiver's rules, and bingbot's own group below): its
 * lines are stray. The advice leaves one value a directive in that group: a line whose key that
 * group already has (its own Crawl-delay) is deleted, and the value that stays is named; a line
 * it lacks is moved there.
 */
export function strayBlock(
  context: LintContext,
  block: WrittenBlock,
  /** Blocks above it are read in the same group: a rule after it would end their merge too. */
  merged: boolean,
): { readonly sentence: string; readonly fix: ProposedFix | undefined } | undefined {
  const named = block.agents.filter((a) => !a.global && a.token !== '');
  if (named.length === 0 || named.length !== block.agents.length) return undefined;
  const homes = new Set(named.map((a) => homeGroup(context, a, block.group)));
  if (homes.size !== 1 || homes.has(undefined)) return undefined;
  const home = [...homes][0]!;
  const { blocks } = writtenBlocks(context);
  const homeBlock = blocks.find(
    (b) => b.group === home && b.agents.some((a) => named.some((n) => sameToken(a, n))),
  );
  if (homeBlock === undefined) return undefined;
  const { kept, moved } = strayLines(context, block, named, home);
  const first = block.agentLines[0]!;
  const last = Math.max(...block.agentLines, ...block.otherLines);
  const where = `the group of line ${homeBlock.agentLines[0]}`;
  // A line moved into a group that names other crawlers too would apply to them as well.
  const others = context.robots.groups[home]!.agents.filter(
    (a) => !named.some((n) => sameToken(a, n)),
  );

  const them = named.length === 1 ? 'it' : 'them';
  const movedText = moved.length === 1 ? `line ${moved[0]}` : `lines ${moved.join(', ')}`;
  const ownGroup = `${named.length === 1 ? 'It has' : 'They have'} a group of ${named.length === 1 ? 'its' : 'their'} own with rules (line ${homeBlock.agentLines[0]})`;
  // A line that group lacks, moved there, would apply to the other crawlers it names: the block
  // is ended with a rule of its own instead (a crawler named in two groups reads both).
  if (moved.length > 0 && others.length > 0) {
    const end = context.lines[last];
    const sentence = ` ${ownGroup}, which names other crawlers too (${listOf(others.map((a) => (a.global ? '*' : terminalSafe(a.value))))}): end lines ${first}–${last} with a rule of their own ("Disallow:" after line ${last}, which blocks nothing), which ends the merge; ${them} then ${named.length === 1 ? 'reads' : 'read'} ${movedText} beside that group, and they do not.`;
    if (end === undefined || merged) return { sentence, fix: undefined };
    return {
      sentence,
      fix: {
        description: `Add "Disallow:" after line ${last}.`,
        edits: [{ start: end.end, end: end.end, text: `${lineBreakOf(context, last)}Disallow:` }],
        otherwise: `Add "Disallow:" after line ${last} by hand.`,
      },
    };
  }
  const sentence = ` ${ownGroup}, so lines ${first}–${last} are stray: ${
    moved.length === 0 ? `delete them` : `move ${movedText} into ${where} and delete the rest`
  }, which ends the merge for ${them} (a group takes one value a directive${kept.length === 0 ? '' : `: ${kept.join('; ')}`}).`;
  const at = Math.max(...homeBlock.agentLines);
  const span = context.lines[at];
  const blockStart = context.lines[first];
  if (span === undefined || blockStart === undefined) return { sentence, fix: undefined };
  const eol = lineBreakOf(context, at);
  const text = moved
    .map((line) => {
      const l = context.lines[line]!;
      return eol + context.text.slice(l.start, l.end);
    })
    .join('');
  const deletion = {
    start: blockStart.start,
    end: context.lines[last + 1]?.start ?? context.text.length,
    text: '',
  };
  // Moved lines hold the file's bytes: only ASCII ones are written again as they are.
  const ascii = /^[\x20-\x7e\r\n\t]*$/.test(text);
  if (moved.length > 0 && !ascii) return { sentence, fix: undefined };
  const insertion = moved.length > 0 ? [{ start: span.end, end: span.end, text }] : [];
  return {
    sentence,
    fix: {
      description:
        moved.length === 0
          ? `Delete lines ${first}–${last}.`
          : `Move ${movedText} into ${where}, after line ${at}, and delete lines ${first}–${last}.`,
      edits: [...insertion, deletion].sort((a, b) => a.start - b.start),
      otherwise: `Delete lines ${first}–${last} by hand.`,
    },
  };
}

/**
 * The non-rule lines of a stray block: those whose key the crawlers' own group (`home`) already
 * has, as the sentence naming the value that stays, and those it lacks, to move there.
 */
function strayLines(
  context: LintContext,
  block: WrittenBlock,
  named: readonly AgentLine[],
  home: number,
): { readonly kept: string[]; readonly moved: number[] } {
  const { blockOfLine } = writtenBlocks(context);
  const keyOf = (key: string): string => {
    const lower = key.toLowerCase();
    return lower.startsWith('crawl-delay') ? 'crawl-delay' : lower;
  };
  // Its own lines first: those of a block naming it, then those merged into its group.
  const mine = (line: number): boolean =>
    blockOfLine.get(line)?.agents.some((a) => named.some((n) => sameToken(a, n))) ?? false;
  const own = context.robots.directives
    .filter((d) => d.group === home)
    .sort((a, b) => Number(mine(b.line)) - Number(mine(a.line)));
  const kept: string[] = [];
  const moved: number[] = [];
  for (const line of block.otherLines) {
    const d = context.robots.directives.find((x) => x.line === line);
    if (d === undefined) continue;
    const there = own.find((x) => keyOf(x.key) === keyOf(d.key));
    if (there === undefined) moved.push(line);
    else
      kept.push(
        `${there.key}: ${terminalSafe(there.text)} (line ${there.line}) stays${there.text === d.text ? '' : `; write ${terminalSafe(d.text)} there instead if that is the value meant`}`,
      );
  }
  return { kept, moved };
}

function sameToken(a: AgentLine, b: AgentLine): boolean {
  return !a.global && a.token.toLowerCase() === b.token.toLowerCase();
}

/** The index of another group with rules that names `agent`, or undefined. */
function homeGroup(context: LintContext, agent: AgentLine, group: number): number | undefined {
  const i = context.robots.groups.findIndex(
    (g, at) => at !== group && g.rules.length > 0 && g.agents.some((a) => sameToken(a, agent)),
  );
  return i < 0 ? undefined : i;
}
