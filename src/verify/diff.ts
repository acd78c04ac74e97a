/**
 * `diffRobotsTxt`: what changes, and for whom, between two versions of a robots.txt — the rules
 * added and removed in each group, the sitemaps, and every URL × crawler whose verdict changes,
 * with the deciding line on each side. For a review before deploying, in CI or on the web page.
 */

import {
  compareVerdicts,
  DEFAULT_MAX_STATES,
  namedAgents,
  type SideReading,
} from '../changes/verdict-changes.js';
import { argumentError } from '../errors.js';
import { formatRule } from '../explain.js';
import { CRAWLER_RULES, type CrawlerRule, crawlerGroup } from '../readings/crawler-model.js';
import { parseRobotsTxt } from '../robots.js';
import type { Group, RobotsPolicy, RobotsTxt, VerdictChange } from '../types.js';

export type { DiffVerdict, VerdictChange } from '../types.js';

/** A robots.txt to compare: a body, or a parsed file or fetch outcome. */
export type RobotsInput = string | Uint8Array | ArrayBuffer | RobotsPolicy;

/** Options of {@link diffRobotsTxt}. */
export interface DiffOptions {
  /**
   * The crawlers to check (product tokens). By default, every token either file names, each
   * crawler of `crawlerRules` that follows a token either file names (Applebot when a file names
   * Googlebot) unless a file names it too, and `*` (any other crawler).
   */
  readonly agents?: readonly string[];
  /**
   * How crawlers read the file beyond their own group (the crawler model, as the audit and the
   * tester page apply it): Applebot follows Googlebot's group when none names it, Google's
   * special-case crawlers ignore `*`. Each side of a change says whose group decided
   * (`decidedBy`). `[]` answers for each token as given.
   * @default CRAWLER_RULES
   */
  readonly crawlerRules?: readonly CrawlerRule[];
  /**
   * The URLs (or paths) to check. By default, for each crawler whose rules changed, `/` and the
   * paths derived from every changed rule and from every rule it interacts with (one that
   * matches a path the changed rule matches): each pattern with `*` filled in (empty, and one
   * character) and a final `$` dropped, and a path below it. A verdict can change only on a path
   * a changed rule matches, so this finds the changes without sampling the file.
   */
  readonly urls?: readonly string[];
  /**
   * At most this many verdict comparisons (crawlers that read the same groups share one): bounded
   * work on huge changes. What it leaves out is counted in `checked.omitted`.
   * @default 1000000
   */
  readonly maxChecks?: number;
  /**
   * At most this many states of the witness search (see `checked.search`): bounded work on
   * files with many overlapping wildcard rules.
   * @default 20000
   */
  readonly maxStates?: number;
}

/** A rule line on one side. */
export interface DiffRule {
  /** `Disallow: /x` */
  readonly rule: string;
  /** 1-based line in the file it is in (the old file for removed rules, the new for added). */
  readonly line: number;
}

/** What changed in the group of one set of crawlers. */
export interface GroupChange {
  /** The crawlers the group names (`*` for the global group), as in the file. */
  readonly agents: readonly string[];
  /** `added`: only the new file has the group; `removed`: only the old; else `changed`. */
  readonly change: 'added' | 'removed' | 'changed';
  readonly added: readonly DiffRule[];
  readonly removed: readonly DiffRule[];
}

