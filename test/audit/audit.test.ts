import { describe, expect, it } from 'vitest';
import { auditRobotsTxt, formatAuditTable } from '../../src/audit/audit.js';
import { parseReadings, parseRobotsTxt } from '../../src/index.js';
import { extractProductToken } from '../../src/parse/agent.js';
import { crawlers, crawlerTokenProblem } from '../../src/readings/crawlers.js';

describe('crawlers', () => {
  it('lists unique tokens with a source and a date, each a product token unless noted', () => {
    const tokens = crawlers.map((c) => c.token.toLowerCase());
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const c of crawlers) {
      expect(c.docs).toMatch(/^https:\/\//);
      expect(c.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(c.purposes[0]).toBe(c.purpose);
      // Google's parser reads a token with digits or dots shorter (MJ12bot, archive.org_bot,
      // AI2Bot); the audit reads those as their crawlers do.
      if (/^[A-Za-z_-]+$/.test(c.token)) expect(extractProductToken(c.token)).toBe(c.token);
      else expect(extractProductToken(c.token)).not.toBe(c.token);
      if (c.governs !== undefined) expect(tokens).toContain(c.governs.toLowerCase());
      // The same check as a loaded list's tokens.
      expect(crawlerTokenProblem(c.token)).toBeUndefined();
    }
    for (const purpose of [
      'search',
      'ai-training',
      'ai-search',
      'ai-assistant',
      'seo',
      'archiving',
      'other',
    ]) {
      expect(crawlers.some((c) => c.purposes.includes(purpose as never))).toBe(true);
    }
    for (const name of ['Googlebot', 'GPTBot', 'ClaudeBot', 'Google-Extended', 'CCBot']) {
      expect(crawlers.some((c) => c.token === name)).toBe(true);
    }
  });
});

describe('crawlerTokenProblem', () => {
  it('takes what a User-agent line can name, and says why not otherwise', () => {
    for (const token of ['GPTBot', 'MJ12bot', 'archive.org_bot', '008', 'a'.repeat(64)]) {
      expect(crawlerTokenProblem(token)).toBeUndefined();
    }
    expect(crawlerTokenProblem('')).toBe('is empty');
    expect(crawlerTokenProblem('*')).toMatch(/every crawler/);
    expect(crawlerTokenProblem('a'.repeat(65))).toMatch(/longer than 64/);
    expect(crawlerTokenProblem('ChatGPT Agent')).toMatch(/holds " "/);
    // Control characters are shown escaped, never raw.
    expect(crawlerTokenProblem('bot\u001b[2J')).toContain('\\x1b');
  });

  it('is checked on the rows auditRobotsTxt is given', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /\n');
    const row = { ...crawlers[0]!, token: 'Bad Bot' };
    expect(() => auditRobotsTxt(robots, { crawlers: [row] })).toThrow(
      /options\.crawlers\[0\]\.token must be a product token \(holds " "/,
    );
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
      { path: '/', allowed: false, line: 6, selection: 'specific', decidedBy: 'GPTBot' },
      { path: '/private/x', allowed: false, line: 6, selection: 'specific', decidedBy: 'GPTBot' },
    ]);
    expect(row('Googlebot').verdicts.map((v) => [v.allowed, v.selection])).toEqual([
      [true, 'global'],
      [false, 'global'],
    ]);
  });

  it('formats an aligned table, with the footnotes the rows use', () => {
    const audit = auditRobotsTxt(robots, { crawlers: crawlers.slice(0, 1) });
    expect(formatAuditTable(audit)).toBe(
      'crawler    operator  purposes                        /\nGooglebot  Google    search, ai-search, ai-training  allowed *\n\n* no group names the crawler: the "User-agent: *" rules applied.\n',
    );
    const specific = auditRobotsTxt(robots, {
      crawlers: crawlers.filter((c) => c.token === 'GPTBot'),
    });
    expect(specific.footnotes).toEqual([]);
    expect(specific.columns).toEqual(['crawler', 'operator', 'purposes', '/']);
    expect(formatAuditTable(specific)).not.toContain('*');
  });
});

