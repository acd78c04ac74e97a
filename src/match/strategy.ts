/**
 * RFC 9309 §2.2.2, the longest-match strategy: the one place that says how strong a rule is and
 * which of two matching rules decides. The matcher, the explanations and lint all ask here.
 *
 * Runs at every check: engines ask `scanStep` for each rule they reach, the facade
 * `decidingRule`.
 */

/** What the strategy needs to know of a matching rule. */
export interface RankedRule {
  /** Strength when the rule matches: see {@link priorityOf}. */
  readonly priority: number;
  readonly line: number;
  readonly allow: boolean;
}

/**
 * A rule's priority: the length of its pattern as matched (after percent-encoding), as the
 * reference's `LongestMatchRobotsMatchStrategy` counts it.
 */
export function priorityOf(pattern: string): number {
  return pattern.length;
}

/**
 * Whether `rule` would replace `best` as the best match of its kind: a higher priority, or the same
 * priority and an earlier line (the reference keeps the first of equal matches).
 */
export function beats(rule: RankedRule, best: RankedRule | null): boolean {
  return beatsBest(rule.priority, rule.line, best);
}

/** {@link beats} for a rule known by its priority and line (rule numbers of a table). */
export function beatsBest(priority: number, line: number, best: RankedRule | null): boolean {
  return (
    best === null || priority > best.priority || (priority === best.priority && line < best.line)
  );
}

/**
 * For a check that needs only the verdict (`isAllowed`): whether a matching rule of this kind and
 * priority would change it, given the priorities of the best allow and disallow so far (−1 for
 * none). An allow must pass the best allow and reach the best disallow (a tie allows); a
 * disallow must pass both. A rule that would only change which line decides (an equal or
 * stronger rule of the deciding rule's kind that the other kind cannot reach) does not.
 */
export function changesVerdict(
  allow: boolean,
  priority: number,
  allowPriority: number,
  disallowPriority: number,
): boolean {
  return allow
    ? priority > allowPriority && priority >= disallowPriority
    : priority > disallowPriority && priority > allowPriority;
}

/** The best allow and disallow a check has matched so far. */
export interface Bests {
  readonly allow: RankedRule | null;
  readonly disallow: RankedRule | null;
}

/** What a scan of rules, strongest first, does with the next one before matching it. */
export const ScanStep = {
  /** Match it: if it matches, it changes what the check reports. */
  test: 0,
  /** Pass over it: it could change only the other kind's best, which it cannot beat either… */
  pass: 1,
  /** …or stop: it can change nothing, and no weaker rule after it can. */
  stop: 2,
} as const;

/** The {@link ScanStep} values as module constants (V8 folds them; an object's are read anew). */
const TEST: typeof ScanStep.test = 0;
const PASS: typeof ScanStep.pass = 1;
const STOP: typeof ScanStep.stop = 2;

/**
 * {@link ScanStep} for a rule of this kind, priority and line, given the bests so far: a rule is
 * tested when it would beat its kind's best ({@link beats}), or, in a check that needs only the
 * verdict, when it would change the verdict ({@link changesVerdict}); else it is passed over
 * when it would do so as the other kind (a rule of that kind may follow), and the scan stops
 * when it would not.
 */
export function scanStep(
  allow: boolean,
  priority: number,
  line: number,
  bests: Bests,
  verdictOnly: boolean,
): number {
  // `changesVerdict` and `beatsBest` written out: a call of an exported function costs V8 a
  // check of its binding at every rule a scan meets. (`=== true`: one comparison, where V8 tests
  // the truth of a value it has not seen to be only a boolean at length.)
  if (verdictOnly === true) {
    const allowPriority = bests.allow === null ? -1 : bests.allow.priority;
    const disallowPriority = bests.disallow === null ? -1 : bests.disallow.priority;
    const asAllow = priority > allowPriority && priority >= disallowPriority;
    const asDisallow = priority > disallowPriority && priority > allowPriority;
    if (allow ? asAllow : asDisallow) return TEST;
    return (allow ? asDisallow : asAllow) ? PASS : STOP;
  }
  const own = allow ? bests.allow : bests.disallow;
  if (own === null || priority > own.priority || (priority === own.priority && line < own.line)) {
    return TEST;
  }
  const other = allow ? bests.disallow : bests.allow;
  return other === null ||
    priority > other.priority ||
    (priority === other.priority && line < other.line)
    ? PASS
    : STOP;
}

/**
 * The rule that decides between the best allow and the best disallow: the disallow only when it is
 * strictly stronger (on a tie the allow wins), as the reference's `matching_line` picks it.
 */
export function decidingRule<T extends RankedRule>(allow: T | null, disallow: T | null): T | null {
  const allowPriority = allow === null ? -1 : allow.priority;
  const disallowPriority = disallow === null ? -1 : disallow.priority;
  return disallowPriority > allowPriority ? disallow : allow;
}

/**
 * The verdict a deciding rule gives: no rule, an allow, or an empty disallow (priority 0, which
 * blocks nothing: the reference's `disallow()`) allow; any other disallow disallows.
 */
export function allowsBy(decider: RankedRule | null): boolean {
  return decider === null || decider.allow || decider.priority === 0;
}

/** Whether two matching rules tie: equal priority, so the allow wins (§2.2.2). */
export function ties(a: Pick<RankedRule, 'priority'>, b: Pick<RankedRule, 'priority'>): boolean {
  return a.priority === b.priority;
}

/** Whether `a` is strictly stronger than `b` whenever both match. */
export function outranks(
  a: Pick<RankedRule, 'priority'>,
  b: Pick<RankedRule, 'priority'>,
): boolean {
  return a.priority > b.priority;
}
