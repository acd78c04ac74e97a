/**
 * Lint family `sitemaps`: Sitemap lines Google cannot use.
 */

import { decodeByteString } from '../../util/bytes.js';
import { terminalSafe } from '../../util/terminal.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';

export const sitemaps: LintFamily = {
  name: 'sitemaps',
  codes: {
    'relative-sitemap': {
      severity: 'error',
      summary:
        'A Sitemap value that is not an absolute http(s) URL is ignored (a warning when the line is empty: it states nothing).',
    },
  },
  check: checkSitemaps,
};

function checkSitemaps(context: LintContext): LintChecks {
  return {
    end() {
      for (const sitemap of context.robots.sitemapLines) {
        if (isAbsoluteHttpUrl(sitemap.url)) continue;
        const d = context.directives[sitemap.line];
        // `Sitemap http://…`: the key is "Sitemap http", reported once, as `space-in-key`.
        if (d !== undefined && /[\t ]/.test(context.text.slice(d.keyStart, d.keyEnd))) continue;
        context.report({
          code: 'relative-sitemap',
          line: sitemap.line,
          ...(sitemap.url === '' && { severity: 'warning' as const }),
          message:
            sitemap.url === ''
              ? emptyMessage(context, sitemap.line)
              : `"${sitemap.url}" is not an absolute http(s) URL; Google ignores it. Write the full URL, e.g. ${fullUrl(sitemap.url)}.`,
          from: d?.valueStart,
          to: d?.valueEnd,
        });
      }
    },
  };
}

/** An empty Sitemap line, and the bare URL a lost join left on the next line, if any. */
function emptyMessage(context: LintContext, line: number): string {
  const next = context.lines[line + 1];
  const text = next === undefined ? '' : context.text.slice(next.start, next.end).trim();
  return /^https?:\/\/\S+$/i.test(text)
    ? `The Sitemap line has no URL: its URL is alone on line ${line + 1}, which Google ignores. Join the two lines: "Sitemap: ${terminalSafe(decodeByteString(text))}".`
    : 'The Sitemap line has no URL: crawlers skip it. Write the full URL of a sitemap, or remove the line.';
}

function isAbsoluteHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
}

/** The full URL a relative sitemap value was probably meant as. */
function fullUrl(value: string): string {
  if (value.startsWith('//')) return `https:${value}`;
  if (/^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:\/|$)/i.test(value) && /\.[a-z]{2,}/i.test(value)) {
    return `https://${value}`;
  }
  return `https://example.com${value.startsWith('/') ? value : `/${value}`}`;
}
