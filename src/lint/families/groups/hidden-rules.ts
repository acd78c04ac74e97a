/**
 * The `*` rules (or the followed crawler's) a named group hides from its crawlers, and the one
 * mechanism every fix that repeats them in that group uses: which hidden rules the group's own
 * Allows override or lie above (`escapedRules`, `underAllows`), the fix that copies the rest
 * (`repeatHiddenFix`, `keepingAllows`), and a typo's fix that would make a group of only Allows
 * hide them (`escapeOnceNamed`). Used by `escapes.ts` and, for typos, `groups.ts`.
 */

import { formatRule } from '../../../explain.js';
import { matchesPattern } from '../../../match/pattern.js';
import { crawlerRuleOf } from '../../../readings/crawler-model.js';
import type { AgentLine, Group } from '../../../types.js';
import { globalRules } from '../../blocks.js';
import type { LintContext } from '../../context.js';
import { ownGroupFix } from '../../own-group-fix.js';
import { overriddenBy } from '../../shadowing.js';
import type { ProposedFix } from '../../types.js';

// The name the global agent is checked as: no file names it.
export const PROBE = 'RobotsRepLintProbe';

/**
 * The rules `agents` read when no group names them, if each reads the same: the `*` groups, or,
 * when the crawler model has each follow one crawler (YandexDirect, YandexBot: Yandex) and a group
 * names that crawler, its groups (Google merges them). `probe` is the token that reads them. Only
 * when those rules disallow something.
 */
export function hiddenGroup(
  context: LintContext,
  agents: readonly AgentLine[],
):
  | {
      readonly star: { readonly line: number; readonly where: string; readonly group: Group };
      readonly agent: string;
      readonly probe: string;
    }
  | undefined {
  const { robots } = context;
  const follows = new Set(
    agents.map((a) => {
      const rule = crawlerRuleOf(a.token);
      return rule?.kind === 'follows' ? (rule.follows ?? '*') : '*';
    }),
  );
  if (follows.size !== 1) return undefined;
  const [followed] = follows as Set<string>;
  const lower = followed!.toLowerCase();
  const named =
    followed === '*'
      ? []
      : robots.groups.filter(
          (g) => g.rules.length > 0 && g.agents.some((a) => a.token.toLowerCase() === lower),
        );
  let found: { line: number; where: string; group: Group } | undefined;
  if (named.length === 0) found = globalRules(robots);
  else {
    const lines = named.map((g) => g.agents.find((a) => a.token.toLowerCase() === lower)!.line);
    found = {
      line: lines[0]!,
      where: lines.length === 1 ? `group (line ${lines[0]})` : `groups (lines ${lines.join(', ')})`,
      group: { ...named[0]!, rules: named.flatMap((g) => g.rules) },
    };
  }
  if (found === undefined) return undefined;
  if (!found.group.rules.some((r) => r.type === 'disallow' && r.pattern !== '')) return undefined;
  return named.length === 0
    ? { star: found, agent: '*', probe: PROBE }
    : {
        star: found,
        agent: named[0]!.agents.find((a) => a.token.toLowerCase() === lower)!.token,
        probe: followed!,
      };
}

/** A path a pattern matches: `*` filled in, a final `$` dropped. */
export function pathOf(pattern: string): string {
  const filled = pattern.replace(/\$$/, '').replaceAll('*', 'x');
  return filled.startsWith('/') ? filled : `/${filled}`;
}

/**
 * The `*` rules (or the followed crawler's) that would decide something in group `g` for
 * `token`: a hidden Disallow its own Allow overrides (`Allow: /browse/` beside `*`'s
 * `Disallow: /browse/`) is an exception it was written to make, not a rule it lost (`kept` leaves
 * it out); `escaped`, a hidden Disallow of part of the site that decides a path the group's Allows
 * do not, when there is one. Beside a whole-site block, whether the Allows were the crawler's only
 * paths or exceptions for it is not knowable: no `escaped` there.
 */
