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
  RobotsTxt,
  Rule,
  VerdictChange,
} from '../types.js';
import { asciiLowerCase } from '../util/bytes.js';
import { probePaths } from './probe-paths.js';

/** The name the crawler `*` is checked as: one no group names. */
export const ANY_OTHER_AGENT = 'RobotsRepAnyOtherBot';

// Past this many changed rules, derived paths are checked without asking which of them match:
// the filter only saves checks, and asking is quadratic.
const MAX_FILTERED = 64;

/** What {@link compareVerdicts} compares. */
export interface CompareOptions {
  /** The crawlers (product tokens, `*` for any other). */
  readonly agents: readonly string[];
  /** The URLs or paths; by default the paths derived from the changed rules. */
  readonly urls?: readonly string[] | undefined;
  /** At most this many comparisons (crawlers reading the same groups share one). */
  readonly maxChecks: number;
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
}

interface AgentClass {
  /** Indexes into the agents list. */
  readonly members: number[];
  readonly name: string;
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
  const { agents, urls, maxChecks } = options;
  const classes = new Map<string, AgentClass>();
  agents.forEach((agent, i) => {
    const name = agent === '*' ? ANY_OTHER_AGENT : agent;
    const key = `${readKey(before, name)}|${readKey(after, name)}`;
    const known = classes.get(key);
    if (known !== undefined) known.members.push(i);
    else classes.set(key, { members: [i], name, ...pathsFor(before, after, name, urls) });
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
      if (before.isAllowed(url, c.name) === after.isAllowed(url, c.name)) continue;
      const a = before.explain(url, c.name);
      const b = after.explain(url, c.name);
      for (const i of c.members) {
        const change = { url, agent: agents[i]!, before: sideOf(a), after: sideOf(b) };
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

/** Which groups a crawler reads (or the fixed verdict of a fetch outcome). */
function readKey(policy: RobotsPolicy, name: string): string {
  const read = groupsRead(policy, name);
  return read === undefined ? `outcome:${policy.isAllowed('/', name)}` : read.join(',');
}

/**
 * The indexes of the groups a crawler reads (RFC 9309 §2.2.1: those naming its product token, any
 * case; else the `*` groups), or undefined for a fetch outcome (no groups).
 */
function groupsRead(policy: RobotsPolicy, name: string): number[] | undefined {
  if (!('groups' in policy)) return undefined;
  const table = tableOf(policy as RobotsTxt);
  return table.named.get(asciiLowerCase(name)) ?? table.everyone;
}

// Per parsed file: the groups naming each product token, and the `*` groups (built once).
const tables = new WeakMap<RobotsTxt, { named: Map<string, number[]>; everyone: number[] }>();
function tableOf(robots: RobotsTxt): { named: Map<string, number[]>; everyone: number[] } {
  let table = tables.get(robots);
  if (table === undefined) {
    const named = new Map<string, number[]>();
    const everyone: number[] = [];
    for (const g of robots.groups) {
      if (g.agents.some((a) => a.global)) everyone.push(g.index);
      for (const a of g.agents) {
        if (a.global || a.token === '') continue;
        const key = asciiLowerCase(a.token);
        const list = named.get(key) ?? [];
        if (list[list.length - 1] !== g.index) list.push(g.index);
        named.set(key, list);
      }
    }
    table = { named, everyone };
    tables.set(robots, table);
  }
  return table;
}

/** The rules a crawler reads, or undefined when the policy is a fetch outcome (no rules). */
function rulesRead(policy: RobotsPolicy, name: string): Rule[] | undefined {
  const read = groupsRead(policy, name);
  if (read === undefined) return undefined;
  const groups = (policy as RobotsTxt).groups;
  return read.flatMap((i) => groups[i]?.rules ?? []);
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
 * The paths to compare for crawlers reading what `name` reads: none when its rules are the same
 * on both sides; else the given `urls`, or `/` and the paths derived from each changed rule and
 * from each rule that matches a path a changed rule matches.
 */
function pathsFor(
  before: RobotsPolicy,
  after: RobotsPolicy,
  name: string,
  urls: readonly string[] | undefined,
): Pick<AgentClass, 'changed' | 'filter' | 'paths'> {
  const old = rulesRead(before, name);
  const next = rulesRead(after, name);
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
  return { changed, filter, paths: [...paths] };
}

/** One side of a changed verdict. */
export function sideOf(e: Explanation): DiffVerdict {
  return {
    allowed: e.allowed,
    line: e.line,
    ...(e.rule === undefined ? {} : { rule: formatRule(e.rule) }),
  };
}
