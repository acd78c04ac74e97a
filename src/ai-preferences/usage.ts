/**
 * `usage(robots, url, agent)`: what a robots.txt file says about the use of one URL's content,
 * in both vocabularies, with the lines that say it (draft-ietf-aipref-attach-05 §3.1).
 *
 * The rules that apply are those of the groups the agent's access check selects (RFC 9309
 * §2.2.1, the same groups as `explain`), plus `Content-Signal` lines written before the first
 * group, which are read as applying to every crawler (their placement is not specified).
 * Among the rules whose path matches, the longest match wins, as for Allow/Disallow; rules of
 * equal length combine most restrictively (vocab-08 §5.1), the opposite of the Allow/Disallow
 * tie. A URL the agent may not fetch carries no preference.
 */

import { readExtensions } from '../extensions/records.js';
import {
  CONTENT_SIGNAL_VOCABULARY,
  CONTENT_USAGE_VOCABULARY,
  type ContentSignalCategory,
  type ContentUsageCategory,
  type ContentUseLevel,
  type Preference,
  USAGE_PURPOSES,
  type UsagePurpose,
} from '../extensions/vocabulary.js';
import {
  compileRules,
  createMatchState,
  endCheck,
  matchesInCheck,
  startCheck,
} from '../match/compile.js';
import type { MatchState, RuleMatcher } from '../match/matcher.js';
import { pathForMatching, urlToString } from '../match/path.js';
import { type CompiledPattern, compilePattern } from '../match/pattern.js';
import { toAgentList } from '../parse/agent.js';
import type { Explanation, RobotsPolicy, RobotsTxt, Selection } from '../types.js';
import { readStatement, type UsageStatement } from './statement.js';

/** A preference with the lines that state it. */
export interface PreferenceDecision {
  readonly preference: Preference;
  /**
   * The robots.txt lines that decided it (several when rules of the same length combine); empty
   * when no line states a preference for it.
   */
  readonly lines: readonly number[];
  /** True when a `Content-Usage` response header stated it (see `combineUsage`). */
  readonly header: boolean;
}

/** A preference line that applied to the URL. */
export interface AppliedRule {
  readonly vocabulary: 'content-usage' | 'content-signal';
  readonly line: number;
  /** The path as written, or null when the line has none. */
  readonly path: string | null;
  /** The statement of preference as written. */
  readonly statement: string;
  /** False for a Content-Usage statement that is not a dictionary (every category unknown). */
  readonly parsed: boolean;
}

/** The answer for one purpose: both vocabularies and any headers, combined. */
export interface PurposeDecision {
  /**
   * `blocked` when the agent may not fetch the URL at all; otherwise the most restrictive
   * preference any source states (vocab-08 §5.1), `unknown` when none states one.
   */
  readonly verdict: Preference | 'blocked';
  /** The deciding lines: the Disallow rule when blocked, else the lines stating the verdict. */
  readonly lines: readonly number[];
  /** True when a response header is among the deciding sources. */
  readonly header: boolean;
  /** One sentence a person can read. */
  readonly reason: string;
}

/** What a robots.txt file (and any response headers) says about the use of one URL. */
export interface UsageResult {
  /** The path (with params and query) that was matched, as `explain` extracts it. */
  readonly path: string;
  /** The queried agents, as given. */
  readonly agents: readonly string[];
  /** Whether the agent may fetch the URL: when false, no preference applies (attach-05 §3.1). */
  readonly fetchable: boolean;
  /** The access check's deciding line, 0 when no rule matched (`matchingLine`). */
  readonly line: number;
  /** Which rule set applied to the agent (see `explain`). */
  readonly selection: Selection;
  /** Indexes of the groups whose rules (and preference lines) applied, in file order. */
  readonly groups: readonly number[];
  /** The AIPREF categories (`Content-Usage`). */
  readonly contentUsage: Readonly<Record<ContentUsageCategory, PreferenceDecision>>;
  /** Cloudflare's signals (`Content-Signal`). */
  readonly contentSignal: Readonly<Record<ContentSignalCategory, PreferenceDecision>>;
  /** Cloudflare's `use=` level: the most restrictive one stated, or null. */
  readonly use: { readonly level: ContentUseLevel | null; readonly lines: readonly number[] };
  /** Each purpose, both vocabularies combined. */
  readonly purposes: Readonly<Record<UsagePurpose, PurposeDecision>>;
  /** The preference lines that applied (the longest match of each vocabulary). */
  readonly rules: readonly AppliedRule[];
  /** Response-header statements combined in (see `combineUsage`). */
  readonly headers: readonly UsageStatement[];
}