/** What {@link diffRobotsTxt} returns. */
export interface RobotsDiff {
  /** Groups with added or removed rules, by the crawlers they name, in the new file's order. */
  readonly groups: readonly GroupChange[];
  readonly sitemaps: { readonly added: readonly string[]; readonly removed: readonly string[] };
  /** Every checked URL × crawler whose verdict changes, URL by URL. */
  readonly verdicts: readonly VerdictChange[];
  /** What was checked. */
  readonly checked: {
    /** The URLs compared for at least one crawler. */
    readonly urls: readonly string[];
    /** The crawlers (a crawler whose rules did not change is compared on no URL: none changes). */
    readonly agents: readonly string[];
    /** URL × crawler pairs compared. */
    readonly checks: number;
    /** URL × crawler pairs left uncompared because `maxChecks` was reached (0: the diff is complete). */
    readonly omitted: number;
    /**
     * The witness search: a breadth-first search, one character at a time, over every path
     * through the patterns of the rules each changed crawler set reads on either side, for the
     * paths whose verdicts differ (`src/changes/witness-search.ts`). It adds the shortest path of
     * each change class (the two verdicts, the longest matching allow and disallow on each side,
     * and which changed rules match) that the derived paths miss. `stopped`: its state budget
     * (`maxStates`) ended it, and only paths of at most `comparedUpTo` characters were all
     * compared. Not run when `urls` are given (states 0).
     */
    readonly search: {
      readonly states: number;
      readonly witnesses: number;
      readonly stopped: boolean;
      readonly comparedUpTo?: number;
    };
    /** True when `omitted` is not 0 or the search stopped: the diff is not complete. */
    readonly truncated: boolean;
  };
  /** True when any verdict changes (the exit status of `robotstxt diff`). */
  readonly verdictsChanged: boolean;
}

/**
 * Compares two versions of a robots.txt: rules added and removed per group (groups are matched by
 * the crawlers they name), sitemaps, and the verdict of every URL × crawler on both sides.
 * Never throws on any content (a `TypeError` for wrong arguments).
 *
 * @example
 * const diff = diffRobotsTxt('User-agent: *\nDisallow: /a\n', 'User-agent: *\nDisallow: /\n');
 * diff.verdicts.map((v) => `${v.agent} ${v.url}`); // ['* /', …]
 * diff.groups[0]?.added; // [{ rule: 'Disallow: /', line: 2 }]
 */
export function diffRobotsTxt(
  before: RobotsInput,
  after: RobotsInput,
  options: DiffOptions = {},
): RobotsDiff {
  const old = toPolicy(before, 'diffRobotsTxt', 'before');
  const next = toPolicy(after, 'diffRobotsTxt', 'after');
  const maxChecks = options.maxChecks ?? 1_000_000;
  if (!Number.isSafeInteger(maxChecks) || maxChecks < 1) {
    throw argumentError('diffRobotsTxt', 'options.maxChecks', 'a whole number ≥ 1', maxChecks);
  }
  const maxStates = options.maxStates ?? DEFAULT_MAX_STATES;
  if (!Number.isSafeInteger(maxStates) || maxStates < 1) {
    throw argumentError('diffRobotsTxt', 'options.maxStates', 'a whole number ≥ 1', maxStates);
  }
  const oldGroups = groupsOf(old);
  const newGroups = groupsOf(next);
  const rules = options.crawlerRules ?? CRAWLER_RULES;
  if (!Array.isArray(rules)) {
    throw argumentError(
      'diffRobotsTxt',
      'options.crawlerRules',
      'an array of crawler rules',
      rules,
    );
  }
  const agents = options.agents ?? withFollowers(namedAgents(oldGroups, newGroups), rules);
  checkList(agents, 'options.agents');
  if (options.urls !== undefined) checkList(options.urls, 'options.urls');
  const reading = (policy: RobotsPolicy, name: string): SideReading => {
    const { query, decidedBy } = crawlerGroup(policy, name, rules);
    return { query, decidedBy };
  };
  const compared = compareVerdicts(old, next, {
    agents,
    urls: options.urls,
    maxChecks,
    maxStates,
    reading,
  });
  const { search } = compared;
  const { verdicts } = compared;
  return {
    groups: groupChanges(oldGroups, newGroups),
    sitemaps: {
      added: next.sitemaps.filter((s) => !old.sitemaps.includes(s)),
      removed: old.sitemaps.filter((s) => !next.sitemaps.includes(s)),
    },
    verdicts,
    checked: {
      urls: compared.urls,
      agents,
      checks: compared.checks,
      omitted: compared.omitted,
      search: {
        states: search.states,
        witnesses: search.witnesses,
        stopped: search.stopped,
        ...(search.comparedUpTo === undefined ? {} : { comparedUpTo: search.comparedUpTo }),
      },
      truncated: compared.omitted > 0 || search.stopped,
    },
    verdictsChanged: verdicts.length > 0,
  };
}

