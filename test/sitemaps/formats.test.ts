import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import {
  readSitemaps,
  type SitemapFileRecord,
  type SitemapRecord,
  type SitemapUrlEntry,
} from '../../src/sitemaps/index.js';
import {
  atomFeed,
  collect,
  rssFeed,
  type SitemapSite,
  sitemapIndex,
  startSitemapSite,
  urlset,
} from '../helpers/sitemap-site.js';

let site: SitemapSite;
beforeAll(async () => {
  site = await startSitemapSite();
});
afterAll(() => site.close());

const loopback = { allowPrivateAddresses: true } as const;
const urls = (records: readonly SitemapRecord[]): string[] =>
  records.filter((r): r is SitemapUrlEntry => r.type === 'url').map((r) => r.loc);
const files = (records: readonly SitemapRecord[]): SitemapFileRecord[] =>
  records.filter((r): r is SitemapFileRecord => r.type === 'sitemap');

describe('readSitemaps: every format sitemaps.org and Google accept', () => {
  it('reads a urlset with its fields, entities and CDATA decoded', async () => {
    site.routes.set('/fields.xml', {
      type: 'application/xml',
      body: urlset([
        {
          loc: site.url('/a?x=1&y=2'),
          lastmod: '2024-05-01',
          changefreq: 'Weekly',
          priority: '0.8',
        },
        { loc: site.url('/b'), changefreq: 'sometimes', priority: '7' },
      ]).replace('</urlset>', `<url><loc><![CDATA[${site.url('/c')}]]></loc></url></urlset>`),
    });
    const records = await collect(readSitemaps({ sitemaps: [site.url('/fields.xml')] }, loopback));
    const entries = records.filter((r): r is SitemapUrlEntry => r.type === 'url');
    expect(entries.map((e) => e.loc)).toEqual([
      site.url('/a?x=1&y=2'),
      site.url('/b'),
      site.url('/c'),
    ]);
    expect(entries[0]).toMatchObject({
      lastmod: '2024-05-01',
      changefreq: 'weekly',
      priority: 0.8,
    });
    // Values outside the protocol's vocabulary and range are left out, not passed on.
    expect(entries[1]?.changefreq).toBeUndefined();
    expect(entries[1]?.priority).toBeUndefined();
    expect(
      entries.every((e) => e.sitemap === site.url('/fields.xml') && e.scope === 'directory'),
    ).toBe(true);
    expect(files(records)).toMatchObject([
      { status: 'ok', format: 'urlset', urls: 3, gzip: false },
    ]);
  });

  it("does not take an extension's <image:loc> for a page URL", async () => {
    site.routes.set('/images.xml', {
      type: 'text/xml',
      body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><url><loc>${site.url('/page')}</loc><image:image><image:loc>${site.url('/pic.jpg')}</image:loc></image:image></url></urlset>`,
    });
    const records = await collect(readSitemaps({ sitemaps: [site.url('/images.xml')] }, loopback));
    expect(urls(records)).toEqual([site.url('/page')]);
  });

  it('follows a sitemapindex to gzip, text, RSS and Atom children', async () => {
    site.routes.set('/index.xml', {
      type: 'application/xml',
      body: sitemapIndex([
        site.url('/gz.xml.gz'),
        site.url('/list.txt'),
        site.url('/feed.rss'),
        site.url('/feed.atom'),
      ]),
    });
    site.routes.set('/gz.xml.gz', {
      type: 'application/x-gzip',
      body: gzipSync(urlset([site.url('/g1'), site.url('/g2')])),
    });
    site.routes.set('/list.txt', {
      type: 'text/plain; charset=utf-8',
      body: `${site.url('/t1')}\r\n\n  ${site.url('/t2')}  \nnot a url\n`,
    });
    site.routes.set('/feed.rss', {
      type: 'application/rss+xml',
      body: rssFeed([site.url('/r1'), site.url('/r2')]),
    });
    site.routes.set('/feed.atom', {
      type: 'application/atom+xml',
      body: atomFeed([site.url('/a1'), '/a2']),
    });
    const records = await collect(readSitemaps({ sitemaps: [site.url('/index.xml')] }, loopback));
    expect(urls(records)).toEqual(
      ['/g1', '/g2', '/t1', '/t2', '/r1', '/r2', '/a1', '/a2'].map((p) => site.url(p)),
    );
    const byUrl = new Map(files(records).map((f) => [f.url, f]));
    expect(byUrl.get(site.url('/index.xml'))).toMatchObject({
      format: 'sitemapindex',
      children: 4,
      depth: 0,
      status: 'ok',
    });
    expect(byUrl.get(site.url('/gz.xml.gz'))).toMatchObject({
      format: 'urlset',
      gzip: true,
      depth: 1,
      listedIn: site.url('/index.xml'),
    });
    expect(byUrl.get(site.url('/list.txt'))).toMatchObject({ format: 'text', urls: 3, invalid: 1 });
    expect(byUrl.get(site.url('/feed.rss'))).toMatchObject({ format: 'rss', urls: 2 });
    expect(byUrl.get(site.url('/feed.atom'))).toMatchObject({ format: 'atom', urls: 2 });
    const rss = records.find(
      (r): r is SitemapUrlEntry => r.type === 'url' && r.loc === site.url('/r1'),
    );
    expect(rss?.lastmod).toBe('Mon, 01 Jan 2024 10:00:00 GMT');
  });

  it('reads a sitemap sent with Content-Encoding: gzip, and a .gz file sent gzip-encoded again', async () => {
    const body = urlset([site.url('/e1')]);
    site.routes.set('/encoded.xml', {
      type: 'application/xml',
      headers: { 'content-encoding': 'gzip' },
      body: gzipSync(body),
    });
    site.routes.set('/twice.xml.gz', {
      type: 'application/gzip',
      headers: { 'content-encoding': 'gzip' },
      body: gzipSync(gzipSync(body)),
    });
    const records = await collect(
      readSitemaps({ sitemaps: [site.url('/encoded.xml'), site.url('/twice.xml.gz')] }, loopback),
    );
    expect(urls(records)).toEqual([site.url('/e1'), site.url('/e1')]);
    expect(files(records).map((f) => [f.status, f.gzip])).toEqual([
      ['ok', false],
      ['ok', true],
    ]);
  });

  it('starts from a site: its robots.txt record first, then its sitemaps', async () => {
    site.routes.set('/robots.txt', {
      type: 'text/plain',
      body: `User-agent: *\nDisallow: /private\n\nSitemap: ${site.url('/site.xml')}\nSitemap: ${site.url('/site.xml')}\n`,
    });
    site.routes.set('/site.xml', {
      type: 'application/xml',
      body: urlset([site.url('/p1'), site.url('/private/p2')]),
    });
    const records = await collect(
      readSitemaps(site.url('/some/page'), { ...loopback, agents: ['FooBot', 'BarBot'] }),
    );
    expect(records[0]).toMatchObject({
      type: 'robots-txt',
      url: site.url('/robots.txt'),
      status: 'ok',
      sitemaps: [site.url('/site.xml'), site.url('/site.xml')],
    });
    // A sitemap listed twice is read once.
    expect(files(records)).toHaveLength(1);
    const entries = records.filter((r): r is SitemapUrlEntry => r.type === 'url');
    expect(entries.map((e) => e.verdicts?.map((v) => [v.agent, v.allowed, v.line]))).toEqual([
      [
        ['FooBot', true, 0],
        ['BarBot', true, 0],
      ],
      [
        ['FooBot', false, 2],
        ['BarBot', false, 2],
      ],
    ]);
    expect(entries[1]?.verdicts?.[0]?.rule).toBe('Disallow: /private');
  });

  it('starts from a parsed robots.txt and its URL, without fetching it', async () => {
    const before = site.requests.length;
    const robots = parseRobotsTxt(`Sitemap: ${site.url('/site.xml')}\n`);
    const records = await collect(
      readSitemaps({ robotsTxt: robots, url: site.url('/robots.txt') }, loopback),
    );
    expect(records[0]).toMatchObject({ type: 'robots-txt', status: 'given' });
    expect(urls(records)).toHaveLength(2);
    expect(site.requests.slice(before)).toEqual(['/site.xml']);
  });

  it('reports a robots.txt without Sitemap: lines, and guesses only when asked', async () => {
    const bare = await startSitemapSite();
    try {
      bare.routes.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow:\n' });
      bare.routes.set('/sitemap.xml', {
        type: 'application/xml',
        body: urlset([bare.url('/guessed')]),
      });
      const plain = await collect(readSitemaps(bare.origin, loopback));
      expect(plain).toEqual([
        expect.objectContaining({
          type: 'robots-txt',
          sitemaps: [],
          message: 'robots.txt has no Sitemap: lines',
        }),
      ]);
      expect(bare.requests).toEqual(['/robots.txt']);
      const guessed = await collect(
        readSitemaps(bare.origin, { ...loopback, tryCommonNames: true }),
      );
      expect(urls(guessed)).toEqual([bare.url('/guessed')]);
      expect(files(guessed).map((f) => [f.url, f.guessed, f.status, f.httpStatus])).toEqual([
        [bare.url('/sitemap.xml'), true, 'ok', 200],
        [bare.url('/sitemap.txt'), true, 'failed', 404],
      ]);
    } finally {
      await bare.close();
    }
  });

  it('yields entries while the file is still arriving (streaming, not buffered)', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = urlset(Array.from({ length: 2000 }, (_, i) => site.url(`/s${i}`))).replace(
      '</urlset>\n',
      '',
    );
    site.routes.set('/slow.xml', (_request, response) => {
      response.setHeader('content-type', 'application/xml');
      response.write(first);
      void released.then(() => response.end(`<url><loc>${site.url('/last')}</loc></url></urlset>`));
    });
    let seen = 0;
    for await (const record of readSitemaps({ sitemaps: [site.url('/slow.xml')] }, loopback)) {
      if (record.type === 'url') {
        seen += 1;
        // The server sends the end only once the first entry has come out.
        if (seen === 1) release();
      }
      if (record.type === 'sitemap') expect(record).toMatchObject({ status: 'ok', urls: 2001 });
    }
    expect(seen).toBe(2001);
  });

  it("stops when the caller aborts: the iterator throws the signal's reason", async () => {
    const controller = new AbortController();
    site.routes.set('/endless.xml', (_request, response) => {
      response.setHeader('content-type', 'application/xml');
      response.write(
        urlset(Array.from({ length: 500 }, (_, i) => site.url(`/n${i}`))).replace(
          '</urlset>\n',
          '',
        ),
      );
    });
    let seen = 0;
    const reading = (async () => {
      for await (const record of readSitemaps(
        { sitemaps: [site.url('/endless.xml')] },
        { ...loopback, signal: controller.signal },
      )) {
        if (record.type === 'url' && ++seen === 1) controller.abort();
      }
    })();
    await expect(reading).rejects.toThrow(/abort/i);
    expect(seen).toBeGreaterThan(0);
  });
});
