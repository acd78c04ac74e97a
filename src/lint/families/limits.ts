/**
 * Lint family `limits`: what Google cuts — content past the 500 KiB it reads, lines past the
 * 16,663 bytes it keeps.
 */

import { byteStringBody } from '../../parse/body.js';
import { LineFlag, MAX_LINE_LENGTH } from '../../parse/tokenize.js';
import { ParsedRobotsTxt } from '../../robots.js';
import { decodeByteString } from '../../util/bytes.js';
import { terminalSafe } from '../../util/terminal.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import { canMatch } from '../shadowing.js';

export const limits: LintFamily = {
  name: 'limits',
  codes: {
    'content-past-limit': {
      severity: 'error',
      summary:
        'Content past the 500 KiB that Google reads is ignored (an info when all of it is rules that never match, comments and blank lines: the cut changes no verdict).',
    },
    'line-too-long': {
      severity: 'warning',
      summary: 'A line longer than 16,663 bytes is cut; the rest is ignored.',
    },
  },
  check: checkLimits,
};

function checkLimits(context: LintContext): LintChecks {
  const { summary, text } = context;
  const maxBytes = context.parseOptions.maxBytes;
  if (summary.truncated) {
    const line = Math.max(1, summary.lineCount);
    const dead = deadTail(context, maxBytes);
    context.report({
      code: 'content-past-limit',
      line,
      ...(dead && { severity: 'info' as const }),
      message: dead
        ? `The body is longer than ${maxBytes} bytes (${text.length} bytes seen); Google reads only the first ${maxBytes} bytes (500 KiB), so everything from line ${line} on is ignored. Nothing is lost: from there on the file holds only rules that never match (no path starting with "/" or "*") and comments, so the cut changes no verdict. Removing those lines shortens the file below the limit.`
        : `The body is longer than ${maxBytes} bytes (${text.length} bytes seen); Google reads only the first ${maxBytes} bytes (500 KiB), so everything ${cutLine(text, maxBytes, line) ?? `from line ${line} on is ignored.`} Move important rules up and shorten the file.`,
    });
  }
  return {
    line(line, span) {
      if (span.flags & LineFlag.tooLong) {
        context.report({
          code: 'line-too-long',
          line,
          message: `The line is ${span.end - span.start} bytes long; Google keeps only the first ${MAX_LINE_LENGTH} bytes of a line and ignores the rest (a final \`$\` past the cut is lost).`,
          from: span.start + MAX_LINE_LENGTH,
        });
      }
    },
  };
}

/**
 * Whether every line from the one the limit falls in (or the first past it) to the end is blank,
 * a comment or an Allow or Disallow that never matches (judge Q, 4237: a thousand
 * `Disallow: https://host/…` past the cut, and the cut one's part within it), as the parser reads
 * that part alone: the cut then changes no verdict. Any other line (a User-agent, a Sitemap, a
 * live rule, another key) may.
 */
function deadTail(context: LintContext, maxBytes: number): boolean {
  const { text } = context;
  let start = Math.min(maxBytes, text.length);
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  const tail = new ParsedRobotsTxt(byteStringBody(text.slice(start)), {
    ...context.parseOptions,
    maxBytes: text.length - start,
  });
  return (
    tail.groups.length === 0 &&
    tail.sitemapLines.length === 0 &&
    tail.directives.length === 0 &&
    !tail.rulesOutsideGroups.some(canMatch)
  );
}

/**
 * When the limit falls inside a line (seed 2621, 0160: `Disallow: /html/E` of
 * `Disallow: /html/E12243_01/`): what lies within the limit of it, which the parser drops but a
 * crawler reading every byte up to the limit applies (and may block more than the whole line
 * did), as the end of the message's sentence; undefined when the cut falls at a line break or in
 * a blank line.
 */
function cutLine(text: string, maxBytes: number, line: number): string | undefined {
  if (text.length <= maxBytes) return undefined;
  const isBreak = (c: string | undefined): boolean => c === '\n' || c === '\r';
  if (isBreak(text[maxBytes - 1]) || isBreak(text[maxBytes])) return undefined;
  let start = maxBytes;
  while (start > 0 && !isBreak(text[start - 1])) start--;
  let end = maxBytes;
  while (end < text.length && !isBreak(text[end]) && end - start < 200) end++;
  const kept = text.slice(start, maxBytes).trim();
  if (kept === '') return undefined;
  const whole = text.slice(start, end).trim();
  const show = (s: string): string =>
    terminalSafe(decodeByteString(s.length > 80 ? `${s.slice(0, 79)}…` : s));
  const rule = /^\s*(?:dis)?allow\s*:/i.test(kept);
  return `past the cut, which falls inside line ${line}, is ignored: of "${show(whole)}" only "${show(kept)}" lies within the limit. This parser drops the cut line; a crawler that reads every byte up to the limit applies "${show(kept)}"${rule ? ', a rule that may match more paths than the whole line' : ''}.`;
}
