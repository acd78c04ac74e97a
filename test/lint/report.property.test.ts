import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintRobotsTxt } from '../../src/index.js';
import { pick } from '../helpers/arbitraries.js';
import { body } from '../helpers/report-bodies.js';
import { referenceReport } from '../helpers/reporting-port.js';

// Lint says what Google's report says, underneath its own messages: on generated bodies, line by
// line, each of these codes is reported exactly where the port of Google's reporting module
// (test/helpers/reporting-port.ts) gives the line that verdict.
const VERDICTS: Readonly<
  Record<string, (line: ReturnType<typeof referenceReport>['lines'][number]) => boolean>
> = {
  'unsupported-directive': (l) => l.tag === 'unused',
  'unknown-directive': (l) => l.tag === 'unknown' && l.hasDirective,
  'accepted-typo': (l) => l.typo,
  'missing-colon': (l) => l.isMissingColonSeparator,
  'line-too-long': (l) => l.isLineTooLong,
};

/** Every (code, line) pair where lint and the report disagree. */
function disagreements(bytes: Uint8Array): string[] {
  const report = referenceReport(bytes);
  const diagnostics = lintRobotsTxt(bytes).diagnostics;
  const out: string[] = [];
  for (const [code, verdict] of Object.entries(VERDICTS)) {
    const linted = new Set(diagnostics.filter((d) => d.code === code).map((d) => d.line));
    for (const line of report.lines) {
      if (linted.has(line.line) !== verdict(line)) {
        out.push(`${code} on line ${line.line}: lint ${linted.has(line.line)}`);
      }
    }
  }
  return out;
}

describe("lint's verdicts follow Google's report", () => {
  it('line by line, on generated bodies', () => {
    fc.assert(
      fc.property(body, (bytes) => {
        expect(disagreements(bytes)).toEqual([]);
      }),
      { numRuns: 300, seed: 1919 },
    );
  });

  it('not in an HTML page served as robots.txt: the page is one finding', () => {
    const html = fc
      .tuple(pick(['<!DOCTYPE html>\n', '<html>\n']), body)
      .map(([head, rest]) => Uint8Array.from([...new TextEncoder().encode(head), ...rest]));
    fc.assert(
      fc.property(html, (bytes) => {
        const codes = lintRobotsTxt(bytes).diagnostics.map((d) => d.code);
        expect(codes).toEqual(['html-content']);
      }),
      { numRuns: 100, seed: 2026 },
    );
  });

  it('on the hand-picked lines the report README describes', () => {
    const bodies = [
      'User-agent: *\n\uFEFFUser-agent: x\nDisallow: /\n',
      'Crawl-delay 5\nfoo bar\nDisallow /x\nfoo bar baz\n',
      'Host example.com\nsitemap http://x\n',
      `Disallow: /${'a'.repeat(17_000)}\nCrawl-delay: ${'1'.repeat(17_000)}\n`,
      'Dissallow: /a\nuser agent: x\nsite-map: /s.xml\n',
    ];
    for (const text of bodies) {
      expect(disagreements(new TextEncoder().encode(text)), JSON.stringify(text)).toEqual([]);
    }
  });
});
