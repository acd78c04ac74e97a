/**
 * Lines of groups that only retired crawlers read (`RETIRED_CRAWLERS`: Googlebot-Mobile,
 * Slurp…): what such a group says, or gets wrong, reaches no current crawler, so a finding on one
 * of its lines is an info that says so, whatever its code (seed 3576, 2664: `Allow: .css` in
 * Googlebot-Mobile's group was an error).
 */

import { retiredCrawler, retiredSentence } from '../readings/crawler-model.js';
import type { RobotsTxt } from '../types.js';
import { terminalSafe } from '../util/terminal.js';
import { andList, type WrittenBlock, writtenBlocks } from './blocks.js';
import type { LintContext } from './context.js';
import type { ProposedFix } from './types.js';

/** For each line of a group naming only retired crawlers (User-agent lines to its last line), the sentence to add. */
export function retiredGroupLines(
  robots: RobotsTxt,
  lineCount: number,
): ReadonlyMap<number, string> {
  const out = new Map<number, string>();
  const groups = robots.groups;
  groups.forEach((g, i) => {
    if (g.agents.some((a) => a.global || retiredCrawler(a.value) === undefined)) return;
    const sentence = retiredSentence(g.agents.map((a) => a.value));
    const first = g.agents[0]!.line;
    // Up to the next group's first line: its comments and other lines are the group's too.
    const next = groups[i + 1]?.agents[0]?.line ?? lineCount;
    for (let line = first; line < next; line++) out.set(line, sentence);
  });
  return out;
}

/**
 * Blocks (as written) that Google merges into the group below them and that name only retired
 * crawlers: lines no current crawler reads for itself, which only lend their Crawl-delay (or
 * their User-agent lines) to the group they merge into. Deleting them changes no verdict of a
 * crawler that still crawls: the group keeps its other User-agent lines and its rules.
 */
export function retiredMergedBlocks(
  context: LintContext,
  groups: ReadonlySet<number>,
): WrittenBlock[] {
  const { blocks } = writtenBlocks(context);
  return blocks.filter(
    (b, i) =>
      groups.has(b.group) &&
      blocks[i + 1]?.group === b.group &&
      b.agents.length > 0 &&
      b.agents.every((a) => !a.global && retiredCrawler(a.value) !== undefined),
  );
}

/** `lines 25–26`, `line 25`, `lines 25–26 and 30–31`: the lines of each block, first to last. */
export function blockLinesText(blocks: readonly WrittenBlock[]): string {
  const spans = blocks.map((b) => {
    const first = Math.min(...b.agentLines);
    const last = Math.max(...b.agentLines, ...b.otherLines);
    return first === last ? `${first}` : `${first}–${last}`;
  });
  const single = spans.length === 1 && !spans[0]!.includes('–');
  return `${single ? 'line' : 'lines'} ${andList(spans)}`;
}

/**
 * The fix deleting retired crawlers' merged blocks ({@link retiredMergedBlocks}), each from its
 * first User-agent line to its last line. Verdicts that change only for those crawlers change
 * for no crawler (`notCrawlers`): what they may fetch concerns no one.
 */
export function deleteRetiredBlocksFix(
  context: LintContext,
  blocks: readonly WrittenBlock[],
  otherwise: string,
): ProposedFix | undefined {
  if (blocks.length === 0) return undefined;
  const sorted = [...blocks].sort((a, b) => a.agentLines[0]! - b.agentLines[0]!);
  const edits = sorted.map((b) => {
    const first = context.lines[Math.min(...b.agentLines)]!;
    const last = Math.max(...b.agentLines, ...b.otherLines);
    return {
      start: first.start,
      end: context.lines[last + 1]?.start ?? context.text.length,
      text: '',
    };
  });
  const text = blockLinesText(sorted);
  return {
    description: `Delete ${text}.`,
    edits,
    otherwise,
    notCrawlers: [...new Set(sorted.flatMap((b) => b.agents.map((a) => a.token)))],
  };
}

/**
 * `slurp (…), which no longer crawls`: the crawlers the blocks name, each with its note from
 * `RETIRED_CRAWLERS`.
 */
export function retiredNames(blocks: readonly WrittenBlock[]): string {
  const notes = [
    ...new Set(
      blocks.flatMap((b) =>
        b.agents.map((a) => `${terminalSafe(a.value)} (${retiredCrawler(a.value)!.note})`),
      ),
    ),
  ];
  return `${andList(notes)}, which no longer ${notes.length === 1 ? 'crawls' : 'crawl'}`;
}
