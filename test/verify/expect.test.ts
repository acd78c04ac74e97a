import { describe, expect, it } from 'vitest';
import { parseExpectations, testRobotsTxt } from '../../src/verify/expect.js';
import { formatTestText, testResultToSarif, toJUnit } from '../../src/verify/format.js';

const ROBOTS =
  'User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nCrawl-delay: 5\n\nUser-agent: GPTBot\nDisallow: /\n';

describe('parseExpectations', () => {
  it('reads verdict, agent and URL per line, skipping comments and blank lines', () => {
    const parsed = parseExpectations(
      '# must hold\n\nallow Googlebot /products/\nDISALLOW GPTBot /  # all of it\nallowed * https://example.com/x\r\n',
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.expectations).toEqual([
      { line: 3, expect: 'allow', agent: 'Googlebot', url: '/products/' },
      { line: 4, expect: 'disallow', agent: 'GPTBot', url: '/' },
      { line: 5, expect: 'allow', agent: '*', url: 'https://example.com/x' },
    ]);
  });

  it('says what is wrong with a line, with its number', () => {
    const { errors } = parseExpectations(
      'permit Googlebot /\nallow Googlebot\nallow Googlebot x\n',
    );
    expect(errors.map((e) => e.line)).toEqual([1, 2, 3]);
    expect(errors[0]!.message).toContain('"permit" is not "allow" or "disallow"');
    expect(errors[1]!.message).toContain('three words');
    expect(errors[2]!.message).toContain('neither a path');
  });
});

describe('testRobotsTxt', () => {
  const result = testRobotsTxt(
    ROBOTS,
    'allow Googlebot /products/\ndisallow GPTBot /\ndisallow * /admin/x\nallow Bingbot /\nbogus line here\n',
  );

  it('fails an expectation the file breaks, with the line that decided', () => {
    expect(result.cases.map((c) => c.passed)).toEqual([false, true, true, true]);
    // The Crawl-delay line does not end Googlebot's group: GPTBot's Disallow applies to it.
    expect(result.cases[0]).toMatchObject({ allowed: false, line: 8, rule: 'Disallow: /' });
    expect(result.passed).toBe(3);
    expect(result.failed).toBe(2);
    expect(result.errors).toEqual([{ line: 5, message: expect.stringContaining('"bogus"') }]);
  });

  it('prints failures with positions, and a summary', () => {
    expect(formatTestText(result, { expectations: 'site.expect', robots: 'robots.txt' })).toBe(
      [
        'site.expect:5  error  "bogus" is not "allow" or "disallow": write "allow AGENT /path" or "disallow AGENT /path".',
        'site.expect:1  FAIL  allow Googlebot /products/: expected allowed, got disallowed: robots.txt line 8 "Disallow: /" decides',
        '',
        '3 passed, 2 failed (1 unreadable line)',
        '',
      ].join('\n'),
    );
  });

  it('writes JUnit XML with a test case per expectation, escaped', () => {
    const xml = toJUnit(testRobotsTxt(ROBOTS, 'allow <A&"B> /\ndisallow GPTBot /\n'), {
      expectations: 'e.txt',
    });
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="robotstxt test" tests="2" failures="0" errors="0">/,
    );
    expect(xml).toContain('name="e.txt:1 allow &lt;A&amp;&quot;B&gt; /"/>');
    const failing = toJUnit(result);
    expect(failing).toContain('tests="5" failures="1" errors="1"');
    expect(failing.match(/<failure /g)).toHaveLength(1);
    expect(failing.match(/<error /g)).toHaveLength(1);
  });

  it('writes SARIF with each failure at its expectations line and the deciding robots.txt line', () => {
    const log = testResultToSarif(result, { expectations: 'site.expect', robots: 'robots.txt' });
    const results = log.runs[0]!.results;
    expect(
      results.map((r) => [r.ruleId, r.locations[0]!.physicalLocation.region.startLine]),
    ).toEqual([
      ['expectation-syntax', 5],
      ['expectation-failed', 1],
    ]);
    expect(results[1]!.relatedLocations?.[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: 'robots.txt' },
      region: { startLine: 8 },
    });
  });

  it('takes a list of expectations, and rejects what is not one', () => {
    const r = testRobotsTxt(ROBOTS, [{ line: 0, expect: 'disallow', agent: 'GPTBot', url: '/x' }]);
    expect(r.failed).toBe(0);
    expect(() => testRobotsTxt(ROBOTS, [{ expect: 'maybe' }] as never)).toThrow(TypeError);
    expect(() => parseExpectations(42 as never)).toThrow(/^parseExpectations: text/);
  });
});
