import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt, reportRobotsTxt } from '../../src/index.js';
import { pick } from '../helpers/arbitraries.js';
import { referenceReport } from '../helpers/reporting-port.js';

// Property tests: Google's report (reportRobotsTxt, robots.report()) against a naive line-by-line
// port of the reference's reporting module (test/helpers/reporting-port.ts), on generated bodies
// built from what the module's verdicts turn on: keys (prefixes, typos, unsupported tags in any
// case, keys that only start like one), separators (missing colons, two or three words), comments,
// whitespace-only lines, NULs, BOMs at the start and elsewhere, every line end, lines at the cap.

const encoder = new TextEncoder();
const bytesOf = (text: string): number[] => [...encoder.encode(text)];
/** Raw bytes written one character per byte (for bytes that are not UTF-8). */
const raw = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

const key = pick([
  'User-agent',
  'user-agent',
  'USERAGENT',
  'user agent',
  'User-agents',
  'Allow',
  'allowed',
  'Alow',
  'Disallow',
  'Dissallow',
  'dissalow',
  'DISALOW',
  'diasllow',
  'disallaw',
  'Disallowed',
  'Sitemap',
  'sitemaps',
  'Site-map',
  'site map',
  'Crawl-delay',
  'CRAWL-DELAY',
  'crawl-delay2',
  'Crawl-delay ',
  'Host',
  'hosts',
  'Noindex',
  'NoFollow',
  'noarchive',
  'Clean-param',
  'Content-Signal',
  'content-usage',
  'Domain',
  'Revisit-after',
  'Visit-time',
  'Request-rate',
  'unicorn',
  'foo bar',
  '',
  'é',
  '\uFEFFUser-agent',
  'Dis\0allow',
  '\vAllow',
]).map(bytesOf);
const separator = pick([':', ': ', ' : ', ' ', '\t', ' \t ', ':\t', '', '::', '\v', '\f:']).map(
  bytesOf,
);
const value = pick([
  '',
  '/',
  '/a',
  '/a b',
  '*',
  '/x#c',
  '#',
  'a b c',
  'http://x/s.xml',
  '\0x',
  ' \f ',
  '/ü',
  'x ',
]).map(bytesOf);
const directive = fc.tuple(key, separator, value).map(([k, s, v]) => [...k, ...s, ...v]);
const otherLine = pick([
  '',
  ' ',
  ' \t\v\f ',
  '# comment',
  '  # indented comment',
  ':x',
  ' : ',
  'foo bar baz',
  'word',
  '\0',
  '\0Disallow: /',
  '#\0',
  'Disallow /x',
  'Sitemap http://x',
]).map(bytesOf);
const junk = fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 12 });
/** A line around the 16,663-byte cap: cut, or kept whole, with a colon before or after the cut. */
const longLine = fc
  .tuple(
    pick(['Disallow: /', 'Crawl-delay: ', 'x', '# ']),
    fc.integer({ min: 16_650, max: 16_675 }),
  )
  .map(([head, length]) => [...bytesOf(head), ...Array<number>(length - head.length).fill(0x61)]);
const line = fc.oneof(
  { weight: 6, arbitrary: directive },
  { weight: 3, arbitrary: otherLine },
  { weight: 1, arbitrary: junk },
  { weight: 1, arbitrary: longLine },
);
const lineEnd = pick(['\n', '\r', '\r\n', '\n\r', '\r\r\n']).map(raw);
const bom = pick(['', '', '\xEF', '\xEF\xBB', '\xEF\xBB\xBF', '\xEF\xBB\xBF\xEF\xBB\xBF']).map(raw);
const body = fc
  .tuple(bom, fc.array(fc.tuple(line, lineEnd), { maxLength: 10 }), fc.option(line))
  .map(([start, lines, last]) =>
    Uint8Array.from([...start, ...lines.flatMap(([l, end]) => [...l, ...end]), ...(last ?? [])]),
  );

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
