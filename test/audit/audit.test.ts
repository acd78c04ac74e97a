import { describe, expect, it } from 'vitest';
import { auditRobotsTxt, formatAuditTable } from '../../src/audit/audit.js';
import { crawlers } from '../../src/audit/crawlers.js';
import { parseRobotsTxt } from '../../src/index.js';
import { extractProductToken } from '../../src/parse/agent.js';

describe('crawlers', () => {
  it('lists unique tokens, each a valid product token except where the reference truncates', () => {
    const tokens = crawlers.map((c) => c.token.toLowerCase());
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const c of crawlers) {
      expect(c.docs).toMatch(/^https:\/\//);
      if (c.token !== 'MJ12bot') expect(extractProductToken(c.token)).toBe(c.token);
    }
    for (const name of ['Googlebot', 'GPTBot', 'ClaudeBot', 'Google-Extended', 'CCBot']) {
      expect(crawlers.some((c) => c.token === name)).toBe(true);
    }
  });
});

describe('auditRobotsTxt', () => {
  const robots = parseRobotsTxt(
    'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n',
  );

  it('checks / first and each path, per crawler token', () => {
    const audit = auditRobotsTxt(robots, { paths: ['/private/x', '/'] });
    expect(audit.paths).toEqual(['/', '/private/x']);
    const row = (token: string) => audit.rows.find((r) => r.crawler.token === token)!;
    expect(row('GPTBot').verdicts).toEqual([
      { path: '/', allowed: false, line: 6, selection: 'specific' },
      { path: '/private/x', allowed: false, line: 6, selection: 'specific' },
    ]);
    expect(row('Googlebot').verdicts.map((v) => [v.allowed, v.selection])).toEqual([
      [true, 'global'],
      [false, 'global'],
    ]);
  });

  it('formats an aligned table', () => {
    const audit = auditRobotsTxt(robots, { crawlers: crawlers.slice(0, 1) });
    expect(formatAuditTable(audit)).toBe(
      'crawler    operator  purpose  /\nGooglebot  Google    search   allowed *\n\n* no group names the crawler: the "User-agent: *" rules applied.\n',
    );
  });
});
