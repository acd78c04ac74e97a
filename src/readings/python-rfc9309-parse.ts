/**
 * CPython's `urllib.robotparser` after its RFC 9309 rewrite (python/cpython gh-138907, on the
 * main branch at 055a953f): `parse(lines)` into groups keyed by lower-cased agent, groups naming
 * one agent merged, and `_find_entry`'s choice of a group for a caller. Matching a group's rules
 * is in `python-rfc9309-match.ts`.
 */

import type { RequestRate } from '../types.js';
import type { PythonRule9309 } from './python-rfc9309-match.js';
import { digitValue } from './python-robotparser.js';
import { PythonError, splitlines, strip } from './python-text.js';
import { normalizePattern } from './python-url.js';

/** One group as `parse` reads it (CPython's `Entry`), before any merging. */
export interface PythonGroup {
  readonly useragents: string[];
  /** `useragents` lower-cased, as `applies_to` compares them. */
  readonly lowered: string[];
  /** The exact `useragents`, for the intersection merging keeps. */
  readonly names: Set<string>;
  /** 1-based line (in `splitlines` terms) of its first `User-agent` line. */
  line: number;
  readonly rules: PythonRule9309[];
  delay: number | undefined;
  requestRate: RequestRate | undefined;
}

/**
 * What the parser keeps under one lower-cased agent: the groups naming it, in file order, one
 * entry each. CPython merges them into one `Entry` (`merge_entries`): rules concatenated, the
 * later `Crawl-delay`/`Request-rate` winning, and only the names written identically in every
 * group kept. The merge is kept as its parts, so many groups naming many agents cost memory
 * linear in the file.
 */
export type MergedGroup = readonly PythonGroup[];

/** The parsed file, or the exception CPython's `parse` raises on it. */
export interface PythonRobots9309 {
  /** `RobotFileParser.groups`: lower-cased agent → its groups, in order of first appearance. */
  readonly groups: ReadonlyMap<string, MergedGroup>;
  readonly sitemaps: readonly string[];
  readonly error?: PythonError;
}

/** Python's default `sys.get_int_max_str_digits()`: a longer `int(text)` raises. */
const MAX_INT_DIGITS = 4300;

/** `text.strip().isdecimal()`: Unicode decimal digits only (`٣` is one, `²` and `1.5` are not). */
function isDecimal(text: string): boolean {
  return /^\p{Nd}+$/u.test(strip(text));
}

/** `int(text)` of a decimal string (see {@link isDecimal}). */
function pythonInt(text: string): number {
  let digits = '';
  for (const char of strip(text)) digits += String(digitValue(char.codePointAt(0)!));
  if (digits.length > MAX_INT_DIGITS) {
    throw new PythonError(
      'ValueError',
      `Exceeds the limit (${MAX_INT_DIGITS} digits) for integer string conversion`,
    );
  }
  return Number(digits);
}

/**
 * `RuleLine(value, allowance)`, or undefined where its constructor raises `ValueError` (a `$`
 * left anywhere but at the end, a character UTF-8 cannot encode): `parse` then drops the line.
 */
function ruleLine(value: string, allowance: boolean, line: number): PythonRule9309 | undefined {
  // An empty Disallow allows everything: it becomes an Allow that every path matches.
  const allow = allowance || value === '';
  let pattern: string;
  try {
    pattern = normalizePattern(value.replace(/\*{2,}/g, '*').replace(/\$[$*]+/g, '$'));
  } catch (error) {
    if (error instanceof PythonError) return undefined;
    throw error;
  }
  const body = pattern.replace(/\$+$/, '');
  if (body.includes('$')) return undefined;
  const matched = body.length < pattern.length ? `${body}$` : body;
  return { allow, line, value, pattern: matched };
}

function newGroup(): PythonGroup {
  return {
    useragents: [],
    lowered: [],
    names: new Set(),
    line: 0,
    rules: [],
    delay: undefined,
    requestRate: undefined,
  };
}

/** The parser's state between lines: CPython's `state` (0 start, 1 agents, 2 rules) and entry. */
interface ParseState {
  state: number;
  group: PythonGroup;
  readonly groups: Map<string, PythonGroup[]>;
  readonly sitemaps: string[];
}

/** `_add_entry`: the group under each of its names, merged with what that name has. */
function addGroup({ groups, group }: ParseState): void {
  for (const agent of group.useragents) {
    const key = agent.toLowerCase();
    const parts = groups.get(key);
    if (parts === undefined) groups.set(key, [group]);
    // A group naming one agent twice merges with itself: nothing changes but the rules'
    // repetition, which no verdict sees.
    else if (parts[parts.length - 1] !== group) parts.push(group);
  }
}

