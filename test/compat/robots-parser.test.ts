import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import robotsParserDefault, { type Robot, robotsParser } from '../../src/compat/robots-parser.js';
import { referenceCheck } from '../helpers/reference-port.js';

const require = createRequire(import.meta.url);
const original = require('robots-parser') as (url: string, contents: string) => Robot;

interface Call {
  readonly method: string;
  readonly args: readonly unknown[];
  readonly url: unknown;
  readonly contents: unknown;
}

interface Mismatch {
  readonly test: string;
  readonly call: string;
  /** What robots-parser's suite expects. */
  readonly expected: unknown;
  /** What the drop-in answered. */
  readonly actual: unknown;
  /** The robots.txt the robot was made from. */
  readonly contents: string;
}

/**
 * Runs robots-parser's own test file (shipped in its npm package) against `parser`: every
 * `expect(...)` is recorded instead of thrown, with the robot call that produced the value.
 */
function runSuite(parser: typeof robotsParser, skip: readonly string[] = []) {
  const source = readFileSync(require.resolve('robots-parser/test/Robots.js'), 'utf8');
  const mismatches: Mismatch[] = [];
  let test = '';
  let last: Call | undefined;
  let checks = 0;
  const record = (actual: unknown, expected: unknown, same: boolean) => {
    checks++;
    if (!same) {
      const call =
        last === undefined
          ? '?'
          : `${last.method}(${last.args.map((a) => JSON.stringify(a)).join(', ')})`;
      mismatches.push({ test, call, expected, actual, contents: String(last?.contents) });
    }
  };
  const chai = {
    expect: (actual: unknown) => ({
      to: {
        equal: (expected: unknown) => record(actual, expected, Object.is(actual, expected)),
        eql: (expected: unknown) =>
          record(actual, expected, JSON.stringify(actual) === JSON.stringify(expected)),
        be: {
          lessThan: (bound: number) => record(actual, `< ${bound}`, (actual as number) < bound),
        },
      },
    }),
  };
  const traced = (url: string, contents: string): Robot => {
    const robot = parser(url, contents);
    return new Proxy(robot, {
      get(target, method: string) {
        const value = target[method as keyof Robot] as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          last = { method, args, url, contents };
          return value.apply(target, args);
        };
      },
    });
  };
  const tests: { name: string; run: () => void }[] = [];
  new Function('require', 'describe', 'it', source)(
    (id: string) => (id === 'chai' ? chai : id === '../index' ? traced : require(id)),
    (_name: string, body: () => void) => body(),
    (name: string, run: () => void) => tests.push({ name, run }),
  );
  for (const { name, run } of tests) {
    if (skip.includes(name)) continue;
    test = name;
    run();
  }
  return { tests: tests.length, checks, mismatches };
}

describe('the import', () => {
  it('is the default export too, as robots-parser is imported', () => {
    expect(robotsParserDefault).toBe(robotsParser);
  });
});

