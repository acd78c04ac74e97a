import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readSitemaps,
  type SitemapFileRecord,
  type SitemapRecord,
  type SitemapUrlEntry,
} from '../../src/sitemaps/index.js';
import {
  collect,
  type SitemapSite,
  sitemapIndex,
  startSitemapSite,
  urlset,
} from '../helpers/sitemap-site.js';

// Two sites on loopback: a (127.0.0.1) and b (127.0.0.2).
let a: SitemapSite;
let b: SitemapSite;
beforeAll(async () => {
  a = await startSitemapSite('127.0.0.1');
  b = await startSitemapSite('127.0.0.2');
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const loopback = { allowPrivateAddresses: true } as const;
const entries = (records: readonly SitemapRecord[]): SitemapUrlEntry[] =>
  records.filter((r): r is SitemapUrlEntry => r.type === 'url');
const fileOf = (records: readonly SitemapRecord[], url: string): SitemapFileRecord | undefined =>
  records.find((r): r is SitemapFileRecord => r.type === 'sitemap' && r.url === url);

describe("readSitemaps: the protocol's scope (sitemaps.org)", () => {
  it("keeps URLs under the sitemap's directory, on its scheme, host and port", async () => {
    a.routes.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow:\n' });
    a.routes.set('/catalog/sitemap.xml', {
      type: 'application/xml',
      body: urlset([
        a.url('/catalog/x'),
        a.url('/catalog/sub/y'),
        a.url('/other/z'),
        a.url('/catalog/../other/dots'),
        `https://127.0.0.1:${new URL(a.origin).port}/catalog/tls`,
        b.url('/catalog/elsewhere'),
      ]),
    });
    const records = await collect(
      readSitemaps(
        { sitemaps: [a.url('/catalog/sitemap.xml')] },
        { ...loopback, includeOutOfScope: true },
      ),
    );
    expect(entries(records).map((e) => [e.loc.replace(/^https?:\/\/[^/]+/, ''), e.scope])).toEqual([
      ['/catalog/x', 'directory'],
      ['/catalog/sub/y', 'directory'],
      ['/other/z', 'outside'],
      ['/other/dots', 'outside'],
      ['/catalog/tls', 'outside'],
      ['/catalog/elsewhere', 'outside'],
    ]);
    expect(fileOf(records, a.url('/catalog/sitemap.xml'))).toMatchObject({
      urls: 6,
      outOfScope: 4,
    });
    // Out-of-scope URLs are counted but not yielded by default.
    const plain = await collect(
      readSitemaps({ sitemaps: [a.url('/catalog/sitemap.xml')] }, loopback),
    );
    expect(entries(plain).map((e) => e.loc)).toEqual([
      a.url('/catalog/x'),
      a.url('/catalog/sub/y'),
    ]);
  });

  it("puts another host's URLs in scope when that host's robots.txt lists the sitemap (cross submit)", async () => {
    a.routes.set('/cross/sitemap.xml', {
      type: 'application/xml',
      body: urlset([b.url('/page'), b.url('/private/p'), a.url('/root-page')]),
    });
    b.routes.set('/robots.txt', {
      type: 'text/plain',
      body: `User-agent: FooBot\nDisallow: /private\n\nSitemap: ${a.url('/cross/sitemap.xml')}\n`,
    });
    // a's robots.txt lists its own sitemap too: a URL at a's root is then in scope.
    a.routes.set('/robots.txt', {
      type: 'text/plain',
      body: `User-agent: *\nDisallow:\n\nSitemap: ${a.url('/cross/sitemap.xml')}\n`,
    });
    const records = await collect(readSitemaps(a.origin, { ...loopback, agents: ['FooBot'] }));
    const found = entries(records);
    expect(found.map((e) => [e.loc, e.scope, e.verdicts?.[0]?.allowed])).toEqual([
      [b.url('/page'), 'robots-txt', true],
      [b.url('/private/p'), 'robots-txt', false],
      [a.url('/root-page'), 'robots-txt', true],
    ]);
    // The verdict is that of the URL's own robots.txt (b's), with its deciding line.
    expect(found[1]?.verdicts?.[0]).toMatchObject({ line: 2, rule: 'Disallow: /private' });
  });

  it("follows an index's child on another host only when that host's robots.txt lists it", async () => {
    b.routes.set('/robots.txt', {
      type: 'text/plain',
      body: `User-agent: *\nDisallow:\nSitemap: ${b.url('/listed.xml')}\n`,
    });
    b.routes.set('/listed.xml', { type: 'application/xml', body: urlset([b.url('/l1')]) });
    b.routes.set('/unlisted.xml', { type: 'application/xml', body: urlset([b.url('/u1')]) });
    a.routes.set('/idx.xml', {
      type: 'application/xml',
      body: sitemapIndex([b.url('/listed.xml'), b.url('/unlisted.xml')]),
    });
    const before = b.requests.length;
    const records = await collect(readSitemaps({ sitemaps: [a.url('/idx.xml')] }, loopback));
    expect(fileOf(records, b.url('/listed.xml'))).toMatchObject({ status: 'ok', urls: 1 });
    expect(fileOf(records, b.url('/unlisted.xml'))).toMatchObject({
      status: 'skipped',
      problem: 'out-of-scope',
    });
    expect(b.requests.slice(before)).not.toContain('/unlisted.xml');
    expect(entries(records).map((e) => e.loc)).toEqual([b.url('/l1')]);
  });

  it('detects index loops and self-references, and bounds depth and the number of files', async () => {
    a.routes.set('/self.xml', {
      type: 'application/xml',
      body: sitemapIndex([a.url('/self.xml')]),
    });
    a.routes.set('/loop1.xml', {
      type: 'application/xml',
      body: sitemapIndex([a.url('/loop2.xml')]),
    });
    a.routes.set('/loop2.xml', {
      type: 'application/xml',
      body: sitemapIndex([a.url('/loop1.xml')]),
    });
    const self = await collect(readSitemaps({ sitemaps: [a.url('/self.xml')] }, loopback));
    expect(
      self.map((r) => (r.type === 'sitemap' ? [r.status, r.problem, r.depth] : r.type)),
    ).toEqual([
      ['skipped', 'loop', 1],
      ['ok', undefined, 0],
    ]);
    const loop = await collect(readSitemaps({ sitemaps: [a.url('/loop1.xml')] }, loopback));
    expect(fileOf(loop, a.url('/loop2.xml'))?.status).toBe('ok');
    expect(loop.filter((r) => r.type === 'sitemap' && r.problem === 'loop')).toHaveLength(1);
    // A chain of indexes deeper than maxDepth.
    for (let i = 0; i < 5; i++) {
      a.routes.set(`/deep${i}.xml`, {
        type: 'application/xml',
        body: sitemapIndex([a.url(`/deep${i + 1}.xml`)]),
      });
    }
    const deep = await collect(
      readSitemaps({ sitemaps: [a.url('/deep0.xml')] }, { ...loopback, maxDepth: 2 }),
    );
    expect(deep.filter((r) => r.type === 'sitemap' && r.status === 'ok')).toHaveLength(3);
    expect(fileOf(deep, a.url('/deep3.xml'))).toMatchObject({
      status: 'skipped',
      problem: 'depth',
      depth: 3,
    });
    // The site's budget of files.
    a.routes.set('/wide.xml', {
      type: 'application/xml',
      body: sitemapIndex(Array.from({ length: 10 }, (_, i) => a.url(`/w${i}.xml`))),
    });
    for (let i = 0; i < 10; i++)
      a.routes.set(`/w${i}.xml`, { type: 'application/xml', body: urlset([a.url(`/w${i}`)]) });
    const before = a.requests.length;
    const wide = await collect(
      readSitemaps({ sitemaps: [a.url('/wide.xml')] }, { ...loopback, maxSitemaps: 4 }),
    );
    expect(a.requests.length - before).toBe(4);
    expect(wide.filter((r) => r.type === 'sitemap' && r.problem === 'budget')).toHaveLength(7);
    const urls = await collect(
      readSitemaps({ sitemaps: [a.url('/wide.xml')] }, { ...loopback, maxTotalUrls: 5 }),
    );
    expect(entries(urls)).toHaveLength(5);
    expect(
      urls.filter((r) => r.type === 'sitemap' && r.problem === 'budget').length,
    ).toBeGreaterThan(0);
  });

  it('follows the address policy: the typed host may be private, other private hosts are refused', async () => {
    a.routes.set('/to-b.xml', { type: 'application/xml', body: urlset([a.url('/ok')]) });
    const typedHost = '127.0.0.1';
    const policy = (_address: string, url: URL): boolean => url.hostname === typedHost;
    const records = await collect(
      readSitemaps(
        { sitemaps: [a.url('/to-b.xml'), b.url('/listed.xml')] },
        { allowPrivateAddresses: policy },
      ),
    );
    expect(fileOf(records, a.url('/to-b.xml'))?.status).toBe('ok');
    expect(fileOf(records, b.url('/listed.xml'))).toMatchObject({
      status: 'failed',
      problem: 'refused',
    });
  });
});