/** A body parsed as Google does, or a parsed file or fetch outcome as it is. */
export function toPolicy(input: RobotsInput, caller: string, name: string): RobotsPolicy {
  if (typeof input === 'string' || input instanceof Uint8Array || input instanceof ArrayBuffer) {
    return parseRobotsTxt(input);
  }
  if (input !== null && typeof input === 'object' && typeof input.explain === 'function') {
    return input;
  }
  throw argumentError(caller, name, 'a robots.txt body or a parsed robots.txt', input);
}

/**
 * The named tokens, with each crawler of `rules` that follows one of them and is not named itself
 * (its verdicts change with the group it follows), before `*`.
 */
function withFollowers(named: readonly string[], rules: readonly CrawlerRule[]): string[] {
  const tokens = new Set(named.map((a) => a.toLowerCase()));
  const followers = rules
    .filter(
      (r) =>
        r.kind === 'follows' &&
        r.follows !== undefined &&
        tokens.has(r.follows.toLowerCase()) &&
        !tokens.has(r.token.toLowerCase()),
    )
    .map((r) => r.token);
  const star = named.indexOf('*');
  return star < 0
    ? [...named, ...followers]
    : [...named.slice(0, star), ...followers, ...named.slice(star)];
}

function checkList(list: unknown, name: string): void {
  if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) {
    throw argumentError('diffRobotsTxt', name, 'an array of strings', list);
  }
}

function groupsOf(policy: RobotsPolicy): readonly Group[] {
  return 'groups' in policy ? (policy as RobotsTxt).groups : [];
}

/** A group's crawlers as a key: product tokens (lower-cased, sorted), `*` for the global agent. */
function agentsOf(group: Group): string[] {
  return group.agents
    .filter((a) => a.global || a.token !== '')
    .map((a) => (a.global ? '*' : a.token));
}

function keyOf(agents: readonly string[]): string {
  return [...new Set(agents.map((a) => a.toLowerCase()))].sort().join('\n');
}

/** Rules added and removed, group by group; groups matched by the set of crawlers they name. */
function groupChanges(before: readonly Group[], after: readonly Group[]): GroupChange[] {
  const collect = (groups: readonly Group[]) => {
    const byKey = new Map<string, { agents: string[]; rules: DiffRule[] }>();
    for (const group of groups) {
      const agents = agentsOf(group);
      if (agents.length === 0) continue;
      const key = keyOf(agents);
      const entry = byKey.get(key) ?? { agents, rules: [] };
      entry.rules.push(...group.rules.map((r) => ({ rule: formatRule(r), line: r.line })));
      byKey.set(key, entry);
    }
    return byKey;
  };
  const old = collect(before);
  const next = collect(after);
  const changes: GroupChange[] = [];
  const compare = (key: string) => {
    const a = old.get(key);
    const b = next.get(key);
    const added = minus(b?.rules ?? [], a?.rules ?? []);
    const removed = minus(a?.rules ?? [], b?.rules ?? []);
    if (a !== undefined && b !== undefined && added.length === 0 && removed.length === 0) return;
    changes.push({
      agents: (b ?? a)!.agents,
      change: a === undefined ? 'added' : b === undefined ? 'removed' : 'changed',
      added,
      removed,
    });
  };
  for (const key of next.keys()) compare(key);
  for (const key of old.keys()) if (!next.has(key)) compare(key);
  return changes;
}

/** The rules of `a` not in `b`, as a multiset (a rule written twice and kept once is removed once). */
function minus(a: readonly DiffRule[], b: readonly DiffRule[]): DiffRule[] {
  const counts = new Map<string, number>();
  for (const r of b) counts.set(r.rule, (counts.get(r.rule) ?? 0) + 1);
  const out: DiffRule[] = [];
  for (const r of a) {
    const n = counts.get(r.rule) ?? 0;
    if (n > 0) counts.set(r.rule, n - 1);
    else out.push(r);
  }
  return out;
}
