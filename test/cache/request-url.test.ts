import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestedPathEnd, requestedUrl } from '../../src/cache/request-url.js';

/** What a request for `url` carries: the WHATWG serialisation after the origin, to the `#`. */
function requestTarget(url: string): string {
  const parsed = new URL(url);
  return parsed.href.slice(parsed.origin.length).split('#')[0]!;
}

/** Where the path of `url` starts (its first `/` or `?` after the host), as the locator finds it. */
function pathStart(url: string): number {
  const host = url.indexOf('://') + 3;
  const at = url.slice(host).search(/[/?#]/);
  return at < 0 || url[host + at] === '#' ? -1 : host + at;
}

/** The path and query a cached check matches, from `requestedPathEnd`'s answer. */
function judged(url: string): string | undefined {
  const start = pathStart(url);
  if (start < 0) return '/';
  const end = requestedPathEnd(url, start);
  if (end < 0) return undefined;
  const path = url.slice(start, end);
  return path.startsWith('/') ? path : `/${path}`;
}

describe('requestedPathEnd: what a cached check may judge as written', () => {
  it.each([
    'https://a.example/plain/path?q=1&r=%2F',
    'https://a.example/page#frag ment "with" <anything>',
    'https://a.example/.well-known/x',
    'https://a.example/file.json',
    'https://a.example/a./b/..c/...',
    'https://a.example/%2Fa/%2e.x',
    // Dots and percent signs of the query are the query's: left as they are.
    'https://a.example/q?next=/./x&up=/../y&e=/%2e',
    'https://a.example?x=/./',
  ])('%s is requested as written, to its # or its end', (url) => {
    const end = url.includes('#') ? url.indexOf('#') : url.length;
    expect(requestedPathEnd(url, pathStart(url))).toBe(end);
    expect(judged(url)).toBe(requestTarget(url));
  });

  it.each([
    'https://a.example/café',
    'https://a.example/a b',
    'https://a.example/a\\b',
    'https://a.example/q?a="b"',
    'https://a.example/x/./y',
    'https://a.example/x/..',
    'https://a.example/x/.?q',
    'https://a.example/x/..#f',
    'https://a.example/x/%2E%2e/z',
    'https://a.example/x/.%2e/z',
    'https://a.example/x/%2e',
    'https://a.example/\u0000',
  ])('%s is rewritten: the general path judges it', (url) => {
    expect(requestedPathEnd(url, pathStart(url))).toBe(-1);
  });

  it('is never wrong: a URL it takes as written is requested as written (random URLs)', () => {
    const piece = fc.constantFrom(
      'a',
      'Z0',
      'é',
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '%',
      '%20',
      ' ',
      '\\',
      '"',
      '?',
      '=',
      '&',
      '#',
      '~',
      "'",
      '^',
      '|',
      '{',
      ';',
      '\t',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const url = `https://a.example/${pieces.join('')}`;
        const path = judged(url);
        if (path !== undefined) expect(path).toBe(requestTarget(url));
        // As the general path judges it.
        expect(requestTarget(requestedUrl(url))).toBe(requestTarget(url));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes as written every URL of the characters and segments the parser keeps', () => {
    const piece = fc.constantFrom('a', 'b.c', '.d', 'e.', '...', '%41', '-', '_', '~', '=', '&');
    const segment = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.boolean(), (segments, query) => {
        const url = `https://a.example/${segments.join('/')}${query ? '?x=/./..' : ''}`;
        expect(judged(url)).toBe(requestTarget(url));
      }),
      { numRuns: 1000 },
    );
  });
});
