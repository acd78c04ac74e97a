/**
 * Which rule of a group decides under CPython's RFC 9309 robotparser (`Entry.allowance`): the
 * longest match, an Allow winning a tie — where a rule is as long as the part of the path it
 * matched (`m.end()`), not as its pattern. Whether a pattern matches is the matcher's question,
 * asked in {@link matchedLength} alone.
 */

import { type CompiledPattern, matchesAfterPrefix } from '../match/pattern.js';

/** A rule line (CPython's `RuleLine`), its pattern normalised as `normalize_pattern` does. */
export interface PythonRule9309 {
  readonly allow: boolean;
  /** 1-based line in `splitlines` terms. */
  readonly line: number;
  /** The value as written (after comment removal and strip). */
  readonly value: string;
  /** The normalised pattern, ending `$` when it must match the whole path. */
  readonly pattern: string;
  readonly compiled: CompiledPattern;
}

/**
 * How much of `path` the rule matches, as Python's `m.end()` counts it, or -1 when it does not
 * match. Matching is RFC 9309's (`*`, a final `$`), so the matcher answers whether; the length
 * follows from the pattern's shape: a plain prefix matches its own length; a pattern ending `$`
 * or `*` the whole path; otherwise Python's `.*<last piece>` runs to the last place the last
 * piece occurs (the match proves one occurs after the pieces before it, so the last one does).
 */
export function matchedLength(rule: PythonRule9309, path: string): number {
  const { compiled } = rule;
  if (!path.startsWith(compiled.prefix) || !matchesAfterPrefix(compiled, path)) return -1;
  if (compiled.anchored) return path.length;
  const pieces = compiled.pieces;
  if (pieces === null) return compiled.prefix.length;
  const tail = pieces[pieces.length - 1]!;
  return tail === '' ? path.length : path.lastIndexOf(tail) + tail.length;
}

/** The outcome of `Entry.allowance(path)` with the rules that made it. */
export interface PythonAllowance {
  readonly allowed: boolean;
  /** The rule that set the verdict, absent when none matched. */
  readonly decider?: PythonRule9309;
  /** The matched length of the decider. */
  readonly length: number;
  readonly bestAllow?: PythonRule9309;
  readonly bestDisallow?: PythonRule9309;
}

/**
 * `Entry.allowance(path)` over the rules of a (merged) group, in order: the rule matching the
 * most of the path decides, and on a tie an Allow wins; no match allows.
 */
export function allowance(rules: Iterable<PythonRule9309>, path: string): PythonAllowance {
  let best = -1;
  let allowed = true;
  let decider: PythonRule9309 | undefined;
  let bestAllow: PythonRule9309 | undefined;
  let bestDisallow: PythonRule9309 | undefined;
  let allowLength = -1;
  let disallowLength = -1;
  for (const rule of rules) {
    const length = matchedLength(rule, path);
    if (length < 0) continue;
    if (rule.allow && length > allowLength) {
      allowLength = length;
      bestAllow = rule;
    } else if (!rule.allow && length > disallowLength) {
      disallowLength = length;
      bestDisallow = rule;
    }
    if (length > best || (length === best && !allowed && rule.allow)) {
      best = length;
      allowed = rule.allow;
      decider = rule;
    }
  }
  return {
    allowed,
    length: best,
    ...(decider === undefined ? {} : { decider }),
    ...(bestAllow === undefined ? {} : { bestAllow }),
    ...(bestDisallow === undefined ? {} : { bestDisallow }),
  };
}
