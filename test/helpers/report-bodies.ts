/**
 * Generated robots.txt bodies (bytes) built from what Google's report turns on: keys (prefixes,
 * typos, unsupported tags in any case, keys that only start like one), separators (missing colons,
 * two or three words), comments, whitespace-only lines, NULs, BOMs at the start and elsewhere,
 * every line end, lines at the 16,663-byte cap. Shared by the report's and lint's property tests.
 */

import fc from 'fast-check';
import { pick } from './arbitraries.js';

export const encoder: TextEncoder = new TextEncoder();
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
/** A directive line: key, separator, value. */
export const directive: fc.Arbitrary<number[]> = fc
  .tuple(key, separator, value)
  .map(([k, s, v]) => [...k, ...s, ...v]);
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
/** A line end: LF, CR, CR LF, or two of them. */
export const lineEnd: fc.Arbitrary<number[]> = pick(['\n', '\r', '\r\n', '\n\r', '\r\r\n']).map(
  raw,
);
const bom = pick(['', '', '\xEF', '\xEF\xBB', '\xEF\xBB\xBF', '\xEF\xBB\xBF\xEF\xBB\xBF']).map(raw);
/** A body: an optional (partial) BOM, lines with their ends, maybe a last line without one. */
export const body: fc.Arbitrary<Uint8Array> = fc
  .tuple(bom, fc.array(fc.tuple(line, lineEnd), { maxLength: 10 }), fc.option(line))
  .map(([start, lines, last]) =>
    Uint8Array.from([...start, ...lines.flatMap(([l, end]) => [...l, ...end]), ...(last ?? [])]),
  );
