/**
 * The facade over a parsed file: `isAllowed`, `explain`, `matchingLine`, `crawlDelay`, with the
 * per-file work (group lookup tables, compiled rule indexes) done once at construction.
 */

import { describe, toAgentList } from './agent.js';
import { asciiLowerCase } from './bytes.js';
import { type IndexEntry, type MatchState, RuleIndex } from './matcher.js';
import { type ParsedBody, parseByteString, readBody, resolveOptions } from './parse.js';
import { LineFlag } from './tokenize.js';
import type {
  Explanation,
  Group,
  LineMetadata,
  MatchedRule,
  OtherDirective,
  ParseOptions,
  RobotsTxt,
  Rule,
  Selection,
  SitemapLine,
} from './types.js';
import { pathForMatching } from './url.js';

/** Which groups apply to a set of queried agents, and their compiled rules. */
interface Resolution {
  readonly selection: Exclude<Selection, 'outcome'>;
  readonly groups: readonly number[];
  /** The compiled rules: built at parse time, or on first check past the compile budget. */
  indexes: readonly RuleIndex[] | undefined;
}

/**
 * Rules compiled at parse time, at most this many times the file's rule count (plus a constant):
 * each distinct set of groups gets one merged index, and an adversarial file could make the sets
 * overlap quadratically. Past the budget, a set is compiled when it is first checked.
 */
const EAGER_BUDGET_FACTOR = 4;

const NO_GROUPS: Resolution = { selection: 'none', groups: [], indexes: [] };

/** Turns the `url` argument into a string, or throws a TypeError naming it. */
export function urlToString(url: unknown, caller: string): string {
  if (typeof url === 'string') return url;
  if (url instanceof URL) return url.href;
  if (typeof url === 'object' && url !== null && typeof (url as URL).href === 'string') {
    return (url as URL).href;
  }
  throw new TypeError(`${caller}: url must be a string or a URL, got ${describe(url)}`);
}

/** A parsed robots.txt file. Create it with `parseRobotsTxt`. */
export class ParsedRobotsTxt implements RobotsTxt {
  readonly groups: readonly Group[];
  readonly rulesOutsideGroups: readonly Rule[];
  readonly sitemapLines: readonly SitemapLine[];
  readonly sitemaps: readonly string[];
  readonly directives: readonly OtherDirective[];
  readonly size: number;
  readonly bytesRead: number;
  readonly truncated: boolean;
  readonly options: Required<ParseOptions>;
  readonly #lineFlags: Uint8Array;
  #lines: readonly LineMetadata[] | undefined;
  readonly #rfc9309: boolean;
  /** Lower-cased product token → groups naming it (RFC 9309 §2.2.1: case-insensitive). */
  readonly #groupsByToken: Map<string, Resolution>;
  readonly #global: Resolution;
  readonly #state: MatchState = { allow: null, disallow: null };
  #lastAgent: string | undefined;
  #lastResolution: Resolution = NO_GROUPS;

