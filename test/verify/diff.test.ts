import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import { diffRobotsTxt } from '../../src/verify/diff.js';
import { formatDiffText } from '../../src/verify/format.js';

const OLD =
  'User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /search\n\nSitemap: https://example.com/a.xml\n';

describe('diffRobotsTxt', () => {
  it('says which rules were added and removed in which group', () => {
    const diff = diffRobotsTxt(
      OLD,
      'User-agent: *\nDisallow: /admin/\nDisallow: /tmp/\n\nUser-agent: Googlebot\nAllow: /search/about\nDisallow: /search\n\nSitemap: https://example.com/b.xml\n',
    );
    expect(diff.groups).toEqual([
      {
        agents: ['*'],
        change: 'changed',
        added: [{ rule: 'Disallow: /tmp/', line: 3 }],
        removed: [],
      },
      {
        agents: ['Googlebot'],
        change: 'changed',
        added: [{ rule: 'Allow: /search/about', line: 6 }],
        removed: [],
      },
    ]);
    expect(diff.sitemaps).toEqual({
      added: ['https://example.com/b.xml'],
      removed: ['https://example.com/a.xml'],
    });
  });

  it('marks each crawler named in a shared group with its own token, not the first member’s', () => {
    // Googlebot and Bingbot read the same group and share one comparison; each decides by its
    // own name (Applebot, with no group, follows Googlebot's).
    const diff = diffRobotsTxt(
      'User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /a\n',
      'User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /b\n',
    );
    const at = (agent: string) => diff.verdicts.find((v) => v.url === '/a' && v.agent === agent);
    expect(at('Googlebot')?.before.decidedBy).toBe('Googlebot');
    expect(at('Bingbot')?.before.decidedBy).toBe('Bingbot');
    expect(at('Bingbot')?.after.decidedBy).toBe('Bingbot');
    expect(at('Applebot')?.before.decidedBy).toBe('Googlebot');
  });

  it('lists every URL × crawler whose verdict changes, with the deciding line on each side', () => {
    const diff = diffRobotsTxt(OLD, 'User-agent: *\nDisallow: /\n');
    expect(diff.verdictsChanged).toBe(true);
    // Google-InspectionTool, Applebot and Kagibot follow the Googlebot group the old file has
    // (the crawler model).
    expect(diff.checked.agents).toEqual([
      'Googlebot',
      'Google-InspectionTool',
      'Applebot',
      'Kagibot',
      '*',
    ]);
    const root = diff.verdicts.filter(
      (v) => v.url === '/' && v.agent !== 'Google-InspectionTool' && v.agent !== 'Kagibot',
    );
    // The followers read the old Googlebot group as Applebot does.
    for (const agent of ['Google-InspectionTool', 'Kagibot'])
      expect(diff.verdicts.find((v) => v.url === '/' && v.agent === agent)?.before).toEqual({
        allowed: true,
        line: 0,
        decidedBy: 'Googlebot',
      });
    expect(root).toEqual([
      {
        url: '/',
        agent: 'Googlebot',
        before: { allowed: true, line: 0, decidedBy: 'Googlebot' },
        after: { allowed: false, line: 2, rule: 'Disallow: /', decidedBy: '*' },
      },
      {
        url: '/',
        agent: 'Applebot',
        before: { allowed: true, line: 0, decidedBy: 'Googlebot' },
        after: { allowed: false, line: 2, rule: 'Disallow: /', decidedBy: '*' },
      },
      {
        url: '/',
        agent: '*',
        before: { allowed: true, line: 0, decidedBy: '*' },
        after: { allowed: false, line: 2, rule: 'Disallow: /', decidedBy: '*' },
      },
    ]);
    // Googlebot was already kept out of /search: no change there.
    expect(diff.verdicts.some((v) => v.agent === 'Googlebot' && v.url === '/search')).toBe(false);
    expect(diff.groups.map((g) => [g.agents, g.change])).toEqual([
      [['*'], 'changed'],
      [['Googlebot'], 'removed'],
    ]);
  });

  it('finds the Crawl-delay merge that blocks Googlebot (issue 14)', () => {
    const diff = diffRobotsTxt(
      'User-agent: *\nDisallow: /admin/\n',
      'User-agent: *\nDisallow: /admin/\nUser-agent: Googlebot\nCrawl-delay: 5\nUser-agent: GPTBot\nDisallow: /\n',
      { agents: ['Googlebot', 'GPTBot', 'Bingbot'], urls: ['/', 'https://example.com/products/'] },
    );
    expect(diff.verdicts.map((v) => `${v.agent} ${v.url} line ${v.after.line}`)).toEqual([
      'Googlebot / line 6',
      'GPTBot / line 6',
      'Googlebot https://example.com/products/ line 6',
      'GPTBot https://example.com/products/ line 6',
    ]);
  });

  it('reports nothing for the same rules written differently', () => {
    const diff = diffRobotsTxt(
      'User-agent: a\nUser-agent: b\nDisallow: /x\n',
      '# reordered\nuser-agent: B\nuser-agent: A\ndisallow: /x\n',
    );
    expect(diff.groups).toEqual([]);
    expect(diff.verdicts).toEqual([]);
    expect(diff.checked).toMatchObject({ urls: [], checks: 0, omitted: 0, truncated: false });
    expect(formatDiffText(diff)).toBe(
      'No rule or sitemap changes.\n\nNo verdict changes: no crawler reads changed rules.\n',
    );
  });

  it('takes parsed files and fetch outcomes, and bounds the work', () => {
    expect(diffRobotsTxt(parseRobotsTxt(OLD), new TextEncoder().encode(OLD)).checked.checks).toBe(
      0,
    );
    const whole = diffRobotsTxt(OLD, 'User-agent: *\nDisallow: /\n');
    const diff = diffRobotsTxt(OLD, 'User-agent: *\nDisallow: /\n', { maxChecks: 2 });
    // Googlebot and * read different groups: each comparison counts once.
    expect(diff.checked.checks).toBe(2);
    expect(diff.checked.omitted).toBe(whole.checked.checks - 2);
    expect(diff.checked.truncated).toBe(true);
    expect(formatDiffText(diff)).toContain(
      `Incomplete: the check limit left ${diff.checked.omitted} URL × crawler checks out.`,
    );
    expect(() => diffRobotsTxt(OLD, 42 as never)).toThrow(/^diffRobotsTxt: after/);
    expect(() => diffRobotsTxt(OLD, OLD, { agents: 'x' as never })).toThrow(TypeError);
    expect(() => diffRobotsTxt(OLD, OLD, { maxChecks: 0 })).toThrow(/maxChecks/);
  });

  it('agrees with checking both files URL by URL', () => {
    const line = fc.constantFrom(
      'User-agent: *',
      'User-agent: a',
      'User-agent: b',
      'Disallow: /',
      'Disallow: /x',
      'Allow: /x/y',
      'Disallow: /*.pdf$',
      'Crawl-delay: 3',
      '',
    );
    const file = fc.array(line, { maxLength: 10 }).map((l) => l.join('\n'));
    fc.assert(
      fc.property(file, file, (a, b) => {
        const diff = diffRobotsTxt(a, b);
        const pa = parseRobotsTxt(a);
        const pb = parseRobotsTxt(b);
        let changes = 0;
        for (const url of diff.checked.urls) {
          for (const agent of diff.checked.agents) {
            const name = agent === '*' ? 'RobotsRepAnyOtherBot' : agent;
            if (pa.isAllowed(url, name) !== pb.isAllowed(url, name)) changes++;
          }
        }
        expect(diff.verdicts).toHaveLength(changes);
        expect(diff.verdictsChanged).toBe(changes > 0);
      }),
      { numRuns: 200 },
    );
  });
});
