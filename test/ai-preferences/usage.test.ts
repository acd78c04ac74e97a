import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  auditUsage,
  combineUsage,
  parseContentUsageHeader,
  type UsageResult,
  usage,
} from '../../src/ai-preferences/index.js';
import { allowAll, disallowAll, parseRobotsTxt } from '../../src/index.js';
import { fixturePath } from '../helpers/cases.js';

const fixture = (name: string): string =>
  readFileSync(fixturePath(`ai-preferences/${name}`), 'utf8');
const url = (path: string): string => `https://example.com${path}`;

interface Summary {
  readonly fetchable: boolean;
  readonly usage: Record<string, string>;
  readonly signal: Record<string, string>;
  readonly use: string | null;
}

/** A result in a few words: fetchable, then each category that is not unknown with its lines. */
function summary(result: UsageResult): Summary {
  const stated = (record: Record<string, { preference: string; lines: readonly number[] }>) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([, d]) => d.preference !== 'unknown')
        .map(([label, d]) => [label, `${d.preference} ${d.lines.join(',')}`]),
    );
  return {
    fetchable: result.fetchable,
    usage: stated(result.contentUsage),
    signal: stated(result.contentSignal),
    use: result.use.level,
  };
}

// draft-ietf-aipref-attach-05 (19 August 2026) §3.4, Figure 2 and Table 1: its own example.
describe('the example of draft-ietf-aipref-attach-05 §3.4', () => {
  const robots = parseRobotsTxt(fixture('aipref-attach-05.txt'));

  it.each<[string, string, boolean, string | null, readonly number[]]>([
    // Path, crawler, crawl, train-ai preference, deciding lines
    ['/test', 'OtherBot', true, 'disallowed', [4]],
    ['/never/test', 'OtherBot', false, null, []],
    ['/ai-ok/test', 'OtherBot', true, 'allowed', [5]],
    ['/test', 'ExampleBot', true, 'allowed', [9]],
    ['/never/test', 'ExampleBot', true, 'allowed', [9]],
  ])('%s for %s', (path, agent, crawl, trainAi, lines) => {
    const result = usage(robots, url(path), agent);
    expect(result.fetchable).toBe(crawl);
    if (trainAi === null) {
      // "no preferences are implied for resources that are disallowed"
      expect(result.contentUsage['train-ai']).toEqual({
        preference: 'unknown',
        lines: [],
        header: false,
      });
      expect(result.purposes['ai-train'].verdict).toBe('blocked');
      expect(result.purposes['ai-train'].lines).toEqual([3]);
    } else {
      expect(result.contentUsage['train-ai']).toEqual({
        preference: trainAi,
        lines,
        header: false,
      });
      expect(result.purposes['ai-train']).toMatchObject({ verdict: trainAi, lines });
    }
    expect(result.contentUsage.search.preference).toBe('unknown');
  });

  it('says why in words', () => {
    expect(usage(robots, url('/blog/x'), 'GPTBot').purposes['ai-train'].reason).toBe(
      'Content-Usage train-ai disallows ai-train for /blog/x (line 4).',
    );
    expect(usage(robots, url('/never/x'), 'GPTBot').purposes.search.reason).toBe(
      'GPTBot may not fetch /never/x (line 3), so no usage preference applies.',
    );
    expect(usage(robots, url('/blog/x'), 'GPTBot').purposes.search.reason).toBe(
      'No line or header states a search preference for /blog/x.',
    );
  });
});

