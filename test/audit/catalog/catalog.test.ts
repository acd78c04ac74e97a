/**
 * The catalog's rows as data: each token one a `User-agent` line can name, once, with a source
 * and a date; the rows resting on the community list marked so; the crawler model's tokens all
 * rows of it; and the audit reading the rows it holds.
 */

import { describe, expect, it } from 'vitest';
import { auditRobotsTxt, formatAuditTable } from '../../../src/audit/audit.js';
import { parseRobotsTxt } from '../../../src/index.js';
import { CRAWLER_RULES, crawlerGroup } from '../../../src/readings/crawler-model.js';
import { crawlers, crawlerTokenProblem } from '../../../src/readings/crawlers.js';

const LIST = 'https://github.com/ai-robots-txt/ai.robots.txt/blob/main/robots.json';
const byToken = new Map(crawlers.map((c) => [c.token.toLowerCase(), c]));

describe('the catalog', () => {
  it('has each token once in any case, each passing the token check, with a source and a date', () => {
    expect(byToken.size).toBe(crawlers.length);
    for (const c of crawlers) {
      expect(crawlerTokenProblem(c.token), c.token).toBeUndefined();
      expect(c.docs, c.token).toMatch(/^https:\/\/[!-~]+$/);
      expect(c.checked, c.token).toMatch(/^20\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
      expect(c.name.trim(), c.token).not.toBe('');
      expect(c.operator.trim(), c.token).not.toBe('');
      expect(c.purposes, c.token).toContain(c.purpose);
    }
  });

  it('marks the rows that rest on the community list, and only those cite it', () => {
    const secondary = crawlers.filter((c) => c.secondary === true);
    expect(secondary.length).toBeGreaterThan(0);
    for (const c of crawlers) expect(c.docs === LIST, c.token).toBe(c.secondary === true);
  });

  it("holds every token Google documents for robots.txt, the crawler model's among them", () => {
    // Google's common and special-case crawlers pages: each crawler's "user agent token".
    const google = [
      'Googlebot',
      'Googlebot-Image',
      'Googlebot-Video',
      'Googlebot-News',
      'Storebot-Google',
      'Google-InspectionTool',
      'GoogleOther',
      'GoogleOther-Image',
      'GoogleOther-Video',
      'Google-CloudVertexBot',
      'Google-Extended',
      'APIs-Google',
      'AdsBot-Google-Mobile',
      'AdsBot-Google',
      'Mediapartners-Google',
    ];
    for (const token of google) {
      expect(byToken.get(token.toLowerCase())?.operator, token).toBe('Google');
    }
    // One list of crawlers: every token the model has a rule for is a row (a rule may follow a
    // family's token, as Yandex's robots follow "Yandex", which no single crawler sends).
    for (const rule of CRAWLER_RULES) {
      expect(byToken.has(rule.token.toLowerCase()), rule.token).toBe(true);
    }
  });
});

describe("the rows compared with their operators' pages on 2026-12-03", () => {
  // Google's user-triggered fetchers page: each fetcher's user agent token; the fetchers
  // "generally ignore robots.txt rules" as a user asked for the fetch.
  const fetchers = [
    'FeedFetcher-Google',
    'Google-NotebookLM',
    'Google-GeminiNotebook',
    'Google-Read-Aloud',
    'Google-Site-Verification',
    'GoogleProducer',
    'Google-CWS',
  ];

  it("holds Google's user-triggered fetchers, each marked user-initiated, from Google's page", () => {
    for (const token of fetchers) {
      const row = byToken.get(token.toLowerCase());
      expect(row?.operator, token).toBe('Google');
      expect(row?.userInitiated, token).toBe(true);
      expect(row?.docs, token).toBe(
        'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers',
      );
      expect(row?.checked, token).toBe('2026-12-03');
    }
  });

  it("holds the search engines' own crawlers, each resting on its operator's page", () => {
    const own: [string, string, string][] = [
      ['SeznamBot', 'Seznam.cz', 'https://o-seznam.cz/'],
      ['Qwantbot', 'Qwant', 'https://help.qwant.com/'],
      ['MojeekBot', 'Mojeek', 'https://www.mojeek.com/'],
      ['PetalBot', 'Huawei', 'https://aspiegel.com/'],
      ['Google-Safety', 'Google', 'https://developers.google.com/'],
      ['MicrosoftPreview', 'Microsoft', 'https://www.bing.com/'],
      ['Yeti', 'Naver', 'https://searchadvisor.naver.com/'],
      ['Ads-Naver', 'Naver', 'https://searchadvisor.naver.com/'],
      ['Blueno', 'Naver', 'https://searchadvisor.naver.com/'],
      ['Kagibot', 'Kagi', 'https://kagi.com/'],
    ];
    for (const [token, operator, site] of own) {
      const row = byToken.get(token.toLowerCase());
      expect(row?.operator, token).toBe(operator);
      expect(row?.docs.startsWith(site), token).toBe(true);
      expect(row?.secondary, token).toBeUndefined();
      expect(row?.userInitiated, token).toBeUndefined();
    }
  });

  it("reads Kagibot by Googlebot's group when none names it, as Kagi documents", () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\nDisallow: /private/\n',
    );
    const audit = auditRobotsTxt(robots, { paths: ['/a', '/private/x'] });
    const kagi = audit.rows.find((r) => r.crawler.token === 'Kagibot')!;
    // The audit asks for `/` first, then the paths given.
    expect(kagi.verdicts.map((v) => [v.allowed, v.decidedBy])).toEqual([
      [true, 'Googlebot'],
      [true, 'Googlebot'],
      [false, 'Googlebot'],
    ]);
  });

  it('notes in the audit that robots.txt may not apply to a user-triggered fetcher', () => {
    const audit = auditRobotsTxt(parseRobotsTxt('User-agent: *\nDisallow: /\n'), {
      paths: ['/'],
    });
    const feeds = audit.rows.find((r) => r.crawler.token === 'FeedFetcher-Google')!;
    expect(feeds.verdicts.map((v) => v.allowed)).toEqual([false]);
    expect(feeds.notes.map((n) => n.kind)).toContain('user-initiated');
  });
});

