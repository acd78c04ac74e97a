/**
 * Lint family `rules`: rules that never (or rarely) decide because another rule of their group
 * outranks them — duplicates, shadowed rules, Allow/Disallow ties. The analysis is in
 * `shadowing.ts`; this family turns its findings into diagnostics.
 */

import { formatRule } from '../../explain.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import { findShadowedRules } from '../shadowing.js';

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
        'A rule that never decides: another rule of its group always outranks it (info when both are of one kind, so no verdict depends on it).',
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
        for (const finding of findShadowedRules(group.rules)) {
          const d = context.directives[finding.rule.line];
          // An Allow outranked by an Allow (a Disallow by a Disallow) is only redundant.
          const redundant =
            finding.code === 'shadowed-rule' && finding.rule.type === finding.by.type;
          // `Disallow: /x` and, further down the group, `Allow: /x`: the later line overrides
          // the earlier, as its author evidently meant and as Google reads it (a platform's
          // template adding its own exceptions, say). Written the other way round, the tie
          // undoes a block written last, which is worth a warning.
          const overridden =
            finding.code === 'allow-disallow-tie' &&
            finding.by.pattern === finding.rule.pattern &&
            finding.by.line > finding.rule.line;
          const span = context.lines[finding.rule.line];
          context.report({
            code: finding.code,
            line: finding.rule.line,
            ...(redundant || overridden ? { severity: 'info' as const } : {}),
            message: redundant
              ? `${finding.message} It is redundant: removing it changes no verdict.`
              : overridden
                ? `${finding.message} The Allow, written later, reads as the exception its author meant, and Google follows it: this line blocks nothing and can be removed.`
                : finding.message,
            ...(overridden &&
              span !== undefined && {
                fix: {
                  description: `Delete line ${finding.rule.line}.`,
                  edits: [
                    {
                      start: span.start,
                      end: context.lines[finding.rule.line + 1]?.start ?? context.text.length,
                      text: '',
                    },
                  ],
                  otherwise: 'Remove the line.',
                },
              }),
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
      }
    },
  };
}
