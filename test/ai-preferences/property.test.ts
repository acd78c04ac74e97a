import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usage } from '../../src/ai-preferences/index.js';
import { matchesPattern, parseRobotsTxt, readExtensions } from '../../src/index.js';
import { pick } from '../helpers/arbitraries.js';
import { loadCases } from '../helpers/cases.js';

// Adding a Content-Usage or Content-Signal line anywhere never changes an access verdict or its
// deciding line (beyond the shift the new line makes), on every kind of file the reference
// conformance cases hold.
const cases = loadCases('conformance/cases.jsonl').flatMap((c) =>
  typeof c.body === 'string' && c.body.length < 100_000 ? [{ ...c, body: c.body }] : [],
);

const key = pick([
  'Content-Usage',
  'content-usage',
  'Content-Signal',
  'CONTENT-SIGNAL',
  'Content-usage',
]);
const path = pick(['', '/', '/a', '/a/*', '/*.pdf$', '/caf\u00e9/', '/%2F', '/x y']);
const statement = pick([
  'train-ai=n',
  'train-ai=y, search=y',
  'search=yes, ai-train=no, use=reference',
  'ai-use=n,',
  'bots=n',
  '"broken',
  '',
  '# just a comment',
]);
const extensionLine = fc
  .tuple(key, path, statement, pick([':', ': ', ' :\t', ' ']))
  .map(([k, p, s, colon]) => `${k}${colon}${p === '' ? '' : `${p} `}${s}`);

describe('AI preference lines', () => {
  it('never change an isAllowed verdict or deciding line', () => {
    expect(cases.length).toBeGreaterThan(1000);
    fc.assert(
      fc.property(
        fc.nat({ max: cases.length - 1 }),
        fc.array(extensionLine, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        (index, lines, where) => {
          const c = cases[index]!;
          // Insert after a line feed (every LF ends a line, CR LF included) or at the end.
          // A line without a colon may not be a directive at all: the shift counts lines.
          const breaks = [...c.body.matchAll(/\n/g)].map((m) => m.index + 1);
          const at = breaks.length === 0 ? c.body.length : breaks[where % breaks.length]!;
          const head = c.body.slice(0, at);
          const ended = at === 0 || /[\r\n]$/.test(head);
          const inserted = `${ended ? '' : '\n'}${lines.join('\n')}\n`;
          // The first inserted line's number: line ends before it (CR LF counts once), plus one.
          const first = (head.match(/\r\n|\r|\n/g)?.length ?? 0) + (ended ? 1 : 2);
          const before = parseRobotsTxt(c.body);
          const after = parseRobotsTxt(head + inserted + c.body.slice(at));
          const verdict = after.isAllowed(c.url, c.useragent);
          expect(verdict).toBe(before.isAllowed(c.url, c.useragent));
          expect(verdict).toBe(c.allowed);
          const line = before.matchingLine(c.url, c.useragent);
          const shifted = line >= first ? line + lines.length : line;
          expect(after.matchingLine(c.url, c.useragent)).toBe(shifted);
          // usage() keeps the groups per agent: they must be explain's, URL after URL.
          const preferences = usage(after, c.url, c.useragent);
          const explanation = after.explain(c.url, c.useragent);
          expect(preferences.fetchable).toBe(verdict);
          expect(preferences.line).toBe(explanation.line);
          expect(preferences.groups).toEqual(explanation.groups);
          expect(preferences.path).toBe(explanation.path);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// The indexed lookup of preference lines against a naive scan of every line, on sets large
// enough to be indexed (more than 24 lines) and small ones, with wildcards, `$` and ties.
describe('the longest-match lookup of preference lines', () => {
  const piece = pick(['/', 'a', 'b', 'ab', '*', '$', '.pdf', '%2F', 'x/']);
  const linePath = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => `/${p.join('')}`);
  const value = pick(['y', 'n', 'yes']);
  const rule = fc.tuple(fc.option(linePath, { nil: null }), value, value);

  it('finds the lines a naive scan finds', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { minLength: 1, maxLength: 60 }),
        fc.array(linePath, { minLength: 1, maxLength: 8 }),
        (rules, paths) => {
          const body = [
            'User-agent: *',
            ...rules.map(
              ([p, t, s]) =>
                `Content-Usage: ${p === null ? '' : `${p} `}train-ai=${t}, search=${s}`,
            ),
          ].join('\n');
          const robots = parseRobotsTxt(body);
          const lines = readExtensions(robots).filter((r) => r.type === 'content-usage');
          for (const path of paths) {
            const matching = lines.filter((l) => matchesPattern(l.pattern, path));
            const top = Math.max(-1, ...matching.map((l) => l.priority));
            const expected = matching.filter((l) => l.priority === top).map((l) => l.line);
            const result = usage(robots, `https://example.com${path}`, 'Bot');
            expect(result.rules.map((r) => r.line)).toEqual(expected);
            // Most restrictive: the lines saying n, else those saying y.
            const said = (label: 'train-ai' | 'search'): number[] => {
              const best = matching.filter((l) => l.priority === top);
              const saying = (v: string) =>
                best
                  .filter((l) => new RegExp(`(^|, )${label}=${v}(,|$)`).test(l.statement))
                  .map((l) => l.line);
              const no = saying('n');
              return no.length > 0 ? no : saying('y');
            };
            expect(result.contentUsage['train-ai'].lines).toEqual(said('train-ai'));
            expect(result.contentUsage.search.lines).toEqual(said('search'));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