describe('the audit over the catalog', () => {
  const robots = parseRobotsTxt(
    [
      'User-agent: Google-CloudVertexBot',
      'Disallow: /',
      '',
      'User-agent: MistralAI-Training',
      'User-agent: meta-webindexer',
      'Disallow: /private/',
      '',
      'User-agent: *',
      'Disallow: /tmp/',
      '',
    ].join('\n'),
  );
  const audit = auditRobotsTxt(robots, { paths: ['/private/x', '/tmp/x'] });
  const row = (token: string) => audit.rows.find((r) => r.crawler.token === token);

  it('has a row for every crawler of the catalog, in its order', () => {
    expect(audit.rows.map((r) => r.crawler.token)).toEqual(crawlers.map((c) => c.token));
  });

  it('reads each new row by the crawler model, as a named group decides', () => {
    const vertex = row('Google-CloudVertexBot')!;
    expect(vertex.verdicts.map((v) => [v.allowed, v.decidedBy])).toEqual([
      [false, 'Google-CloudVertexBot'],
      [false, 'Google-CloudVertexBot'],
      [false, 'Google-CloudVertexBot'],
    ]);
    for (const token of ['MistralAI-Training', 'meta-webindexer']) {
      expect(row(token)!.verdicts.map((v) => v.allowed)).toEqual([true, false, true]);
    }
    // A special-case crawler with no group of its own ignores `*`: the model's rule, by its row.
    const ads = row('AdsBot-Google')!;
    expect(ads.verdicts.map((v) => [v.allowed, v.decidedBy])).toEqual([
      [true, ''],
      [true, ''],
      [true, ''],
    ]);
    expect(crawlerGroup(robots, 'AdsBot-Google').rule?.kind).toBe('ignores-global');
    // A common crawler with no group of its own reads `*`.
    expect(row('Googlebot-Image')!.verdicts.map((v) => [v.allowed, v.decidedBy])).toEqual([
      [true, '*'],
      [true, '*'],
      [false, '*'],
    ]);
    expect(audit.footnotes).toContain('ignores-global');
  });

  it('prints the new rows in the table the CLI shows', () => {
    const table = formatAuditTable(audit);
    for (const token of ['Google-CloudVertexBot', 'Storebot-Google', 'DuckAssistBot', 'AdIdxBot']) {
      expect(table).toContain(token);
    }
  });
});