describe("robots-parser's own test suite", () => {
  it('the harness sees every check: robots-parser itself passes all of them', () => {
    // Its 500 ms timing check is about its own speed, not the harness: left out on a busy machine.
    const { tests, checks, mismatches } = runSuite(original as typeof robotsParser, [
      'should handle large wildcards efficiently',
    ]);
    const source = readFileSync(require.resolve('robots-parser/test/Robots.js'), 'utf8');
    expect(tests).toBe(source.match(/^\tit\(/gm)?.length);
    expect(tests).toBeGreaterThanOrEqual(40);
    expect(checks).toBeGreaterThan(200);
    expect(mismatches).toEqual([]);
  });

  const { mismatches } = runSuite(robotsParser);

  it('passes, except where robots-parser disagrees with Google (each listed in docs/compat.md)', () => {
    expect(mismatches.map(({ contents, ...m }) => m)).toEqual(documentedDifferences);
  });

  it("the drop-in's verdicts in those cases are the reference's, for the URL as requested", () => {
    const verdicts = mismatches.filter((m) => /^is(Dis)?[Aa]llowed\(/.test(m.call));
    expect(verdicts.length).toBeGreaterThan(0);
    for (const { call, contents: body } of verdicts) {
      const [, method, url] = /^(\w+)\("([^"]*)"/.exec(call)!;
      const reference = referenceCheck(
        new TextEncoder().encode(body),
        ['*'],
        new TextEncoder().encode(new URL(JSON.parse(`"${url}"`)).href),
      );
      const ours = robotsParser('http://www.example.com/robots.txt', body);
      const verdict =
        method === 'isAllowed'
          ? ours.isAllowed(JSON.parse(`"${url}"`))
          : !ours.isDisallowed(JSON.parse(`"${url}"`));
      expect(verdict, call).toBe(reference.allowed);
    }
  });
});

/**
 * Where robots-parser's suite and Google's reference part, as docs/compat.md lists them.
 * Percent-encoding: the reference compares bytes; robots-parser upper-cases the URL's escapes.
 * Lone surrogates: a UTF-16 string is sent (and a file read) as UTF-8, where a lone surrogate
 * is U+FFFD, so `/\uD800` in the file and in the URL are the same bytes. Crawl-delay: only
 * allow/disallow lines end a group (RFC 9309 §2.1, the reference), so `user-agent: a`,
 * `crawl-delay: 1`, `user-agent: b` is one group for a and b, and the slowest valid value of the
 * merged groups is the delay (merging never lowers one).
 */
const documentedDifferences = [
  {
    test: 'should handle Unicode and urlencoded paths',
    call: 'isDisallowed("http://www.example.com/%e2%9d%83")',
    expected: true,
    actual: false,
  },
  {
    test: 'should handle lone high / low surrogates',
    call: 'isAllowed("http://www.example.com/\\udc00")',
    expected: true,
    actual: false,
  },
  {
    test: 'should handle lone high / low surrogates',
    call: 'isAllowed("http://www.example.com/\\ud800")',
    expected: true,
    actual: false,
  },
  {
    test: 'should parse the crawl-delay directive',
    call: 'getCrawlDelay("b")',
    expected: undefined,
    actual: 1,
  },
  {
    test: 'should fallback to * when a UA has no rules of its own',
    call: 'getCrawlDelay("should-fall-back")',
    expected: 1,
    actual: 12,
  },
  {
    test: 'should fallback to * when a UA has no rules of its own',
    call: 'getCrawlDelay("d")',
    expected: 10,
    actual: 12,
  },
  {
    test: 'should fallback to * when a UA has no rules of its own',
    call: 'getCrawlDelay("dd")',
    expected: 1,
    actual: 12,
  },
  {
    test: 'should not fallback to * when a UA has rules',
    call: 'getCrawlDelay("b")',
    expected: undefined,
    actual: 1,
  },
  {
    test: 'should ignore version numbers in the UA string',
    call: 'getCrawlDelay("should-fall-back/1.0.0")',
    expected: 1,
    actual: 12,
  },
  {
    test: 'should ignore version numbers in the UA string',
    call: 'getCrawlDelay("d/12")',
    expected: 10,
    actual: 12,
  },
  {
    test: 'should ignore version numbers in the UA string',
    call: 'getCrawlDelay("dd / 0-32-3")',
    expected: 1,
    actual: 12,
  },
];

describe('the drop-in', () => {
  const file = [
    'User-agent: *',
    'Disallow: /dir/',
    'Disallow: /test.html',
    'Allow: /dir/test.html',
    'Allow: /test.html',
    'Crawl-delay: 1',
    'Sitemap: http://example.com/sitemap.xml',
    'Host: example.com',
  ].join('\n');

  it("answers robots-parser's README example as robots-parser does", () => {
    const robots = robotsParser('http://www.example.com/robots.txt', file);
    const theirs = original('http://www.example.com/robots.txt', file);
    for (const robot of [robots, theirs]) {
      expect(robot.isAllowed('http://www.example.com/test.html', 'Sams-Bot/1.0')).toBe(true);
      expect(robot.isAllowed('http://www.example.com/dir/test.html', 'Sams-Bot/1.0')).toBe(true);
      expect(robot.isDisallowed('http://www.example.com/dir/test2.html', 'Sams-Bot/1.0')).toBe(
        true,
      );
      expect(robot.getCrawlDelay('Sams-Bot/1.0')).toBe(1);
      expect(robot.getSitemaps()).toEqual(['http://example.com/sitemap.xml']);
      expect(robot.getPreferredHost()).toBe('example.com');
      expect(robot.getMatchingLineNumber('http://www.example.com/dir/x', 'Sams-Bot/1.0')).toBe(2);
      expect(robot.getMatchingLineNumber('http://www.example.com/other', 'Sams-Bot/1.0')).toBe(-1);
    }
  });

  it('another origin: isAllowed undefined, isDisallowed true, no line', () => {
    const robots = robotsParser('https://www.example.com/robots.txt', file);
    for (const url of [
      'http://www.example.com/dir/',
      'https://example.com/dir/',
      'https://www.example.com:8443/dir/',
    ]) {
      expect(robots.isAllowed(url)).toBeUndefined();
      expect(robots.isDisallowed(url)).toBe(true);
      expect(robots.isExplicitlyDisallowed(url, 'FooBot')).toBeUndefined();
      expect(robots.getMatchingLineNumber(url)).toBe(-1);
    }
    expect(robots.isAllowed('https://WWW.example.com:443/dir/')).toBe(false);
  });

  it('isExplicitlyDisallowed consults only the groups that name the agent', () => {
    const robots = robotsParser(
      'https://example.com/robots.txt',
      'User-agent: *\nDisallow: /\n\nUser-agent: SomeBot\nDisallow: /private\n',
    );
    expect(robots.isExplicitlyDisallowed('https://example.com/private/x', 'SomeBot/2.0')).toBe(
      true,
    );
    expect(robots.isExplicitlyDisallowed('https://example.com/public', 'SomeBot')).toBe(false);
    expect(robots.isExplicitlyDisallowed('https://example.com/private/x', 'OtherBot')).toBe(false);
    expect(robots.isDisallowed('https://example.com/private/x', 'OtherBot')).toBe(true);
  });

  it("Google's decisions: merged groups, the most specific rule, the URL as requested", () => {
    // Two groups for one agent merge (RFC 9309 §2.2.1); robots-parser does too, by accident of
    // its map. A group with the agent's own name replaces `*` entirely.
    const merged =
      'User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n\nUser-agent: a\nDisallow: /z\n';
    const robots = robotsParser('https://example.com/robots.txt', merged);
    expect(robots.isAllowed('https://example.com/z', 'a')).toBe(false);
    expect(robots.isAllowed('https://example.com/y', 'a')).toBe(true);
    // The reference compares the bytes of the request: `/café` is sent as `/caf%C3%A9`.
    const cafe = robotsParser(
      'https://shop.example/robots.txt',
      'User-agent: *\nDisallow: /café\n',
    );
    expect(cafe.isAllowed('https://shop.example/café/menu')).toBe(false);
    expect(cafe.isAllowed('https://shop.example/caf%C3%A9/menu')).toBe(false);
    // A sitemap line does not end a group for Google; for robots-parser it does.
    const sitemap =
      'User-agent: a\nSitemap: https://example.com/s.xml\nUser-agent: b\nDisallow: /\n';
    expect(
      robotsParser('https://example.com/robots.txt', sitemap).isAllowed(
        'https://example.com/',
        'a',
      ),
    ).toBe(false);
    expect(
      original('https://example.com/robots.txt', sitemap).isAllowed('https://example.com/', 'a'),
    ).toBe(true);
  });

  it('takes bytes as well as text, null as an empty file, and names anything else', () => {
    const bytes = new TextEncoder().encode('User-agent: *\nDisallow: /x\n');
    expect(
      robotsParser('https://example.com/robots.txt', bytes).isAllowed('https://example.com/x'),
    ).toBe(false);
    expect(
      robotsParser('https://example.com/robots.txt', null).isAllowed('https://example.com/x'),
    ).toBe(true);
    expect(() => robotsParser('https://example.com/robots.txt', 42 as unknown as string)).toThrow(
      /robotsParser.*contents/,
    );
  });
});

describe('the differences docs/compat.md lists beyond the suite, against robots-parser itself', () => {
  const url = 'https://example.com/robots.txt';
  const both = (body: string) => ({ ours: robotsParser(url, body), theirs: original(url, body) });

  it('an empty Disallow decides nothing there: -1 as in robots-parser', () => {
    const { ours, theirs } = both('User-agent: *\nDisallow:\n');
    expect(ours.getMatchingLineNumber('https://example.com/a')).toBe(-1);
    expect(theirs.getMatchingLineNumber('https://example.com/a')).toBe(-1);
    expect(ours.isAllowed('https://example.com/a')).toBe(true);
    // A rule with a pattern keeps its line.
    const other = both('User-agent: *\nDisallow:\nDisallow: /a\n');
    expect(other.ours.getMatchingLineNumber('https://example.com/a')).toBe(3);
    expect(other.theirs.getMatchingLineNumber('https://example.com/a')).toBe(3);
  });

  it('merged groups: the slowest Crawl-delay (corpus file 2370: robots-parser keeps each its own)', () => {
    const { ours, theirs } = both(
      'User-agent: grapeshot\nCrawl-delay: 0\n\nUser-agent: bingbot\nCrawl-delay: 1\n',
    );
    expect(ours.getCrawlDelay('bingbot')).toBe(1);
    expect(theirs.getCrawlDelay('bingbot')).toBe(1);
    expect(ours.getCrawlDelay('grapeshot')).toBe(1);
    expect(theirs.getCrawlDelay('grapeshot')).toBe(0);
  });

  it('a Crawl-delay followed by User-agent lines is theirs too (corpus file 0779: the * agents get it)', () => {
    const { ours, theirs } = both(
      'User-agent: usasearch\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /search/\n',
    );
    expect(ours.getCrawlDelay('Googlebot')).toBe(5);
    expect(theirs.getCrawlDelay('Googlebot')).toBeUndefined();
    expect(ours.getCrawlDelay('usasearch')).toBe(5);
    expect(theirs.getCrawlDelay('usasearch')).toBe(5);
  });

  it('a User-agent value with more than the token names the token (corpus file 3268: `Yandex Bot`)', () => {
    const { ours, theirs } = both('User-agent: Yandex Bot\ncrawl-delay: 10\nDisallow: /search\n');
    expect(ours.getCrawlDelay('Yandex')).toBe(10);
    expect(theirs.getCrawlDelay('Yandex')).toBeUndefined();
    expect(ours.isAllowed('https://example.com/search', 'Yandex')).toBe(false);
    expect(theirs.isAllowed('https://example.com/search', 'Yandex')).toBe(true);
  });

  it('Crawl-delay values: plain decimals only, at most a day (robots-parser: Number(value))', () => {
    for (const [value, theirsValue] of [
      ['0x10', 16],
      ['1e1', 10],
      ['-1', -1],
    ] as const) {
      const { ours, theirs } = both(`User-agent: *\nCrawl-delay: ${value}\n`);
      expect(ours.getCrawlDelay(), value).toBeUndefined();
      expect(theirs.getCrawlDelay(), value).toBe(theirsValue);
    }
    const { ours, theirs } = both('User-agent: *\nCrawl-delay: 100000\n');
    expect(ours.getCrawlDelay()).toBe(86_400);
    expect(theirs.getCrawlDelay()).toBe(100_000);
  });

  it('Site-map is a sitemap line for Google; bytes are read as UTF-8 (robots-parser throws)', () => {
    const { ours, theirs } = both('Site-map: https://example.com/s.xml\n');
    expect(ours.getSitemaps()).toEqual(['https://example.com/s.xml']);
    expect(theirs.getSitemaps()).toEqual([]);
    const bytes = new TextEncoder().encode('User-agent: *\nDisallow: /x\n');
    expect(() => original(url, bytes as unknown as string)).toThrow(TypeError);
    expect(robotsParser(url, bytes).isAllowed('https://example.com/x')).toBe(false);
  });

  it("isExplicitlyDisallowed is robots-rep's own: robots-parser 3.0.1 has no such method", () => {
    const theirs = original(url, 'User-agent: a\nDisallow: /\n') as Partial<Robot>;
    expect(theirs.isExplicitlyDisallowed).toBeUndefined();
    expect(
      robotsParser(url, 'User-agent: a\nDisallow: /\n').isExplicitlyDisallowed(
        'https://example.com/x',
        'a',
      ),
    ).toBe(true);
  });
});
