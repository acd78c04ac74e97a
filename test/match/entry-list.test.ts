import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import { PathSearch } from '../../src/match/path-search.js';
import {
  type IndexEntry,
  leadMaskOf,
  leadOf,
  type MatchState,
  makeEntry,
  sortByStrength,
  WHOLE_PREFIX,
} from '../../src/match/rule-entry.js';
import { assignNeeds, scanList } from '../../src/match/scan/entry-list.js';
import { lastCheckWork } from '../../src/robots.js';

// A scanned list compares numbers each entry keeps with the path's before reading the entry's
// strings (`scanList`). The conformance and property suites check its answers; these tests
// check what the numbers rule out, by the work a check counts.

function entries(lines: readonly string[]): IndexEntry[] {
  const list = lines.map((line, i) => {
    const [kind, pattern] = line.split(': ') as [string, string];
    return makeEntry(pattern, kind === 'Allow', 0, i + 1, false);
  });
  sortByStrength(list);
  return list;
}

function check(list: IndexEntry[], path: string): { state: MatchState; work: number } {
  const needs = assignNeeds(list.filter((entry) => entry.pieces !== null));
  const state: MatchState = { allow: null, disallow: null, search: new PathSearch() };
  state.search.reset(path, Number.POSITIVE_INFINITY);
  scanList(list, needs, path, leadOf(path), state);
  return { state, work: state.search.work };
}

describe('the lead of a prefix', () => {
  it('stands for a prefix of three characters or fewer, and for the start of a longer one', () => {
    const matches = (prefix: string, path: string) =>
      (leadOf(path) & leadMaskOf(prefix)) === (leadOf(prefix) & leadMaskOf(prefix));
    expect(matches('/a', '/a/b')).toBe(true);
    expect(matches('/ab', '/a')).toBe(false);
    expect(matches('/abc', '/abd')).toBe(true);
    expect(matches('', '/')).toBe(true);
    expect(matches('/é', '/ü')).toBe(true);
    expect(leadMaskOf('/ab') & WHOLE_PREFIX).not.toBe(0);
    expect(leadMaskOf('/abc') & WHOLE_PREFIX).toBe(0);
    expect(leadMaskOf('/é') & WHOLE_PREFIX).toBe(0);
  });
});

describe('a scanned list', () => {
  const rules = [
    'Disallow: /*?sort=',
    'Disallow: /*?filter=',
    'Disallow: /*&sessionid=',
    'Disallow: /*.pdf$',
    'Disallow: /cart',
    'Disallow: /checkout/',
    'Allow: /checkout/help',
  ];

  it('gives each wildcard entry the character most of them share', () => {
    const list = entries(rules);
    const needs = assignNeeds(list.filter((entry) => entry.pieces !== null));
    expect(needs.chars).toEqual(['=', '.']);
    const need = (pattern: string) => list.find((entry) => entry.pattern === pattern)?.need;
    expect(need('/*?sort=')).toBe(need('/*&sessionid='));
    expect(need('/*.pdf$')).toBe(1);
    expect(need('/cart')).toBe(-1);
  });

  it('rules out wildcard entries with one search when the path lacks their character', () => {
    const list = entries(rules);
    const without = check(list, '/products/shoes/red');
    expect(without.state.disallow).toBeNull();
    // Seven entries, one search of the path, one entry tested: no piece searched for.
    expect(without.work).toBeLessThanOrEqual(7 + '/products/shoes/red'.length + 1 + 1);
    const withQuery = check(list, '/products/shoes/red?sort=price');
    expect(withQuery.state.disallow?.pattern).toBe('/*?sort=');
    expect(withQuery.work).toBeGreaterThan(without.work);
  });

  it('passes over an anchored tail by the path’s last character, and a prefix by its lead', () => {
    const list = entries(rules);
    expect(check(list, '/a/b.pdf').state.disallow?.pattern).toBe('/*.pdf$');
    expect(check(list, '/a/b.pdfx').state.disallow).toBeNull();
    expect(check(list, '/checkout/help/x').state.allow?.pattern).toBe('/checkout/help');
    expect(check(list, '/cat').state.disallow).toBeNull();
    expect(check(list, '/cart2').state.disallow?.pattern).toBe('/cart');
  });

  it('answers as the reference through a parsed file', () => {
    const robots = parseRobotsTxt(`User-agent: *\n${rules.join('\n')}\n`);
    const cases: [string, boolean, number][] = [
      ['https://e.com/products?sort=1', false, 2],
      ['https://e.com/a?x=1&sessionid=2', false, 4],
      ['https://e.com/doc.pdf', false, 5],
      ['https://e.com/doc.pdf?x', true, 0],
      ['https://e.com/checkout/help', true, 8],
      ['https://e.com/products', true, 0],
    ];
    for (let round = 0; round < 4; round++) {
      for (const [url, allowed, line] of cases) {
        expect(robots.isAllowed(url, 'bot')).toBe(allowed);
        expect(robots.matchingLine(url, 'bot')).toBe(line);
      }
    }
    // Past the first checks (scanned in place), the compiled set: a path without `=`, `.` or
    // an anchored tail's last character costs the entries and one search.
    robots.isAllowed('https://e.com/products/shoes', 'bot');
    expect(lastCheckWork()).toBeLessThanOrEqual(7 + 2 * '/products/shoes'.length + 2);
  });
});
