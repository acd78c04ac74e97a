/**
 * The facade over a parsed file: `isAllowed`, `explain`, `matchingLine`, `crawlDelay`, with the
 * per-file work (group lookup tables) done once at construction, and each agent's rule index
 * compiled once, on its first check.
 */

import { explainReason } from './explain.js';
import { compileTableSet, createMatchState, endCheck, startCheck } from './match/compile.js';
import { type MatchedEntry, type MatchState, retainedChanged } from './match/matcher.js';
import { pathForMatching, pathForMatchingAt, urlToString } from './match/path.js';
import { type RuleNumbers, readRuleTable } from './match/rule-table.js';
import { allowsBy, decidingRule, priorityOf } from './match/strategy.js';
import type { TokenGroups } from './match/token-groups.js';
import { lineMetadata, matchedRule, optionsAsData } from './model-records.js';
import { agentNotes, toAgentList } from './parse/agent.js';
import type { BodyText, SizedBodyText } from './parse/body.js';
import {
  crawlDelayReason,
  isCrawlDelayKey,
  parseCrawlDelay,
  slowestPacing,
} from './parse/crawl-delay.js';
import { type BodyModel, buildModel } from './parse/model.js';
import { reportByteString } from './parse/report.js';
import { parseRequestRate } from './parse/request-rate.js';
import { compareReadings } from './readings/compare.js';
import {
  NO_GROUPS,
  type OneSet,
  type Resolution,
  type RuleSet,
  sameAgentList,
  sameGroups,
} from './rule-sets.js';
import type {
  CrawlDelayExplanation,
  Explanation,
  Group,
  LineMetadata,
  OtherDirective,
  ParseOptions,
  Readings,
  ReadingVerdict,
  RequestRate,
  RobotsTxt,
  RobotsTxtData,
  RobotsTxtReport,
  Rule,
  SitemapLine,
} from './types.js';
import { byteStringToBytes, stringToByteString, utf8Length } from './util/bytes.js';

/**
 * The state `isAllowed` and `matchingLine` match into: checks are synchronous and read the state
 * at once, so one object serves every file and no check allocates. It is emptied after each
 * read (so the next check starts empty, and it never keeps a dropped file's rules alive).
 */
const SHARED_STATE: MatchState = createMatchState();

/**
 * The work (in `workBudget` units) of the last `isAllowed` or `matchingLine` of any file: for the
 * tests and the bench, which count work rather than time it. Not part of the public API.
 */
export function lastCheckWork(): number {
  return SHARED_STATE.search.work;
}

/**
 * Parses a body under every reading (`robots.ts`'s `readingsOf`, which parses through this class:
 * handed over when `robots.ts` loads, as this file sits below it). `parsed` stands for its own
 * reading.
 */
export type EveryReading = (
  body: string | Uint8Array,
  maxBytes: number,
  parsed: RobotsTxt,
) => Readings;

let everyReadingOf: EveryReading | undefined;

/** Called once by `robots.ts`, the only module that imports this one (test/layering.test.ts). */
export function useEveryReading(parse: EveryReading): void {
  everyReadingOf = parse;
}

function everyReading(body: string | Uint8Array, maxBytes: number, parsed: RobotsTxt): Readings {
  if (everyReadingOf === undefined)
    throw new Error(
      'robots-rep: import ParsedRobotsTxt through robots.ts, which parses the readings',
    );
  return everyReadingOf(body, maxBytes, parsed);
}

/** No agent argument equals it: the first check always resolves (and type-checks) its agent. */
const NO_AGENT: unique symbol = Symbol('no agent');

/**
 * A parsed robots.txt file. Create it with `parseRobotsTxt`.
 *
 * Construction reads the body once: every group's rules (where their values are) and which
 * groups each agent selects. The rules of the groups an agent selects are compiled into an index
 * on the first check of that agent and kept, so later checks do only per-URL work, and a crawler
 * checking as one agent never compiles the other agents' rules. The plain-data model (`groups`,
 * `lines`, `sitemaps`, …) is built from the kept body on first access: most users only check
 * URLs, and building the model took about as long as the rest of a parse and most of a small
 * file's memory.
 */
