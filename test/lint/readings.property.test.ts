import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintRobotsTxt, parseRobotsTxt, READING_NAMES } from '../../src/index.js';
import { pick } from '../helpers/arbitraries.js';

// lint --readings on generated files: every reading-* diagnostic names a crawler and a path on
// which the readings really disagree (checked with robots.compare), says Google's verdict right,
// and a wildcard finding stands on a line with a wildcard.

const line = fc.oneof(
  pick([
    'User-agent: *',
    'User-agent: bot',
    'User-agent: Googlebot',
    'User-agent: googlebot',
    'User-agent: googlebot-news',
  ]),
  pick(['', '# note', 'Crawl-delay: 1', 'Sitemap: https://e.com/s.xml']),
  fc
    .tuple(
      pick(['Allow', 'Disallow']),
      pick([
        '/',
        '/a',
        '/a/b',
        '/*.pdf',
        '/x$',
        '/%7Ejoe',
        '/é',
        '/a*b',
        '',
        '/*sort=',
        '/*?sort=',
        '/a*&b',
        '/*',
        '/a$b',
      ]),
    )
    .map(([key, value]) => `${key}: ${value}`),
);
const body = fc
  .array(line, { minLength: 1, maxLength: 12 })
  .map((lines) => `${lines.join('\n')}\n`);

const FINDING =
  /^For (\S*) at (\S+), Google (allows|disallows) \((?:line (\d+)|no rule)\) but (.+?) (allows?|disallows?) \(/;

describe('lint --readings on generated files', () => {
  it('reports only real disagreements, with Google’s verdict and line as compare gives them', () => {
    let checked = 0;
    fc.assert(
      fc.property(body, (text) => {
        const robots = parseRobotsTxt(text);
        const findings = lintRobotsTxt(text, { readings: true }).diagnostics.filter((d) =>
          d.code.startsWith('reading-'),
        );
        for (const d of findings) {
          checked++;
          const match = FINDING.exec(d.message);
          expect(match, d.message).not.toBeNull();
          const [, agent, path, googleVerdict, googleLine] = match!;
          const verdicts = robots.compare(`https://robots.invalid${path}`, agent!);
          const google = verdicts[0]!;
          expect(google.allowed, d.message).toBe(googleVerdict === 'allows');
          expect(google.line, d.message).toBe(googleLine === undefined ? 0 : Number(googleLine));
          const legacy = verdicts.filter(
            (v) => v.interpretation !== 'google' && v.interpretation !== 'rfc9309',
          );
          // The readings the finding names are those that differ.
          const named = legacy.filter((v) => match![5]!.includes(READING_NAMES[v.interpretation]));
          expect(named.length, d.message).toBeGreaterThan(0);
          for (const v of named) expect(v.allowed, d.message).not.toBe(google.allowed);
          if (d.code === 'reading-encoding' || d.code === 'reading-match-length') {
            expect(
              named.map((v) => v.interpretation),
              d.message,
            ).toEqual(['python-urllib-rfc9309']);
          }
          if (d.code === 'reading-wildcard') {
            const lines = [google.line, ...legacy.map((v) => v.line)].filter((l) => l > 0);
            const values = lines.map((l) => text.split('\n')[l - 1] ?? '');
            expect(
              values.some((v) => /[*$]/.test(v.slice(v.indexOf(':') + 1))),
              d.message,
            ).toBe(true);
          }
        }
      }),
      { numRuns: 300, seed: 21 },
    );
    // The generated files do disagree: the property is not checked on nothing.
    expect(checked).toBeGreaterThan(100);
  });

  it('finds the wildcard and first-match differences a file is built to have', () => {
    const text = 'User-agent: *\nDisallow: /*.pdf\nDisallow: /a\nAllow: /a/b\n';
    const codes = lintRobotsTxt(text, { readings: true }).diagnostics.map((d) => [d.line, d.code]);
    expect(codes).toContainEqual([2, 'reading-wildcard']);
    expect(codes).toContainEqual([4, 'reading-first-match']);
  });

  it('names what Python’s RFC 9309 robotparser reads differently, apart from the older readers', () => {
    const cases = [
      // A group named "Googlebot/2.1": Python looks up the whole name "Googlebot", then names inside it.
      ['User-agent: Googlebot/2.1\nDisallow: /g\n', 2, 'reading-agent-selection'],
      // "/*sort=" has its "=" encoded: it never matches "/x?sort=" for Python.
      ['User-agent: *\nDisallow: /*sort=\n', 2, 'reading-encoding'],
      // "/*" matches all of "/public/y", more than "Allow: /public" does.
      ['User-agent: *\nAllow: /public\nDisallow: /*\n', 2, 'reading-match-length'],
    ] as const;
    for (const [text, line, code] of cases) {
      const found = lintRobotsTxt(text, { readings: true }).diagnostics.filter((d) =>
        d.message.includes("but Python's RFC 9309 robotparser "),
      );
      expect(found.map((d) => [d.line, d.code])).toContainEqual([line, code]);
      for (const d of found) {
        const [, agent, path] = FINDING.exec(d.message)!;
        const verdicts = parseRobotsTxt(text).compare(`https://robots.invalid${path}`, agent!);
        const python = verdicts.find((v) => v.interpretation === 'python-urllib-rfc9309')!;
        expect(python.allowed, d.message).not.toBe(verdicts[0]!.allowed);
      }
    }
  });
});
