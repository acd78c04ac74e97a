/**
 * A compiled rule set: every rule indexed by the literal text before its first `*`, so that a
 * check looks only at the rules whose literal prefix is a prefix of the path.
 *
 * The distinct prefixes are kept sorted, each with a link to the longest other prefix that is a
 * prefix of it. All prefixes of a path that are in the set lie on the link chain of the largest
 * prefix ≤ the path, so a check is one binary search plus a walk up that chain.
 */

import { type CompiledPattern, compilePattern, matchesAfterPrefix } from './pattern.js';
import type { Rule } from './types.js';

/** One way a rule can match: the rule itself, or Google's `index.html` rewrite of an allow. */
export interface IndexEntry {
  readonly rule: Rule;
  readonly group: number;
  readonly allow: boolean;
  /** Priority when this entry matches (RFC 9309 §2.2.2: the pattern's length). */
  readonly priority: number;
  readonly line: number;
  readonly indexRewrite: boolean;
  readonly compiled: CompiledPattern;
}

/** The best allow and disallow found so far; reused across checks to avoid allocation. */
export interface MatchState {
  allow: IndexEntry | null;
  disallow: IndexEntry | null;
}

/** A rule and the group it belongs to. */
export interface GroupedRule {
  readonly rule: Rule;
  readonly group: number;
}

/** Entries that can beat `best`: higher priority, or equal priority and an earlier line. */
function beats(entry: IndexEntry, best: IndexEntry | null): boolean {
  return (
    best === null ||
    entry.priority > best.priority ||
    (entry.priority === best.priority && entry.line < best.line)
  );
}

function byPriorityThenLine(a: IndexEntry, b: IndexEntry): number {
  return b.priority - a.priority || a.line - b.line;
}

function entriesOf(rule: Rule, group: number): IndexEntry[] {
  const allow = rule.type === 'allow';
  const entries: IndexEntry[] = [
    {
      rule,
      group,
      allow,
      priority: rule.priority,
      line: rule.line,
      indexRewrite: false,
      compiled: compilePattern(rule.pattern),
    },
  ];
  // Google-specific: an allow pattern ending in `/index.htm…` also allows its directory as
  // `<dir>/$`, with that pattern's length as priority. Disallows are never rewritten.
  if (allow) {
    const slash = rule.pattern.lastIndexOf('/');
    if (slash >= 0 && rule.pattern.startsWith('/index.htm', slash)) {
      const rewritten = `${rule.pattern.slice(0, slash + 1)}$`;
      entries.push({
        rule,
        group,
        allow,
        priority: rewritten.length,
        line: rule.line,
        indexRewrite: true,
        compiled: compilePattern(rewritten),
      });
    }
  }
  return entries;
}

/** A compiled, immutable rule set. */
export class RuleIndex {
  readonly #prefixes: string[];
  readonly #parents: Int32Array;
  readonly #allows: (readonly IndexEntry[])[];
  readonly #disallows: (readonly IndexEntry[])[];

  constructor(rules: readonly GroupedRule[]) {
    const byPrefix = new Map<string, IndexEntry[]>();
    for (const { rule, group } of rules) {
      for (const entry of entriesOf(rule, group)) {
        const list = byPrefix.get(entry.compiled.prefix);
        if (list) list.push(entry);
        else byPrefix.set(entry.compiled.prefix, [entry]);
      }
    }
    this.#prefixes = [...byPrefix.keys()].sort();
    this.#parents = new Int32Array(this.#prefixes.length);
    this.#allows = [];
    this.#disallows = [];
    const stack: number[] = [];
    this.#prefixes.forEach((prefix, i) => {
      while (stack.length > 0 && !prefix.startsWith(this.#prefixes[stack[stack.length - 1]!]!)) {
        stack.pop();
      }
      this.#parents[i] = stack.length > 0 ? stack[stack.length - 1]! : -1;
      stack.push(i);
      const entries = byPrefix.get(prefix)!;
      this.#allows.push(entries.filter((e) => e.allow).sort(byPriorityThenLine));
      this.#disallows.push(entries.filter((e) => !e.allow).sort(byPriorityThenLine));
    });
  }

  /** Number of distinct literal prefixes. */
  get size(): number {
    return this.#prefixes.length;
  }

  /** Updates `state` with the best allow and disallow of this set that match `path`. */
  match(path: string, state: MatchState): void {
    const prefixes = this.#prefixes;
    // Largest prefix ≤ path.
    let lo = 0;
    let hi = prefixes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (prefixes[mid]! <= path) lo = mid + 1;
      else hi = mid;
    }
    let i = lo - 1;
    if (i < 0) return;
    const nearest = prefixes[i]!;
    let common = 0;
    if (path.startsWith(nearest)) {
      common = nearest.length;
    } else {
      while (common < nearest.length && nearest.charCodeAt(common) === path.charCodeAt(common)) {
        common++;
      }
    }
    const parents = this.#parents;
    while (i >= 0 && prefixes[i]!.length > common) i = parents[i]!;
    for (; i >= 0; i = parents[i]!) {
      const allow = bestOf(this.#allows[i]!, path, state.allow);
      if (allow !== null) state.allow = allow;
      const disallow = bestOf(this.#disallows[i]!, path, state.disallow);
      if (disallow !== null) state.disallow = disallow;
    }
  }
}

/** The first entry (in priority order) that beats `best` and matches, or null. */
function bestOf(
  entries: readonly IndexEntry[],
  path: string,
  best: IndexEntry | null,
): IndexEntry | null {
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k]!;
    // Sorted by priority, then line: once one cannot beat `best`, none after it can.
    if (!beats(entry, best)) return null;
    if (matchesAfterPrefix(entry.compiled, path)) return entry;
  }
  return null;
}
