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

  it('takes the common URLs, and leaves the others to the parser', () => {
    expect(canonicalUnder(`${directory}section-1/page-2.html?x=1&y=2`, directory)).toBeDefined();
    for (const loc of [
      'https://EXAMPLE.com/dir/x',
      'https://example.com:443/dir/x',
      `${directory}../x`,
      `${directory}a/%2e%2e/x`,
      `${directory}a b`,
      `${directory}x#frag`,
      'https://example.com/other/x',
    ]) {
      expect(canonicalUnder(loc, directory)).toBeUndefined();
    }
  });
});
