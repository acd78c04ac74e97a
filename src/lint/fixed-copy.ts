/**
 * The fixed copy a fix is verified against, parsed in part (fix.ts runs it once per set of edits
 * lint verifies): the groups around the edits, as the fix leaves them, and the groups elsewhere
 * that the crawlers those groups name read (their own, and `*`), with every other line blank. For
 * those crawlers it answers exactly as the whole fixed file would, at the cost of a few groups
 * rather than the file.
 */

import { namedAgents } from '../changes/verdict-changes.js';
import { byteStringBody } from '../parse/body.js';
import { ParsedRobotsTxt } from '../robots.js';
import type { Group, ParseOptions, RobotsTxt } from '../types.js';
import { asciiLowerCase, stringToByteString } from '../util/bytes.js';
import type { FixEdit } from './types.js';

/** What {@link readFixedCopy} read. */
export interface FixedCopy {
  /** Answers as the fixed file for every crawler in {@link FixedCopy.agents}. */
  readonly robots: RobotsTxt;
  /**
   * The crawlers whose rules the edits can change: those named by a group whose lines (from its
   * first `User-agent` line to the next group's) hold an edited line or its neighbour, in either
   * version, and `*`.
   */
  readonly agents: string[];
  /** Characters parsed to read it (a blank line counts two). */
  readonly cost: number;
}

/** The file a copy is made from: its text (a byte string), as parsed, and where its lines start. */
export interface CopySource {
  readonly text: string;
  readonly robots: RobotsTxt;
  readonly parseOptions: Required<ParseOptions>;
  /** The offset where each line starts (index 0: line 1). */
  readonly starts: readonly number[];
}

// A line left out of the copy: CR LF, which joins neither a CR before it nor an LF after it into
// one line break (RFC 9309 §2.2: CR, LF and CR LF each end a line).
const BLANK = '\r\n';

/**
 * Reads the copy of `source` with `edits` applied (offsets in bytes; valid and in order) that
 * {@link FixedCopy} describes, or undefined when `afford(cost)` refuses a parse of `cost`
 * characters. Why the copy is exact for those crawlers: grouping reads lines in order, and a
 * `User-agent` line starts a group after a rule (or as the first group), whatever came before.
 * The window of lines the fix rewrites starts at a group's first line before the edits
 * (unchanged, so still a group's start) and ends at a group's first line after them, extended
 * until the window's last group holds a rule as fixed, so that line starts a group in the fixed
 * file too, and every group after is read as before. A group left out becomes blank lines, which
 * change no group; every crawler a group of the window names reads every group it read before.
 */
export function readFixedCopy(
  source: CopySource,
  edits: readonly FixEdit[],
  afford: (cost: number) => boolean,
): FixedCopy | undefined {
  const { text, robots, parseOptions, starts } = source;
  const groups = robots.groups;
  const firstLines = groups.map((g) => g.agents[0]!.line);
  const before: [number, number][] = [];
  const after: [number, number][] = [];
  // Lines the edits add (or remove) before the current one, in the fixed file.
  let shift = 0;
  for (const e of edits) {
    const first = lineAt(starts, e.start);
    const removed = breaksIn(text.slice(e.start, e.end));
    const added = breaksIn(stringToByteString(e.text));
    // One line more on each side: an edit at a line's edge can join it to its neighbour.
    before.push([first - 1, first + removed + 1]);
    after.push([first + shift - 1, first + shift + added + 1]);
    shift += added - removed;
  }
  // A file read in part (past `maxBytes`), or a fix that makes it so: the whole fixed copy.
  const grown = edits.reduce(
    (n, e) => n + stringToByteString(e.text).length - (e.end - e.start),
    0,
  );
  const whole = robots.truncated || text.length + grown > parseOptions.maxBytes;
  const low = whole ? 0 : Math.min(...before.map(([from]) => from));
  const high = whole ? Number.POSITIVE_INFINITY : Math.max(...before.map(([, to]) => to));
  // The window: groups [startGroup, endGroup) of the file, from line `from` on.
  let startGroup = 0;
  while (startGroup < groups.length && firstLines[startGroup]! <= low) startGroup++;
  startGroup--;
  const from = startGroup < 0 ? 1 : firstLines[startGroup]!;
  let endGroup = startGroup + 1;
  while (endGroup < groups.length && firstLines[endGroup]! <= high) endGroup++;
  // The crawlers that User-agent lines the edits write name, wherever in the window they stand.
  const written = editedLineAgents(source, edits, before);
  let cost = written.cost;
  if (!afford(cost)) return undefined;
  for (;;) {
    const window = groups.slice(Math.max(startGroup, 0), endGroup);
    const named = new Set([...window, ...written.groups].flatMap(tokensOf));
    const wanted = (g: Group): boolean =>
      g.agents.some((a) => a.global || named.has(asciiLowerCase(a.token)));
    let copy = copyText(source, edits, from, startGroup, endGroup, firstLines, wanted);
    // Blank lines longer than the lines they stand for could carry a copy past `maxBytes`.
    const exact = copy.length > parseOptions.maxBytes;
    if (exact) copy = applyEditsAt(text, 0, text.length, edits);
    if (!afford(copy.length)) return undefined;
    cost += copy.length;
    const fixed = new ParsedRobotsTxt(byteStringBody(copy), parseOptions);
    // The next group's first line starts a group: the window holds no group, or its last holds a
    // rule before that line (a group after could join it: its rules would not count).
    const end = endGroup < groups.length ? firstLines[endGroup]! + shift : Infinity;
    let last: Group | undefined;
    for (const g of fixed.groups) if (g.agents[0]!.line < end) last = g;
    if (exact || end === Infinity || last === undefined || last.rules.some((r) => r.line < end)) {
      // Every crawler these groups name is one the copy reads exactly: its groups in the window
      // are named there as fixed (unchanged lines or written ones), and the others are copied.
      const agents = namedAgents(groupsOver(groups, before), groupsOver(fixed.groups, after));
      return { robots: fixed, agents, cost };
    }
    endGroup++;
  }
}

