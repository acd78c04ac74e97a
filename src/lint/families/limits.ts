/**
 * Lint family `limits`: what Google cuts — content past the 500 KiB it reads, lines past the
 * 16,663 bytes it keeps.
 */

import { LineFlag, MAX_LINE_LENGTH } from '../../parse/tokenize.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';

export const limits: LintFamily = {
  name: 'limits',
  codes: {
    'content-past-limit': {
      severity: 'error',
      summary: 'Content past the 500 KiB that Google reads is ignored.',
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
    context.report({
      code: 'content-past-limit',
      line,
      message: `The body is longer than ${maxBytes} bytes (${text.length} bytes seen); Google reads only the first ${maxBytes} bytes (500 KiB), so everything from line ${line} on is ignored. Move important rules up and shorten the file.`,
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