/** A preference line, ready to match. */
interface CompiledLine {
  readonly line: number;
  readonly path: string | null;
  readonly statement: string;
  readonly priority: number;
  /** The escaped pattern, as matched. */
  readonly source: string;
  readonly pattern: CompiledPattern;
}

interface CompiledUsageLine extends CompiledLine {
  /** The statement, read on first use (most lines of a large file never match a checked URL). */
  read: UsageStatement | null;
}

interface CompiledSignalLine extends CompiledLine {
  readonly signals: Readonly<Record<ContentSignalCategory, Preference>>;
  readonly use: ContentUseLevel | null;
}

/** A file's preference lines by group; `-1` holds the Content-Signal lines before any group. */
interface CompiledFile {
  readonly usage: ReadonlyMap<number, readonly CompiledUsageLine[]>;
  readonly signal: ReadonlyMap<number, readonly CompiledSignalLine[]>;
  /** The lines of a set of groups, indexed on first use (key: the groups, joined). */
  readonly sets: Map<string, LineSet<CompiledLine>>;
}

/**
 * The preference lines of some groups, compiled as Allow/Disallow rules are (the matcher's
 * `compileRules`, every line an allow): one check of the path finds the longest match, and only
 * the lines of exactly that length are then checked, for the ties that combine.
 */
interface LineSet<T> {
  readonly matcher: RuleMatcher;
  readonly byPriority: ReadonlyMap<number, readonly T[]>;
}

const NO_HEADERS: readonly UsageStatement[] = Object.freeze([]);

/** No line applies (most URLs of most files): one shared empty list. */
const NO_LINES: readonly never[] = Object.freeze([]);

/** Sets kept per file: one per distinct set of groups an agent selects. */
const SETS_KEPT = 32;
/** Checks are synchronous: one check state serves them all (as the core's checks share one). */
const STATE: MatchState = createMatchState();

const compiled = new WeakMap<object, CompiledFile>();

/** Which groups an agent selects: what `explain` reports, kept per file for a few agents. */
interface AgentResolution {
  readonly agents: readonly string[];
  readonly selection: Selection;
  readonly groups: readonly number[];
  /** The groups whose Content-Signal lines apply: the file-wide ones (-1), then `groups`. */
  readonly signalGroups: readonly number[];
  /** Keys of the indexed line sets of these groups (see `longest`). */
  readonly usageKey: string;
  readonly signalKey: string;
}

/** Agents kept per file: a crawler asks as one or two; a bound keeps odd callers in check. */
const AGENTS_KEPT = 16;
const resolutions = new WeakMap<object, Map<string, AgentResolution>>();

function resolutionOf(
  robots: RobotsTxt,
  url: string,
  agent: string | readonly string[],
): AgentResolution {
  // A crawler asks as one agent name: its key is the name; a list's is its JSON (unambiguous).
  const key = typeof agent === 'string' ? `s${agent}` : JSON.stringify(toAgentList(agent, 'usage'));
  let kept = resolutions.get(robots);
  if (kept === undefined) {
    kept = new Map();
    resolutions.set(robots, kept);
  }
  let found = kept.get(key);
  if (found === undefined) {
    const { agents, selection, groups } = robots.explain(url, agent);
    const signalGroups = [-1, ...groups];
    found = {
      agents,
      selection,
      groups,
      signalGroups,
      usageKey: `usage:${groups.join(',')}`,
      signalKey: `signal:${signalGroups.join(',')}`,
    };
    if (kept.size >= AGENTS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, found);
  }
  return found;
}

/**
 * What `robots` says about the use of `url`'s content by a crawler named `agent`: each category
 * of both vocabularies (`allowed`, `disallowed` or `unknown`, with the deciding lines), Cloudflare's
 * `use=` level, and an answer per purpose. A URL the agent may not fetch has no preference and
 * every purpose `blocked`. Accepts a fetch outcome's policy too (`allowAll`, `disallowAll`): it
 * has no lines, so only fetchability is known. Throws a `TypeError` for a bad argument and for a
 * file parsed with the `draft-1996`, `python-urllib` or `python-urllib-rfc9309` reading, which
 * do not read these lines.
 *
 * @example
 * const robots = parseRobotsTxt('User-agent: *\nContent-Usage: train-ai=n\n');
 * usage(robots, 'https://example.com/a', 'ExampleBot').purposes['ai-train'].verdict; // 'disallowed'
 */
