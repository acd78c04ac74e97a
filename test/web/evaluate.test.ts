import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAsCrawler, crawlerGroup, parseRobotsTxt } from '../../src/index.js';
import { evaluate, urlOf } from '../../web/src/evaluate.js';
import { pick } from '../helpers/arbitraries.js';

// The page's matrix takes each verdict from the deciding line's rule (one match per cell); every
// cell must still be exactly what `isAllowed` and `matchingLine` say.
function expectLibraryVerdicts(body: string, urls: string[], agents: string[]): void {
  const robots = parseRobotsTxt(body);
  const result = evaluate({ body, urls, agents });
  urls.forEach((entry, u) => {
    agents.forEach((agent, a) => {
      const cell = u * agents.length + a;
      const url = urlOf(entry);
      expect([result.allowed[cell] === 1, result.lines[cell]], `${agent} ${url}`).toEqual([
        robots.isAllowed(url, agent),
        robots.matchingLine(url, agent),
      ]);
    });
  });
}

describe('the page evaluation', () => {
  it('agrees with the library on the bench file and URLs', () => {
    const body = readFileSync(
      new URL('../../../shared/bench/typical-robots.txt', import.meta.url),
      'utf8',
    );
    const urls = readFileSync(new URL('../../../shared/bench/urls.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean)
      .slice(0, 2000);
    expectLibraryVerdicts(body, urls, [
      'Googlebot',
      'Googlebot-Image',
      'GPTBot',
      'bingbot',
      'MyBot',
    ]);
  });

  it('agrees with the library on generated files (ties, empty rules, $, *, index.html)', () => {
    const piece = pick([
      '/',
      '/a',
      '/a/',
      '/a*',
      '/a$',
      '*',
      '$',
      '/index.html',
      '/*.pdf$',
      '',
      '/b?x',
    ]);
    const line = fc.tuple(
      pick(['Allow', 'Disallow', 'User-agent', 'Sitemap']),
      piece,
      pick(['*', 'Googlebot', 'GPTBot']),
    );
    const body = fc
      .array(line, { maxLength: 14 })
      .map((lines) =>
        lines
          .map(([key, value, agent]) => `${key}: ${key === 'User-agent' ? agent : value}`)
          .join('\n'),
      );
    const url = pick([
      '/',
      '/a',
      '/a/',
      '/a/b',
      '/index.html',
      '/x.pdf',
      '/b?x',
      '/b',
      'https://e.com/a',
    ]);
    fc.assert(
      fc.property(body, fc.array(url, { minLength: 1, maxLength: 5 }), (text, urls) => {
        expectLibraryVerdicts(text, urls, ['Googlebot', 'GPTBot', 'Other']);
      }),
      { numRuns: 500 },
    );
  });

  it('reads each crawler by the crawler model, crawlers of the same groups alike', () => {
    // Googlebot and Applebot (which follows it) share Googlebot's group; Bot1, Bot2 and
    // Googlebot-Image fall back to `*`; AdsBot-Google ignores `*`; GPTBot has its own.
    const body = [
      'User-agent: *',
      'Disallow: /private/',
      'Allow: /private/press/',
      'User-agent: Googlebot',
      'Disallow: /search',
      'Disallow: /*.pdf$',
      'User-agent: GPTBot',
      'Disallow: /',
      'Allow: /public/',
    ].join('\n');
    const agents = [
      'Bot1',
      'Googlebot',
      'Applebot',
      'Googlebot-Image',
      'AdsBot-Google',
      'GPTBot',
      'Bot2',
    ];
    const urls = ['/', '/private/x', '/private/press/kit', '/search?q=1', '/a.pdf', '/public/x'];
    const robots = parseRobotsTxt(body);
    const result = evaluate({ body, urls, agents });
    const shown = urls.map((_entry, u) =>
      agents.map(
        (_, a) => `${result.allowed[u * agents.length + a]}:${result.lines[u * agents.length + a]}`,
      ),
    );
    const expected = urls.map((entry) =>
      agents.map((agent) => {
        const { allowed, line } = checkAsCrawler(robots, urlOf(entry), crawlerGroup(robots, agent));
        return `${allowed ? 1 : 0}:${line}`;
      }),
    );
    expect(shown).toEqual(expected);
    expect(result.decidedBy).toEqual(agents.map((a) => crawlerGroup(robots, a).decidedBy));
    // The model's distinctions are there to be kept apart: `*`, Googlebot's, none, GPTBot's.
    expect(new Set(shown.map((row) => row.join(' '))).size).toBeGreaterThan(1);
    expect(new Set(agents.map((_, a) => shown.map((row) => row[a]).join(' '))).size).toBe(4);
  });
});
