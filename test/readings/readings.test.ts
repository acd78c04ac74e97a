/**
 * Other readings: CPython's robotparser (its own verdicts on the reference cases, and a generated
 * batch run through python3), the 1996 draft's path table, and the side-by-side comparison.
 */

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareReadings,
  INTERPRETATIONS,
  parseReadings,
  parseRobotsTxt,
  readingsDisagree,
} from '../../src/index.js';
import { draftMatches } from '../../src/readings/draft-1996.js';
import { fixturePath } from '../helpers/cases.js';

const lines = (file: string) =>
  readFileSync(fixturePath(file), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));

describe("python-urllib: CPython's RobotFileParser", () => {
  const cases: {
    name: string;
    robotstxt: string;
    useragent: string;
    url: string;
    allowed: boolean;
  }[] = lines('conformance/legacy/python-urllib.jsonl');

  it('agrees on every case of python-urllib.jsonl (CPython 3.11.7)', () => {
    expect(cases).toHaveLength(2952);
    const wrong = cases.filter(
      (c) =>
        parseRobotsTxt(c.robotstxt, { interpretation: 'python-urllib' }).isAllowed(
          c.url,
          c.useragent,
        ) !== c.allowed,
    );
    expect(wrong.map((c) => c.name)).toEqual([]);
    // The reading differs from Google's on real cases: the comparison has something to show.
    const differs = cases.filter(
      (c) => parseRobotsTxt(c.robotstxt).isAllowed(c.url, c.useragent) !== c.allowed,
    );
    expect(differs.length).toBeGreaterThan(100);
  });

  it('explains with the first matching line, in file order', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /a\nAllow: /a/b\n', {
      interpretation: 'python-urllib',
    });
    const e = robots.explain('https://e.com/a/b/c', 'Bot');
    expect(e).toMatchObject({
      allowed: false,
      line: 2,
      selection: 'global',
      interpretation: 'python-urllib',
    });
    expect(e.reason).toMatch(/first rule in file order/);
    expect(
      parseRobotsTxt('User-agent: *\nDisallow: /a\nAllow: /a/b\n').isAllowed(
        'https://e.com/a/b/c',
        'Bot',
      ),
    ).toBe(true);
  });

  it('matches agents as substrings, the * entry last, and reads Crawl-delay as Python does', () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nDisallow: /\n\nUser-agent: bot\nCrawl-delay: 7\nDisallow: /x\n',
      {
        interpretation: 'python-urllib',
      },
    );
    expect(robots.isAllowed('https://e.com/y', 'Mybot/2.0')).toBe(true);
    expect(robots.isAllowed('https://e.com/y', 'Other')).toBe(false);
    expect(robots.crawlDelay('MyBot')).toBe(7);
  });

  it('keeps a BOM as U+FEFF and refuses a body that is not UTF-8, as read() does', () => {
    const bom = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('User-agent: *\nDisallow: /\n'),
    ]);
    // "\ufeffuser-agent" is no user-agent key for Python: the file has no entries.
    expect(
      parseRobotsTxt(bom, { interpretation: 'python-urllib' }).isAllowed('https://e.com/x', 'Bot'),
    ).toBe(true);
    expect(parseRobotsTxt(bom).isAllowed('https://e.com/x', 'Bot')).toBe(false);
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('User-agent: *\nDisallow: /caf'),
      0xe9,
    ]);
    const e = parseRobotsTxt(latin1, { interpretation: 'python-urllib' }).explain(
      'https://e.com/x',
      'Bot',
    );
    expect(e.allowed).toBe(false);
    expect(e.reason).toMatch(/UnicodeDecodeError/);
  });

  // python3 is on the machine this project runs on; where it is not, this is reported as skipped.
  const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  it.runIf(python.status === 0)('agrees with python3 on a generated batch', () => {
    const line = fc.oneof(
      fc.constantFrom(
        'User-agent: *',
        'User-agent: FooBot',
        'user-agent: foo',
        'User-agent: Bar/1.0',
        'USER-AGENT:bot',
      ),
      fc.constantFrom(
        '',
        ' ',
        '\t',
        '# c',
        'Disallow:',
        'Allow:',
        'Crawl-delay: 4',
        'Crawl-delay: x',
        'Request-rate: 1/5',
        'Sitemap: https://e.com/s.xml',
        'sitemap:/relative.xml',
        'Request-rate: 3/20',
        'Crawl-delay: 0',
        'Crawl-delay: ²',
      ),
      fc
        .tuple(
          fc.constantFrom('Disallow', 'Allow', 'disallow', 'ALLOW', 'Disallow '),
          fc.constantFrom(':', ': ', ' :'),
          fc.array(
            fc.constantFrom(
              '/',
              'a',
              'b',
              '%2F',
              '%2f',
              '%61',
              '%C3%A9',
              'é',
              '*',
              '$',
              '?',
              ';',
              '=',
              '%',
              '%zz',
              ' ',
              '#',
              '~',
              '+',
            ),
            { maxLength: 6 },
          ),
        )
        .map(([key, sep, parts]) => `${key}${sep}${parts.join('')}`),
    );
    const breaks = fc.constantFrom(
      '\n',
      '\r\n',
      '\r',
      '\n\n',
      '\x0b',
      '\x0c',
      '\x1c',
      '\x85',
      '\u2028',
      '\x1d',
      '\x1e',
      '\u2029',
    );
    const body = fc
      .array(fc.tuple(line, breaks), { maxLength: 12 })
      .map((ls) => ls.map(([l, b]) => l + b).join(''));
    const path = fc
      .array(
        fc.constantFrom(
          '/',
          'a',
          'b',
          '%2F',
          '%61',
          '%C3%A9',
          'é',
          '?',
          ';',
          '=',
          '#',
          'x',
          '%',
          ' ',
          '*',
          '$',
        ),
        { maxLength: 8 },
      )
      .map((parts) => parts.join(''));
    // Absolute, scheme-relative, path-only and odd URLs: Python's urlparse splits each its way.
    const url = fc
      .tuple(
        fc.constantFrom(
          'https://e.com/',
          'http://e.com:8080/',
          '//e.com/',
          '/',
          '',
          'e.com/',
          'ftp://e.com',
        ),
        path,
      )
      .map(([start, rest]) => start + rest);
    const agent = fc.constantFrom(
      'FooBot',
      'foobot/1.2',
      'Bar',
      'bot',
      'Other',
      'MyBot',
      'Mozilla/5.0 (compatible; FooBot/1.2)',
      '',
      '*',
    );
    const batch = fc.sample(fc.record({ robotstxt: body, useragent: agent, url }), {
      numRuns: 600,
      seed: 9309,
    });
    const run = spawnSync(
      'python3',
      [fileURLToPath(new URL('../helpers/python-robotparser.py', import.meta.url))],
      {
        input: JSON.stringify(batch),
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const { results } = JSON.parse(run.stdout) as {
      results: (
        | { allowed: boolean; delay: number | null; sitemaps: string[] | null }
        | { error: string }
      )[];
    };
    const wrong = batch.flatMap((c, i): unknown[] => {
      const robots = parseRobotsTxt(c.robotstxt, { interpretation: 'python-urllib' });
      const want = results[i]!;
      if ('error' in want) return robots.isAllowed(c.url, c.useragent) ? [{ ...c, want }] : [];
      const got = {
        allowed: robots.isAllowed(c.url, c.useragent),
        delay: robots.crawlDelay(c.useragent) ?? null,
        // `site_maps()` is None when the file has no Sitemap line.
        sitemaps: robots.sitemaps.length === 0 ? null : robots.sitemaps,
      };
      const same =
        got.allowed === want.allowed &&
        got.delay === want.delay &&
        JSON.stringify(got.sitemaps) === JSON.stringify(want.sitemaps);
      return same ? [] : [{ ...c, want, got }];
    });
    expect(wrong).toEqual([]);
  });
});