export function usage(
  robots: RobotsTxt | RobotsPolicy,
  url: string | URL,
  agent: string | readonly string[],
): UsageResult {
  const isFile = 'directives' in robots && 'options' in robots;
  if (isFile) {
    const reading = robots.options.interpretation;
    if (reading !== 'google' && reading !== 'rfc9309') {
      throw new TypeError(
        `usage: the '${reading}' reading has no AI usage preferences; parse with interpretation 'google' or 'rfc9309'`,
      );
    }
  }
  let access: Pick<Explanation, 'allowed' | 'line' | 'path' | 'agents' | 'selection' | 'groups'>;
  work = 0;
  let usageLines: readonly CompiledUsageLine[] = NO_LINES;
  let signalLines: readonly CompiledSignalLine[] = NO_LINES;
  if (isFile) {
    // Per URL, two index walks; the groups depend on the agent alone and are kept per agent
    // (a full `explain` per URL would build its sentence and rule records for nothing).
    const text = urlToString(url, 'usage');
    const resolution = resolutionOf(robots, text, agent);
    access = {
      allowed: robots.isAllowed(text, agent),
      line: robots.matchingLine(text, agent),
      path: pathForMatching(text, robots.options.percentEncoding === 'rfc9309'),
      agents: resolution.agents,
      selection: resolution.selection,
      groups: resolution.groups,
    };
    if (access.allowed) {
      const file = compiledFile(robots);
      const path = access.path;
      usageLines = longest(file, resolution.usageKey, file.usage, resolution.groups, path);
      signalLines = longest(file, resolution.signalKey, file.signal, resolution.signalGroups, path);
    }
  } else {
    access = robots.explain(url, agent);
  }
  const path = access.path;

  const contentUsage = {} as Record<ContentUsageCategory, PreferenceDecision>;
  for (const { label } of CONTENT_USAGE_VOCABULARY.categories) {
    contentUsage[label] = combine(usageLines, (l) => statementOf(l).preferences[label]);
  }
  const contentSignal = {} as Record<ContentSignalCategory, PreferenceDecision>;
  for (const { label } of CONTENT_SIGNAL_VOCABULARY.categories) {
    contentSignal[label] = combine(signalLines, (l) => l.signals[label]);
  }
  const rules: readonly AppliedRule[] =
    usageLines.length + signalLines.length === 0
      ? NO_LINES
      : [
          ...usageLines.map((l) => applied('content-usage', l, statementOf(l).parsed)),
          ...signalLines.map((l) => applied('content-signal', l, true)),
        ];
  return finish({
    path,
    agents: access.agents,
    fetchable: access.allowed,
    line: access.line,
    selection: access.selection,
    groups: access.groups,
    contentUsage,
    contentSignal,
    use: mostRestrictiveUse(signalLines),
    rules,
    headers: NO_HEADERS,
  });
}

/**
 * Adds response-header statements (`parseContentUsageHeader`) to a result: each AIPREF category
 * and each purpose becomes the most restrictive of what robots.txt and the headers state
 * (vocab-08 §5.1). A URL the agent may not fetch stays `blocked` for every purpose.
 *
 * @example
 * combineUsage(usage(robots, url, 'ExampleBot'), parseContentUsageHeader('train-ai=n'));
 */
export function combineUsage(
  result: UsageResult,
  ...headers: readonly UsageStatement[]
): UsageResult {
  if (headers.length === 0) return result;
  const contentUsage = {} as Record<ContentUsageCategory, PreferenceDecision>;
  for (const { label } of CONTENT_USAGE_VOCABULARY.categories) {
    const fromHeaders = headers.map((h) => h.preferences[label]);
    contentUsage[label] = withHeaders(result.contentUsage[label], fromHeaders);
  }
  return finish({ ...result, contentUsage, headers: [...result.headers, ...headers] });
}

/** The result with its purposes computed from the categories (`result` is fresh: completed). */
function finish(result: Omit<UsageResult, 'purposes'>): UsageResult {
  const purposes = {} as Record<UsagePurpose, PurposeDecision>;
  for (const purpose of USAGE_PURPOSES) purposes[purpose] = decidePurpose(result, purpose);
  return Object.assign(result, { purposes });
}

