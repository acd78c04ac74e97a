/**
 * python-urllib-rfc9309: CPython's robotparser after its RFC 9309 rewrite, checked against the
 * module's own answers on every case of ../shared/conformance/legacy/python-urllib-rfc9309.jsonl
 * (3,605 cases made by running Lib/urllib/robotparser.py of CPython's main branch at 055a953f).
 * Where ../shared is absent the cases are reported as skipped, never as passed.
 */

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import { parsePython9309 } from '../../src/readings/python-rfc9309-parse.js';
import { caseBody } from '../helpers/cases.js';

interface Case {
  name: string;
  robotstxt?: string;
  robotstxt_hex?: string;
  useragent: string;
  url: string;
  allowed: boolean;
  crawl_delay: number | null;
  request_rate: { requests: number; seconds: number } | null;
  site_maps: string[] | null;
}

const file = fileURLToPath(
  new URL('../../../shared/conformance/legacy/python-urllib-rfc9309.jsonl', import.meta.url),
);
const present = existsSync(file);
const cases: Case[] = present
  ? readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Case)
  : [];

describe.skipIf(!present)('python-urllib-rfc9309: the module on its own cases', () => {
  it('answers can_fetch, crawl_delay, request_rate and site_maps as the module on all 3,605 cases', () => {
    expect(cases).toHaveLength(3605);
    const wrong: string[] = [];
    for (const c of cases) {
      const robots = parseRobotsTxt(caseBody(c), { interpretation: 'python-urllib-rfc9309' });
      const got = {
        allowed: robots.isAllowed(c.url, c.useragent),
        crawl_delay: robots.crawlDelay(c.useragent) ?? null,
        request_rate: robots.requestRate(c.useragent) ?? null,
        site_maps: robots.sitemaps.length === 0 ? null : robots.sitemaps,
      };
      const want = {
        allowed: c.allowed,
        crawl_delay: c.crawl_delay,
        request_rate: c.request_rate,
        site_maps: c.site_maps,
      };
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        wrong.push(`${c.name}: got ${JSON.stringify(got)} want ${JSON.stringify(want)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

const python = (body: string) => parseRobotsTxt(body, { interpretation: 'python-urllib-rfc9309' });

describe('python-urllib-rfc9309: what the rewrite reads differently', () => {
  it('encodes = and & in a pattern without ?, so /*sort= does not reach a query', () => {
    const body = 'User-agent: *\nDisallow: /*sort=\nDisallow: /*?page=\n';
    expect(parseRobotsTxt(body).isAllowed('https://e.com/c?sort=asc', 'Bot')).toBe(false);
    expect(python(body).isAllowed('https://e.com/c?sort=asc', 'Bot')).toBe(true);
    expect(python(body).isAllowed('https://e.com/c/sort=asc', 'Bot')).toBe(false);
    expect(python(body).explain('https://e.com/c?page=2', 'Bot')).toMatchObject({
      allowed: false,
      line: 3,
      path: '/c?page=2',
      interpretation: 'python-urllib-rfc9309',
    });
  });

  it('counts a wildcard rule as long as the part of the path it matched', () => {
    const body = 'User-agent: *\nAllow: /public\nDisallow: /*\n';
    expect(parseRobotsTxt(body).isAllowed('https://e.com/public/page', 'Bot')).toBe(true);
    const e = python(body).explain('https://e.com/public/page', 'Bot');
    expect(e).toMatchObject({ allowed: false, line: 3 });
    expect(e.rule?.matchPriority).toBe('/public/page'.length);
    expect(e.bestAllow?.matchPriority).toBe('/public'.length);
    // A tie goes to the Allow, in either order.
    const tie = python('User-agent: *\nDisallow: /a$\nAllow: /a\n');
    expect(tie.explain('https://e.com/a', 'Bot')).toMatchObject({ allowed: true, line: 3 });
    // The last piece's last occurrence ends the match.
    const tail = python('User-agent: *\nDisallow: /*.php\nAllow: /x.php?y\n');
    expect(tail.isAllowed('https://e.com/x.php?y.php', 'Bot')).toBe(false);
    expect(tail.isAllowed('https://e.com/x.php?y', 'Bot')).toBe(true);
  });

  it('drops a rule with $ before its end, and always allows /robots.txt', () => {
    const robots = python('User-agent: *\nDisallow: /a$b\nDisallow: /\n');
    expect(robots.explain('https://e.com/a$b', 'Bot').line).toBe(3);
    expect(robots.isAllowed('https://e.com/robots.txt', 'Bot')).toBe(true);
    expect(robots.isAllowed('https://e.com/%72obots.txt', 'Bot')).toBe(true);
    expect(robots.isAllowed('https://e.com/robots.txt?x', 'Bot')).toBe(false);
  });

  it('looks the whole name up first, then a substring, then *', () => {
    const body =
      'User-agent: Google\nDisallow: /g\n\nUser-agent: Googlebot\nDisallow: /gb\n\nUser-agent: *\nDisallow: /s\n';
    const robots = python(body);
    expect(robots.explain('https://e.com/gb', 'Googlebot')).toMatchObject({
      allowed: false,
      selection: 'specific',
      groups: [1],
    });
    // Before any `/`, "googlebot" holds "google", the first group listed.
    expect(robots.explain('https://e.com/g', 'Googlebot/2.1')).toMatchObject({
      allowed: false,
      line: 2,
      groups: [0],
    });
    expect(
      robots.explain('https://e.com/s', 'Mozilla/5.0 (compatible; Googlebot/2.1)'),
    ).toMatchObject({
      allowed: false,
      selection: 'global',
    });
  });

  it('merges groups naming one agent, keeping only the names written identically', () => {
    const body =
      'User-agent: examplebot\nDisallow: /a\n\nUser-agent: ExampleBot\nDisallow: /b\nCrawl-delay: 4\n\nUser-agent: *\nDisallow: /c\n';
    const robots = python(body);
    expect(robots.isAllowed('https://e.com/a', 'ExampleBot')).toBe(false);
    expect(robots.isAllowed('https://e.com/b', 'ExampleBot')).toBe(false);
    expect(robots.explain('https://e.com/a', 'ExampleBot').groups).toEqual([0, 1]);
    expect(robots.crawlDelay('ExampleBot')).toBe(4);
    // The merged group keeps no name, so a name with a version falls through to `*`.
    expect(robots.isAllowed('https://e.com/a', 'ExampleBot/2.1')).toBe(true);
    expect(robots.isAllowed('https://e.com/c', 'ExampleBot/2.1')).toBe(false);
    expect(robots.crawlDelay('ExampleBot/2.1')).toBeUndefined();
  });

  it('keeps memory linear in the file when many groups name many agents', () => {
    // 120 groups, each naming the same 120 agents in alternating case: Python's merge would copy
    // the rules of every earlier group into every name's entry (quadratic); the parts are kept.
    const agents = Array.from({ length: 120 }, (_, i) => `bot${i}`);
    const groups = agents.map(
      (_, g) =>
        `${agents.map((a) => `User-agent: ${g % 2 ? a.toUpperCase() : a}`).join('\n')}\nDisallow: /g${g}\n`,
    );
    const body = groups.join('\n');
    const robots = python(body);
    // What is kept: one part per User-agent line at most (not the rules of every merge).
    const parsed = parsePython9309(body);
    const parts = [...parsed.groups.values()].reduce((sum, p) => sum + p.length, 0);
    expect(parts).toBeLessThanOrEqual(agents.length * agents.length);
    expect(parsed.groups.size).toBe(agents.length);
    expect(robots.isAllowed('https://e.com/g119', 'bot7')).toBe(false);
    expect(robots.isAllowed('https://e.com/x', 'bot7')).toBe(true);
    // Every group is one part of each name's merge: 120 groups in the explanation.
    expect(robots.explain('https://e.com/g0', 'bot7').groups).toHaveLength(120);
    // The merge keeps no name (the cases differ), so a versioned name reaches no group.
    expect(robots.explain('https://e.com/g0', 'bot7/1.0').selection).toBe('none');
  });

  it('reads bytes as read() decodes them: bytes that are not UTF-8 match as themselves', () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('User-agent: *\nDisallow: /caf'),
      0xe9,
      0x0a,
    ]);
    const robots = parseRobotsTxt(bytes, { interpretation: 'python-urllib-rfc9309' });
    expect(robots.isAllowed('https://e.com/caf%E9', 'Bot')).toBe(false);
    expect(robots.isAllowed('https://e.com/caf%C3%A9', 'Bot')).toBe(true);
  });

  it('answers a URL Python cannot split as allowed, and says why', () => {
    const robots = python('User-agent: *\nDisallow: /\n');
    const e = robots.explain('http://[127.0.0.1]/x', 'Bot');
    expect(e.allowed).toBe(true);
    expect(e.reason).toMatch(/cannot split/);
    expect(robots.isAllowed('http://[::1]/x', 'Bot')).toBe(false);
  });
});
