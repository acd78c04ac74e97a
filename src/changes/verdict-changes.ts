/**
 * Which verdicts differ between two versions of a robots.txt, found without sampling: a verdict
 * can change only for a crawler whose rules changed, and only on a path one of the changed rules
 * matches (elsewhere the same rules match on both sides). So each set of crawlers that read the
 * same groups is checked once, on the paths derived from its changed rules and from the rules they
 * interact with (those of its rules that match a path a changed rule matches too).
 */

import { formatRule } from '../explain.js';
import { matchesPattern } from '../match/pattern.js';
import type {
  DiffVerdict,
  Explanation,
  Group,
  RobotsPolicy,
  Rule,
  VerdictChange,
} from '../types.js';
import { asciiLowerCase } from '../util/bytes.js';
import { readKey, rulesRead } from './groups-read.js';
import { probePaths } from './probe-paths.js';
import { type SearchSide, searchWitnesses } from './witness-search.js';

/** The name the crawler `*` is checked as: one no group names. */
export const ANY_OTHER_AGENT = 'RobotsRepAnyOtherBot';

// Past this many changed rules, derived paths are checked without asking which of them match:
// the filter only saves checks, and asking is quadratic.
const MAX_FILTERED = 64;

/** The witness search's default bound, in states (all crawler sets of one comparison together). */
export const DEFAULT_MAX_STATES = 20_000;

/**
 * How a crawler reads one side: the token to ask the file with (undefined when no group applies:
 * every URL allowed) and the token whose group decides, as a view marks it (none: the side is
 * not marked).
 */
export interface SideReading {
  readonly query: string | undefined;
  readonly decidedBy?: string | undefined;
}

/** What {@link compareVerdicts} compares. */
export interface CompareOptions {
  /** The crawlers (product tokens, `*` for any other). */
  readonly agents: readonly string[];
  /** The URLs or paths; by default the paths derived from the changed rules. */
  readonly urls?: readonly string[] | undefined;
  /** At most this many comparisons (crawlers reading the same groups share one). */
  readonly maxChecks: number;
  /**
   * At most this many states of the witness search (all crawler sets together; see
   * `witness-search.ts`). @default DEFAULT_MAX_STATES
   */
  readonly maxStates?: number | undefined;
  /**
   * How each crawler (`*` as {@link ANY_OTHER_AGENT}) reads each side, when it is not by its own
   * token: the crawler model. A side it gives a `decidedBy` says it in every change.
   */
  readonly reading?: ((policy: RobotsPolicy, name: string) => SideReading) | undefined;
}

/** What {@link compareVerdicts} found, and how much it checked. */
export interface VerdictComparison {
  /** Every changed verdict, URL by URL in the order the URLs were derived, then by crawler. */
  readonly verdicts: VerdictChange[];
  /** The URLs compared for at least one crawler. */
  readonly urls: string[];
  /** URL × crawler pairs compared (a pair of a crawler whose rules did not change needs none). */
  readonly checks: number;
  /** URL × crawler pairs that `maxChecks` left uncompared. */
  readonly omitted: number;
  /** The witness search (none when the URLs were given). */
  readonly search: SearchSummary;
}

/** How far the witness search looked, over every crawler set whose rules changed. */
export interface SearchSummary {
  /** States visited. */
  readonly states: number;
  /** Paths whose verdicts differ that the derived paths missed, one per change class: added. */
  readonly witnesses: number;
  /** True when the state budget stopped a search: verdicts on longer paths were not compared. */
  readonly stopped: boolean;
  /**
   * When stopped: every path of at most this many characters was compared (for each crawler
   * set), longer ones only where derived from the rules; else undefined.
   */
  readonly comparedUpTo: number | undefined;
}

interface AgentClass {
  /** Indexes into the agents list. */
  readonly members: number[];
  /** The token each side is asked with (undefined: no group applies, every URL allowed). */
  readonly before: SideReading;
  readonly after: SideReading;
  /** The rules it reads that differ between the sides; all of them against a fetch outcome. */
  readonly changed: readonly Rule[];
  /** Whether a path needs checking only when a changed rule matches it. */
  readonly filter: boolean;
  paths: string[];
}

