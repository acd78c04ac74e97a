/**
 * `blocked-resources` findings of Disallows under a broader one that blocks their files too,
 * folded into the broader finding, whose fix deletes the narrower lines it covers and opens what
 * they decided.
 */

import { matchesPattern } from '../../../match/pattern.js';
import type { LintContext } from '../../context.js';
import type { FixEdit } from '../../types.js';
import { type Proposal, propose } from './fix.js';

/**
 * Findings of Disallows under a broader one of the same groups that blocks their URLs too
 * (`/wp-content/plugins/pollpress/` beside `/wp-content/plugins/`), by the broader finding: one
 * finding for the folder, whose fix holds the Allows every line needs (a narrower Disallow is
 * longer than the broader line's Allows, so each needs its own).
 */
export function folded(proposals: readonly Proposal[]): Map<Proposal, Proposal[]> {
  const under = new Map<Proposal, Proposal[]>();
  const sameGroups = (a: Proposal, b: Proposal) =>
    a.explanation.groups.length === b.explanation.groups.length &&
    a.explanation.groups.every((g, i) => b.explanation.groups[i] === g);
  for (const p of proposals) {
    let broadest: Proposal | undefined;
    for (const q of proposals) {
      const rule = q.explanation.rule!;
      if (q === p || rule.type !== 'disallow' || q.remedy.kind !== 'add') continue;
      if (p.remedy.kind !== 'add' || !sameGroups(p, q)) continue;
      if (rule.pattern.length >= p.explanation.rule!.pattern.length) continue;
      if (!p.blocked.every(([, url]) => matchesPattern(rule.pattern, url))) continue;
      if (broadest === undefined || rule.pattern.length < broadest.explanation.rule!.pattern.length)
        broadest = q;
    }
    if (broadest === undefined) continue;
    under.set(broadest, [...(under.get(broadest) ?? []), p]);
  }
  // A chain (a under b under c) folds into its top.
  for (const [top, list] of under) {
    for (const p of list) {
      const below = under.get(p);
      if (below === undefined) continue;
      list.push(...below);
      under.delete(p);
    }
    list.sort((a, b) => a.line - b.line);
    under.set(top, list);
  }
  return under;
}

/** A finding's proposal, the narrower ones folded under it, and those its fix deletes. */
export interface Widened {
  readonly proposal: Proposal;
  readonly narrower: readonly Proposal[];
  readonly redundant: readonly Proposal[];
}

/**
 * A broader finding with the narrower ones folded under it: those its rule already covers
 * (`redundant`) are deleted by its fix, so its Allows must open what they decided too (judge
 * F, 3304: `/wp-includes` above `/wp-includes/js`, whose scripts the broader line blocks once
 * it is gone).
 */
export function widened(
  context: LintContext,
  proposal: Proposal,
  narrower: readonly Proposal[],
): Widened {
  const redundant = narrower.filter((p) => covered(context, proposal, p));
  if (redundant.length === 0) return { proposal, narrower, redundant };
  const urls = new Map(proposal.blocked.map((b) => [b[1], b] as const));
  for (const b of redundant.flatMap((p) => p.blocked)) if (!urls.has(b[1])) urls.set(b[1], b);
  const wide = propose(context, proposal.line, proposal.explanation, [...urls.values()]);
  return { proposal: wide, narrower, redundant };
}

/**
 * Whether a narrower Disallow adds nothing to the broader one: both literal, the broader a
 * prefix of it, and no Allow of the groups between them in length under the broader (deleting
 * the narrower then changes no verdict but those of the broader's own Allows).
 */
function covered(context: LintContext, broad: Proposal, narrow: Proposal): boolean {
  const outer = broad.explanation.rule!.pattern;
  const inner = narrow.explanation.rule!.pattern;
  if (/[*$]/.test(outer) || /[*$]/.test(inner) || !inner.startsWith(outer)) return false;
  return broad.explanation.groups.every((index) =>
    (context.robots.groups[index]?.rules ?? []).every(
      (r) =>
        r.type !== 'allow' ||
        r.pattern.length <= outer.length ||
        r.pattern.length > inner.length ||
        !(r.pattern.startsWith(outer) || r.pattern.startsWith('*') || r.pattern.startsWith('/*')),
    ),
  );
}

/** The edit deleting a line with its line break. */
export function deletion(context: LintContext, line: number): FixEdit {
  const span = context.lines[line]!;
  const next = context.lines[line + 1]?.start ?? context.text.length;
  return { start: span.start, end: next, text: '' };
}
