/**
 * Lint family `patterns`: Allow/Disallow values that do not mean what they seem — patterns that
 * never match, a `$` that is a literal character.
 */

import { formatRule } from '../../explain.js';
import type { Rule } from '../../types.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import { canMatch } from '../shadowing.js';

export const patterns: LintFamily = {
  name: 'patterns',
  codes: {
    'pattern-never-matches': {
      severity: 'error',
      summary: 'A pattern that does not start with `/` or `*` never matches.',
    },
    'literal-dollar': {
      severity: 'warning',
      summary: 'A `$` that is not the last character is a literal dollar sign.',
    },
  },
  check: checkPatterns,
};

function checkPatterns(context: LintContext): LintChecks {
  return {
    end() {
      const { robots } = context;
      for (const rule of [...robots.rulesOutsideGroups, ...robots.groups.flatMap((g) => g.rules)]) {
        pattern(context, rule);
      }
    },
  };
}

function pattern(context: LintContext, rule: Rule): void {
  if (rule.value === '') return;
  const d = context.directives[rule.line];
  const from = d?.valueStart;
  const to = d?.valueEnd;
  if (!canMatch(rule)) {
    let hint = ` Did you mean "/${rule.value}"?`;
    if (rule.value === '$') hint = ' A lone "$" matches only the empty path, which never occurs.';
    else if (/^https?:\/\//i.test(rule.value)) {
      const slash = rule.value.indexOf('/', rule.value.indexOf('//') + 2);
      hint = ` Rules take a path, not a URL: write "${slash < 0 ? '/' : rule.value.slice(slash)}".`;
    }
    context.report({
      code: 'pattern-never-matches',
      line: rule.line,
      message: `"${formatRule(rule)}" never matches: URL paths always start with "/", and a pattern must match from the start (RFC 9309 §2.2.2).${hint}`,
      from,
      to,
    });
  }
  const dollar = rule.value.indexOf('$');
  if (dollar >= 0 && dollar < rule.value.length - 1) {
    // A `$` byte survives decoding: the value's span in the body holds it.
    const at = d === undefined ? undefined : context.text.indexOf('$', d.valueStart);
    context.report({
      code: 'literal-dollar',
      line: rule.line,
      message:
        'Only a "$" at the very end of a pattern anchors it; this one is a literal dollar sign that paths must contain.',
      from: at,
      to: at === undefined ? undefined : at + 1,
    });
  }
}