/** The categories of both vocabularies that serve each purpose, with their names in reasons. */
const PURPOSE_SOURCES: Readonly<
  Record<
    UsagePurpose,
    readonly {
      readonly name: string;
      readonly of: (r: Omit<UsageResult, 'purposes'>) => PreferenceDecision;
    }[]
  >
> = Object.fromEntries(
  USAGE_PURPOSES.map((purpose) => [
    purpose,
    [
      ...CONTENT_USAGE_VOCABULARY.categories
        .filter((c) => c.purpose === purpose)
        .map((c) => ({
          name: `Content-Usage ${c.label}`,
          of: (r: Omit<UsageResult, 'purposes'>) => r.contentUsage[c.label],
        })),
      ...CONTENT_SIGNAL_VOCABULARY.categories
        .filter((c) => c.purpose === purpose)
        .map((c) => ({
          name: `Content-Signal ${c.label}`,
          of: (r: Omit<UsageResult, 'purposes'>) => r.contentSignal[c.label],
        })),
    ],
  ]),
) as Record<UsagePurpose, never>;

function decidePurpose(
  result: Omit<UsageResult, 'purposes'>,
  purpose: UsagePurpose,
): PurposeDecision {
  if (!result.fetchable) {
    const who = result.agents.join(', ');
    const line = result.line;
    return {
      verdict: 'blocked',
      lines: line === 0 ? [] : [line],
      header: false,
      reason: `${who} may not fetch ${result.path}${line === 0 ? '' : ` (line ${line})`}, so no usage preference applies.`,
    };
  }
  // The sources stating the most restrictive preference any states (vocab-08 §5.1).
  const sources = PURPOSE_SOURCES[purpose];
  for (const verdict of VERDICTS) {
    let names = '';
    let count = 0;
    let header = false;
    const lines: number[] = [];
    for (const source of sources) {
      const decision = source.of(result);
      if (decision.preference !== verdict) continue;
      names = count === 0 ? source.name : `${names} and ${source.name}`;
      count++;
      header ||= decision.header;
      for (const line of decision.lines) if (!lines.includes(line)) lines.push(line);
    }
    if (count === 0) continue;
    if (lines.length > 1) lines.sort((a, b) => a - b);
    const at = lines.length === 0 ? '' : `line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`;
    const where = header
      ? at === ''
        ? 'the Content-Usage header'
        : `${at} and the Content-Usage header`
      : at;
    const verb = verdict === 'allowed' ? 'allow' : 'disallow';
    return {
      verdict,
      lines,
      header,
      reason: `${names} ${verb}${count > 1 ? '' : 's'} ${purpose} for ${result.path} (${where}).`,
    };
  }
  return {
    verdict: 'unknown',
    lines: NO_LINES,
    header: false,
    reason: `No line or header states ${PURPOSE_ARTICLE[purpose]} ${purpose} preference for ${result.path}.`,
  };
}

const VERDICTS = ['disallowed', 'allowed'] as const;
const PURPOSE_ARTICLE: Readonly<Record<UsagePurpose, string>> = {
  search: 'a',
  'ai-input': 'an',
  'ai-train': 'an',
};

/** No line states a preference: one shared, frozen answer (most URLs of most files). */
const UNKNOWN: PreferenceDecision = Object.freeze({
  preference: 'unknown',
  lines: Object.freeze([]) as readonly number[],
  header: false,
});

/** vocab-08 §5.1: any disallow wins, then any allow; the lines are those stating the winner. */
function combine<T extends { readonly line: number }>(
  lines: readonly T[],
  said: (line: T) => Preference,
): PreferenceDecision {
  if (lines.length === 0) return UNKNOWN;
  for (const verdict of ['disallowed', 'allowed'] as const) {
    const stating: number[] = [];
    for (const line of lines) if (said(line) === verdict) stating.push(line.line);
    if (stating.length > 0) return { preference: verdict, lines: stating, header: false };
  }
  return UNKNOWN;
}

function withHeaders(
  robots: PreferenceDecision,
  headers: readonly Preference[],
): PreferenceDecision {
  for (const verdict of ['disallowed', 'allowed'] as const) {
    const inRobots = robots.preference === verdict;
    const inHeaders = headers.includes(verdict);
    if (inRobots || inHeaders) {
      return { preference: verdict, lines: inRobots ? robots.lines : [], header: inHeaders };
    }
  }
  return robots;
}

const NO_USE: UsageResult['use'] = Object.freeze({ level: null, lines: NO_LINES });

