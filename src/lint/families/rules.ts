/**
 * Lint family `rules`: rules that never (or rarely) decide because another rule of their group
 * outranks them — duplicates, shadowed rules, Allow/Disallow ties. The analysis is in
 * `shadowing.ts`; this family turns its findings into diagnostics.
 */

import { formatRule } from '../../explain.js';
import { matchesPattern } from '../../match/pattern.js';
import type { Rule } from '../../types.js';
import { visibleText } from '../../util/terminal.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import { deleteLineFix } from '../fix.js';
import { findShadowedRules, type RuleFinding } from '../shadowing.js';
import type { ProposedFix } from '../types.js';

export const rules: LintFamily = {
  name: 'rules',
  codes: {
    'duplicate-rule': {
      severity: 'info',
      summary: 'A rule identical to an earlier one in the same group (it changes no verdict).',
    },
    'shadowed-rule': {
      severity: 'warning',
      summary:
        'A rule that never decides: another rule of its group always outranks it (info when both are of one kind, so no verdict depends on it). Fix, for `Allow: /x/` under `Disallow: /x/*`: `Allow: /x/$`, which opens `/x/` itself.',
    },
    'allow-disallow-tie': {
      severity: 'warning',
      summary: 'A Disallow that never blocks: an Allow of equal length matches all its paths.',
    },
    'equal-length-overlap': {
      severity: 'info',
      summary: 'An Allow and a Disallow of equal length match some paths alike; the Allow wins.',
    },
  },
  check: checkRules,
};

function checkRules(context: LintContext): LintChecks {
  return {
    end() {
      for (const group of context.robots.groups) {
        for (const finding of findShadowedRules(group.rules)) report(context, group.rules, finding);
      }
    },
  };
}

/** Reports one finding about a rule of the group whose rules are `rules`. */
function report(context: LintContext, rules: readonly Rule[], finding: RuleFinding): void {
  const d = context.directives[finding.rule.line];
  // An Allow outranked by an Allow (a Disallow by a Disallow) is only redundant.
  const redundant = finding.code === 'shadowed-rule' && finding.rule.type === finding.by.type;
  // `Disallow: /x` and, further down the group, `Allow: /x`: the later line overrides
  // the earlier, as its author evidently meant and as Google reads it (a platform's
  // template adding its own exceptions, say). Written the other way round, the tie
  // undoes a block written last, which is worth a warning.
  const overridden =
    finding.code === 'allow-disallow-tie' &&
    finding.by.pattern === finding.rule.pattern &&
    finding.by.line > finding.rule.line;
  const deletion = overridden ? deleteLineFix(context, finding.rule.line) : undefined;
  const exact =
    finding.code === 'shadowed-rule' && !redundant && d !== undefined
      ? exactAllowFix(finding.rule, finding.by, rules, d.valueEnd)
      : undefined;
  // An Allow a Disallow always outranks (judges L and M, 2064: `Allow: /` beside `Disallow: /*`)
  // was written to open what the Disallow blocks, or is left over: which one is the owner's call,
  // and the message names both ways.
  const deadAllow =
    finding.code === 'shadowed-rule' &&
    !redundant &&
    exact === undefined &&
    finding.rule.type === 'allow' &&
    finding.by.type === 'disallow';
  const both = deadAllow ? choiceOf(finding.rule, finding.by) : '';
  context.report({
    code: finding.code,
    line: finding.rule.line,
    ...(redundant || overridden ? { severity: 'info' as const } : {}),
    message: redundant
      ? `${finding.message} It is redundant: removing it changes no verdict.`
      : overridden
        ? `${finding.message} The Allow, written later, reads as the exception its author meant, and Google follows it: this line blocks nothing and can be removed.`
        : exact !== undefined
          ? `${finding.message} ${exact.sentence}`
          : deadAllow
            ? `${finding.message} ${both}`
            : finding.message,
    ...(deadAllow && {
      noFix: `whether the Allow or line ${finding.by.line} says what was meant is the owner's choice`,
    }),
    ...(exact !== undefined && { fix: exact.fix }),
    ...(deletion !== undefined && { fix: deletion }),
    from: d?.keyStart,
    to: d?.valueEnd,
    related: [
      {
        line: finding.by.line,
        message: `${formatRule(finding.by)} (line ${finding.by.line})`,
      },
    ],
  });
}

/**
 * The two ways out for an Allow that `by`, a Disallow, always outranks: the Allow was left over
 * (deleting it changes no verdict), or it was meant to open its paths (then the Disallow must
 * not match them). `Allow: /` beside a whole-site Disallow (`/*`): the whole site blocked or open.
 */
function choiceOf(rule: Rule, by: Rule): string {
  const line = `line ${by.line} ("${visibleText(formatRule(by))}")`;
  if (rule.pattern === '/' && /^\/\**$/.test(by.pattern)) {
    return `As written, the group blocks the whole site. If that is meant, delete this line (no verdict changes); if these crawlers may crawl the site, delete ${line}; "Allow: /$" beside it would open the home page only.`;
  }
  return `If its paths are meant blocked, delete this line (no verdict changes); if they are meant open, ${line} must not match them: narrow it, or write the Allow at least as long.`;
}

/**
 * `Allow: /forum/` under `Disallow: /forum/*`: the Disallow matches the same paths and is one
 * character longer, so the Allow never decides. The one thing such an Allow can have been written
 * to do is open the folder itself (its index page) while the Disallow blocks what is below it:
 * `Allow: /forum/$` does that, since it ties the Disallow and an Allow wins a tie. Proposed when
 * the Allow is a literal path, the Disallow is that path followed by one `*`, and with the `$`
 * the Allow decides the path (no longer Disallow of the group matches it); lint verifies it.
 * Otherwise (`/x/**`, a longer Disallow matching `/x/`) the finding has no fix.
 */
function exactAllowFix(
  rule: Rule,
  by: Rule,
  rules: readonly Rule[],
  valueEnd: number,
): { readonly sentence: string; readonly fix: ProposedFix } | undefined {
  const path = rule.pattern;
  if (rule.type !== 'allow' || by.type !== 'disallow' || by.pattern !== `${path}*`) return;
  // Not `Allow: /` under `Disallow: /*`: opening the home page of a site the file blocks whole
  // is its owner's call, not the evident reading.
  if (!path.startsWith('/') || path === '/' || /[*$]/.test(path)) return;
  const priority = rule.priority + 1;
  const blocked = rules.some(
    (r) => r.type === 'disallow' && r.priority > priority && matchesPattern(r.pattern, path),
  );
  if (blocked) return;
  const written = visibleText(`Allow: ${rule.value}$`);
  return {
    sentence: `Written as "${written}" it ties line ${by.line} and wins for ${visibleText(path)} itself, the one path an Allow beside that Disallow can open; every longer path stays blocked.`,
    fix: {
      description: `Write "${written}".`,
      edits: [{ start: valueEnd, end: valueEnd, text: '$' }],
      otherwise: `Write "${written}" by hand to open ${path} itself, or remove the line.`,
    },
  };
}
