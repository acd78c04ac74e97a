import { describe, expect, it } from 'vitest';
import { AGENT, generateShapes } from '../../bench/hostile-shapes.js';
import { parseRobotsTxt } from '../../src/index.js';
import { PathSearch } from '../../src/match/path-search.js';
import type { MatchState } from '../../src/match/rule-entry.js';
import { readRuleTable } from '../../src/match/rule-table.js';
import { SCANS_BEFORE_INDEXING, scanRules } from '../../src/match/scan/table-scan.js';
import { readBody, resolveOptions } from '../../src/parse/body.js';
import { naiveCheck } from '../helpers/naive-check.js';

// A rule set's first check scans its rules in place (scanRules); later ones, and any check whose
// scan would cost too much, use its index. The conformance and property suites check that both
// give the reference's answers; these tests pin down when a scan gives up.

function scan(
  body: string,
  url: string,
  budget = Number.POSITIVE_INFINITY,
): { done: boolean; state: MatchState } {
  const options = resolveOptions(undefined);
  const table = readRuleTable(readBody(body), options);
  const state: MatchState = { allow: null, disallow: null, search: new PathSearch() };
  state.search.reset(url, budget);
  const done = scanRules(table.body, table.rules, table.globalGroups, false, state);
  return { done, state };
}

describe('scanning a rule set', () => {
  it('answers in place for ordinary rules, making entries only for the best matches', () => {
    const { done, state } = scan(
      'User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /a/b/*.pdf$\nAllow: /x/index.html\n',
      '/a/b/c.pdf',
    );
    expect(done).toBe(true);
    expect(state.allow?.line).toBe(3);
    expect(state.disallow?.line).toBe(4);
    const rewrite = scan('User-agent: *\nDisallow: /x/\nAllow: /x/index.html\n', '/x/');
    expect(rewrite.state.allow).toMatchObject({ line: 3, indexRewrite: true, pattern: '/x/$' });
  });

  it('answers a file whose first check comes after other files were parsed', () => {
    // Each file's rules are read from its text's codes, which a later parse replaces.
    const bodies = ['/a', '/b', '/c'].map(
      (prefix) =>
        `User-agent: *\nDisallow: ${prefix}*.pdf$\nAllow: ${prefix}/x\nDisallow: ${prefix}\n`,
    );
    const files = bodies.map((body) => parseRobotsTxt(body));
    files.forEach((robots, i) => {
      const prefix = String.fromCharCode(0x61 + i);
      expect(robots.matchingLine(`https://e.com/${prefix}/y.pdf`, 'Bot')).toBe(2);
      expect(
        parseRobotsTxt(bodies[(i + 1) % 3]!).matchingLine(`https://e.com/${prefix}/x`, 'Bot'),
      ).toBe(0);
    });
    const late = files.map((robots, i) =>
      robots.matchingLine(`https://e.com/${'abc'[i]}/x`, 'Bot'),
    );
    expect(late).toEqual([3, 3, 3]);
  });

  it("finds short pieces in the path's trie, at the cost of a pass of the path a length", () => {
    const rules = Array.from({ length: 200 }, (_, i) => `Allow: /aa*${'a'.repeat(i % 7)}aaab`);
    const body = `User-agent: *\nDisallow: /a\n${rules.join('\n')}\n`;
    const path = `/${'a'.repeat(8000)}`;
    // After native searches worth a few passes of the path (PIECES_AFTER_PASSES, and one more
    // for the search under way) and a pass noting its characters, every piece is looked up in
    // the trie of the path's substrings of up to 10 characters (two units a level a character).
    const { done, state } = scan(body, `${path}cab`);
    expect(done).toBe(true);
    expect(state.allow).toBeNull();
    expect(state.search.work).toBeLessThan((2 * 10 + 6) * path.length + 200 * 64 + 2048);
    expect(scan(body, `${path}b`).state.allow?.line).toBe(9);
  });

  it('gives up on wildcard patterns against a long path or past the budget; the index answers', () => {
    // Pieces longer than the trie's (MAX_PIECE) are searched for in the path.
    const rules = Array.from(
      { length: 200 },
      (_, i) => `Allow: /aa*${'a'.repeat(30 + (i % 7))}aaab`,
    );
    const body = `User-agent: *\nDisallow: /a\n${rules.join('\n')}\n`;
    const path = `/${'a'.repeat(8000)}`;
    // Every pair of characters of the pieces occurs in this path (so no piece is ruled out
    // cheaply, as in `path`, which has no `ab`), and no piece does: each search costs the path.
    expect(scan(body, `${path}cab`).done).toBe(false);
    // A short path costs the wildcard patterns little: the scan finishes.
    expect(scan(body, '/aab').done).toBe(true);
    // Nor does a scan that would pass the check's work budget: the index may need less.
    expect(scan(body, '/aab', 100).done).toBe(false);
    const robots = parseRobotsTxt(body);
    for (let i = 0; i <= SCANS_BEFORE_INDEXING; i++) {
      expect(robots.matchingLine(`https://h${path}`, 'x')).toBe(2);
      // The longest allow that matches: the first with six more `a`s (i = 6, line 9).
      expect(robots.matchingLine(`https://h${path}b`, 'x')).toBe(9);
    }
  });
});

