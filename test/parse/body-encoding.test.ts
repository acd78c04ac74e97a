import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import { readBody, readBytes, resolveOptions } from '../../src/parse/body.js';
import { ParsedRobotsTxt } from '../../src/robots.js';
import type { RobotsTxt } from '../../src/types.js';
import { pick } from '../helpers/arbitraries.js';

// A non-ASCII string (or valid UTF-8 bytes) that fits in maxBytes is parsed as UTF-16 text, not
// converted to a byte string first. Both readings must give the same model and the same answers
// as reading the body's bytes one by one, which the conformance suites pin to the reference.

const encoder = new TextEncoder();

const nonAscii = pick([
  'é',
  'ü',
  '😀',
  '中文',
  '\ufeff',
  '\ufec0',
  '\uff21',
  '\ud800', // lone surrogates: read as U+FFFD
  '\udfff',
  '€',
  '\u0080',
]);
const ascii = pick(['/a', '/b/', '*', '$', '%41', '%e9', '?q=1', ' ', '\t', '#c', ':', 'x']);
const value = fc.array(fc.oneof(ascii, nonAscii), { maxLength: 6 }).map((p) => p.join(''));
const key = pick(['User-agent', 'Disallow', 'Allow', 'Sitemap', 'Crawl-delay', 'Dissalow', 'ü']);
const line = fc.oneof(
  fc.tuple(key, pick([': ', ':', ' ']), value).map(([k, s, v]) => `${k}${s}${v}`),
  value,
  // Lines that may pass the 16,663-byte line cap only in bytes, or in characters too.
  fc
    .tuple(pick(['Disallow: /', 'Allow: /', '# ']), pick(['é', 'x', '😀']), pick([5600, 9000]))
    .map(([k, c, n]) => `${k}${c.repeat(n)}`),
);
const body = fc
  .tuple(
    pick(['', '\ufeff', '\ufec0', '\uff21', 'é']),
    fc.array(fc.tuple(line, pick(['\n', '\r\n', '\r'])), { maxLength: 12 }),
  )
  .map(([start, lines]) => start + lines.map(([l, t]) => l + t).join(''));

/** Everything a parsed file exposes, as plain data. */
function snapshot(robots: RobotsTxt): unknown {
  const urls = ['https://h/', 'https://h/a', 'https://h/é', 'https://h/%C3%A9', 'https://h/b/x'];
  return {
    groups: robots.groups,
    rulesOutsideGroups: robots.rulesOutsideGroups,
    sitemaps: robots.sitemapLines,
    directives: robots.directives,
    lines: robots.lines,
    size: robots.size,
    bytesParsed: robots.bytesParsed,
    truncated: robots.truncated,
    answers: ['x', 'ü', 'Bot'].flatMap((agent) =>
      urls.map((url) => [robots.isAllowed(url, agent), robots.matchingLine(url, agent)]),
    ),
  };
}

describe('UTF-16 text and byte strings give the same parse', () => {
  it('for any mix of non-ASCII characters, BOMs, long lines and line breaks', () => {
    fc.assert(
      fc.property(body, (text) => {
        const options = resolveOptions(undefined);
        // The byte-string reading: the body's bytes, one character each.
        const bytes = snapshot(new ParsedRobotsTxt(readBody(text), options));
        expect(snapshot(parseRobotsTxt(text))).toEqual(bytes);
        expect(snapshot(parseRobotsTxt(encoder.encode(text)))).toEqual(bytes);
        // Bytes where the platform has no native Latin-1 decoding (browsers): UTF-8 is decoded.
        const portable = readBytes(encoder.encode(text), options.maxBytes, undefined);
        expect(snapshot(new ParsedRobotsTxt(portable, options))).toEqual(bytes);
      }),
      { numRuns: 400 },
    );
  });

  it('a body over maxBytes is read as bytes, cut at the limit', () => {
    const text = `User-agent: *\nDisallow: /é\n${'# ü\n'.repeat(50)}Disallow: /late\n`;
    const robots = parseRobotsTxt(text, { maxBytes: 60 });
    expect(robots.truncated).toBe(true);
    expect(robots.size).toBe(encoder.encode(text).length);
    expect(robots.isAllowed('https://h/%C3%A9', 'x')).toBe(false);
    expect(robots.isAllowed('https://h/late', 'x')).toBe(true);
  });

  it('size counts UTF-8 bytes, a lone surrogate as the 3 of U+FFFD', () => {
    expect(parseRobotsTxt('Disallow: /é😀\ud800').size).toBe(11 + 2 + 4 + 3);
  });
});
