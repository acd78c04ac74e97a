import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt, reportRobotsTxt } from '../../src/index.js';
import { pick } from '../helpers/arbitraries.js';
import { body, directive, encoder, lineEnd } from '../helpers/report-bodies.js';
import { referenceReport } from '../helpers/reporting-port.js';

// Property tests: Google's report (reportRobotsTxt, robots.report()) against a naive line-by-line
// port of the reference's reporting module (test/helpers/reporting-port.ts), on generated bodies
// (test/helpers/report-bodies.ts).

describe("Google's report against a port of its reporting module", () => {
  it('agrees on every line, tag, typo and flag, and the totals, for generated bodies', () => {
    fc.assert(
      fc.property(body, (bytes) => {
        const want = referenceReport(bytes);
        expect(reportRobotsTxt(bytes)).toEqual(want);
        // The parsed file's report and its per-line metadata are the same records.
        const robots = parseRobotsTxt(bytes);
        expect(robots.report()).toEqual(want);
        expect(robots.lines).toEqual(
          want.lines.map(({ tag: _, typo: __, ...metadata }) => metadata),
        );
      }),
      { numRuns: 400, seed: 19 },
    );
  });

  it('reads a string as its UTF-8 bytes, lone surrogates included', () => {
    const text = fc
      .array(
        fc.oneof(
          pick([
            'User-agent: *',
            'Disallow: /é',
            'Crawl-delay: 1',
            '# ✓',
            '\uFEFFAllow: /',
            '\uD800',
          ]),
          pick(['\n', '\r\n', '\r', ' ', ':', '\0', '\u2028']),
          fc.string({ maxLength: 4, unit: 'binary' }),
        ),
        { maxLength: 12 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(reportRobotsTxt(t)).toEqual(referenceReport(encoder.encode(t)));
      }),
      { numRuns: 300, seed: 21 },
    );
  });

  it('reads a UTF-16 body byte for byte, as Google does', () => {
    const utf16 = fc.array(fc.tuple(directive, lineEnd), { maxLength: 6 }).map((lines) => {
      const text = String.fromCharCode(...lines.flatMap(([l, end]) => [...l, ...end]));
      const bytes = [0xff, 0xfe];
      for (let i = 0; i < text.length; i++) bytes.push(text.charCodeAt(i), 0);
      return Uint8Array.from(bytes);
    });
    fc.assert(
      fc.property(utf16, (bytes) => {
        expect(reportRobotsTxt(bytes)).toEqual(referenceReport(bytes));
      }),
      { numRuns: 100, seed: 16 },
    );
  });
});
