import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRobotstxt } from '../helpers/cli.js';
import {
  type SitemapSite,
  sitemapIndex,
  startSitemapSite,
  urlset,
} from '../helpers/sitemap-site.js';

let site: SitemapSite;
let other: SitemapSite;
beforeAll(async () => {
  site = await startSitemapSite('127.0.0.1');
  other = await startSitemapSite('127.0.0.2');
  site.routes.set('/robots.txt', {
    type: 'text/plain',
    body: `User-agent: *\nDisallow: /private\n\nUser-agent: FooBot\nDisallow: /foo-only\n\nSitemap: ${site.url('/index.xml')}\n`,
  });
  site.routes.set('/index.xml', {
    type: 'application/xml',
    body: sitemapIndex([site.url('/pages.xml'), site.url('/broken.xml')]),
  });
  site.routes.set('/pages.xml', {
    type: 'application/xml',
    body: urlset([
      site.url('/a'),
      site.url('/private/b'),
      site.url('/foo-only/c'),
      other.url('/elsewhere'),
    ]),
  });
  site.routes.set('/broken.xml', { type: 'text/html', body: '<!doctype html><title>500</title>' });
  other.routes.set('/robots.txt', {
    type: 'text/plain',
    body: `Sitemap: ${other.url('/sitemap.xml')}\n`,
  });
  other.routes.set('/sitemap.xml', {
    type: 'application/xml',
    body: urlset([other.url('/x')]),
  });
});
afterAll(async () => {
  await site.close();
  await other.close();
});

describe('robotstxt sitemaps', () => {
  it('lists the sitemaps with their counts, and the one that could not be read (exit 1)', async () => {
    const run = await runRobotstxt(['sitemaps', site.origin]);
    expect(run.stdout).toContain(
      `robots.txt ${site.url('/robots.txt')}: robots.txt lists 1 sitemap`,
    );
    expect(run.stdout).toContain(`sitemap ${site.url('/index.xml')}: sitemapindex, 2 sitemaps`);
    expect(run.stdout).toContain(
      `  sitemap ${site.url('/pages.xml')}: urlset, 4 URLs, 1 URL out of scope`,
    );
    expect(run.stdout).toContain(`  sitemap ${site.url('/broken.xml')}: failed: html`);
    expect(run.stdout).toMatch(/3 sitemaps \(1 not read\), 3 URLs\n$/);
    expect(run.code).toBe(1);
  });

  it('--check lists the disallowed URLs per agent with the deciding line, and out-of-scope URLs', async () => {
    const run = await runRobotstxt([
      'sitemaps',
      '--check',
      '-a',
      'FooBot',
      '-a',
      'BarBot',
      `${site.origin}/robots.txt`,
    ]);
    const lines = run.stdout.split('\n');
    expect(lines.filter((l) => l.startsWith('disallowed'))).toEqual([
      `disallowed ${site.url('/private/b')} (BarBot: line 2 "Disallow: /private")`,
      `disallowed ${site.url('/foo-only/c')} (FooBot: line 5 "Disallow: /foo-only")`,
    ]);
    expect(lines.filter((l) => l.startsWith('out of scope'))).toEqual([
      `out of scope ${other.url('/elsewhere')} (listed in ${site.url('/pages.xml')})`,
    ]);
    expect(run.stdout).toMatch(/2 disallowed, 1 out of scope\n$/);
    expect(run.code).toBe(1);
  });

  it('prints JSON lines, and exits 0 on a clean site', async () => {
    const run = await runRobotstxt(['sitemaps', '--check', '--json', other.origin]);
    const records = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    expect(records.map((r) => r.type)).toEqual(['robots-txt', 'sitemap', 'summary']);
    expect(records[2]).toEqual({
      type: 'summary',
      sitemaps: 1,
      unread: 0,
      urls: 1,
      disallowed: 0,
      outOfScope: 0,
    });
    expect(run.code).toBe(0);
    // Without --check nothing is checked, so the summary claims nothing about it.
    const listing = await runRobotstxt(['sitemaps', '--json', other.origin]);
    expect(JSON.parse(listing.stdout.trim().split('\n').at(-1) ?? '')).toEqual({
      type: 'summary',
      sitemaps: 1,
      unread: 0,
      urls: 1,
    });
  });

  it('refuses sitemaps on private hosts other than the one typed', async () => {
    const typed = await startSitemapSite('127.0.0.3');
    try {
      typed.routes.set('/robots.txt', {
        type: 'text/plain',
        body: `Sitemap: ${other.url('/sitemap.xml')}\n`,
      });
      const run = await runRobotstxt(['sitemaps', typed.origin]);
      expect(run.stdout).toContain(`sitemap ${other.url('/sitemap.xml')}: failed: refused`);
      expect(run.code).toBe(1);
    } finally {
      await typed.close();
    }
  });

  it('exits 2 on an unreadable robots.txt and on a usage error', async () => {
    const down = await startSitemapSite('127.0.0.4');
    try {
      down.routes.set('/robots.txt', { status: 503, body: 'busy' });
      const run = await runRobotstxt(['sitemaps', down.origin]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^robotstxt: robots.txt could not be read/);
    } finally {
      await down.close();
    }
    expect((await runRobotstxt(['sitemaps', '/path'])).code).toBe(2);
    expect((await runRobotstxt(['sitemaps', 'ftp://example.com/'])).code).toBe(2);
    expect((await runRobotstxt(['sitemaps', '--agent', 'Foo Bot', site.origin])).code).toBe(2);
  });

  it('says when robots.txt lists no sitemap', async () => {
    const bare = await startSitemapSite('127.0.0.5');
    try {
      bare.routes.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow:\n' });
      const run = await runRobotstxt(['sitemaps', bare.origin]);
      expect(run.stdout).toContain('robots.txt has no Sitemap: lines');
      expect(run.code).toBe(0);
    } finally {
      await bare.close();
    }
  });

  it('shows a progress line on a terminal only', async () => {
    let t = 0;
    const tty = await runRobotstxt(
      ['sitemaps', site.origin],
      undefined,
      {},
      { stderrTty: true, now: () => (t += 1000) },
    );
    expect(tty.stderr).toContain('sitemap URLs read: ');
    const pipe = await runRobotstxt(['sitemaps', site.origin]);
    expect(pipe.stderr).not.toContain('sitemap URLs read');
  });
});