/** The verdicts of every crawler in `agents` that differ between `before` and `after`. */
export function compareVerdicts(
  before: RobotsPolicy,
  after: RobotsPolicy,
  options: CompareOptions,
): VerdictComparison {
  const { agents, urls, maxChecks, reading } = options;
  const search = {
    states: 0,
    witnesses: 0,
    stopped: false,
    comparedUpTo: undefined as number | undefined,
    left: options.maxStates ?? DEFAULT_MAX_STATES,
  };
  const classes = new Map<string, AgentClass>();
  agents.forEach((agent, i) => {
    const name = agent === '*' ? ANY_OTHER_AGENT : agent;
    const was = classSide(reading?.(before, name), name);
    const is = classSide(reading?.(after, name), name);
    // Crawlers asked with the same groups, and marked alike, share their comparisons.
    const key = `${readKey(before, was.query)}|${readKey(after, is.query)}|${markKey(was)}|${markKey(is)}`;
    const known = classes.get(key);
    if (known !== undefined) known.members.push(i);
    else {
      const paths = pathsFor(before, after, was.query, is.query, urls, search);
      classes.set(key, { members: [i], before: was, after: is, ...paths });
    }
  });

  const order = new Map<string, number>();
  for (const c of classes.values())
    for (const p of c.paths) if (!order.has(p)) order.set(p, order.size);
  // Every crawler whose rules changed is checked on every URL where that could change its
  // verdict, not only on its own: a listed URL shows every crawler's change there.
  for (const c of classes.values()) {
    if (c.paths.length === 0 || urls !== undefined) continue;
    const own = new Set(c.paths);
    for (const p of order.keys()) {
      if (!own.has(p) && (!c.filter || c.changed.some((r) => matchesPattern(r.pattern, p)))) {
        c.paths.push(p);
      }
    }
    c.paths.sort((x, y) => order.get(x)! - order.get(y)!);
  }
  const found: { path: number; agent: number; change: VerdictChange }[] = [];
  const checked = new Set<string>();
  let budget = maxChecks;
  let checks = 0;
  let omitted = 0;
  for (const c of classes.values()) {
    for (const [n, url] of c.paths.entries()) {
      if (budget === 0) {
        omitted += (c.paths.length - n) * c.members.length;
        break;
      }
      budget--;
      checks += c.members.length;
      checked.add(url);
      // The verdicts first (the matcher's fast path); the explanations only where they differ.
      if (allowedAs(before, url, c.before) === allowedAs(after, url, c.after)) continue;
      for (const i of c.members) {
        const agent = agents[i]!;
        const name = agent === '*' ? ANY_OTHER_AGENT : agent;
        const change = {
          url,
          agent,
          before: sideAs(before, url, c.before, name),
          after: sideAs(after, url, c.after, name),
        };
        found.push({ path: order.get(url)!, agent: i, change });
      }
    }
  }
  found.sort((x, y) => x.path - y.path || x.agent - y.agent);
  return {
    verdicts: found.map((f) => f.change),
    urls: [...checked].sort((x, y) => order.get(x)! - order.get(y)!),
    checks,
    omitted,
    search: {
      states: search.states,
      witnesses: search.witnesses,
      stopped: search.stopped,
      comparedUpTo: search.comparedUpTo,
    },
  };
}

/** Every product token either file's groups name (as first written, any case once), then `*`. */
export function namedAgents(a: readonly Group[], b: readonly Group[]): string[] {
  const seen = new Map<string, string>();
  for (const group of [...a, ...b]) {
    for (const agent of group.agents) {
      if (agent.global || agent.token === '') continue;
      const key = asciiLowerCase(agent.token);
      if (!seen.has(key)) seen.set(key, agent.token);
    }
  }
  return [...seen.values(), '*'];
}

function allowedAs(policy: RobotsPolicy, url: string, side: SideReading): boolean {
  return side.query === undefined || policy.isAllowed(url, side.query);
}

/**
 * `decidedBy` of a side as a class of crawlers shares it: each member's own token, when the
 * crawler reads the side by its own ({@link classSide}). No token holds a NUL (the crawler
 * model's `''` says no group applies).
 */
const OWN = '\u0000';

/** The side a reading gives crawler `name` (by default its own token, unmarked), to share. */
function classSide(side: SideReading | undefined, name: string): SideReading {
  if (side === undefined) return { query: name };
  return side.decidedBy === name ? { query: side.query, decidedBy: OWN } : side;
}

/** A side's mark in a class's key: crawlers marked alike (each by its own token, too) share. */
function markKey(side: SideReading): string {
  return side.decidedBy === undefined ? '-' : `=${side.decidedBy}`;
}

/**
 * One side of a change for crawler `name`, read as `side` says, marked (when the reading marks
 * it) with the token whose group decided (`*` for the crawler no group names).
 */
function sideAs(policy: RobotsPolicy, url: string, side: SideReading, name: string): DiffVerdict {
  const verdict: DiffVerdict =
    side.query === undefined ? { allowed: true, line: 0 } : sideOf(policy.explain(url, side.query));
  if (side.decidedBy === undefined) return verdict;
  const token = side.decidedBy === OWN ? name : side.decidedBy;
  return { ...verdict, decidedBy: token === ANY_OTHER_AGENT ? '*' : token };
}

