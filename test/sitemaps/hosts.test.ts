import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalUnder, normalizeUrl } from '../../src/sitemaps/hosts.js';

const directory = 'https://example.com/dir/';
// Characters that matter to the WHATWG parser, plus plain ones.
const piece = fc.constantFrom(
  'a',
  'Z',
  '0',
  '-',
  '_',
  '.',
  '..',
  '~',
  '/',
  '?',
  '#',
  '%',
  '%2e',
  '%2E',
  '%41',
  '\\',
  ' ',
  '\t',
  "'",
  '"',
  '<',
  '>',
  '`',
  '{',
  '}',
  '|',
  '^',
  '[',
  ']',
  '@',
  ':',
  '=',
  '&',
  'é',
  '\u0000',
  '\n',
);

describe('canonicalUnder: the fast path of scope and normalisation', () => {
  it('answers only what new URL() would, for URLs under the directory', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const loc = `${directory}${pieces.join('')}`;
        const fast = canonicalUnder(loc, directory);
        if (fast !== undefined) expect(fast).toBe(normalizeUrl(loc));
      }),
      { numRuns: 5000 },
    );
  });

  it('decides scope as parsing does, for any directory and any URL near it', () => {
    let taken = 0;
    const segment = fc.array(fc.constantFrom('a', 'B', '0', '-', '.', '%2e', '%41', '~', ':'), {
      minLength: 1,
      maxLength: 4,
    });
    const origin = fc.constantFrom(
      'https://example.com',
      'http://example.com',
      'https://example.com:8443',
      'http://[::1]:8080',
    );
    fc.assert(
      fc.property(
        origin,
        fc.array(segment, { maxLength: 3 }),
        fc.constantFrom('', 'https://example.com', 'https://EXAMPLE.com', 'http://example.com:80'),
        fc.array(piece, { maxLength: 10 }),
        (base, segments, other, pieces) => {
          const parsed = new URL(`${base}/${segments.map((s) => s.join('')).join('/')}/x.xml`);
          const directory = `${parsed.origin}${parsed.pathname.slice(0, parsed.pathname.lastIndexOf('/') + 1)}`;
          const loc = `${other === '' ? directory : `${other}/`}${pieces.join('')}`;
          const slow = normalizeUrl(loc);
          const fast = canonicalUnder(loc, directory);
          // The fast path answers only when it agrees with the parser on the URL and its scope.
          if (fast !== undefined) {
            taken += 1;
            expect(fast).toBe(slow);
            expect(slow?.startsWith(directory)).toBe(true);
          }
        },
      ),
      { numRuns: 5000 },
    );
    // Not vacuous: the fast path answered for some of the cases.
    expect(taken).toBeGreaterThan(100);
  });

  it('takes the common URLs, and leaves the others to the parser', () => {
    for (const loc of [
      `${directory}section-1/page-2.html?x=1&y=2`,
      `${directory}a/b.c/~d/%41?q=x`,
      `${directory}100%25-off/`,
    ]) {
      expect(canonicalUnder(loc, directory)).toBe(loc);
    }
    for (const loc of [
      'https://EXAMPLE.com/dir/x',
      'https://example.com:443/dir/x',
      `${directory}../x`,
      `${directory}a/%2e%2e/x`,
      `${directory}a b`,
      `${directory}x#frag`,
      'https://example.com/other/x',
      `${directory}.well-known/x`,
      `${directory}a/%2E./x`,
      `${directory}a\\b`,
      `${directory}caf\u00e9`,
    ]) {
      expect(canonicalUnder(loc, directory)).toBeUndefined();
    }
  });

  it('leaves to the parser every URL under a directory that keeps a dot segment', () => {
    // Node 20's parser keeps the `./` of this href, and drops it once a `%41` follows instead.
    const dotted = `${new URL('https://example.com/a/.a/./x.xml').href.replace(/x\.xml$/, '')}`;
    for (const rest of ['%41', 'b', 'b/c.xml']) {
      const loc = `${dotted}${rest}`;
      expect(canonicalUnder(loc, dotted)).toBeUndefined();
      expect(canonicalUnder(loc, 'https://example.com/a/%2e/')).toBeUndefined();
    }
    // The remembered directory does not leak into the next one.
    expect(canonicalUnder(`${directory}b`, directory)).toBe(`${directory}b`);
  });
});
