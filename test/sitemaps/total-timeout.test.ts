import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readSitemaps,
  type SitemapFileRecord,
  type SitemapRecord,
} from '../../src/sitemaps/index.js';
import { runRobotstxt } from '../helpers/cli.js';
import {
  collect,
  type SitemapSite,
  sitemapIndex,
  startSitemapSite,
  urlset,
} from '../helpers/sitemap-site.js';

let site: SitemapSite;
/** Responses left hanging, ended after each test. */
const hanging: ServerResponse[] = [];
const loopback = { allowPrivateAddresses: true } as const;
/** Far longer than the run's limit: only the run's limit can end a stalled file. */
const fileTimeout = 100_000;

const pages = (prefix: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => site.url(`${prefix}/${i}`));

beforeAll(async () => {
  site = await startSitemapSite();
  site.routes.set('/robots.txt', {
    type: 'text/plain',
    body: `User-agent: *\nDisallow:\n\nSitemap: ${site.url('/index.xml')}\n`,
  });
  site.routes.set('/index.xml', {
    type: 'application/xml',
    body: sitemapIndex(['/first.xml', '/slow.xml', '/third.xml', '/fourth.xml'].map(site.url)),
  });
  site.routes.set('/first.xml', { type: 'application/xml', body: urlset(pages('/first', 5)) });
  // Serves 7 URLs, then nothing more, ever: the body is open until the client gives up.
  site.routes.set('/slow.xml', (_request, response) => {
    response.setHeader('content-type', 'application/xml');
    response.write(urlset(pages('/slow', 7)).replace('</urlset>\n', ''));
    hanging.push(response);
  });
  for (const name of ['third', 'fourth']) {
    site.routes.set(`/${name}.xml`, {
      type: 'application/xml',
      body: urlset(pages(`/${name}`, 3)),
    });
  }
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await site.close();
});

const files = (records: readonly SitemapRecord[]): Map<string, SitemapFileRecord> =>
  new Map(
    records
      .filter((r): r is SitemapFileRecord => r.type === 'sitemap')
      .map((r) => [new URL(r.url).pathname, r]),
  );

describe('readSitemaps: the run as a whole has a time limit (totalTimeout)', () => {
  it('stops when it is reached: the file being read partial, those not read skipped, all said', async () => {
    const records = await collect(
      readSitemaps(site.origin, { ...loopback, timeout: fileTimeout, totalTimeout: 1500 }),
    );
    const byPath = files(records);
    expect(byPath.get('/index.xml')).toMatchObject({ status: 'ok', children: 4 });
    expect(byPath.get('/first.xml')).toMatchObject({ status: 'ok', urls: 5 });
    // What the stalled file gave is yielded, and marked as not all it holds.
    expect(byPath.get('/slow.xml')).toMatchObject({
      status: 'partial',
      problem: 'total-timeout',
      urls: 7,
      depth: 1,
    });
    expect(byPath.get('/slow.xml')?.error).toContain('1500 ms');
    for (const path of ['/third.xml', '/fourth.xml']) {
      expect(byPath.get(path)).toMatchObject({
        status: 'skipped',
        problem: 'total-timeout',
        urls: 0,
        depth: 1,
        listedIn: site.url('/index.xml'),
      });
    }
    const urls = records.filter((r) => r.type === 'url').map((r) => new URL(r.loc).pathname);
    expect(urls).toEqual(
      [...pages('/first', 5), ...pages('/slow', 7)].map((u) => new URL(u).pathname),
    );
    // Every sitemap listed has its record: the index and its four children.
    expect(byPath.size).toBe(5);
  });

  it('a robots.txt that never answers ends the run with its record, nothing thrown', async () => {
    const stalled = await startSitemapSite();
    stalled.routes.set('/robots.txt', (_request, response) => hanging.push(response));
    try {
      const records = await collect(
        readSitemaps(stalled.origin, { ...loopback, totalTimeout: 800 }),
      );
      expect(records).toEqual([
        expect.objectContaining({ type: 'robots-txt', status: 'unreachable', sitemaps: [] }),
      ]);
      expect((records[0] as { message: string }).message).toContain("run's time limit");
    } finally {
      for (const response of hanging) response.destroy();
      await stalled.close();
    }
  });

  it("the caller's signal still throws, and the limit is checked as an option", async () => {
    const controller = new AbortController();
    const reading = collect(
      readSitemaps(
        { sitemaps: [site.url('/slow.xml')] },
        { ...loopback, signal: controller.signal },
      ),
    );
    setTimeout(() => controller.abort(new Error('stopped by the caller')), 300);
    await expect(reading).rejects.toThrow('stopped by the caller');
    for (const totalTimeout of [0, -5, Number.NaN, '1000']) {
      await expect(
        collect(readSitemaps({ sitemaps: [] }, { totalTimeout: totalTimeout as number })),
      ).rejects.toThrow(/totalTimeout/);
    }
    // No limit at all, and one longer than a timer holds, read as no limit (not as 1 ms).
    for (const totalTimeout of [Number.POSITIVE_INFINITY, 2 ** 40]) {
      const records = await collect(
        readSitemaps({ sitemaps: [site.url('/first.xml')] }, { ...loopback, totalTimeout }),
      );
      expect(records.at(-1)).toMatchObject({ type: 'sitemap', status: 'ok', urls: 5 });
    }
  });

  it('a run left unread does not hold the process open until its limit', async () => {
    const timers = (): number =>
      process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const records = readSitemaps(
      { robotsTxt: `Sitemap: ${site.url('/first.xml')}\n`, url: site.url('/robots.txt') },
      loopback,
    );
    expect(await records.next()).toMatchObject({ value: { type: 'robots-txt', status: 'given' } });
    // The run's 10-minute timer is running, but it keeps no process alive.
    expect(timers()).toBe(before);
    await records.return(undefined);
  });

  it('robotstxt sitemaps --total-timeout: says where it stopped, exit 1', async () => {
    const run = await runRobotstxt([
      'sitemaps',
      '--timeout',
      String(fileTimeout),
      '--total-timeout',
      '1500',
      site.origin,
    ]);
    expect(run.stdout).toContain(
      `  sitemap ${site.url('/slow.xml')}: partial: total-timeout (the run's time limit of 1500 ms (totalTimeout) was reached), urlset, 7 URLs`,
    );
    expect(run.stdout).toContain(`  sitemap ${site.url('/fourth.xml')}: skipped: total-timeout`);
    expect(run.stdout).toMatch(
      /stopped: the run's time limit of 1500 ms .*\n5 sitemaps \(3 not read\), 12 URLs\n$/,
    );
    expect(run.code).toBe(1);
    const json = await runRobotstxt(['sitemaps', '--json', '--total-timeout', '1500', site.origin]);
    const summary = JSON.parse(json.stdout.trim().split('\n').at(-1) ?? '{}');
    expect(summary).toMatchObject({ type: 'summary', unread: 3, urls: 12 });
    expect(summary.stopped).toContain('1500 ms');
    const bad = await runRobotstxt(['sitemaps', '--total-timeout', '0', site.origin]);
    expect(bad.code).toBe(2);
  });
});