describe('audit by purpose, read as each crawler reads', () => {
  const row = (body: string, token: string, paths: string[] = []) => {
    const audit = auditRobotsTxt(parseRobotsTxt(body), { paths });
    return { audit, row: audit.rows.find((r) => r.crawler.token === token)! };
  };

  it('audits MJ12bot under its own group, with what Google would read', () => {
    const { row: mj } = row('User-agent: MJ12bot\nDisallow: /\n', 'MJ12bot');
    expect(mj.verdicts[0]).toMatchObject({ allowed: false, line: 2, selection: 'specific' });
    expect(mj.notes.map((n) => n.kind)).toEqual(['own-token']);
    expect(mj.notes[0]!.text).toContain('as "MJ"');
    expect(mj.notes[0]!.text).toContain('allowed at /');
  });

  it('reads archive.org_bot by its whole token, and its rules by length', () => {
    const { row: ia } = row(
      'User-agent: archive.org_bot\nDisallow: /\nAllow: /public/\n',
      'archive.org_bot',
      ['/public/x'],
    );
    expect(ia.verdicts.map((v) => [v.allowed, v.line])).toEqual([
      [false, 2],
      [true, 3],
    ]);
  });

  it('lets Applebot follow Googlebot’s group when no group names it', () => {
    const body = 'User-agent: *\nDisallow: /x/\n\nUser-agent: Googlebot\nDisallow: /\n';
    const { row: apple, audit } = row(body, 'Applebot');
    expect(apple.verdicts[0]).toMatchObject({ allowed: false, line: 5 });
    expect(apple.notes.map((n) => n.kind)).toEqual(['fallback']);
    expect(audit.footnotes).toContain('fallback');
    // Its own group wins when there is one.
    const own = row(`${body}\nUser-agent: Applebot\nAllow: /\n`, 'Applebot').row;
    expect(own.verdicts[0]).toMatchObject({ allowed: true, line: 8 });
    expect(own.notes).toEqual([]);
  });

  it('says why a crawler in a group without rules is allowed', () => {
    const { row: cc } = row('User-agent: *\nDisallow: /\n\nUser-agent: CCBot\n', 'CCBot');
    expect(cc.verdicts[0]).toMatchObject({ allowed: true, line: 0, selection: 'specific' });
    expect(cc.notes.map((n) => n.kind)).toEqual(['empty-group']);
  });

  it('marks control tokens and user-initiated fetchers', () => {
    const { audit } = row('User-agent: *\nDisallow:\n', 'Google-Extended');
    const kinds = (token: string) =>
      audit.rows.find((r) => r.crawler.token === token)!.notes.map((n) => n.kind);
    expect(kinds('Google-Extended')).toEqual(['global', 'control']);
    expect(kinds('ChatGPT-User')).toEqual(['global', 'user-initiated']);
    expect(kinds('GPTBot')).toEqual(['global']);
  });

  it('warns that blocking a crawler that also serves search blocks search', () => {
    const { audit } = row('User-agent: Googlebot\nUser-agent: GPTBot\nDisallow: /\n', 'Googlebot');
    expect(audit.warnings).toHaveLength(2);
    expect(audit.warnings[0]).toMatch(/^Googlebot is blocked from the whole site/);
    expect(audit.warnings[0]).toContain('block Google-Extended instead');
    // Applebot follows Googlebot's group here, so it is blocked too.
    expect(audit.warnings[1]).toMatch(/^Applebot is blocked .*block Applebot-Extended instead/);
    // Blocking the control token alone warns about nothing.
    expect(row('User-agent: Google-Extended\nDisallow: /\n', 'Googlebot').audit.warnings).toEqual(
      [],
    );
  });

  it('takes a fetch outcome, which has no groups, as it is', () => {
    const allowAll = {
      explain: (path: string) => parseRobotsTxt('').explain(path, 'x'),
      isAllowed: () => true,
      sitemaps: [],
      crawlDelay: () => undefined,
      requestRate: () => undefined,
    };
    const audit = auditRobotsTxt(allowAll);
    expect(audit.rows.every((r) => r.verdicts[0]!.allowed)).toBe(true);
    expect(audit.rows.find((r) => r.crawler.token === 'Applebot')!.notes).toEqual([]);
    expect(audit.warnings).toEqual([]);
  });
});

describe('audit with readings: the "read by" column', () => {
  const body =
    'User-agent: Googlebot\nDisallow: /a\nAllow: /a/b\n\nUser-agent: *\nDisallow: /*.pdf\n';
  const audit = auditRobotsTxt(parseRobotsTxt(body), {
    paths: ['/a/b', '/x.pdf'],
    readings: parseReadings(body),
  });
  const row = (token: string) => audit.rows.find((r) => r.crawler.token === token)!;

  it('lists the readings that answer a crawler differently, per path', () => {
    // Googlebot's Allow after a broader Disallow: first-match readers stop at the Disallow.
    expect(row('Googlebot').verdicts.map((v) => [v.path, v.differingReadings])).toEqual([
      ['/', []],
      ['/a/b', ['draft-1996', 'python-urllib']],
      ['/x.pdf', []],
    ]);
    // The * group's wildcard is literal for the older readers.
    expect(row('Bingbot').verdicts.map((v) => v.differingReadings)).toEqual([
      [],
      [],
      ['draft-1996', 'python-urllib'],
    ]);
    expect(audit.columns).toContain('read by');
  });

  it('reads a crawler that follows another group as that crawler under every reading', () => {
    expect(row('Applebot').notes.map((n) => n.kind)).toContain('fallback');
    expect(row('Applebot').verdicts.map((v) => v.differingReadings)).toEqual(
      row('Googlebot').verdicts.map((v) => v.differingReadings),
    );
  });
});
