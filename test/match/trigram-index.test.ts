import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import { lastCheckWork } from '../../src/robots.js';
import { withMatcherSettings } from '../helpers/matcher-settings.js';

// Rules in a set large enough to be indexed as rule numbers (a PrefixIndex, and a TrigramIndex
// for wildcard rules with an empty or one-character prefix): escaped values and `index.html`
// rewrites among them are made entries only when a check reaches them, and answer as the
// entries of a small set's scanned list do.

const body = [
  'User-agent: *',
  ...Array.from({ length: 40 }, (_, i) => `Disallow: /*x${i}q`),
  'Allow: *caf\u00e9*',
  'Disallow: *caf%C3%A9/menu$',
  'Allow: /*/index.html',
  'Disallow: /*/private/',
  'Allow: *%7Euser',
  'Disallow: *~user/x',
  'Disallow: /*ab',
  'Disallow: /caf\u00e9/x',
  'Allow: /caf%c3%a9/x/y',
  'Allow: /dir/index.html',
  'Allow: /w*/index.htm',
  'Disallow: /w',
  '',
].join('\n');

const URLS = [
  'https://e.com/a/x3q',
  'https://e.com/caf\u00e9/menu',
  'https://e.com/caf%C3%A9/menu',
  'https://e.com/caf%c3%a9/menu',
  'https://e.com/site/',
  'https://e.com/site/index.html',
  'https://e.com/site/private/',
  'https://e.com/~user/x',
  'https://e.com/%7Euser/x',
  'https://e.com/zab',
  'https://e.com/x12q/index.html',
  'https://e.com/caf%C3%A9/x/y',
  'https://e.com/caf\u00e9/x/z',
  'https://e.com/dir/',
  'https://e.com/wa/b/',
  'https://e.com/wa/b/index.html',
];

/**
 * Each URL's verdict and deciding line in `text`, on a set's first (scanned) and later (indexed)
 * checks.
 */
function answers(text: string, urls: readonly string[]): unknown[] {
  const robots = parseRobotsTxt(text);
  return [1, 2].flatMap(() =>
    urls.map((url) => [robots.isAllowed(url, 'bot'), robots.matchingLine(url, 'bot')]),
  );
}

/**
 * {@link answers} from entries (the set taken as small enough to scan as one list), then from
 * rule numbers.
 */
function fromEntriesAndNumbers(text: string, urls: readonly string[]): [unknown[], unknown[]] {
  const fromEntries = withMatcherSettings({ ruleIndexing: { smallSet: 1000 } }, () =>
    answers(text, urls),
  );
  return [fromEntries, answers(text, urls)];
}

describe('rules kept as rule numbers', () => {
  it('answer as entries do, escaped values and rewrites included', () => {
    const [fromEntries, fromNumbers] = fromEntriesAndNumbers(body, URLS);
    expect(fromNumbers).toEqual(fromEntries);
    expect(fromEntries).toContainEqual([false, 43]);
    expect(fromEntries).toContainEqual([true, 44]);
    expect(fromEntries).toContainEqual([true, 50]);
    expect(fromEntries).toContainEqual([true, 51]);
    expect(fromEntries).toContainEqual([true, 52]);
  });
});

describe('scanned rules (no piece of 3 characters) in a set with trigrams', () => {
  // With four or more such rules the walk notes the path's characters, and a scanned rule
  // needing one the path lacks is passed over: `q` and `Q` share a bit, so `/a?Q=1` is tested
  // in full.
  const scannedBody = [
    'User-agent: *',
    ...Array.from({ length: 40 }, (_, i) => `Disallow: /*x${i}q`),
    'Disallow: /*?*q=',
    'Allow: /*=*Q',
    'Disallow: *&$',
    'Disallow: /*;*z',
    '',
  ].join('\n');
  const urls = [
    '/a?q=1',
    '/a?Q=1',
    '/a?x=1',
    '/q=?',
    '/a?b=Q',
    '/a?b=q',
    '/x3q?q=',
    '/a&',
    '/a&b',
  ].map((path) => `https://e.com${path}`);

  it('answer as entries do', () => {
    const [fromEntries, fromNumbers] = fromEntriesAndNumbers(scannedBody, urls);
    expect(fromNumbers).toEqual(fromEntries);
    expect(fromEntries.slice(9)).toEqual([
      [false, 42],
      [true, 0],
      [true, 0],
      [true, 0],
      [true, 43],
      [true, 0],
      [false, 42],
      [false, 44],
      [true, 0],
    ]);
  });
});