/** The rules of `a` not in `b`, as multisets of kind and pattern as matched (not line). */
function minus(a: readonly Rule[], b: readonly Rule[]): Rule[] {
  const counts = { allow: new Map<string, number>(), disallow: new Map<string, number>() };
  for (const r of b) counts[r.type].set(r.pattern, (counts[r.type].get(r.pattern) ?? 0) + 1);
  const out: Rule[] = [];
  for (const r of a) {
    const n = counts[r.type].get(r.pattern) ?? 0;
    if (n > 0) counts[r.type].set(r.pattern, n - 1);
    else out.push(r);
  }
  return out;
}

/**
 * The paths to compare for crawlers reading what `was` reads before and `is` after: none when
 * the rules are the same on both sides; else the given `urls`, or `/` and the paths derived from each changed rule and
 * from each rule that matches a path a changed rule matches.
 */
function pathsFor(
  before: RobotsPolicy,
  after: RobotsPolicy,
  was: string | undefined,
  is: string | undefined,
  urls: readonly string[] | undefined,
  search: SearchState,
): Pick<AgentClass, 'changed' | 'filter' | 'paths'> {
  const old = rulesRead(before, was);
  const next = rulesRead(after, is);
  let changed: Rule[];
  let filter = true;
  if (old === undefined || next === undefined) {
    // A fetch outcome fixes every verdict: every rule of the other side is a change.
    changed = old ?? next ?? [];
    filter = false;
  } else {
    changed = [...minus(old, next), ...minus(next, old)];
    // The same rules on both sides: every verdict is the same.
    if (changed.length === 0) return { changed, filter, paths: [] };
  }
  filter &&= changed.length <= MAX_FILTERED;
  if (urls !== undefined) return { changed, filter, paths: [...urls] };
  const paths = new Set<string>(['/']);
  for (const rule of changed) for (const p of probePaths(rule.pattern)) paths.add(p);
  for (const rule of [...(old ?? []), ...(next ?? [])]) {
    for (const p of probePaths(rule.pattern)) {
      if (paths.has(p)) continue;
      if (!filter || changed.some((c) => matchesPattern(c.pattern, p))) paths.add(p);
    }
  }
  const derived = [...paths];
  return {
    changed,
    filter,
    paths: [...derived, ...witnessPaths(before, after, old, next, derived, changed, search)],
  };
}

/** What the witness searches of one comparison share: their budget, and what they report. */
interface SearchState {
  states: number;
  witnesses: number;
  stopped: boolean;
  comparedUpTo: number | undefined;
  left: number;
}

/**
 * The paths the witness search finds for change classes that no derived path shows (the derived
 * paths stay: they read as the rules do). A path starting with `//` is given as a URL of a
 * placeholder host: as a URL, `//x` names the host `x`.
 */
function witnessPaths(
  before: RobotsPolicy,
  after: RobotsPolicy,
  old: readonly Rule[] | undefined,
  next: readonly Rule[] | undefined,
  derived: readonly string[],
  changed: readonly Rule[],
  search: SearchState,
): string[] {
  const side = (policy: RobotsPolicy, rules: readonly Rule[] | undefined): SearchSide =>
    rules === undefined ? { allowed: policy.isAllowed('/', ANY_OTHER_AGENT) } : { rules };
  const found = searchWitnesses(side(before, old), side(after, next), search.left);
  search.left -= found.states;
  search.states += found.states;
  if (found.stopped) {
    search.stopped = true;
    search.comparedUpTo = Math.min(search.comparedUpTo ?? Infinity, found.comparedUpTo!);
  }
  if (found.witnesses.length === 0) return [];
  const shown = new Set<string>();
  for (const p of derived) {
    // A verdict changes only where a changed rule matches.
    if (!changed.some((r) => matchesPattern(r.pattern, p))) continue;
    const key = found.model.classOf(p);
    if (key !== undefined) shown.add(key);
  }
  const out: string[] = [];
  for (const w of found.witnesses) {
    if (shown.has(w.key) || derived.includes(w.path)) continue;
    out.push(w.path.startsWith('//') ? `https://example.com${w.path}` : w.path);
  }
  search.witnesses += out.length;
  return out;
}

/** One side of a changed verdict. */
export function sideOf(e: Explanation): DiffVerdict {
  return {
    allowed: e.allowed,
    line: e.line,
    ...(e.rule === undefined ? {} : { rule: formatRule(e.rule) }),
  };
}
