/**
 * Lint family `patterns`: Allow/Disallow values that do not mean what they seem — patterns that
 * never match, a `$` that is a literal character.
 */

import { formatRule } from '../../explain.js';
import type { Rule } from '../../types.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import { canMatch } from '../shadowing.js';
import { hostOfValue } from './values.js';

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
  // A host or URL in place of a path is the values family's `host-in-path`.
  if (hostOfValue(rule.value) !== undefined) return;
  const d = context.directives[rule.line];
  const from = d?.valueStart;
  const to = d?.valueEnd;
  if (!canMatch(rule)) {
    const hint = neverMatchesHint(rule.value);
    context.report({
      code: 'pattern-never-matches',
      line: rule.line,
      message: `"${formatRule(rule)}" never matches: URL paths always start with "/", and a pattern must match from the start (RFC 9309 §2.2.2).${hint}`,
      from,
      to,
    });
  }
  const dollar = rule.value.indexOf('$');
  // `/*$history`, `/cgi-bin/$LCSTATE`: a `$` before a letter or digit is plainly a character of
  // the path; one before `/`, `*` or `%` looks like a misplaced end anchor.
  if (
    dollar >= 0 &&
    dollar < rule.value.length - 1 &&
    !/[A-Za-z0-9_]/.test(rule.value[dollar + 1]!)
  ) {
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

/** What the writer probably meant by a pattern that does not start with `/` or `*`. */
function neverMatchesHint(value: string): string {
  if (value === '$') return ' A lone "$" matches only the empty path, which never occurs.';
  if (/^sitemap\s*:/i.test(value)) {
    return ' A Sitemap goes on a line of its own: "Sitemap: <full URL>".';
  }
  const url = /^(?:https?:)?\/\/[^/]*(\/.*)?$/i.exec(value);
  if (url !== null) return ` Rules take a path, not a URL: write "${url[1] ?? '/'}".`;
  // `www.example.com/blog/x`: a host name before the path.
  const host = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(\/.*)$/i.exec(value);
  if (host !== null && /\.[a-z]{2,}(?::\d+)?\//i.test(value)) {
    return ` Rules take a path, not a host: write "${host[1]}".`;
  }
  // `?sa=`, `.pdf`: meant anywhere in the URL.
  if (value.startsWith('?') || value.startsWith('.')) return ` Did you mean "/*${value}"?`;
  return ` Did you mean "/${value}"?`;
}
