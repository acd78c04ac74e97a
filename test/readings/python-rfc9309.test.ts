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
