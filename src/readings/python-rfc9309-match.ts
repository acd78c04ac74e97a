/**
 * Which rule of a group decides under CPython's RFC 9309 robotparser (`Entry.allowance`): the
 * longest match, an Allow winning a tie — where a rule is as long as the part of the path it
 * matched (`m.end()`), not as its pattern. The rules are matched through the matcher's interface
 * (`compileRules`, `bestMatches`); only the strength of a match is this reading's own.
 */

import { bestMatches, compileRules } from '../match/compile.js';
import type { MatchedEntry, MatcherRule, RuleMatcher } from '../match/matcher.js';

/** A rule line (CPython's `RuleLine`), its pattern normalised as `normalize_pattern` does. */
export interface PythonRule9309 {
  readonly allow: boolean;
  /** 1-based line in `splitlines` terms. */
  readonly line: number;
  /** The value as written (after comment removal and strip). */
  readonly value: string;
  /** The normalised pattern (ASCII), ending `$` when it must match the whole path. */
  readonly pattern: string;
}

/**
 * A rule's match is as long as Python's `m.end()` says, which depends on its shape:
 * - `plain` (no `*`, no final `$`): its own length, as the matcher's default priority counts;
 * - `whole` (a final `$`, or a last `*`): the whole path;
 * - `tail` (a `*`, then a last piece): up to the last place the last piece occurs in the path
 *   (the match proves it occurs after the pieces before it, so its last occurrence does).
 * A matcher per kind, and per last piece, gives every rule it reports one strength.
 */
export interface CompiledRules9309 {
  readonly rules: readonly PythonRule9309[];
  readonly plain: RuleMatcher;
  readonly whole: RuleMatcher;
  readonly tails: ReadonlyMap<string, RuleMatcher>;
}

/** The last piece of a `*` pattern without a final `$`, or undefined for the other shapes. */
function tailOf(pattern: string): string | undefined {
  const star = pattern.lastIndexOf('*');
  return star < 0 || pattern.endsWith('$') ? undefined : pattern.slice(star + 1);
}

/** Compiles a (merged) group's rules, in file order, for {@link allowance}. */
export function compileRules9309(rules: readonly PythonRule9309[]): CompiledRules9309 {
  const plain: MatcherRule[] = [];
  const whole: MatcherRule[] = [];
  const tails = new Map<string, MatcherRule[]>();
  rules.forEach((rule, index) => {
    // `group` carries the rule's index, to find it again from a match; of equal strength the
    // earlier rule wins, as Python's loop keeps the first.
    const entry = { pattern: rule.pattern, allow: rule.allow, line: index, group: index };
    const tail = tailOf(rule.pattern);
    if (tail === undefined && !rule.pattern.includes('*') && !rule.pattern.endsWith('$')) {
      plain.push(entry);
    } else if (tail === undefined || tail === '') {
      whole.push({ ...entry, priority: 1 });
    } else {
      const list = tails.get(tail) ?? [];
      list.push({ ...entry, priority: 1 });
      tails.set(tail, list);
    }
  });
  return {
    rules,
    plain: compileRules(plain),
    whole: compileRules(whole),
    tails: new Map([...tails].map(([tail, list]) => [tail, compileRules(list)])),
  };
}

/** The best rule of one kind, with the length Python's match has. */
export interface PythonMatch {
  readonly rule: PythonRule9309;
  readonly length: number;
}

/** The outcome of `Entry.allowance(path)` with the rules that made it. */
export interface PythonAllowance {
  readonly allowed: boolean;
  /** The rule that set the verdict, absent when none matched. */
  readonly decider?: PythonMatch;
  readonly bestAllow?: PythonMatch;
  readonly bestDisallow?: PythonMatch;
}

/** The stronger of two matches of one kind: the longer, then the earlier rule. */
function stronger(a: PythonMatch | undefined, b: PythonMatch | undefined): PythonMatch | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  if (a.length !== b.length) return a.length > b.length ? a : b;
  return a.rule.line <= b.rule.line ? a : b;
}

/**
 * `Entry.allowance(path)` over a group's compiled rules: the rule matching the most of the path
 * decides, and on a tie an Allow wins; no match allows. `path` is ASCII (normalised).
 */
export function allowance(compiled: CompiledRules9309, path: string): PythonAllowance {
  let bestAllow: PythonMatch | undefined;
  let bestDisallow: PythonMatch | undefined;
  const take = (matcher: RuleMatcher, length: (entry: MatchedEntry) => number): void => {
    const found = bestMatches(matcher, path);
    const of = (entry: MatchedEntry | null) =>
      entry === null ? undefined : { rule: compiled.rules[entry.group]!, length: length(entry) };
    bestAllow = stronger(bestAllow, of(found.allow));
    bestDisallow = stronger(bestDisallow, of(found.disallow));
  };
  take(compiled.plain, (entry) => entry.pattern.length);
  take(compiled.whole, () => path.length);
  // A last piece the path does not hold rules out its rules without a check; the others are
  // asked longest match first, until none could beat both bests.
  const tails: [number, RuleMatcher][] = [];
  for (const [tail, matcher] of compiled.tails) {
    const at = path.lastIndexOf(tail);
    if (at >= 0) tails.push([at + tail.length, matcher]);
  }
  tails.sort((a, b) => b[0] - a[0]);
  for (const [length, matcher] of tails) {
    const beaten = (best: PythonMatch | undefined) => best !== undefined && best.length > length;
    if (beaten(bestAllow) && beaten(bestDisallow)) break;
    take(matcher, () => length);
  }
  // Python: a longer match replaces the verdict; an equal one turns a disallow into an allow.
  const allowed =
    bestDisallow === undefined ||
    (bestAllow !== undefined && bestAllow.length >= bestDisallow.length);
  const decider = allowed ? bestAllow : bestDisallow;
  return {
    allowed,
    ...(decider === undefined ? {} : { decider }),
    ...(bestAllow === undefined ? {} : { bestAllow }),
    ...(bestDisallow === undefined ? {} : { bestDisallow }),
  };
}