/** The lower-cased product tokens a group names (`*` names none). */
function tokensOf(group: Group): string[] {
  return group.agents
    .filter((a) => !a.global && a.token !== '')
    .map((a) => asciiLowerCase(a.token));
}

/**
 * The groups read from the edited lines alone, as fixed (`ranges`: the lines around each edit in
 * the file), and the characters parsed: what User-agent lines the edits write name.
 */
function editedLineAgents(
  source: CopySource,
  edits: readonly FixEdit[],
  ranges: readonly [number, number][],
): { groups: readonly Group[]; cost: number } {
  const { text, starts, parseOptions } = source;
  // The lines around each edit, as fixed; edits whose lines meet are read together.
  const regions: { start: number; end: number; edits: FixEdit[] }[] = [];
  for (const [i, e] of edits.entries()) {
    const [from, to] = ranges[i]!;
    const start = starts[Math.max(from, 1) - 1]!;
    const end = Math.max(starts[to] ?? text.length, e.end);
    const last = regions[regions.length - 1];
    if (last !== undefined && start < last.end) {
      last.end = Math.max(last.end, end);
      last.edits.push(e);
    } else regions.push({ start, end, edits: [e] });
  }
  const lines = regions.map((r) => applyEditsAt(text, r.start, r.end, r.edits) + BLANK).join('');
  const { groups } = new ParsedRobotsTxt(byteStringBody(lines), parseOptions);
  return { groups, cost: lines.length };
}

/**
 * The copy's text: the window (lines `from` to group `endGroup`'s first) with the edits applied,
 * and outside it the `wanted` groups of the file, every other line blank.
 */
function copyText(
  source: CopySource,
  edits: readonly FixEdit[],
  from: number,
  startGroup: number,
  endGroup: number,
  firstLines: readonly number[],
  wanted: (g: Group) => boolean,
): string {
  const { text, starts, robots } = source;
  const groups = robots.groups;
  const rangeEnd = (g: number): number =>
    g < groups.length ? starts[firstLines[g]! - 1]! : text.length;
  let copy = '';
  // The line of the file the copy has reached.
  let at = 1;
  const take = (g: number): void => {
    copy += BLANK.repeat(firstLines[g]! - at) + text.slice(rangeEnd(g), rangeEnd(g + 1));
    at = firstLines[g + 1] ?? at;
  };
  for (let g = 0; g < startGroup; g++) if (wanted(groups[g]!)) take(g);
  copy +=
    BLANK.repeat(from - at) + applyEditsAt(text, starts[from - 1]!, rangeEnd(endGroup), edits);
  at = firstLines[endGroup] ?? at;
  for (let g = endGroup; g < groups.length; g++) if (wanted(groups[g]!)) take(g);
  return copy;
}

/** `text[start, end)` with `edits` applied (each inside it; offsets in bytes of `text`). */
function applyEditsAt(text: string, start: number, end: number, edits: readonly FixEdit[]): string {
  let out = '';
  let at = start;
  for (const e of edits) {
    out += text.slice(at, e.start) + stringToByteString(e.text);
    at = e.end;
  }
  return out + text.slice(at, end);
}

/** The groups whose lines hold one of `ranges` (1-based line numbers, inclusive). */
function groupsOver(groups: readonly Group[], ranges: readonly [number, number][]): Group[] {
  return groups.filter((g, i) => {
    const first = g.agents[0]?.line ?? 0;
    const next = groups[i + 1]?.agents[0]?.line ?? Number.POSITIVE_INFINITY;
    return ranges.some(([from, to]) => from < next && to >= first);
  });
}

/** The 1-based line holding the byte at `offset`. */
function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** Line breaks in `text` (CR LF, CR or LF: RFC 9309 §2.2, as Google's parser reads them). */
function breaksIn(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}