/** One `key: value` line, as the body of `parse`'s loop reads it. */
function readLine(p: ParseState, key: string, value: string, number: number): void {
  if (key === 'user-agent') {
    if (p.state === 2) {
      addGroup(p);
      p.group = newGroup();
    }
    if (p.group.useragents.length === 0) p.group.line = number;
    p.group.useragents.push(value);
    p.group.lowered.push(value.toLowerCase());
    p.group.names.add(value);
    p.state = 1;
    return;
  }
  // Sitemap lines belong to no group and leave the state as it is.
  if (key === 'sitemap') p.sitemaps.push(value);
  // Group lines before the first User-agent line are ignored.
  if (p.state === 0) return;
  if (key === 'disallow' || key === 'allow') {
    p.state = 2;
    const rule = ruleLine(value, key === 'allow', number);
    if (rule !== undefined) p.group.rules.push(rule);
  } else if (key === 'crawl-delay') {
    if (isDecimal(value)) p.group.delay = pythonInt(value);
    p.state = 2;
  } else if (key === 'request-rate') {
    const numbers = value.split('/');
    const [requests, seconds] = numbers;
    if (numbers.length === 2 && isDecimal(requests!) && isDecimal(seconds!)) {
      p.group.requestRate = { requests: pythonInt(requests!), seconds: pythonInt(seconds!) };
    }
    p.state = 2;
  }
}

/** `RobotFileParser.parse(text.splitlines())`. */
export function parsePython9309(text: string): PythonRobots9309 {
  const p: ParseState = { state: 0, group: newGroup(), groups: new Map(), sitemaps: [] };
  try {
    const lines = splitlines(text);
    for (let index = 0; index < lines.length; index++) {
      let line = lines[index]!;
      const hash = line.indexOf('#');
      if (hash >= 0) line = line.slice(0, hash);
      line = strip(line);
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      readLine(
        p,
        strip(line.slice(0, colon)).toLowerCase(),
        strip(line.slice(colon + 1)),
        index + 1,
      );
    }
    if (p.state !== 0) addGroup(p);
  } catch (error) {
    if (error instanceof PythonError) return { groups: p.groups, sitemaps: p.sitemaps, error };
    throw error;
  }
  return { groups: p.groups, sitemaps: p.sitemaps };
}

/**
 * `Entry.applies_to(useragent)` for a merged group: a name other than `*` that, lower-cased, is a
 * substring of `name` (the caller's name before any `/`, lower-cased) and that merging kept
 * (written identically in every group). `matching` gives a group's substring names, computed
 * once a check whatever the number of names that share the group.
 */
function appliesTo(parts: MergedGroup, matching: (group: PythonGroup) => string[]): boolean {
  const first = parts[0];
  if (first === undefined) return false;
  return matching(first).some((agent) => parts.every((part) => part.names.has(agent)));
}

/** How `_find_entry` chose a group. */
export type PythonSelection = 'name' | 'substring' | 'star';

/**
 * `_find_entry(useragent)`: the group keyed by the caller's whole name, lower-cased; else the
 * first group (in order of first appearance) one of whose kept names is a substring of the
 * name before any `/`; else the `*` group; else none.
 */
export function findGroup(
  robots: PythonRobots9309,
  useragent: string,
): { readonly parts: MergedGroup; readonly selection: PythonSelection } | undefined {
  const whole = robots.groups.get(useragent.toLowerCase());
  if (whole !== undefined) return { parts: whole, selection: 'name' };
  const name = (useragent.split('/')[0] ?? '').toLowerCase();
  const found = new Map<PythonGroup, string[]>();
  const matching = (group: PythonGroup): string[] => {
    let agents = found.get(group);
    if (agents === undefined) {
      agents = group.useragents.filter((a, i) => a !== '*' && name.includes(group.lowered[i]!));
      found.set(group, agents);
    }
    return agents;
  };
  for (const parts of robots.groups.values()) {
    if (appliesTo(parts, matching)) return { parts, selection: 'substring' };
  }
  const star = robots.groups.get('*');
  return star === undefined ? undefined : { parts: star, selection: 'star' };
}

/** The merged group's `delay` (`Crawl-delay`): the last group's that has one. */
export function delayOf(parts: MergedGroup): number | undefined {
  let delay: number | undefined;
  for (const part of parts) delay = part.delay ?? delay;
  return delay;
}

/** The merged group's `req_rate` (`Request-rate`): the last group's that has one. */
export function requestRateOf(parts: MergedGroup): RequestRate | undefined {
  let rate: RequestRate | undefined;
  for (const part of parts) rate = part.requestRate ?? rate;
  return rate;
}
