/**
 * `whole-site-disallowed`: the `*` group blocks `/`, or every path but the pages its Allows
 * name.
 */

import { formatRule } from '../../../explain.js';
import type { Explanation } from '../../../types.js';
import { terminalSafe } from '../../../util/terminal.js';
import { listOf } from '../../blocks.js';
import type { LintContext } from '../../context.js';
import { blocksEverything } from './generic.js';

/** The name the global agent is checked as: no file names it. */
const PROBE = 'RobotsRepLintProbe';

/** Paths no Allow names, to find a rule on every path behind an allow-list of pages. */
const PROBE_PATHS = ['/robots-rep-lint-probe/', '/robots-rep-lint-probe/page.html'];

/**
 * The `*` group blocks `/`, or every path but the pages its Allows name (`Allow: /$` beside
 * `Disallow: /`, judges F and G's 4157): worth knowing (the audit warns), often intended, no
 * fix.
 */
export function wholeSite(context: LintContext): void {
  const { robots } = context;
  if (!robots.groups.some((g) => g.agents.some((a) => a.global))) return;
  const root = robots.explain('/', PROBE);
  if (root.rule !== undefined && !root.allowed) {
    report(root, 'blocks the whole site');
    return;
  }
  const probes = PROBE_PATHS.map((path) => robots.explain(path, PROBE));
  const [first] = probes;
  if (first === undefined || first.allowed || first.rule === undefined) return;
  if (!blocksEverything(first.rule.value) || probes.some((p) => p.line !== first.line)) return;
  const allows = first.groups.flatMap((i) =>
    (robots.groups[i]?.rules ?? []).filter((r) => r.type === 'allow' && r.value !== ''),
  );
  const shown = allows.slice(0, 3).map((r) => `"${terminalSafe(r.value)}"`);
  report(
    first,
    `blocks the whole site but what its ${allows.length === 1 ? 'Allow opens' : `${allows.length} Allows open`} (${listOf(shown)}${allows.length > 3 ? ', …' : ''}),`,
  );

  function report(explanation: Explanation, what: string): void {
    const d = context.directives[explanation.line];
    context.report({
      code: 'whole-site-disallowed',
      line: explanation.line,
      message: `"${terminalSafe(formatRule(explanation.rule!))}" in the * group ${what} for every crawler without a group of its own: search engines may list its URLs without content, or drop them. Often intended (a staging or private site); otherwise, remove it.`,
      from: d?.keyStart,
      to: d?.valueEnd,
    });
  }
}