export class ParsedRobotsTxt implements RobotsTxt {
  readonly options: Required<ParseOptions>;
  /**
   * The body as read (see BodyText), kept for the rules and the model: three fields rather than
   * the read body's object, which a small file would pay for.
   */
  readonly #text: string;
  readonly #ascii: boolean;
  readonly #utf16: boolean;
  /** Every group's rules (see RuleTable), compiled into a rule set's index on its first check. */
  readonly #rules: RuleNumbers;
  /** Bytes in the body; -1 until counted (UTF-16 text from a string). */
  #size: number;
  /** Bytes parsed; -1 for all of them. */
  readonly #bytesParsed: number;
  #model: BodyModel | undefined;
  /** The file under every reading, for `compare`: parsed on its first call. */
  #readings: Readings | undefined;
  /** Checks that ran out of `options.workBudget`. */
  #exhausted = 0;
  /** The groups naming each product token (RFC 9309 §2.2.1: case-insensitive); null: none. */
  readonly #tokenGroups: TokenGroups | null;
  /** The groups with a `*` line. */
  readonly #globalGroups: readonly number[];
  /**
   * One rule set per distinct list of groups: agents named by the same groups, and `*` when its
   * groups are theirs too, compile and run the same rules once. Made on first use, as the
   * resolutions: a file checked as one agent makes one, kept in `#firstSet`; the others are
   * found by `groups.join(',')` in `#sets`.
   */
  #firstSet: RuleSet | null = null;
  #sets: Map<string, RuleSet> | null = null;
  #global: Resolution | null = null;
  /** The agent (or copy of the list) of the last check, and its resolution. */
  #lastAgent: unknown = NO_AGENT;
  #lastResolution: Resolution = NO_GROUPS;

  /** `body` as `readBody` reads it. */
  constructor(body: SizedBodyText, options: Required<ParseOptions>) {
    this.options = options;
    const table = readRuleTable(body, options);
    // Reading the rule table may have turned UTF-16 text into a byte string.
    const { text, ascii, utf16 } = table.body;
    this.#text = text;
    this.#ascii = ascii;
    this.#utf16 = utf16;
    this.#rules = table.rules;
    // A rule table read from UTF-16 text turned into bytes counted them.
    this.#size = body.size >= 0 ? body.size : utf16 ? -1 : text.length;
    // UTF-16 text is read only when the whole body fits in `maxBytes`.
    this.#bytesParsed = utf16 ? -1 : table.bytesParsed;
    this.#tokenGroups = table.tokenGroups;
    this.#globalGroups = table.globalGroups;
  }

