import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt, reportRobotsTxt } from '../../src/index.js';
import { lineTexts, REPORT_ROWS, reportView } from '../../web/src/report-view.js';

describe("the page's report view", () => {
  it('reads the asked-for lines as a split at CR LF, CR and LF would', () => {
    const text = fc
      .array(fc.constantFrom('a', 'Disallow: /x', '\r', '\n', '\r\n', ' ', 'é', '\u2028'), {
        maxLength: 40,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.uniqueArray(fc.integer({ min: 1, max: 30 })), (body, wanted) => {
        const lines = [...wanted].sort((a, b) => a - b);
        const split = body.split(/\r\n|\r|\n/);
        expect(lineTexts(body, lines)).toEqual(
          lines.map((l) => (split[l - 1] ?? '').slice(0, 120)),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('lists the first 2,000 lines Google read, with their text, and counts all', () => {
    const lines = Array.from({ length: 5000 }, (_, i) =>
      i % 7 === 0 ? `# comment ${i}` : i % 50 === 1 ? `User-agent: bot${i}` : `Disallow: /s-${i}`,
    );
    const body = `${lines.join('\r\n')}\r\n`;
    const view = reportView(parseRobotsTxt(body), new TextEncoder().encode(body));
    const report = reportRobotsTxt(body);
    const read = report.lines.filter((l) => l.hasDirective || l.isLineTooLong);
    expect(view.total).toBe(read.length);
    expect(view.rows.map((r) => r.line)).toEqual(read.slice(0, REPORT_ROWS).map((l) => l.line));
    expect(view.rows.every((r) => r.text === lines[r.line - 1])).toBe(true);
  });
});
