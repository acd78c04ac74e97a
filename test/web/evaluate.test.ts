import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
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
});
