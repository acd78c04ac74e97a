import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditRobotsTxt } from '../../src/audit/audit.js';
import { parseRobotsTxt } from '../../src/index.js';
import {
  CRAWLER_RULES,
  checkAsCrawler,
  crawlerGroup,
  crawlerRuleOf,
} from '../../src/readings/crawler-model.js';
import { crawlers } from '../../src/readings/crawlers.js';

const FILE = `User-agent: Googlebot
Disallow: /g/

User-agent: *
Disallow: /all/
`;
const URLS = ['https://e.com/', 'https://e.com/g/x', 'https://e.com/all/x'];
// A name no group has: what the `*` group (or no group) answers.
const ANY = 'RobotsRepModelProbe';

/** The library's verdict for the token a cell shows (`''`: no group applies, all allowed). */
function libraryFor(body: string | Uint8Array, url: string, shown: string): [boolean, number] {
  const robots = parseRobotsTxt(body);
  if (shown === '') return [true, 0];
  const token = shown === '*' ? ANY : shown;
  return [robots.isAllowed(url, token), robots.matchingLine(url, token)];
}

describe('the crawler model', () => {
  it('cites a source for every rule', () => {
    for (const rule of CRAWLER_RULES) expect(rule.source).toMatch(/^https:\/\//);
    expect(crawlerRuleOf('adsbot-google')?.kind).toBe('ignores-global');
  });

  it('says whose group decides: own, followed, *, or none', () => {
    const robots = parseRobotsTxt(FILE);
    expect(crawlerGroup(robots, 'Googlebot').decidedBy).toBe('Googlebot');
    // Apple: Applebot follows Googlebot's group when none names Applebot.
    expect(crawlerGroup(robots, 'Applebot')).toMatchObject({ decidedBy: 'Googlebot' });
    // Google's common crawlers: the most specific group, `*` when none (no Googlebot fallback).
    expect(crawlerGroup(robots, 'Googlebot-Image').decidedBy).toBe('*');
    // Special-case crawlers ignore `*`.
    expect(crawlerGroup(robots, 'AdsBot-Google').decidedBy).toBe('');
    const named = parseRobotsTxt(
      `${FILE}\nUser-agent: AdsBot-Google\nUser-agent: Applebot\nDisallow: /a/\n`,
    );
    expect(crawlerGroup(named, 'AdsBot-Google').decidedBy).toBe('AdsBot-Google');
    expect(crawlerGroup(named, 'Applebot').decidedBy).toBe('Applebot');
    // Without a Googlebot group, Applebot reads `*` like anyone.
    expect(crawlerGroup(parseRobotsTxt('User-agent: *\nDisallow: /\n'), 'Applebot').decidedBy).toBe(
      '*',
    );
  });

  it("reads GoogleOther's group for GoogleOther-Image and -Video (their second token)", () => {
    const body = 'User-agent: GoogleOther\nDisallow: /o/\n\nUser-agent: *\nDisallow: /\n';
    const robots = parseRobotsTxt(body);
    for (const token of ['GoogleOther-Image', 'GoogleOther-Video']) {
      const group = crawlerGroup(robots, token);
      expect(group).toMatchObject({ decidedBy: 'GoogleOther', query: 'GoogleOther' });
      expect(checkAsCrawler(robots, 'https://e.com/x', group).allowed).toBe(true);
      expect(checkAsCrawler(robots, 'https://e.com/o/x', group)).toEqual({
        allowed: false,
        line: 2,
      });
    }
    // Googlebot-Image has no such rule: `*` decides for it.
    expect(crawlerGroup(robots, 'Googlebot-Image').decidedBy).toBe('*');
  });

  it('reads the "Yandex" group for YandexBot and YandexAdditionalBot when none names them', () => {
    const body = [
      'User-agent: Yandex',
      'Disallow: /y/',
      '',
      'User-agent: YandexAdditionalBot',
      'Disallow: /ai/',
      '',
      'User-agent: *',
      'Disallow: /',
      '',
    ].join('\n');
    const robots = parseRobotsTxt(body);
    const bot = crawlerGroup(robots, 'YandexBot');
    expect(bot).toMatchObject({ decidedBy: 'Yandex', query: 'Yandex' });
    expect(bot.rule?.source).toMatch(/^https:\/\/yandex\.com\//);
    // Yandex: with a "Yandex" group, the `*` group is not used.
    expect(checkAsCrawler(robots, 'https://e.com/x', bot)).toEqual({ allowed: true, line: 0 });
    expect(checkAsCrawler(robots, 'https://e.com/y/x', bot)).toEqual({ allowed: false, line: 2 });
    // A group of its own comes first.
    expect(crawlerGroup(robots, 'YandexAdditionalBot').decidedBy).toBe('YandexAdditionalBot');
    // Without a "Yandex" group, `*` as for anyone; Google's own parser is not changed.
    const plain = parseRobotsTxt('User-agent: *\nDisallow: /\n');
    expect(crawlerGroup(plain, 'YandexBot').decidedBy).toBe('*');
    expect(robots.isAllowed('https://e.com/x', 'YandexBot')).toBe(false);
  });

  it('is defined once: no catalog row carries a reading rule of its own', () => {
    for (const crawler of crawlers) expect(Object.keys(crawler)).not.toContain('fallback');
    expect(crawlerRuleOf('Applebot')).toMatchObject({ kind: 'follows', follows: 'Googlebot' });
  });

  it('gives each cell the library verdict of the token it shows, on real files', () => {
    const dir = new URL('../../../shared/corpus/files/', import.meta.url);
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((n) => n.endsWith('.txt'))
        .sort()
        .slice(0, 60);
    } catch {
      names = [];
    }
    const bodies: (string | Uint8Array)[] = [
      FILE,
      ...names.map((n) => readFileSync(new URL(n, dir))),
    ];
    const tokens = ['Googlebot', 'Applebot', 'AdsBot-Google', 'Googlebot-Image', 'GPTBot', 'X'];
    let cells = 0;
    const decided = new Set<string>();
    for (const body of bodies) {
      const robots = parseRobotsTxt(body);
      for (const token of tokens) {
        const group = crawlerGroup(robots, token);
        decided.add(`${token}>${group.decidedBy}`);
        for (const url of URLS) {
          const verdict = checkAsCrawler(robots, url, group);
          expect([verdict.allowed, verdict.line], `${token} ${url}`).toEqual(
            libraryFor(body, url, group.decidedBy),
          );
          cells++;
        }
      }
    }
    expect(cells).toBe(bodies.length * tokens.length * URLS.length);
    // Each rule of the model is exercised by the files, not only the crafted one.
    expect([...decided]).toEqual(
      expect.arrayContaining(['Applebot>Googlebot', 'AdsBot-Google>', 'Googlebot-Image>*']),
    );
  });

  it('is what the audit applies, cell by cell', () => {
    const audit = auditRobotsTxt(parseRobotsTxt(FILE), {
      paths: ['/g/x', '/all/x'],
      crawlers: [
        ...crawlers.filter((c) => c.token === 'Applebot' || c.token === 'GPTBot'),
        { ...crawlers[0]!, name: 'AdsBot', token: 'AdsBot-Google' },
      ],
    });
    const shown = audit.rows.map((r) => [r.crawler.token, r.verdicts.map((v) => v.decidedBy)]);
    expect(shown).toEqual([
      ['Applebot', ['Googlebot', 'Googlebot', 'Googlebot']],
      ['GPTBot', ['*', '*', '*']],
      ['AdsBot-Google', ['', '', '']],
    ]);
    for (const row of audit.rows) {
      for (const v of row.verdicts) {
        expect([v.allowed, v.line]).toEqual(
          libraryFor(FILE, `https://e.com${v.path}`, v.decidedBy),
        );
      }
    }
    expect(audit.footnotes).toContain('ignores-global');
  });
});