describe('rules whose pieces all have one of a few characters (anchors)', () => {
  // Keys of `=` and `.` pieces: the walk reads trigrams from a few characters before the first
  // `=` or `.` of the path (the most a key starts before an anchor of its piece), and none for
  // a path without either, whose scanned rules (each with an `=` or a `.`) are passed over too.
  const anchoredBody = [
    'User-agent: *',
    'Allow: /',
    ...Array.from({ length: 40 }, (_, i) => `Disallow: /*&p${i}=`),
    'Disallow: /*?*sessionid=',
    'Allow: /*.pdf$',
    // Its key (`ef.x`, the end of its longest piece) starts two characters before its `.`.
    'Disallow: /*abcdef.x',
    // Its key (`fgh`) starts five characters after its `=`.
    'Disallow: /a*=abfgh*z',
    'Disallow: /*?*q=',
    'Disallow: /*.*z',
    '',
  ].join('\n');
  const urls = [
    '/a&p3=1',
    '/a?b=1&p39=2',
    '/x?sessionid=7',
    '/x?session=7',
    '/doc.pdf',
    '/doc.pdf?x=1',
    '/abcdef.x',
    '/zzzabcdef.xyz',
    '/abcdefx',
    '/a=abfgh/z',
    '/a/b=abfg/z',
    '/a?q=1',
    '/a?q',
    '/a.b/z',
    '/az',
    '/plain/path/without/anchors',
  ].map((path) => `https://e.com${path}`);

  it('answer as entries do', () => {
    const [fromEntries, fromNumbers] = fromEntriesAndNumbers(anchoredBody, urls);
    expect(fromNumbers).toEqual(fromEntries);
    expect(fromEntries.slice(16)).toEqual([
      [false, 6],
      [false, 42],
      [false, 43],
      [true, 2],
      [true, 44],
      [true, 2],
      [false, 45],
      [false, 45],
      [true, 2],
      [false, 46],
      [true, 2],
      [false, 47],
      [true, 2],
      [false, 48],
      [true, 2],
      [true, 2],
    ]);
  });

  it('cost a check of a path without anchors no trigram', () => {
    // Each key (`k7zz`) is in the path, but not the `.` before it.
    const keys = Array.from({ length: 40 }, (_, i) => `k${i}zz`);
    const robots = parseRobotsTxt(
      ['User-agent: *', 'Allow: /', ...keys.map((key) => `Disallow: /*.${key}`), ''].join('\n'),
    );
    const path = `/${keys.join('/')}`;
    for (const url of [`https://e.com${path}`, `https://e.com${path}.${keys[39]}`]) {
      robots.isAllowed(url, 'bot');
      robots.isAllowed(url, 'bot');
    }
    expect(robots.matchingLine(`https://e.com${path}.${keys[39]}`, 'bot')).toBe(42);
    robots.isAllowed(`https://e.com${path}`, 'bot');
    // The walk and a search for the anchor, a unit a character each; testing the rules under
    // the 40 keys the path has would cost a search of the path each.
    expect(lastCheckWork()).toBeLessThanOrEqual(2 * path.length + 10);
  });
});