describe('Content-Usage rules', () => {
  it('combine most restrictively on identical paths, the opposite of the Allow/Disallow tie', () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nContent-Usage: /a/ train-ai=y, search=y\nContent-Usage: /a/ train-ai=n\nAllow: /a/\nDisallow: /a/\n',
    );
    const result = usage(robots, url('/a/x'), 'Bot');
    expect(result.fetchable).toBe(true);
    expect(summary(result).usage).toEqual({ 'train-ai': 'disallowed 3', search: 'allowed 2' });
  });

  it('let the longest match decide the whole statement, not each category', () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nContent-Usage: train-ai=n, search=n\nContent-Usage: /docs/ search=y\n',
    );
    expect(summary(usage(robots, url('/docs/a'), 'Bot')).usage).toEqual({ search: 'allowed 3' });
    expect(summary(usage(robots, url('/blog'), 'Bot')).usage).toEqual({
      'train-ai': 'disallowed 2',
      search: 'disallowed 2',
    });
  });

  it('match with wildcards and $ like Allow/Disallow, over the escaped path', () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nContent-Usage: /*.pdf$ train-ai=n\nContent-Usage: /caf\u00e9/ ai-use=n\n',
    );
    expect(summary(usage(robots, url('/x/y.pdf'), 'Bot')).usage).toEqual({
      'train-ai': 'disallowed 2',
    });
    expect(summary(usage(robots, url('/x/y.pdf?z'), 'Bot')).usage).toEqual({});
    expect(summary(usage(robots, url('/caf%C3%A9/menu'), 'Bot')).usage).toEqual({
      'ai-use': 'disallowed 3',
    });
  });

  it('come from the groups the agent selects, merged, and never from outside a group', () => {
    const robots = parseRobotsTxt(
      [
        'Content-Usage: train-ai=y',
        'User-agent: A',
        'Content-Usage: /x ai-use=n',
        'Allow: /',
        'User-agent: *',
        'Content-Usage: search=n',
        'Disallow: /private/',
        'User-agent: A',
        'Content-Usage: /x search=y',
      ].join('\n'),
    );
    expect(summary(usage(robots, url('/x'), 'A')).usage).toEqual({
      'ai-use': 'disallowed 3',
      search: 'allowed 9',
    });
    expect(summary(usage(robots, url('/x'), 'B')).usage).toEqual({ search: 'disallowed 6' });
    // Google's grouping: a Content-Usage line does not end a run of User-agent lines.
    const joined = parseRobotsTxt('User-agent: A\nContent-Usage: ai-use=n\nUser-agent: B\n');
    expect(summary(usage(joined, url('/x'), 'B')).usage).toEqual({ 'ai-use': 'disallowed 2' });
  });

  it('leave every category unknown when the dictionary does not parse, and say so', () => {
    const robots = parseRobotsTxt('User-agent: *\nContent-Usage: train-ai=yes,\n');
    const result = usage(robots, url('/'), 'Bot');
    expect(summary(result).usage).toEqual({});
    expect(result.rules).toEqual([
      {
        vocabulary: 'content-usage',
        line: 2,
        path: null,
        statement: 'train-ai=yes,',
        parsed: false,
      },
    ]);
  });
});

describe('Content-Signal', () => {
  it("reads Cloudflare's managed file (merged * groups, use=reference, blocked crawlers)", () => {
    const robots = parseRobotsTxt(fixture('cloudflare-managed.txt'));
    expect(summary(usage(robots, url('/products/1'), 'Googlebot'))).toEqual({
      fetchable: true,
      usage: {},
      signal: { search: 'allowed 20', 'ai-train': 'disallowed 20' },
      use: 'reference',
    });
    const cart = usage(robots, url('/cart'), 'Googlebot');
    expect(cart.fetchable).toBe(false);
    expect(cart.purposes.search).toMatchObject({ verdict: 'blocked', lines: [35] });
    const gpt = usage(robots, url('/products/1'), 'GPTBot');
    expect(summary(gpt)).toEqual({ fetchable: false, usage: {}, signal: {}, use: null });
    expect(gpt.purposes['ai-train']).toMatchObject({ verdict: 'blocked', lines: [30] });
  });

  it('reads path-scoped signals by longest match, and lines before any group as file-wide', () => {
    const robots = parseRobotsTxt(fixture('content-signal-paths.txt'));
    expect(summary(usage(robots, url('/about'), 'Bot')).signal).toEqual({
      search: 'allowed 5',
      'ai-input': 'allowed 5',
      'ai-train': 'allowed 5',
    });
    expect(summary(usage(robots, url('/blog/post'), 'Bot')).signal).toEqual({
      search: 'allowed 6',
      'ai-input': 'disallowed 6',
      'ai-train': 'disallowed 6',
    });
    // No path matches but the file-wide line (line 2).
    expect(summary(usage(robots, url('/shop'), 'Bot')).signal).toEqual({ search: 'allowed 2' });
    // ExampleBot's own group has a path-less line: it ties with the file-wide one.
    expect(summary(usage(robots, url('/shop'), 'ExampleBot')).signal).toEqual({
      search: 'allowed 2',
      'ai-input': 'allowed 10',
    });
    expect(usage(robots, url('/private/x'), 'ExampleBot').fetchable).toBe(false);
  });

  it('combines the most restrictive use= level', () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nContent-Signal: use=full\nContent-Signal: use=immediate, search=yes\n',
    );
    expect(usage(robots, url('/'), 'Bot').use).toEqual({ level: 'immediate', lines: [3] });
  });
});

describe('purposes', () => {
  it('combine both vocabularies most restrictively', () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nContent-Signal: search=yes, ai-train=yes, ai-input=yes\nContent-Usage: train-ai=n, search=y\n',
    );
    const { purposes } = usage(robots, url('/'), 'Bot');
    expect(purposes['ai-train']).toMatchObject({ verdict: 'disallowed', lines: [3] });
    expect(purposes.search).toMatchObject({ verdict: 'allowed', lines: [2, 3] });
    expect(purposes['ai-input']).toMatchObject({ verdict: 'allowed', lines: [2] });
    expect(purposes.search.reason).toBe(
      'Content-Usage search and Content-Signal search allow search for / (lines 2, 3).',
    );
  });
});

describe('combineUsage with the Content-Usage header', () => {
  const robots = parseRobotsTxt(
    'User-agent: *\nContent-Usage: train-ai=y, search=y\nDisallow: /no\n',
  );

  it('takes the most restrictive of robots.txt and the header', () => {
    const result = combineUsage(
      usage(robots, url('/a'), 'Bot'),
      parseContentUsageHeader('train-ai=n, ai-use=y'),
    );
    expect(result.contentUsage['train-ai']).toEqual({
      preference: 'disallowed',
      lines: [],
      header: true,
    });
    expect(result.contentUsage.search).toEqual({
      preference: 'allowed',
      lines: [2],
      header: false,
    });
    expect(result.contentUsage['ai-use']).toEqual({
      preference: 'allowed',
      lines: [],
      header: true,
    });
    expect(result.purposes['ai-train']).toMatchObject({ verdict: 'disallowed', header: true });
    expect(result.purposes['ai-train'].reason).toContain('the Content-Usage header');
    expect(result.headers.map((h) => h.text)).toEqual(['train-ai=n, ai-use=y']);
  });

  it('keeps both sources when they agree, and a blocked URL blocked', () => {
    const same = combineUsage(usage(robots, url('/a'), 'Bot'), parseContentUsageHeader('search=y'));
    expect(same.contentUsage.search).toEqual({ preference: 'allowed', lines: [2], header: true });
    const blocked = combineUsage(
      usage(robots, url('/no'), 'Bot'),
      parseContentUsageHeader('search=y'),
    );
    expect(blocked.purposes.search.verdict).toBe('blocked');
    const unparsed = combineUsage(
      usage(robots, url('/a'), 'Bot'),
      parseContentUsageHeader('search=n,'),
    );
    expect(unparsed.contentUsage.search.preference).toBe('allowed');
  });
});

describe('usage and explain', () => {
  it('agree on verdict, line, path and groups, URL after URL and agent after agent', () => {
    const robots = parseRobotsTxt(fixture('cloudflare-managed.txt'));
    const agents = [
      ...Array.from({ length: 20 }, (_, i) => `Bot${i}`),
      'GPTBot',
      'gptbot',
      ['GPTBot', 'CCBot'],
      ['CCBot', 'GPTBot'],
      'Amazonbot',
      'GPTBot',
    ];
    for (const agent of agents) {
      for (const path of ['/', '/cart', '/account/x', '/products/1?a=b']) {
        const result = usage(robots, url(path), agent);
        const explanation = robots.explain(url(path), agent);
        expect([
          result.fetchable,
          result.line,
          result.path,
          result.groups,
          result.selection,
        ]).toEqual([
          explanation.allowed,
          explanation.line,
          explanation.path,
          explanation.groups,
          explanation.selection,
        ]);
      }
    }
  });
});

describe('usage arguments', () => {
  it('knows only fetchability from a fetch outcome', () => {
    const unavailable = allowAll('robots.txt answered 404: everything is allowed');
    expect(usage(unavailable, url('/'), 'Bot').purposes.search.verdict).toBe('unknown');
    const unreachable = disallowAll('robots.txt answered 503: nothing may be fetched');
    expect(usage(unreachable, url('/'), 'Bot').purposes.search.verdict).toBe('blocked');
  });

  it('refuses the readings that predate these lines, and bad arguments', () => {
    const legacy = parseRobotsTxt('User-agent: *\nContent-Usage: train-ai=n\n', {
      interpretation: 'python-urllib',
    });
    expect(() => usage(legacy, url('/'), 'Bot')).toThrow(TypeError);
    const robots = parseRobotsTxt('');
    expect(() => usage(robots, 5 as unknown as string, 'Bot')).toThrow(TypeError);
    expect(() => usage(robots, url('/'), 5 as unknown as string)).toThrow(TypeError);
  });

  it('follows an RFC 9309 reading of the same file', () => {
    const robots = parseRobotsTxt('User-agent: *\nContent-Usage: /%7Euser/ train-ai=n\n', {
      interpretation: 'rfc9309',
    });
    expect(usage(robots, url('/~user/a'), 'Bot').contentUsage['train-ai'].preference).toBe(
      'disallowed',
    );
  });
});

describe('auditUsage', () => {
  it("reads a crawler that follows another's group as that crawler, as the audit does", () => {
    const robots = parseRobotsTxt(
      'User-agent: Googlebot\nAllow: /\nContent-Usage: train-ai=n\n\nUser-agent: *\nAllow: /\nContent-Usage: train-ai=y\n',
    );
    const audit = auditUsage(robots);
    const row = (token: string) => audit.rows.find((r) => r.crawler.token === token)!;
    expect(row('Applebot').verdicts[0]!.usage['ai-train']).toMatchObject({
      verdict: 'disallowed',
      lines: [3],
    });
    expect(row('GPTBot').verdicts[0]!.usage['ai-train']).toMatchObject({
      verdict: 'allowed',
      lines: [7],
    });
  });
});