describe('draft-1996: the 1996 draft', () => {
  const table: { record_path: string; url_path: string; matches: boolean }[] = lines(
    'conformance/legacy/draft-1996-paths.jsonl',
  );

  it("matches the draft's path table exactly", () => {
    expect(table).toHaveLength(14);
    for (const row of table) {
      expect(draftMatches(row.record_path, row.url_path), JSON.stringify(row)).toBe(row.matches);
      const robots = parseRobotsTxt(`User-agent: *\nDisallow: ${row.record_path}\n`, {
        interpretation: 'draft-1996',
      });
      expect(robots.isAllowed(`https://e.com${row.url_path}`, 'Bot'), JSON.stringify(row)).toBe(
        !row.matches,
      );
    }
  });

  it('ends records at blank lines, takes the first match, and reads * and $ literally', () => {
    const body =
      'User-agent: *\nDisallow: /a\nAllow: /a/b\n\nUser-agent: foobot\nDisallow: /*.pdf\n';
    const draft = parseRobotsTxt(body, { interpretation: 'draft-1996' });
    expect(draft.isAllowed('https://e.com/a/b', 'Other')).toBe(false);
    expect(draft.explain('https://e.com/a/b', 'Other').line).toBe(2);
    expect(draft.isAllowed('https://e.com/x.pdf', 'FooBot/1.0')).toBe(true);
    expect(draft.isAllowed('https://e.com/*.pdf', 'FooBot/1.0')).toBe(false);
    expect(draft.crawlDelay('FooBot')).toBeUndefined();
  });

  it('keeps a comment-only line inside a record, and an empty Disallow allows everything', () => {
    const draft = parseRobotsTxt('User-agent: *\n# note\nDisallow:\nDisallow: /x\n', {
      interpretation: 'draft-1996',
    });
    expect(draft.isAllowed('https://e.com/y', 'Bot')).toBe(true);
    expect(draft.isAllowed('https://e.com/x', 'Bot')).toBe(false);
  });
});