describe('rules sharing the end of their longest piece', () => {
  // Hundreds of `/*.<name>.html` rules end in `html`: filed under it, every check of a page
  // ending in `.html` would test them all; they are spread over other keys of theirs.
  const names = Array.from(
    { length: 600 },
    (_, i) => `part${i.toString(36)}x${(i * 7919).toString(36)}`,
  );
  const crowdedBody = [
    'User-agent: *',
    'Allow: /',
    ...names.map((name) => `Disallow: /*.${name}.html`),
    'Disallow: /*print.html$',
    '',
  ].join('\n');
  const urls = [
    '/news/story.html',
    `/news/story.${names[17]}.html`,
    `/a.${names[599]}.html?x=1`,
    `/a.${names[3]}.htm`,
    '/print.html',
    '/b/print.html?q',
    `/${names[40]}.html`,
  ].map((path) => `https://e.com${path}`);

  it('answer as entries do', () => {
    const [fromEntries, fromNumbers] = fromEntriesAndNumbers(crowdedBody, urls);
    expect(fromNumbers).toEqual(fromEntries);
    expect(fromEntries.slice(7)).toEqual([
      [true, 2],
      [false, 20],
      [false, 602],
      [true, 2],
      [false, 603],
      [true, 2],
      [true, 2],
    ]);
  });

  it('answer as entries do when they are escaped (filed by their escaped pieces)', () => {
    // `/*abéxyz` matches as `/*ab%C3%A9xyz`: all of them under `xyz` (after `9`), spread over
    // keys of their pattern, never of their text (whose every trigram has the `é` or follows it).
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const pairs = Array.from({ length: 200 }, (_, i) => letters[i % 26]! + letters[(i / 26) | 0]!);
    const escaped = [
      'User-agent: *',
      'Allow: /',
      ...pairs.map((pair) => `Disallow: /*${pair}\u00e9xyz`),
      '',
    ].join('\n');
    // A URL is matched as given: its raw `é` and lower-case escapes are not the rules'.
    const escapedUrls = [
      ...pairs.map((pair) => `https://e.com/p${pair}%C3%A9xyz`),
      `https://e.com/${pairs[7]}\u00e9xyz`,
      `https://e.com/${pairs[7]}%c3%a9xyz`,
    ];
    const [fromEntries, fromNumbers] = fromEntriesAndNumbers(escaped, escapedUrls);
    expect(fromNumbers).toEqual(fromEntries);
    expect(fromEntries.slice(0, 3)).toEqual([
      [false, 3],
      [false, 4],
      [false, 5],
    ]);
    expect(fromEntries.slice(200, 202)).toEqual([
      [true, 2],
      [true, 2],
    ]);
  });

  it('cost a check of a page ending in .html work for a few of them, not all', () => {
    const robots = parseRobotsTxt(crowdedBody);
    for (const url of urls) {
      robots.isAllowed(url, 'bot');
      robots.isAllowed(url, 'bot');
      // Testing all 600 costs about 9,000 units; a key holds 16 of them at most.
      expect(lastCheckWork()).toBeLessThan(2000);
    }
  });
});

describe('rules whose pieces share no trigram', () => {
  // Each rule would be a key of its own, which costs more than its line: past half the body's
  // size, the keys are filed in buckets, and a bucket's rules are confirmed against the path.
  const piece = (i: number): string => (Math.imul(i + 1, 0x9e3779b1) >>> 0).toString(36);
  const text = [
    'User-agent: *',
    ...Array.from(
      { length: 20_000 },
      (_, i) => `${i % 7 === 0 ? 'Allow' : 'Disallow'}: /*${piece(i)}`,
    ),
    '',
  ].join('\n');
  const urls = [
    ...[0, 5, 7, 100, 1234, 19_999].map((i) => `https://e.com/a/${piece(i)}/b`),
    `https://e.com/${piece(14)}${piece(15)}`,
    ...[20_000, 20_001, 30_000].map((i) => `https://e.com/a/${piece(i)}/b`),
    'https://e.com/',
  ];

  it('answer as entries do', () => {
    const [fromEntries, fromNumbers] = fromEntriesAndNumbers(text, urls);
    expect(fromNumbers).toEqual(fromEntries);
    expect(fromEntries).toContainEqual([false, 7]);
    expect(fromEntries).toContainEqual([true, 9]);
    expect(fromEntries).toContainEqual([false, 1236]);
  });

  it('keep rule numbers and buckets within the body size', () => {
    const robots = parseRobotsTxt(text);
    for (const url of urls) robots.isAllowed(url, 'bot');
    // The body, its rule table and the index: about 1.9 times the body, 3.3 with a key a rule.
    expect(robots.retainedBytes).toBeLessThan(2 * text.length);
  });
});
