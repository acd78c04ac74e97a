/**
 * The rules of one group indexed for `findShadowedRules`, so that a rule is compared only with
 * the rules that can cover it or share a path with it, not with every rule of its group: by the
 * literal text a covering rule is (its cover), by pattern, and by the literal prefix every path
 * a rule matches starts with. Each question returns the first rule in group order that answers
 * it, as a pairwise scan in that order would.
 */

import { compilePattern } from '../match/pattern.js';
import type { Rule } from '../types.js';

/** What the comparison needs of a rule, worked out once per rule. */
export interface RuleFacts {
  readonly rule: Rule;
  /**
   * For a pattern that is a literal prefix (optionally followed by `*`s), that prefix: the
   * pattern matches exactly the paths starting with it. Null for other patterns.
   */
  readonly cover: string | null;
  /** Every path the rule matches starts with this literal text. */
  readonly prefix: string;
}

export function factsOf(rule: Rule): RuleFacts {
  const pattern = rule.pattern;
  let end = pattern.length;
  while (end > 0 && pattern.charCodeAt(end - 1) === 0x2a) end--;
  const literal = pattern.slice(0, end);
  const cover = pattern.endsWith('$') || literal.includes('*') ? null : literal;
  return { rule, cover, prefix: compilePattern(pattern).prefix };
}

/** A rule of the group, with its position in the group's order. */
export interface Entry extends RuleFacts {
  readonly order: number;
}

/** Work an index did (rules looked at, keys looked up): counted by tests, never timed. */
export interface ShadowingWork {
  steps: number;
}

/**
 * Rules of one pattern (or one kind) in group order, and the lowest line up to each. Most runs
 * hold one rule: it takes no arrays.
 */
class Run {
  readonly #first: Entry;
  #entries: Entry[] | undefined;
  #lowest: number[] | undefined;

  constructor(first: Entry) {
    this.#first = first;
  }

  add(entry: Entry): void {
    this.#entries ??= [this.#first];
    this.#lowest ??= [this.#first.rule.line];
    this.#entries.push(entry);
    this.#lowest.push(Math.min(this.#lowest.at(-1)!, entry.rule.line));
  }

  /** The first rule in group order. */
  get first(): Entry {
    return this.#first;
  }

  /** The first rule (in group order) on a line before `line`. */
  firstBefore(line: number): Entry | undefined {
    const lowest = this.#lowest;
    if (lowest === undefined) return this.#first.rule.line < line ? this.#first : undefined;
    // `lowest` never rises: the first place it is below `line` is that rule's.
    let lo = 0;
    let hi = lowest.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (lowest[mid]! < line) hi = mid;
      else lo = mid + 1;
    }
    return this.#entries![lo];
  }
}

/** Adds `entry` to the run of `key` in `runs`. */
function addToRun<K>(runs: Map<K, Run>, key: K, entry: Entry): void {
  const run = runs.get(key);
  if (run === undefined) runs.set(key, new Run(entry));
  else run.add(entry);
}

/** The rules whose cover is one literal text. Most covers are one rule's: it takes no maps. */
class CoverNode {
  /** By priority, highest first; `earliest[i]`: the first in group order of the first i + 1. */
  readonly byPriority: Entry[] = [];
  readonly earliest: Entry[] = [];
  /** By priority and type (for two rules or more). */
  #equal: Map<string, Run> | undefined;
  /** The first Allow of each priority (for two rules or more). */
  #firstAllow: Map<number, Entry> | undefined;

  add(entry: Entry): void {
    this.byPriority.push(entry);
  }

  finish(): void {
    const entries = this.byPriority;
    if (entries.length === 1) {
      this.earliest.push(entries[0]!);
      return;
    }
    // Group order, for the runs and the first Allows.
    entries.sort((a, b) => a.order - b.order);
    this.#equal = new Map();
    this.#firstAllow = new Map();
    for (const entry of entries) {
      const { priority, type } = entry.rule;
      addToRun(this.#equal, `${priority} ${type}`, entry);
      if (type === 'allow' && !this.#firstAllow.has(priority)) {
        this.#firstAllow.set(priority, entry);
      }
    }
    entries.sort((a, b) => b.rule.priority - a.rule.priority || a.order - b.order);
    let first: Entry | undefined;
    for (const entry of entries) {
      if (first === undefined || entry.order < first.order) first = entry;
      this.earliest.push(first);
    }
  }

  /** The first rule in group order whose priority is above `priority`. */
  firstAbove(priority: number): Entry | undefined {
    let lo = 0;
    let hi = this.byPriority.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.byPriority[mid]!.rule.priority > priority) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? undefined : this.earliest[lo - 1];
  }

