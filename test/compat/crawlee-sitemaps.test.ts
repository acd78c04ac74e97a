import { gzipSync } from 'node:zlib';
import { Configuration, LogLevel, log } from '@crawlee/core';
import { HttpCrawler } from '@crawlee/http';
import { RobotsTxtFile as CrawleeRobotsTxtFile } from '@crawlee/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRobotsClient } from '../../src/cache/client.js';
import { RobotsTxtFile, Sitemap, withRobotsClient } from '../../src/compat/crawlee.js';
import type { SitemapFileRecord } from '../../src/sitemaps/index.js';
import {
  type SitemapSite,
  sitemapIndex,
  startSitemapSite,
  urlset,
} from '../helpers/sitemap-site.js';

let site: SitemapSite;
let other: SitemapSite;
beforeAll(async () => {
  log.setLevel(LogLevel.OFF);
  site = await startSitemapSite('127.0.0.1');
  other = await startSitemapSite('127.0.0.2');
  site.routes.set('/robots.txt', {
    type: 'text/plain',
    body: `User-agent: FooBot\nDisallow: /private\n\nSitemap: ${site.url('/sitemap_index.xml')}\nSitemap: ${other.url('/foreign.xml')}\n`,
  });
  site.routes.set('/sitemap_index.xml', {
    type: 'application/xml',
    body: sitemapIndex([site.url('/pages.xml.gz'), site.url('/more.txt')]),
  });
  site.routes.set('/pages.xml.gz', {
    type: 'application/gzip',
    body: gzipSync(
      urlset([
        site.url('/public/a'),
        site.url('/private/x'),
        site.url('/public/b'),
        other.url('/elsewhere'),
      ]),
    ),
  });
  site.routes.set('/more.txt', {
    type: 'text/plain',
    body: `${site.url('/public/c')}\n${site.url('/private/y')}\n`,
  });
  for (const path of ['/public/a', '/public/b', '/public/c', '/private/x', '/private/y']) {
    site.routes.set(path, { type: 'text/html', body: `<html><body>${path}</body></html>` });
  }
});
afterAll(async () => {
  await site.close();
  await other.close();
});

const loopback = { allowPrivateAddresses: true } as const;
const pagesOf = (site_: SitemapSite): string[] =>
  ['/public/a', '/private/x', '/public/b', '/public/c', '/private/y'].map((p) => site_.url(p));

describe("robots-rep/crawlee: RobotsTxtFile's sitemaps, as crawlee's", () => {
  it("parseUrlsFromSitemaps gives the URLs crawlee's own RobotsTxtFile gives", async () => {
    const client = createRobotsClient({ agent: 'FooBot' });
    const ours = await RobotsTxtFile.find(site.url('/'), undefined, { client });
    const theirs = await CrawleeRobotsTxtFile.find(site.url('/'));
    // Both keep the robots.txt's own host's sitemaps and the URLs on each sitemap's host.
    expect(ours.getSitemaps()).toEqual(theirs.getSitemaps());
    const urls = await ours.parseUrlsFromSitemaps(loopback);
    expect(urls).toEqual(pagesOf(site));
    expect([...urls].sort()).toEqual([...(await theirs.parseUrlsFromSitemaps())].sort());
    const sitemap = await ours.parseSitemaps(loopback);
    expect(sitemap).toBeInstanceOf(Sitemap);
    expect(sitemap.urls).toEqual(urls);
    // 'all' keeps the foreign sitemap too, and its records tell what happened to each file.
    const records: SitemapFileRecord[] = [];
    await ours.parseSitemaps({
      ...loopback,
      enqueueStrategy: 'all',
      onSitemap: (r) => records.push(r),
    });
    expect(records.map((r) => [r.url, r.status])).toEqual([
      [site.url('/sitemap_index.xml'), 'ok'],
      [other.url('/foreign.xml'), 'failed'],
      [site.url('/pages.xml.gz'), 'ok'],
      [site.url('/more.txt'), 'ok'],
    ]);
  });

  it('reads with the address policy: loopback sitemaps are refused unless allowed', async () => {
    const robots = RobotsTxtFile.from(
      site.url('/robots.txt'),
      `Sitemap: ${site.url('/more.txt')}\n`,
    );
    const records: SitemapFileRecord[] = [];
    expect(await robots.parseUrlsFromSitemaps({ onSitemap: (r) => records.push(r) })).toEqual([]);
    expect(records).toEqual([expect.objectContaining({ status: 'failed', problem: 'refused' })]);
  });

  it('Sitemap.load reads sitemap URLs, and refuses what it does not support', async () => {
    const sitemap = await Sitemap.load(site.url('/more.txt'), undefined, loopback);
    expect(sitemap.urls).toEqual([site.url('/public/c'), site.url('/private/y')]);
    await expect(Sitemap.load(site.url('/more.txt'), 'http://proxy.example:8000')).rejects.toThrow(
      TypeError,
    );
    const robots = RobotsTxtFile.from(site.url('/robots.txt'), '');
    await expect(robots.parseSitemaps({ enqueueStrategy: 'same-domain' as 'all' })).rejects.toThrow(
      TypeError,
    );
    await expect(
      robots.parseSitemaps({ emitNestedSitemaps: true } as Parameters<
        RobotsTxtFile['parseSitemaps']
      >[0]),
    ).rejects.toThrow(/emitNestedSitemaps/);
  });

  it('a real crawl enqueues from the sitemaps and never requests a disallowed URL', async () => {
    const client = createRobotsClient({ agent: 'FooBot' });
    const robots = await RobotsTxtFile.find(site.url('/'), undefined, { client });
    const handled: string[] = [];
    const before = site.requests.length;
    const Crawler = withRobotsClient(HttpCrawler, client);
    const crawler = new Crawler(
      {
        respectRobotsTxtFile: { userAgent: 'FooBot' },
        maxRequestRetries: 0,
        maxConcurrency: 2,
        requestHandlerTimeoutSecs: 10,
        async requestHandler({ request }) {
          handled.push(new URL(request.url).pathname);
        },
      },
      new Configuration({ persistStorage: false, purgeOnStart: true }),
    );
    await crawler.run(await robots.parseUrlsFromSitemaps(loopback));
    expect(handled.sort()).toEqual(['/public/a', '/public/b', '/public/c']);
    expect(site.requests.slice(before).filter((p) => p.startsWith('/private'))).toEqual([]);
  });
});