export function escapedRules(
  context: LintContext,
  g: Group,
  /** The crawler as the file names it; undefined: as `g` would name it (its Allows open all). */
  token: string | undefined,
  hidden: NonNullable<ReturnType<typeof hiddenGroup>>,
): {
  readonly kept: Group['rules'];
  readonly escaped: Group['rules'][number] | undefined;
  readonly under: UnderAllows;
} {
  const under = underAllows(hidden.star.group.rules, g);
  const kept = hidden.star.group.rules.filter(
    (r) => overriddenBy(r, g.rules) === undefined && !under.reopened.includes(r),
  );
  const escaped = kept.find(
    (r) =>
      r.type === 'disallow' &&
      // A rule that matches some path: one not starting with "/" or "*" never decides one.
      /^[/*]/.test(r.pattern) &&
      !/^\/?\**$/.test(r.pattern) &&
      !context.robots.explain(pathOf(r.pattern), hidden.probe).allowed &&
      (token === undefined || context.robots.explain(pathOf(r.pattern), token).allowed),
  );
  return { kept, escaped, under };
}

type Rule = Group['rules'][number];

/** The hidden Disallows that are longer than one of a group's Allows and lie under it. */
interface UnderAllows {
  /** Those under an Allow that opens nothing else of the hidden rules: left out of a copy. */
  readonly reopened: readonly Rule[];
  /** The Allow each of `reopened` lies under. */
  readonly reopenedBy: ReadonlyMap<Rule, Rule>;
  /** Those under an Allow that overrides hidden rules of its own: copied, and they win. */
  readonly winning: readonly { readonly rule: Rule; readonly allow: Rule }[];
}

/**
 * The hidden Disallows a copy would set above one of the group's Allows: longer than it, on a
 * path it matches, they win by longest match (`Disallow: /gutscheine/in/` beside
 * `Allow: /gutscheine`, judge 4B 6286). When the Allow overrides no hidden rule of its own, opening
 * them is all it does for its crawlers: a copy leaves them out (`reopened`), else it would undo the
 * group's one exception. When the Allow reopens a hidden rule by itself (`Allow: /music/` beside
 * `Disallow: /music/`), the longer ones inside are carve-outs of the folder it reopens, as the
 * group written in full would have them: copied, and said to win (`winning`).
 */
function underAllows(hiddenRules: readonly Rule[], g: Group): UnderAllows {
  const allows = g.rules.filter((r) => r.type === 'allow' && /^[/*]/.test(r.pattern));
  const ownPurpose = new Set(
    allows.filter((a) =>
      hiddenRules.some((r) => r.type === 'disallow' && overriddenBy(r, [a]) !== undefined),
    ),
  );
  const reopened: Rule[] = [];
  const reopenedBy = new Map<Rule, Rule>();
  const winning: { rule: Rule; allow: Rule }[] = [];
  for (const r of hiddenRules) {
    if (r.type !== 'disallow' || !/^[/*]/.test(r.pattern) || /^\/?\**$/.test(r.pattern)) continue;
    if (overriddenBy(r, g.rules) !== undefined) continue;
    const path = pathOf(r.pattern);
    const over = allows.filter((a) => a.priority < r.priority && matchesPattern(a.pattern, path));
    if (over.length === 0) continue;
    const free = over.find((a) => !ownPurpose.has(a));
    if (free !== undefined) {
      reopened.push(r);
      reopenedBy.set(r, free);
    } else winning.push({ rule: r, allow: over[0]! });
  }
  return { reopened, reopenedBy, winning };
}

/** What a copy of the hidden rules says of the ones {@link underAllows} found. */
function underAllowsNotes(under: UnderAllows): string[] {
  const notes: string[] = [];
  const shown = (rules: readonly Rule[]): string =>
    `${rules
      .slice(0, 2)
      .map((r) => `"${formatRule(r)}" (line ${r.line})`)
      .join(', ')}${rules.length > 2 ? ` and ${rules.length - 2} more` : ''}`;
  if (under.reopened.length > 0) {
    const allows = [...new Set(under.reopened.map((r) => under.reopenedBy.get(r)!))];
    const them = under.reopened.length === 1 ? 'it' : 'them';
    notes.push(
      `not ${shown(under.reopened)}: longer than the group's ${allows
        .slice(0, 2)
        .map((a) => `"${formatRule(a)}" (line ${a.line})`)
        .join(
          ', ',
        )}${allows.length > 2 ? ` and ${allows.length - 2} more Allows` : ''}, ${them === 'it' ? 'it' : 'they'} would win over ${allows.length === 1 ? 'it' : 'them'} by longest match, and opening ${them} is all ${allows.length === 1 ? 'that Allow does' : 'those Allows do'} here`,
    );
  }
  if (under.winning.length > 0) {
    const { allow } = under.winning[0]!;
    notes.push(
      `${shown(under.winning.map((w) => w.rule))}, longer than the group's "${formatRule(allow)}" (line ${allow.line}), ${under.winning.length === 1 ? 'wins' : 'win'} over it by longest match, as in the group they are copied from`,
    );
  }
  return notes;
}

/**
 * The fix that keeps an Allow-only group's crawlers under the rules it hides: the `kept` ones
 * repeated after its last rule.
 */
export function repeatHiddenFix(
  context: LintContext,
  g: Group,
  hidden: NonNullable<ReturnType<typeof hiddenGroup>>,
  kept: Group['rules'],
  under: UnderAllows,
): ProposedFix | undefined {
  const { star, agent } = hidden;
  return keepingAllows(
    ownGroupFix(
      context,
      Math.max(...g.rules.map((r) => r.line)),
      { ...star.group, rules: kept },
      star.where,
      `Repeat the rules of the "User-agent: ${agent}" ${star.where} in this group by hand${fileTypeAllows(g).length > 0 ? `, with the group's Allows of a file type written again under each folder whose rule is longer (a longer rule wins: "Allow: /folder/*.js" beside "Disallow: /folder/")` : ''}.`,
      star.group.rules.length,
      agent,
      { reasons: underAllowsNotes(under), leftOut: under.reopened.length },
    ),
    g,
    [...new Set(under.reopenedBy.values())].map((a) => a.line),
  );
}

/**
 * For `User-agent: Googelbot` above a group of only Allows (judge W, 5497): written as meant, the
 * group would hide the `*` rules from the crawler, which would escape them. The rules it would
 * escape and the fix that repeats them, to go with the name's fix; undefined when nothing would
 * be escaped (another group names the crawler, or the hidden rules block nothing the Allows leave).
 */
export function escapeOnceNamed(
  context: LintContext,
  g: Group,
  agent: AgentLine,
  meant: string,
  /**
   * For a group of no rules (judge 2C, 2261: `User-agent: bing` / `Crawl-delay: 1`): the last
   * line of each of its blocks, after which the rules are repeated. After each, so that the
   * blocks Google merges with it (Slurp's `Crawl-delay: 100` above) end there too.
   */
  ends?: readonly number[],
): { readonly escaped: Group['rules'][number]; readonly fix: ProposedFix | undefined } | undefined {
  if (g.agents.some((a) => a.global)) return undefined;
  if (g.rules.length === 0 && (ends === undefined || ends.length === 0)) return undefined;
  if (!g.rules.every((r) => r.type === 'allow' && !/^\/?\**$/.test(r.pattern))) return undefined;
  const lower = meant.toLowerCase();
  if (
    context.robots.groups.some(
      (other) =>
        other.rules.length > 0 && other.agents.some((a) => a.token.toLowerCase() === lower),
    )
  )
    return undefined;
  const named = { ...agent, token: meant };
  const hidden = hiddenGroup(context, [named]);
  if (hidden === undefined) return undefined;
  const { kept, escaped, under } = escapedRules(context, g, undefined, hidden);
  if (escaped === undefined) return undefined;
  if (g.rules.length > 0) return { escaped, fix: repeatHiddenFix(context, g, hidden, kept, under) };
  const { star, agent: hiddenAgent } = hidden;
  const fix = ownGroupFix(
    context,
    ends!,
    { ...star.group, rules: kept },
    star.where,
    `Repeat the rules of the "User-agent: ${hiddenAgent}" ${star.where} after the group's lines by hand.`,
    star.group.rules.length,
    hiddenAgent,
  );
  // No rule worth copying ("Allow: /" in their place would let the crawler skip the * rules).
  return { escaped, fix: (fix?.targets?.length ?? 0) > 0 ? fix : undefined };
}

/**
 * The fix that repeats the `*` rules in an Allow-only group, keeping its Allows of a file type
 * anywhere (`*.js`, `/*.pdf$`) deciding (judge T, 1386: `Allow: *.js` loses to every repeated
 * folder's Disallow, which the fix must not do). An Allow of a folder (`/doncherry/`) beside a longer `*`
 * Disallow inside it (`/doncherry/index.html`) is narrowed by it as the group written in full
 * would be: that carve-out is the `*` group's, and the fix keeps it.
 */
function keepingAllows(
  fix: ProposedFix | undefined,
  group: Group,
  /** The group's Allows whose longer hidden rules the fix leaves out: they keep deciding too. */
  reopening: readonly number[] = [],
): ProposedFix | undefined {
  if (fix === undefined) return undefined;
  const keeps = [...new Set([...fileTypeAllows(group), ...reopening])];
  return keeps.length === 0 ? fix : { ...fix, keeps };
}

/** The lines of a group's Allows of a file type anywhere (`*.js`, `/*.pdf$`). */
function fileTypeAllows(group: Group): number[] {
  return group.rules
    .filter((r) => /^\/?\*+[^/]*\.[A-Za-z0-9]{1,5}\$?$/.test(r.pattern))
    .map((r) => r.line);
}