  /** The first rule in group order of this priority and type on a line before `line`. */
  tiedBefore(priority: number, type: Rule['type'], line: number): Entry | undefined {
    if (this.#equal !== undefined) return this.#equal.get(`${priority} ${type}`)?.firstBefore(line);
    const only = this.byPriority[0]!;
    const { rule } = only;
    return rule.priority === priority && rule.type === type && rule.line < line ? only : undefined;
  }

  /** The first Allow in group order of this priority. */
  firstAllow(priority: number): Entry | undefined {
    if (this.#firstAllow !== undefined) return this.#firstAllow.get(priority);
    const only = this.byPriority[0]!;
    return only.rule.type === 'allow' && only.rule.priority === priority ? only : undefined;
  }
}

/** The Allows of one priority, by their literal prefix. */
class AllowsOfPriority {
  readonly byPrefix = new Map<string, Entry[]>();
  /** The lengths of those prefixes, shortest first. */
  lengths: number[] = [];
  /** Sorted by prefix: those under one prefix are next to each other. */
  readonly sorted: Entry[] = [];

  add(entry: Entry): void {
    const list = this.byPrefix.get(entry.prefix);
    if (list === undefined) this.byPrefix.set(entry.prefix, [entry]);
    else list.push(entry);
    this.sorted.push(entry);
  }

  finish(): void {
    this.lengths = lengthsOf(this.byPrefix.keys());
    this.sorted.sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
  }
}

/** The value of `key`, set to `make()` first when there is none. */
function slot<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

function lengthsOf(keys: Iterable<string>): number[] {
  return [...new Set([...keys].map((k) => k.length))].sort((a, b) => a - b);
}

/** The earlier of two rules in group order. */
function earlier(a: Entry | undefined, b: Entry | undefined): Entry | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return b.order < a.order ? b : a;
}

/**
 * One group's rules (those that can match, in group order), indexed. Each query returns the
 * first rule in group order that gives a subject one kind of finding (`shadowing.ts` says which
 * rules give which).
 */
export class ShadowingIndex {
  readonly entries: readonly Entry[];
  readonly #work: ShadowingWork;
  /** By type, then pattern. */
  readonly #samePattern = new Map<string, Map<string, Run>>();
  readonly #covers = new Map<string, CoverNode>();
  #coverLengths: number[] = [];
  readonly #allows = new Map<number, AllowsOfPriority>();

  constructor(rules: readonly Rule[], work: ShadowingWork) {
    this.#work = work;
    this.entries = rules.map((rule, order) => {
      const facts = factsOf(rule);
      return { rule, cover: facts.cover, prefix: facts.prefix, order };
    });
    for (const entry of this.entries) {
      const { type, pattern, priority } = entry.rule;
      const byPattern = slot(this.#samePattern, type, () => new Map<string, Run>());
      addToRun(byPattern, pattern, entry);
      if (entry.cover !== null) slot(this.#covers, entry.cover, () => new CoverNode()).add(entry);
      if (type === 'allow') slot(this.#allows, priority, () => new AllowsOfPriority()).add(entry);
    }
    for (const node of this.#covers.values()) node.finish();
    for (const allows of this.#allows.values()) allows.finish();
    this.#coverLengths = lengthsOf(this.#covers.keys());
    work.steps += this.entries.length;
  }

  /** The rules whose cover `subject`'s prefix starts with: they match every path it matches. */
  #coversOf(subject: Entry): CoverNode[] {
    const prefix = subject.prefix;
    const nodes: CoverNode[] = [];
    for (const length of this.#coverLengths) {
      if (length > prefix.length) break;
      this.#work.steps++;
      const node = this.#covers.get(prefix.slice(0, length));
      if (node !== undefined) nodes.push(node);
    }
    return nodes;
  }

  /** The first rule of the subject's type and pattern on an earlier line. */
  duplicateOf(subject: Entry): Entry | undefined {
    this.#work.steps++;
    const { type, pattern, line } = subject.rule;
    return this.#samePattern.get(type)?.get(pattern)?.firstBefore(line);
  }

  /**
   * The first covering rule that outranks the subject, or ties it with its type from an earlier
   * line. Asked when {@link duplicateOf} found none: such a rule then has another pattern.
   */
  shadowerOf(subject: Entry): Entry | undefined {
    const { priority, type, line } = subject.rule;
    let best: Entry | undefined;
    for (const node of this.#coversOf(subject)) {
      best = earlier(best, node.firstAbove(priority));
      best = earlier(best, node.tiedBefore(priority, type, line));
    }
    return best;
  }

  /** The first covering Allow that ties the subject. */
  tyingAllowOf(subject: Entry): Entry | undefined {
    const { priority, pattern } = subject.rule;
    this.#work.steps++;
    let best = this.#samePattern.get('allow')?.get(pattern)?.first;
    for (const node of this.#coversOf(subject)) {
      best = earlier(best, node.firstAllow(priority));
    }
    return best;
  }

  /**
   * The Allows of the subject's priority that may share a path with it, in group order: every
   * path both match starts with both prefixes, so one prefix starts the other.
   */
  allowsBeside(subject: Entry): Entry[] {
    const allows = this.#allows.get(subject.rule.priority);
    if (allows === undefined) return [];
    const prefix = subject.prefix;
    const found: Entry[] = [];
    // Prefixes the subject's starts with.
    for (const length of allows.lengths) {
      if (length > prefix.length) break;
      this.#work.steps++;
      const list = allows.byPrefix.get(prefix.slice(0, length));
      if (list !== undefined) found.push(...list);
    }
    // Prefixes longer than the subject's that start with it.
    const sorted = allows.sorted;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]!.prefix <= prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length && sorted[i]!.prefix.startsWith(prefix); i++) {
      found.push(sorted[i]!);
    }
    this.#work.steps += found.length;
    return found.sort((a, b) => a.order - b.order);
  }
}