  /** The rule set of `groups`. */
  #setOf(groups: readonly number[]): RuleSet {
    const first = this.#firstSet;
    if (first === null) {
      this.#firstSet = { groups, matcher: null, specific: null };
      return this.#firstSet;
    }
    if (sameGroups(first.groups, groups)) return first;
    this.#sets ??= new Map();
    const key = groups.join(',');
    let set = this.#sets.get(key);
    if (set === undefined) {
      set = { groups, matcher: null, specific: null };
      this.#sets.set(key, set);
    }
    return set;
  }

  /**
   * The resolution of agents a product token names, by the groups naming it: tokens named by the
   * same groups share one, so a list of such agents is one set.
   */
  #specific(groups: readonly number[]): OneSet {
    const set = this.#setOf(groups);
    set.specific ??= { kind: 'set', selection: 'specific', groups, set };
    return set.specific;
  }

  /** The resolution of an agent no group names: the `*` groups. */
  #globalResolution(): Resolution {
    const groups = this.#globalGroups;
    this.#global ??=
      groups.length === 0
        ? NO_GROUPS
        : { kind: 'set', selection: 'global', groups, set: this.#setOf(groups) };
    return this.#global;
  }

  /** The plain-data model, parsed from the kept body on first use. */
  #parsed(): BodyModel {
    if (this.#model === undefined) {
      this.#model = buildModel(this.#body(), this.options, priorityOf);
      retainedChanged();
    }
    return this.#model;
  }

  get size(): number {
    if (this.#size < 0) this.#size = utf8Length(this.#text);
    return this.#size;
  }

  get bytesParsed(): number {
    return this.#bytesParsed < 0 ? this.size : this.#bytesParsed;
  }

  get truncated(): boolean {
    // Only a body longer than `maxBytes` is read in part.
    return this.bytesParsed < this.size;
  }

  get groups(): readonly Group[] {
    return this.#parsed().groups;
  }

  get rulesOutsideGroups(): readonly Rule[] {
    return this.#parsed().rulesOutsideGroups;
  }

  get sitemapLines(): readonly SitemapLine[] {
    return this.#parsed().sitemapLines;
  }

  get sitemaps(): readonly string[] {
    return this.#parsed().sitemaps;
  }

  get directives(): readonly OtherDirective[] {
    return this.#parsed().directives;
  }

  get lineCount(): number {
    return this.#parsed().lineFlags.length;
  }

  get lines(): readonly LineMetadata[] {
    const model = this.#parsed();
    model.lines ??= Array.from(model.lineFlags, (flags, i) => lineMetadata(i + 1, flags));
    return model.lines;
  }

  get exhaustedChecks(): number {
    return this.#exhausted;
  }

  get retainedBytes(): number {
    // Estimates, from measured heap sizes (docs/performance.md): the kept body (a byte string,
    // or UTF-16 text), the rule table (8 bytes a number in an array, 4 and 256 in a typed
    // array), the model (about 200 bytes a line) once read, and the compiled indexes.
    const text = this.#text.length * (this.#utf16 ? 2 : 1);
    const model = this.#model === undefined ? 0 : 200 * this.#model.lineFlags.length;
    let indexes = 0;
    indexes += this.#firstSet?.matcher?.estimatedBytes ?? 0;
    if (this.#sets !== null)
      for (const set of this.#sets.values()) indexes += set.matcher?.estimatedBytes ?? 0;
    const table =
      this.#rules instanceof Int32Array ? 256 + 4 * this.#rules.length : 8 * this.#rules.length;
    return 1024 + text + table + model + indexes;
  }

  isAllowed(url: string | URL, agent: string | readonly string[]): boolean {
    // Only the verdict: the indexes pass over rules that would change only the deciding line.
    const state = this.#match(url, agent, 'isAllowed', true);
    // Past its budget a check is not decided: it fails closed.
    const allowed = !state.search.exhausted && allowedBy(state);
    endCheck(SHARED_STATE);
    return allowed;
  }

  /**
   * {@link isAllowed} of a string URL whose path starts at `pathStart` (-1: none), as the
   * reference finds it, and ends at `pathEnd` (its `#` or its end, no NUL before): the crawler
   * client has read the URL. @internal
   */
  isAllowedAt(
    url: string,
    pathStart: number,
    pathEnd: number,
    agent: string | readonly string[],
  ): boolean {
    const path = pathForMatchingAt(url, pathStart, pathEnd, this.#rfc9309());
    const state = this.#run(path, this.#resolution(agent, 'isAllowed'), SHARED_STATE, true);
    const allowed = !state.search.exhausted && allowedBy(state);
    endCheck(SHARED_STATE);
    return allowed;
  }

  matchingLine(url: string | URL, agent: string | readonly string[]): number {
    const state = this.#match(url, agent, 'matchingLine', false);
    const line = state.search.exhausted ? 0 : (decidingEntry(state)?.line ?? 0);
    endCheck(SHARED_STATE);
    return line;
  }

  explain(url: string | URL, agent: string | readonly string[]): Explanation {
    const path = pathForMatching(urlToString(url, 'explain'), this.#rfc9309());
    const resolution = this.#resolution(agent, 'explain');
    const agents = toAgentList(agent, 'explain');
    // Its own state: the explanation keeps the entries, which the shared state would overwrite.
    const state = this.#run(path, resolution, createMatchState(), false);
    if (state.search.exhausted) return this.#exhaustedExplanation(path, agents, resolution);
    const allowed = allowedBy(state);
    const groups = this.groups;
    const decider = decidingEntry(state);
    const rule = decider === null ? undefined : matchedRule(groups, decider);
    const bestAllow = state.allow === null ? undefined : matchedRule(groups, state.allow);
    const bestDisallow = state.disallow === null ? undefined : matchedRule(groups, state.disallow);
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
      reason: explainReason(groups, agents, path, resolution, allowed, bestAllow, bestDisallow),
      ...agentNotes(agents),
    };
  }

  /** The answer to a check that ran out of its budget: disallowed, decided by no line. */
  #exhaustedExplanation(
    path: string,
    agents: readonly string[],
    resolution: Resolution,
  ): Explanation {
    return {
      allowed: false,
      line: 0,
      path,
      agents,
      selection: resolution.selection,
      groups: resolution.groups,
      reason:
        `Disallowed without a decision: checking this URL took more than the work budget of ` +
        `${this.options.workBudget} comparisons, and a check past its budget fails closed ` +
        '(the file or the URL looks built to make matching slow).',
      budgetExceeded: true,
      ...agentNotes(agents),
    };
  }

  crawlDelay(agent: string | readonly string[]): number | undefined {
    return this.#crawlDelays(agent, 'crawlDelay')?.slowest.value;
  }

  explainCrawlDelay(agent: string | readonly string[]): CrawlDelayExplanation | undefined {
    const found = this.#crawlDelays(agent, 'explainCrawlDelay');
    if (found === undefined) return undefined;
    const { slowest, all } = found;
    return {
      seconds: slowest.value,
      line: slowest.line,
      lines: all.map(({ line, value }) => ({ line, seconds: value })),
      reason: crawlDelayReason(toAgentList(agent, 'explainCrawlDelay'), slowest, all),
    };
  }

  requestRate(agent: string | readonly string[]): RequestRate | undefined {
    const groups = new Set(this.#resolution(agent, 'requestRate').groups);
    const found = slowestPacing(
      this.directives,
      groups,
      (key) => key === 'request-rate',
      parseRequestRate,
      (rate) => rate.seconds / rate.requests,
    );
    return found?.slowest.value;
  }

  /** The valid Crawl-delay lines of `agent`'s groups, and the slowest (RFC 9309 groups merged). */
  #crawlDelays(agent: string | readonly string[], caller: string) {
    const groups = new Set(this.#resolution(agent, caller).groups);
    return slowestPacing(this.directives, groups, isCrawlDelayKey, parseCrawlDelay, (s) => s);
  }

  toJSON(): RobotsTxtData {
    return {
      groups: this.groups,
      rulesOutsideGroups: this.rulesOutsideGroups,
      sitemapLines: this.sitemapLines,
      sitemaps: this.sitemaps,
      directives: this.directives,
      size: this.size,
      bytesParsed: this.bytesParsed,
      truncated: this.truncated,
      options: optionsAsData(this.options),
    };
  }

  #rfc9309(): boolean {
    return this.options.percentEncoding === 'rfc9309';
  }

  /** Runs the applicable rule indexes over the URL's path; the result is shared, read at once. */
  #match(
    url: string | URL,
    agent: string | readonly string[],
    caller: string,
    verdictOnly: boolean,
  ): MatchState {
    const path = pathForMatching(urlToString(url, caller), this.#rfc9309());
    return this.#run(path, this.#resolution(agent, caller), SHARED_STATE, verdictOnly);
  }

  /** The resolution of `agent`; crawlers check many URLs for the same agent(s): resolved once. */
  #resolution(agent: string | readonly string[], caller: string): Resolution {
    if (agent !== this.#lastAgent && !sameAgentList(agent, this.#lastAgent)) {
      if (typeof agent === 'string') {
        this.#lastResolution = this.#resolveOne(agent);
        this.#lastAgent = agent;
      } else {
        const agents = toAgentList(agent, caller);
        this.#lastResolution = this.#resolve(agents);
        // A copy: a caller may reuse its array with other agents.
        this.#lastAgent = agents.slice();
      }
    }
    return this.#lastResolution;
  }

  /**
   * RFC 9309 §2.2.1: the groups naming any queried agent, merged; if none names one, the `*`
   * groups. A line naming an agent hides the `*` rules even when its group has no rules.
   */
  #resolve(agents: readonly string[]): Resolution {
    const byToken = this.#tokenGroups;
    if (byToken === null) return this.#globalResolution();
    if (agents.length === 1) return this.#resolveOne(agents[0]!);
    const found: OneSet[] = [];
    for (const agent of agents) {
      const groups = byToken.get(agent);
      if (groups === undefined) continue;
      const resolution = this.#specific(groups);
      if (!found.includes(resolution)) found.push(resolution);
    }
    if (found.length === 0) return this.#globalResolution();
    if (found.length === 1) return found[0]!;
    const groups = [...new Set(found.flatMap((r) => r.groups))].sort((a, b) => a - b);
    return { kind: 'parts', selection: 'specific', groups, parts: found.map((r) => r.set) };
  }

  /** {@link #resolve} of one agent. */
  #resolveOne(agent: string): Resolution {
    const groups = this.#tokenGroups?.get(agent);
    return groups === undefined ? this.#globalResolution() : this.#specific(groups);
  }

  /**
   * Runs the rules of a resolution over `path` into `state`, within the work budget; counts a
   * check that runs out of it.
   */
  #run(path: string, resolution: Resolution, state: MatchState, verdictOnly: boolean): MatchState {
    startCheck(state, path, this.options.workBudget, verdictOnly);
    if (resolution.kind === 'set') {
      this.#runSet(resolution.set, path, state);
    } else {
      const { parts } = resolution;
      for (let i = 0; i < parts.length; i++) this.#runSet(parts[i]!, path, state);
    }
    if (state.search.exhausted) this.#exhausted++;
    return state;
  }

  /** Runs a rule set over `path`, compiling its matcher on its first check. */
  #runSet(set: RuleSet, path: string, state: MatchState): void {
    // No group applies: no rule can match (and `NO_GROUPS`, shared, keeps no file's rules).
    if (set.groups.length === 0) return;
    set.matcher ??= compileTableSet(this.#body(), this.#rules, set.groups, this.#rfc9309());
    set.matcher.match(path, state);
  }

  compare(url: string | URL, agent: string | readonly string[]): ReadingVerdict[] {
    this.#readings ??= everyReading(this.#source(), this.options.maxBytes, this);
    return compareReadings(this.#readings, url, agent);
  }

  /** The body as given, as far as it is kept: UTF-16 text as a string, a byte string as bytes. */
  #source(): string | Uint8Array {
    return this.#utf16 ? this.#text : byteStringToBytes(this.#text);
  }

  report(): RobotsTxtReport {
    const bytes = this.#utf16 ? stringToByteString(this.#text) : this.#text;
    const limit = this.options.maxBytes;
    return reportByteString(bytes.length > limit ? bytes.slice(0, limit) : bytes);
  }

  #body(): BodyText {
    return { text: this.#text, ascii: this.#ascii, utf16: this.#utf16 };
  }
}

/** RFC 9309 §2.2.2 over the best allow and disallow found. */
function allowedBy(state: MatchState): boolean {
  return allowsBy(decidingEntry(state));
}

function decidingEntry(state: MatchState): MatchedEntry | null {
  return decidingRule(state.allow, state.disallow);
}