describe('side by side', () => {
  it('shows where the readings disagree', () => {
    const readings = parseReadings('User-agent: *\nDisallow: /*.pdf\nDisallow: /a\nAllow: /a/b\n');
    const pdf = compareReadings(readings, 'https://e.com/x.pdf', 'Bot');
    expect(pdf.map((v) => [v.interpretation, v.allowed])).toEqual([
      ['google', false],
      ['rfc9309', false],
      ['draft-1996', true],
      ['python-urllib', true],
      ['python-urllib-rfc9309', false],
    ]);
    expect(readingsDisagree(pdf)).toBe(true);
    const ab = compareReadings(readings, 'https://e.com/a/b', 'Bot');
    expect(ab.map((v) => [v.allowed, v.line])).toEqual([
      [true, 4],
      [true, 4],
      [false, 3],
      [false, 3],
      [true, 4],
    ]);
    expect(readingsDisagree(compareReadings(readings, 'https://e.com/c', 'Bot'))).toBe(false);
  });

  it('robots.compare gives the same verdicts for a parsed file, whatever its own reading', () => {
    const body =
      'User-agent: MJ12bot\nDisallow: /%7Ejoe\n\nUser-agent: *\nDisallow: /*.pdf\nDisallow: /a\nAllow: /a/b\n';
    const urls = [
      'https://e.com/x.pdf',
      'https://e.com/a/b',
      'https://e.com/~joe',
      'https://e.com/c',
    ];
    for (const url of urls) {
      for (const agent of ['Bot', 'MJ12bot', ['MJ12bot', 'Bot']]) {
        const want = compareReadings(parseReadings(body), url, agent).map(
          ({ explanation: _, ...v }) => v,
        );
        for (const interpretation of INTERPRETATIONS) {
          const robots = parseRobotsTxt(body, { interpretation });
          const got = robots.compare(url, agent).map(({ explanation: _, ...v }) => v);
          expect(got, `${interpretation} ${url} ${agent}`).toEqual(want);
        }
      }
    }
    // The strict RFC reading names MJ12bot (digits in tokens), Google's reads "MJ".
    const joe = parseRobotsTxt(body).compare('https://e.com/~joe', 'MJ12bot');
    expect(joe.map((v) => [v.interpretation, v.allowed])).toEqual([
      ['google', true],
      ['rfc9309', false],
      ['draft-1996', false],
      ['python-urllib', false],
      ['python-urllib-rfc9309', false],
    ]);
  });

  it('compares bytes as each reading decodes them', () => {
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('User-agent: *\nDisallow: /caf'),
      0xe9,
    ]);
    const verdicts = parseRobotsTxt(latin1).compare('https://e.com/caf%E9', 'Bot');
    // Google and the RFC match the byte; Python's read() raises; the draft replaced the byte;
    // the RFC 9309 robotparser keeps it (surrogateescape) and matches it as %E9.
    expect(verdicts.map((v) => v.allowed)).toEqual([false, false, true, false, false]);
    expect(verdicts[4]!.line).toBe(2);
    expect(verdicts[3]!.explanation.reason).toMatch(/UnicodeDecodeError/);
    const replaced = parseRobotsTxt(latin1, { interpretation: 'draft-1996' });
    expect(replaced.explain('https://e.com/caf%EF%BF%BD', 'Bot')).toMatchObject({
      allowed: false,
      line: 2,
    });
  });

  it('names the function given a bad argument', () => {
    expect(() => parseReadings(5 as unknown as string)).toThrow(/^parseReadings: body must be/);
    expect(() => parseReadings('', { maxBytes: -1 })).toThrow(/^parseReadings: options.maxBytes/);
    const robots = parseRobotsTxt('', { interpretation: 'python-urllib' });
    expect(() => robots.isAllowed('https://e.com/', 5 as unknown as string)).toThrow(
      /^isAllowed: agent must be/,
    );
    expect(() => robots.explain(5 as unknown as string, 'Bot')).toThrow(/^explain: url must be/);
  });

  it("names the record applied by the model's group, and keeps pattern lengths as priorities", () => {
    // Google: one group of two agents (a blank line ends nothing); the legacy readings: two records.
    const body =
      'User-agent: *\nDisallow: /ü\n\nUser-agent: bot\nDisallow: /b\n\nUser-agent: a\n\nUser-agent: c\nDisallow: /c\n';
    expect(parseRobotsTxt(body).groups.map((g) => g.agents.map((a) => a.line))).toEqual([
      [1],
      [4],
      [7, 9],
    ]);
    const python = parseRobotsTxt(body, { interpretation: 'python-urllib' });
    expect(python.explain('https://e.com/x', 'Other').groups).toEqual([0]);
    expect(python.explain('https://e.com/b', 'bot').groups).toEqual([1]);
    expect(python.explain('https://e.com/c', 'c').groups).toEqual([2]);
    expect(python.explain('https://e.com/c', 'c').rule).toMatchObject({ line: 10, group: 2 });
    // Python's own line splits (here \x1c) number lines its way: no group of the model is named.
    const split = parseRobotsTxt('User-agent: x\x1cDisallow: /\nUser-agent: y\nDisallow: /y\n', {
      interpretation: 'python-urllib',
    });
    expect(split.explain('https://e.com/y', 'y')).toMatchObject({
      allowed: false,
      line: 4,
      groups: [],
    });
    const draft = parseRobotsTxt(body, { interpretation: 'draft-1996' });
    const rule = draft.explain('https://e.com/ü', 'Other').rule!;
    expect(rule).toMatchObject({ line: 2, value: '/ü', priority: 3, matchPriority: 3 });
  });

  it("'rfc9309' is the strict options gathered under one name, each still an override", () => {
    const body = 'User-agent: MJ12bot\nDisallow: /%7Ejoe\n';
    const rfc = parseRobotsTxt(body, { interpretation: 'rfc9309' });
    expect(rfc.options).toMatchObject({ percentEncoding: 'rfc9309', productTokenDigits: true });
    expect(rfc.isAllowed('https://e.com/~joe', 'MJ12bot')).toBe(false);
    expect(parseRobotsTxt(body).isAllowed('https://e.com/~joe', 'MJ12bot')).toBe(true);
    expect(
      parseRobotsTxt(body, { interpretation: 'rfc9309', productTokenDigits: false }).options
        .productTokenDigits,
    ).toBe(false);
    expect(() => parseRobotsTxt(body, { interpretation: 'bing' as 'google' })).toThrow(
      /options.interpretation must be/,
    );
  });
});