function mostRestrictiveUse(lines: readonly CompiledSignalLine[]): UsageResult['use'] {
  if (lines.length === 0) return NO_USE;
  const levels = CONTENT_SIGNAL_VOCABULARY.use.levels;
  for (const level of levels) {
    const stating = lines.filter((l) => l.use === level).map((l) => l.line);
    if (stating.length > 0) return { level, lines: stating };
  }
  return NO_USE;
}

function applied(
  vocabulary: AppliedRule['vocabulary'],
  line: CompiledLine,
  parsed: boolean,
): AppliedRule {
  return { vocabulary, line: line.line, path: line.path, statement: line.statement, parsed };
}

/** The matching lines of the longest match among `groups`' lines (all of them on a tie). */
function longest<T extends CompiledLine>(
  file: CompiledFile,
  key: string,
  byGroup: ReadonlyMap<number, readonly T[]>,
  groups: readonly number[],
  path: string,
): readonly T[] {
  let set = file.sets.get(key) as LineSet<T> | undefined;
  if (set === undefined) {
    set = indexLines(groups.flatMap((group) => byGroup.get(group) ?? []));
    if (file.sets.size >= SETS_KEPT) file.sets.delete(file.sets.keys().next().value!);
    file.sets.set(key, set as LineSet<CompiledLine>);
  }
  if (set.byPriority.size === 0) return NO_LINES;
  startCheck(STATE, path);
  try {
    set.matcher.match(path, STATE);
    const best = STATE.allow;
    if (best === null) return NO_LINES;
    const tied = set.byPriority.get(best.priority) ?? NO_LINES;
    if (tied.length === 1) return tied;
    // The ties are matched through the same check as the matcher (its searches keep a flood of
    // wildcard lines linear); lines repeating a pattern are matched once.
    const matched = new Map<string, boolean>();
    return tied.filter((line) => {
      let matches = matched.get(line.source);
      if (matches === undefined) {
        matches = matchesInCheck(STATE, line.pattern);
        matched.set(line.source, matches);
      }
      return matches;
    });
  } finally {
    work += STATE.search.work;
    endCheck(STATE);
  }
}

/** The work (in `workBudget` units) of the last `usage` call's line lookups. */
let work = 0;

/**
 * The work of the last `usage` call's preference-line lookups (characters compared or scanned):
 * for the tests, which count work rather than time it. Not part of the public API.
 */
export function lastUsageWork(): number {
  return work;
}

function indexLines<T extends CompiledLine>(lines: readonly T[]): LineSet<T> {
  const sorted = [...lines].sort((a, b) => a.line - b.line);
  const byPriority = new Map<number, T[]>();
  for (const line of sorted) {
    const same = byPriority.get(line.priority);
    if (same === undefined) byPriority.set(line.priority, [line]);
    else same.push(line);
  }
  const matcher = compileRules(
    sorted.map((line) => ({
      pattern: line.source,
      allow: true,
      line: line.line,
      priority: line.priority,
    })),
  );
  return { matcher, byPriority };
}

function statementOf(line: CompiledUsageLine): UsageStatement {
  line.read ??= readStatement(line.statement);
  return line.read;
}

function compiledFile(robots: RobotsTxt): CompiledFile {
  let file = compiled.get(robots);
  if (file !== undefined) return file;
  const usageLines = new Map<number, CompiledUsageLine[]>();
  const signalLines = new Map<number, CompiledSignalLine[]>();
  const push = <T>(map: Map<number, T[]>, group: number, value: T): void => {
    const list = map.get(group);
    if (list === undefined) map.set(group, [value]);
    else list.push(value);
  };
  for (const record of readExtensions(robots)) {
    if (record.type === 'content-usage') {
      // attach-05 §3: a rule of a group; a line before the first group applies to none.
      if (record.group < 0) continue;
      push(usageLines, record.group, {
        line: record.line,
        path: record.path,
        statement: record.statement,
        priority: record.priority,
        source: record.pattern,
        pattern: compilePattern(record.pattern),
        read: null,
      });
    } else if (record.type === 'content-signal') {
      push(signalLines, record.group, {
        line: record.line,
        path: record.path,
        statement: record.statement,
        priority: record.priority,
        source: record.pattern,
        pattern: compilePattern(record.pattern),
        signals: record.signals.signals,
        use: record.signals.use,
      });
    }
  }
  file = { usage: usageLines, signal: signalLines, sets: new Map() };
  compiled.set(robots, file);
  return file;
}