  constructor(parsed: ParsedBody) {
    this.groups = parsed.groups;
    this.rulesOutsideGroups = parsed.rulesOutsideGroups;
    this.sitemapLines = parsed.sitemapLines;
    this.sitemaps = parsed.sitemapLines.map((s) => s.url);
    this.directives = parsed.directives;
    this.size = parsed.size;
    this.bytesRead = parsed.bytesRead;
    this.truncated = parsed.truncated;
    this.options = parsed.options;
    this.#lineFlags = parsed.lineFlags;
    this.#rfc9309 = parsed.options.percentEncoding === 'rfc9309';

    const tokenGroups = new Map<string, number[]>();
    const globalGroups: number[] = [];
    for (const group of this.groups) {
      let global = false;
      for (const agent of group.agents) {
        if (agent.global) {
          global = true;
          continue;
        }
        const key = asciiLowerCase(agent.token);
        const list = tokenGroups.get(key);
        if (list === undefined) tokenGroups.set(key, [group.index]);
        else if (list[list.length - 1] !== group.index) list.push(group.index);
      }
      if (global) globalGroups.push(group.index);
    }
    // One merged index per distinct set of groups (RFC 9309 §2.2.1: all groups naming an agent
    // merge): tokens named by the same groups share it, and a check searches once, not per group.
    const bySet = new Map<string, RuleIndex | undefined>();
    const totalRules = this.groups.reduce((n, g) => n + g.rules.length, 0);
    let budget = EAGER_BUDGET_FACTOR * totalRules + 10_000;
    const compile = (groups: readonly number[]): readonly RuleIndex[] | undefined => {
      const key = groups.join(',');
      if (!bySet.has(key)) {
        const size = groups.reduce((n, g) => n + this.groups[g]!.rules.length, 0);
        if (size <= budget) {
          bySet.set(key, this.#compile(groups));
          budget -= size;
        } else {
          bySet.set(key, undefined);
        }
      }
      const index = bySet.get(key);
      return index === undefined ? undefined : [index];
    };
    this.#global =
      globalGroups.length === 0
        ? NO_GROUPS
        : { selection: 'global', groups: globalGroups, indexes: compile(globalGroups) };
    this.#groupsByToken = new Map();
    for (const [token, list] of tokenGroups) {
      this.#groupsByToken.set(token, {
        selection: 'specific',
        groups: list,
        indexes: compile(list),
      });
    }
  }

  get lineCount(): number {
    return this.#lineFlags.length;
  }

  get lines(): readonly LineMetadata[] {
    this.#lines ??= Array.from(this.#lineFlags, (flags, i) => lineMetadata(i + 1, flags));
    return this.#lines;
  }

  isAllowed(url: string | URL, agent: string | readonly string[]): boolean {
    return allowedBy(this.#match(url, agent, 'isAllowed'));
  }

  matchingLine(url: string | URL, agent: string | readonly string[]): number {
    const state = this.#match(url, agent, 'matchingLine');
    return decidingEntry(state)?.line ?? 0;
  }

  explain(url: string | URL, agent: string | readonly string[]): Explanation {
    const agents = toAgentList(agent, 'explain');
    const path = pathForMatching(urlToString(url, 'explain'), this.#rfc9309);
    const resolution = this.#resolve(agents);
    // Its own state: the explanation keeps the entries, which the shared state would overwrite.
    const state = runIndexes(path, resolution.indexes ?? this.#indexesOf(resolution), {
      allow: null,
      disallow: null,
    });
    const allowed = allowedBy(state);
    const decider = decidingEntry(state);
    const rule = decider === null ? undefined : matchedRule(decider);
    const bestAllow = state.allow === null ? undefined : matchedRule(state.allow);
    const bestDisallow = state.disallow === null ? undefined : matchedRule(state.disallow);
    return {
      allowed,
      line: rule?.line ?? 0,
      ...(rule && { rule }),
      ...(bestAllow && { bestAllow }),
      ...(bestDisallow && { bestDisallow }),
      path,
      agents,
      selection: resolution.selection,
      groups: resolution.groups,
      reason: explainReason(
        this.groups,
        agents,
        path,
        resolution,
        allowed,
        bestAllow,
        bestDisallow,
      ),
    };
  }

  crawlDelay(agent: string | readonly string[]): number | undefined {
    const groups = new Set(this.#resolve(toAgentList(agent, 'crawlDelay')).groups);
    for (const directive of this.directives) {
      if (!groups.has(directive.group)) continue;
      if (!asciiLowerCase(directive.key).startsWith('crawl-delay')) continue;
      const seconds = Number(directive.value);
      if (directive.value !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds;
    }
    return undefined;
  }

  /** Runs the applicable rule indexes over the URL's path; the result is shared, read at once. */
  #match(url: string | URL, agent: string | readonly string[], caller: string): MatchState {
    const path = pathForMatching(urlToString(url, caller), this.#rfc9309);
    let resolution: Resolution;
    if (typeof agent === 'string') {
      if (agent !== this.#lastAgent) {
        this.#lastResolution = this.#resolve([agent]);
        this.#lastAgent = agent;
      }
      resolution = this.#lastResolution;
    } else {
      resolution = this.#resolve(toAgentList(agent, caller));
    }
    return runIndexes(path, resolution.indexes ?? this.#indexesOf(resolution), this.#state);
  }

  /**
   * RFC 9309 §2.2.1: the groups naming any queried agent, merged; if none names one, the `*`
   * groups. A line naming an agent hides the `*` rules even when its group has no rules.
   */
  #resolve(agents: readonly string[]): Resolution {
    if (agents.length === 1)
      return this.#groupsByToken.get(asciiLowerCase(agents[0]!)) ?? this.#global;
    const found: Resolution[] = [];
    for (const agent of agents) {
      const resolution = this.#groupsByToken.get(asciiLowerCase(agent));
      if (resolution !== undefined && !found.includes(resolution)) found.push(resolution);
    }
    if (found.length === 0) return this.#global;
    if (found.length === 1) return found[0]!;
    // Several agents: each one's merged index, run in turn. A group naming two of them is then
    // searched twice, which cannot change the best match.
    const groups = [...new Set(found.flatMap((r) => r.groups))].sort((a, b) => a - b);
    return { selection: 'specific', groups, indexes: found.flatMap((r) => this.#indexesOf(r)) };
  }

  /** The compiled rules of a resolution; compiled now only if the parse-time budget ran out. */
  #indexesOf(resolution: Resolution): readonly RuleIndex[] {
    resolution.indexes ??= [this.#compile(resolution.groups)];
    return resolution.indexes;
  }

  #compile(groups: readonly number[]): RuleIndex {
    return new RuleIndex(groups.map((g) => this.groups[g]!));
  }
}

/** Resets `state` and runs the indexes of a resolution over `path`. */
function runIndexes(path: string, indexes: readonly RuleIndex[], state: MatchState): MatchState {
  state.allow = null;
  state.disallow = null;
  for (let i = 0; i < indexes.length; i++) indexes[i]!.match(path, state);
  return state;
}

/**
 * RFC 9309 §2.2.2: the longest match wins, on a tie the allow wins, and an empty rule (priority 0)
 * never disallows — the reference's `disallow()`.
 */
function allowedBy(state: MatchState): boolean {
  const allow = state.allow === null ? -1 : state.allow.priority;
  const disallow = state.disallow === null ? -1 : state.disallow.priority;
  return !(disallow > allow && disallow > 0);
}

/** The reference's `matching_line` choice: the disallow if strictly stronger, else the allow. */
function decidingEntry(state: MatchState): IndexEntry | null {
  const allow = state.allow === null ? -1 : state.allow.priority;
  const disallow = state.disallow === null ? -1 : state.disallow.priority;
  return disallow > allow ? state.disallow : state.allow;
}

function matchedRule(entry: IndexEntry): MatchedRule {
  return {
    ...entry.rule,
    group: entry.group,
    indexRewrite: entry.indexRewrite,
    matchPriority: entry.priority,
  };
}

function lineMetadata(line: number, flags: number): LineMetadata {
  return {
    line,
    isEmpty: (flags & LineFlag.empty) !== 0,
    hasComment: (flags & LineFlag.hasComment) !== 0,
    isComment: (flags & LineFlag.isComment) !== 0,
    hasDirective: (flags & LineFlag.hasDirective) !== 0,
    isAcceptableTypo: (flags & LineFlag.acceptableTypo) !== 0,
    isLineTooLong: (flags & LineFlag.tooLong) !== 0,
    isMissingColonSeparator: (flags & LineFlag.missingColon) !== 0,
  };
}

/** Writes a rule as a person reads it: `Disallow: /private`. */
export function formatRule(rule: Pick<Rule, 'type' | 'value'>): string {
  return `${rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${rule.value}`;
}

function explainReason(
  groups: readonly Group[],
  agents: readonly string[],
  path: string,
  resolution: Resolution,
  allowed: boolean,
  bestAllow: MatchedRule | undefined,
  bestDisallow: MatchedRule | undefined,
): string {
  const who = agents.length === 0 ? 'no agent' : agents.map((a) => JSON.stringify(a)).join(', ');
  if (resolution.selection === 'none') {
    return `No User-agent line names ${who} and there is no "User-agent: *" group: ${path} is allowed.`;
  }
  const namedBy =
    resolution.selection === 'specific'
      ? `the group(s) naming ${who} (line ${resolution.groups
          .map((g) => groups[g]!.agents[0]!.line)
          .join(', ')}; "*" rules are ignored)`
      : `the "User-agent: *" group(s) (no line names ${who})`;
  if (bestAllow === undefined && bestDisallow === undefined) {
    return `No rule of ${namedBy} matches ${path}: allowed.`;
  }
  const describeRule = (r: MatchedRule): string =>
    `line ${r.line} "${formatRule(r)}"${r.indexRewrite ? ' (through its index.html rewrite)' : ''} with priority ${r.matchPriority}`;
  if (!allowed) {
    const over = bestAllow ? `, stronger than ${describeRule(bestAllow)}` : '';
    return `Disallowed by ${describeRule(bestDisallow!)} of ${namedBy}, the longest match for ${path}${over}.`;
  }
  if (bestAllow && bestDisallow && bestAllow.matchPriority === bestDisallow.matchPriority) {
    return `Allowed: ${describeRule(bestAllow)} and ${describeRule(bestDisallow)} of ${namedBy} match ${path} equally; on a tie the allow wins.`;
  }
  if (bestAllow) {
    const over = bestDisallow ? `, stronger than ${describeRule(bestDisallow)}` : '';
    return `Allowed by ${describeRule(bestAllow)} of ${namedBy}, the longest match for ${path}${over}.`;
  }
  return `Allowed: only ${describeRule(bestDisallow!)} of ${namedBy} matches ${path}, and an empty Disallow blocks nothing.`;
}

/**
 * Parses a robots.txt body once; the result answers any number of checks.
 *
 * A string body is read as its UTF-8 encoding, a `Uint8Array` (or `ArrayBuffer`) as raw bytes.
 * Never throws on any content: what is not a directive is skipped and recorded in `lines`.
 * Throws a `TypeError` only for an argument of the wrong type.
 *
 * @example
 * const robots = parseRobotsTxt('User-agent: *\nDisallow: /private\n');
 * robots.isAllowed('https://example.com/private/x', 'ExampleBot'); // false
 * robots.explain('https://example.com/private/x', 'ExampleBot').line; // 2
 */
export function parseRobotsTxt(
  body: string | Uint8Array | ArrayBuffer,
  options?: ParseOptions,
): RobotsTxt {
  const resolved = resolveOptions(options);
  return new ParsedRobotsTxt(parseByteString(readBody(body), resolved));
}