describe('scanning a large set (its first checks)', () => {
  it('is exact on generated hostile shapes: the verdict and line of the definition', () => {
    for (const seed of [1, 2, 3]) {
      for (const shape of generateShapes({ seed, bytes: 32 * 1024, pathLength: 512 })) {
        const path = new URL(shape.url).pathname;
        const urls = [
          shape.url,
          `${shape.url}x`,
          `https://e.com${path.slice(0, path.length >> 1)}`,
          `https://e.com/${path.slice(path.length >> 2)}`,
          `https://e.com/${path.slice(1).split('').reverse().join('')}`,
        ];
        for (const url of urls) {
          // A fresh parse: the check is the set's first, a scan.
          const robots = parseRobotsTxt(shape.body);
          const line = robots.matchingLine(url, AGENT);
          expect({ allowed: robots.isAllowed(url, AGENT), line }).toEqual(
            naiveCheck(robots, url, AGENT),
          );
        }
      }
    }
  });
});

describe("a small set's table split by the path's second character", () => {
  // Checked often enough that the set is indexed (a scan answers the first checks), every path
  // is answered from the lists of its second character.
  const checkedMany = (body: string, url: string) => {
    const robots = parseRobotsTxt(body);
    for (let i = 0; i <= SCANS_BEFORE_INDEXING + 1; i++)
      robots.isAllowed('https://e.com/zzz', 'Bot');
    return robots.explain(url, 'Bot').line;
  };
  const body = [
    'User-agent: *',
    'Disallow: /admin/',
    'Disallow: /cart',
    'Allow: /cart/help',
    'Disallow: /*.pdf$',
    'Disallow: *sessionid',
    'Allow: /',
    'Disallow: /search',
    'Disallow: /%C3%A9t%C3%A9',
    '',
  ].join('\n');

  it('finds rules of every second character and the short-prefix ones on every path', () => {
    expect(checkedMany(body, 'https://e.com/admin/x')).toBe(2);
    expect(checkedMany(body, 'https://e.com/cart/help/me')).toBe(4);
    expect(checkedMany(body, 'https://e.com/cart/x')).toBe(3);
    expect(checkedMany(body, 'https://e.com/search?q=1')).toBe(8);
    expect(checkedMany(body, 'https://e.com/x.pdf')).toBe(5);
    expect(checkedMany(body, 'https://e.com/a?sessionid=1')).toBe(6);
    expect(checkedMany(body, 'https://e.com/zzz')).toBe(7);
  });

  it('answers a one-character path and a non-ASCII second character from the short prefixes', () => {
    expect(checkedMany(body, 'https://e.com/')).toBe(7);
    expect(checkedMany(body, 'https://e.com')).toBe(7);
    // Google's reading matches the path as given: `é` is not the rule's `%C3%A9`.
    expect(checkedMany(body, 'https://e.com/été.pdf')).toBe(5);
    expect(checkedMany(body, 'https://e.com/%C3%A9t%C3%A9')).toBe(9);
  });
});
