/**
 * RFC 9309 §2.2.2, the longest-match strategy: the one place that says how strong a rule is and
 * which of two matching rules decides. The matcher, the explanations and lint all ask here.
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
  return (
    best === null ||
    rule.priority > best.priority ||
    (rule.priority === best.priority && rule.line < best.line)
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
